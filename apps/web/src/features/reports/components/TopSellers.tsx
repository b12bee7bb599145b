import { IconTrophy } from '@tabler/icons-react';
import type { Report, TopSellingItem } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { showAmount } from '../../../lib/money.ts';
import { csvAmount } from '../format.ts';
import { ReportCard } from './ReportCard.tsx';
import { type Column, ExportCsvButton, NoRows, ReportTable } from './ReportTable.tsx';

const ID = 'report-top-selling';

/** The range's best sellers by units sold: the item, its menu price, units sold and what they took. */
export function TopSellers({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const { currency } = report;
  const title = t('topSelling.title');
  const rows = report.topSellingItems;
  const columns: Column<TopSellingItem>[] = [
    { label: t('columns.rank'), cell: (r) => rows.indexOf(r) + 1, csv: (r) => String(rows.indexOf(r) + 1) },
    { label: t('columns.item'), cell: (r) => r.title, csv: (r) => r.title },
    {
      label: t('columns.price'),
      csvLabel: t('columns.priceIn', { code: currency.code }),
      cell: (r) => showAmount(r.price, currency),
      csv: (r) => csvAmount(r.price, currency),
      numeric: true,
    },
    {
      label: t('columns.unitsSold'),
      cell: (r) => r.orders_count,
      csv: (r) => String(r.orders_count),
      numeric: true,
    },
    {
      label: t('columns.revenue'),
      csvLabel: t('columns.revenueIn', { code: currency.code }),
      cell: (r) => showAmount(r.revenue, currency),
      csv: (r) => csvAmount(r.revenue, currency),
      numeric: true,
    },
  ];
  return (
    <ReportCard
      id={ID}
      title={title}
      icon={IconTrophy}
      actions={
        <ExportCsvButton table="top-selling" title={title} range={report} columns={columns} rows={rows} />
      }
    >
      {rows.length === 0 ? (
        <NoRows text={t('topSelling.empty')} />
      ) : (
        <ReportTable
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.item_id ?? ''}-${r.title}`}
          labelledBy={ID}
          testId="top-selling"
        />
      )}
    </ReportCard>
  );
}
