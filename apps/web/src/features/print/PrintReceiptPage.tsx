import { VisuallyHidden } from '@mantine/core';
import { formatMoney, fromMinor, paperWidth, toMinor } from '@comanda/core';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { readReceipt, type ReceiptData } from '../../lib/print.ts';
import { storeDateTime } from '../../lib/store-time.ts';
import { NothingToPrint, PaperStyle } from './PrintParts.tsx';
import { useAutoPrint } from './use-auto-print.ts';
import classes from './print.module.css';

/**
 * /print-receipt (SPEC §2 Receipt and token pages, §3 Print settings): the receipt the opener handed
 * over in its memory (lib/print.ts, lib/print-handoff.ts), at the paper's width, black on white, printed after 400 ms with
 * `?autoprint=1`. Every figure is the server's: this page only formats them.
 */
export function PrintReceiptPage() {
  const { t } = useTranslation('print');
  // Read once: a later receipt opened into this popup reloads the page.
  const [data] = useState(readReceipt);
  useDocumentTitle(t('title'));
  useAutoPrint(data !== null);
  if (!data) return <NothingToPrint />;
  return <Receipt data={data} />;
}

function Receipt({ data }: { data: ReceiptData }) {
  const { t } = useTranslation('print');
  const { print, store } = data;
  // A number, or the string "57" that SPEC §3 allows for the print settings' page format.
  const width = paperWidth(print.pageFormat);
  // The amounts arrive as decimals of the currency; formatMoney takes minor units. SPEC §2 says "2
  // decimals": that is USD and most currencies; JPY (0) and BHD (3) keep their own digits, as billed.
  const money = (amount: number) =>
    formatMoney(toMinor(amount, data.currency.digits) ?? 0, data.currency.code);
  const minorOf = (amount: number) => toMinor(amount, data.currency.digits) ?? 0;
  const { extras } = data;
  // token-date (SPEC §2); a split bill's part adds its number: each part is a receipt of its own.
  const receiptNo =
    data.tokenNo !== null
      ? `${data.tokenNo}-${data.businessDate}${data.part ? `/${data.part.no}` : ''}`
      : null;
  const style = { '--paper-width': `${width}mm` } as CSSProperties;

  return (
    <main className={classes.page}>
      <PaperStyle width={width} />
      <article
        className={`${classes.paper} ${width === 57 ? classes.narrow : ''}`}
        style={style}
        data-testid="receipt"
        data-width={width}
      >
        {print.showStoreDetails ? (
          <header className={classes.center} data-testid="receipt-store">
            {store.image && <img className={classes.logo} src={store.image} alt="" />}
            <h1 className={classes.storeName}>{store.storeName}</h1>
            {store.address && <p className={classes.block}>{store.address}</p>}
            {store.phone && <p className={classes.block}>{t('phone', { phone: store.phone })}</p>}
            {store.email && <p className={classes.block}>{store.email}</p>}
          </header>
        ) : (
          <VisuallyHidden component="h1">{t('title')}</VisuallyHidden>
        )}
        {print.header && (
          <p className={`${classes.block} ${classes.center} ${classes.header}`} data-testid="receipt-header">
            {print.header}
          </p>
        )}
        {(print.showStoreDetails || print.header) && <hr className={classes.rule} />}
        {receiptNo && (
          <div className={classes.row}>
            <span>{t('receiptNo')}</span>
            <span data-testid="receipt-no">{receiptNo}</span>
          </div>
        )}
        {data.part && (
          <div className={classes.row} data-testid="receipt-part">
            <span>{t('part', { no: data.part.no, of: data.part.of })}</span>
          </div>
        )}
        <div className={classes.row}>
          <span>{t('date')}</span>
          <span data-testid="receipt-date">{storeDateTime(data.date, data.timezone)}</span>
        </div>
        {print.showCustomerDetails && (
          <div data-testid="receipt-customer">
            <div className={classes.row}>
              <span>{t('customer')}</span>
              <span>
                {data.customerType === 'CUSTOMER' && data.customerName
                  ? data.customerName
                  : t(`customerType.${data.customerType}`)}
              </span>
            </div>
            <div className={classes.row}>
              <span>{t('orderType')}</span>
              <span>{t(`deliveryType.${data.deliveryType}`)}</span>
            </div>
            {data.tableTitle && (
              <div className={classes.row}>
                <span>{t('table')}</span>
                <span>{data.tableTitle}</span>
              </div>
            )}
          </div>
        )}
        <hr className={classes.rule} />
        <ul className={classes.lines} aria-label={t('items')}>
          {data.lines.map((line, i) => (
            <li key={i} className={classes.line} data-testid="receipt-line">
              <div className={classes.row}>
                <span className={classes.title}>{line.title}</span>
                <span className={classes.money}>{money(line.amount)}</span>
              </div>
              {line.variantTitle && <div className={classes.detail}>{line.variantTitle}</div>}
              {line.addons.length > 0 && <div className={classes.detail}>+ {line.addons.join(', ')}</div>}
              {print.showNotes && line.notes && (
                <div className={classes.detail} data-testid="receipt-notes">
                  {t('notes', { notes: line.notes })}
                </div>
              )}
              <div className={classes.detail}>
                {t('qtyPrice', { quantity: line.quantity, price: money(line.price) })}
              </div>
              {line.discount && line.discount.amount > 0 && (
                <div className={`${classes.row} ${classes.detail}`} data-testid="receipt-line-discount">
                  <span>{lineDiscountLabel(t, line.discount)}</span>
                  {/* A plain '-': a thermal printer's code page has no U+2212. */}
                  <span className={classes.money}>-{money(line.discount.amount)}</span>
                </div>
              )}
            </li>
          ))}
        </ul>
        <hr className={classes.rule} />
        {extras && extras.discount > 0 && (
          <div className={classes.row} data-testid="receipt-discount">
            <span>
              {extras.discountReason ? t('discountReason', { reason: extras.discountReason }) : t('discount')}
            </span>
            <span className={classes.money}>-{money(extras.discount)}</span>
          </div>
        )}
        <div className={classes.row}>
          <span>{t('subtotal')}</span>
          <span className={classes.money} data-testid="receipt-subtotal">
            {money(data.subtotal)}
          </span>
        </div>
        <div className={classes.row}>
          <span>{t('tax')}</span>
          <span className={classes.money} data-testid="receipt-tax">
            {money(data.taxTotal)}
          </span>
        </div>
        <div className={`${classes.row} ${classes.total}`}>
          <span>{t('total')}</span>
          <span className={classes.money} data-testid="receipt-total">
            {money(data.total)}
          </span>
        </div>
        {extras && extras.serviceCharge > 0 && (
          <div className={classes.row} data-testid="receipt-service-charge">
            <span>{t('serviceCharge')}</span>
            <span className={classes.money}>{money(extras.serviceCharge)}</span>
          </div>
        )}
        {extras && extras.tip > 0 && (
          <div className={classes.row} data-testid="receipt-tip">
            <span>{t('tip')}</span>
            <span className={classes.money}>{money(extras.tip)}</span>
          </div>
        )}
        {extras && extras.serviceCharge + extras.tip > 0 && (
          <div className={`${classes.row} ${classes.total}`}>
            <span>{t('amountPaid')}</span>
            <span className={classes.money} data-testid="receipt-amount-paid">
              {money(
                fromMinor(
                  minorOf(data.total) + minorOf(extras.serviceCharge) + minorOf(extras.tip),
                  data.currency.digits,
                ),
              )}
            </span>
          </div>
        )}
        {data.payment && (
          <div data-testid="receipt-payment">
            <hr className={classes.rule} />
            <div className={classes.row}>
              <span>{t('paidBy')}</span>
              <span>{data.payment.type}</span>
            </div>
            {data.payment.tendered !== null && (
              <div className={classes.row}>
                <span>{t('tendered')}</span>
                <span className={classes.money}>{money(data.payment.tendered)}</span>
              </div>
            )}
            {data.payment.change !== null && (
              <div className={classes.row}>
                <span>{t('change')}</span>
                <span className={classes.money}>{money(data.payment.change)}</span>
              </div>
            )}
          </div>
        )}
        {print.printToken && data.tokenNo !== null && (
          <div className={classes.tokenCircle} data-testid="receipt-token">
            <span>{t('token')}</span>
            <span className={classes.tokenNo}>{data.tokenNo}</span>
          </div>
        )}
        {data.provisional && (
          <p className={`${classes.block} ${classes.center}`} data-testid="receipt-provisional">
            {t('provisional')}
          </p>
        )}
        {print.footer && (
          <>
            <hr className={classes.rule} />
            <p className={`${classes.block} ${classes.center}`} data-testid="receipt-footer">
              {print.footer}
            </p>
          </>
        )}
      </article>
    </main>
  );
}

/** "Discount", "Discount 10%", and the reason after it when the line's own discount gave one. */
function lineDiscountLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  d: { percent: number | null; reason: string | null },
) {
  const discount = d.percent === null ? t('lineDiscount') : t('lineDiscountPercent', { percent: d.percent });
  return d.reason ? t('lineDiscountReason', { discount, reason: d.reason }) : discount;
}
