import { type ZReport, formatMoney, toMinor } from '@comanda/core';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { storeDateTime } from '../../lib/store-time.ts';
import { readZReport } from '../../lib/z-report-print.ts';
import { NothingToPrint, PaperStyle } from './PrintParts.tsx';
import { useAutoPrint } from './use-auto-print.ts';
import { ZReportStaff } from './ZReportStaff.tsx';
import classes from './print.module.css';
import z from './z-report.module.css';

/**
 * /print-z-report (issue 15, docs/shifts.md): a shift's Z report as the opener left it (lib/
 * z-report-print.ts), for an 80 mm receipt printer or an A4 sheet, black on white. Every figure is the
 * server's: this page only formats them.
 */
export function PrintZReportPage() {
  const { t } = useTranslation('shifts');
  const [data] = useState(readZReport);
  useDocumentTitle(t('z.title'));
  useAutoPrint(data !== null);
  if (!data) return <NothingToPrint />;
  return <Report report={data.report} a4={data.paper === 'a4'} />;
}

function Report({ report, a4 }: { report: ZReport; a4: boolean }) {
  const { t } = useTranslation('shifts');
  const { shift, store } = report;
  const money = (amount: number) => {
    const shown = formatMoney(toMinor(Math.abs(amount), report.currency.digits) ?? 0, report.currency.code);
    return amount < 0 ? `-${shown}` : shown;
  };
  const when = (iso: string) => storeDateTime(iso, store.timezone);
  const style = { '--paper-width': a4 ? '210mm' : '80mm' } as CSSProperties;
  const row = (label: ReactNode, value: ReactNode, testId?: string) => (
    <div className={classes.row} data-testid={testId}>
      <span>{label}</span>
      <span className={`${classes.money} ${z.keep}`}>{value}</span>
    </div>
  );
  const counted = (c: { count: number; amount: number }) => `(${c.count}) ${money(c.amount)}`;

  return (
    <main className={classes.page}>
      {a4 ? <style>{'@page { size: A4; margin: 0 }'}</style> : <PaperStyle width={80} />}
      <article
        className={`${classes.paper} ${a4 ? z.a4 : ''}`}
        style={style}
        data-testid="z-report"
        data-paper={a4 ? 'a4' : '80'}
      >
        <header className={classes.center}>
          <h1 className={classes.storeName}>{store.name || t('z.title')}</h1>
          {store.address && <p className={classes.block}>{store.address}</p>}
          {store.phone && <p className={classes.block}>{store.phone}</p>}
          <p className={`${classes.block} ${classes.title}`}>{t('z.heading', { id: shift.id })}</p>
        </header>
        <hr className={classes.rule} />
        {row(t('z.opened'), when(shift.opened_at))}
        {row(t('z.by'), shift.opened_by)}
        {shift.closed_at && row(t('z.closed'), when(shift.closed_at))}
        {shift.closed_by && row(t('z.by'), shift.closed_by)}
        {!shift.closed_at && <p className={classes.block}>{t('z.stillOpen')}</p>}

        <hr className={classes.rule} />
        <h2 className={z.section}>{t('z.sales')}</h2>
        {row(t('z.bills'), report.sales.bills, 'z-bills')}
        {row(t('z.net'), money(report.sales.net), 'z-net')}
        {row(t('z.tax'), money(report.sales.tax), 'z-tax')}
        {row(t('z.discounts'), money(report.discounts))}
        {row(t('z.serviceCharge'), money(report.service_charge))}
        {row(t('z.tips'), money(report.tips))}
        <div className={classes.total}>{row(t('z.total'), money(report.sales.total), 'z-total')}</div>
        {row(t('z.voids'), counted(report.voids), 'z-voids')}
        {row(t('z.refunds'), counted(report.refunds))}
        {row(t('z.late'), counted(report.taken_before_shift), 'z-late')}
        {report.taken_before_shift.count > 0 && (
          <p className={`${classes.block} ${classes.detail}`} data-testid="z-late-note">
            {t('z.lateNote')}
          </p>
        )}

        <hr className={classes.rule} />
        <h2 className={z.section}>{t('z.payments')}</h2>
        {report.payments.length === 0 && <p className={classes.block}>{t('z.noPayments')}</p>}
        {report.payments.map((p) => row(`${p.title} (${p.count})`, money(p.amount), `z-payment-${p.title}`))}

        <hr className={classes.rule} />
        <h2 className={z.section}>{t('z.drawer')}</h2>
        {row(t('float'), money(shift.float))}
        {row(t('z.payIns'), counted(report.pay_ins))}
        {row(t('z.payOuts'), counted(report.pay_outs))}
        {row(t('z.noSales'), report.no_sales)}
        {report.movements
          .filter((m) => m.kind !== 'no_sale')
          .map((m) => (
            <div key={m.id}>
              {row(t(`kind.${m.kind}`), money(m.kind === 'pay_out' ? -m.amount : m.amount))}
              {m.note && <p className={`${classes.block} ${classes.detail}`}>{m.note}</p>}
            </div>
          ))}

        <hr className={classes.rule} />
        <h2 className={z.section}>{t('z.count')}</h2>
        <table className={z.table} data-testid="z-count">
          <thead>
            <tr>
              <th scope="col">{t('z.tender')}</th>
              <th scope="col">{t('z.expected')}</th>
              <th scope="col">{t('z.counted')}</th>
              <th scope="col">{t('z.difference')}</th>
            </tr>
          </thead>
          <tbody>
            {report.tenders.map((line) => (
              <tr key={line.key}>
                <th scope="row">{line.title}</th>
                <td>{money(line.expected)}</td>
                <td>{line.counted === null ? '-' : money(line.counted)}</td>
                <td>{line.difference === null ? '' : money(line.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <hr className={classes.rule} />
        <ZReportStaff staff={report.staff} timezone={store.timezone} />
        <hr className={classes.rule} />
        <p className={`${classes.block} ${classes.center}`}>{t('z.end')}</p>
      </article>
    </main>
  );
}
