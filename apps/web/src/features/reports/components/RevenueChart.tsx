import { BarChart, LineChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { Report, RevenuePoint } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { showAmount } from '../../../lib/money.ts';
import { compactMoney, csvAmount, hourLabel, shortDay } from '../format.ts';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportCard } from './ReportCard.tsx';
import { type Column, ExportCsvButton, ReportTable } from './ReportTable.tsx';
import { useTableToggle } from './TableToggle.tsx';

const ID = 'report-revenue';
// Long ranges read better as lines than as 31 pairs of bars.
const MAX_BAR_POINTS = 14;

/**
 * Revenue over the range (by hour for one day, by day otherwise) beside the previous period's, as a
 * chart with a spoken summary and, folded under it, the same figures as a table and a CSV.
 */
export function RevenueChart({ report }: { report: Report }) {
  const { t, i18n } = useTranslation('reports');
  const { currency } = report;
  const { granularity, points } = report.revenueSeries;
  const byHour = granularity === 'hour';
  const label = (l: string) => (byHour ? hourLabel(l) : shortDay(l, i18n.language));
  const money = (amount: number) => showAmount(amount, currency);
  const title = t(byHour ? 'revenue.titleHour' : 'revenue.titleDay');

  const data = points.map((p) => ({
    label: label(p.label),
    current: p.revenue,
    previous: p.previousRevenue,
  }));
  const series = [
    { name: 'current', label: t('revenue.current'), color: 'orange.7' },
    { name: 'previous', label: t('revenue.previous'), color: 'blue.7', strokeDasharray: '6 4' },
  ];

  const best = points.reduce<RevenuePoint | undefined>(
    (top, p) => (p.revenue > 0 && (!top || p.revenue > top.revenue) ? p : top),
    undefined,
  );
  const summary = t('revenue.summary', {
    title,
    total: money(report.revenueTotal),
    previous: money(report.previous.revenueTotal),
  });
  const peak = best ? t('revenue.peak', { label: label(best.label), amount: money(best.revenue) }) : '';

  const columns: Column<RevenuePoint>[] = [
    {
      label: t(byHour ? 'columns.hour' : 'columns.date'),
      cell: (p) => label(p.label),
      csv: (p) => (byHour ? hourLabel(p.label) : p.label),
    },
    {
      label: t('columns.revenue'),
      csvLabel: t('columns.revenueIn', { code: currency.code }),
      cell: (p) => money(p.revenue),
      csv: (p) => csvAmount(p.revenue, currency),
      numeric: true,
    },
    {
      label: t('columns.orders'),
      cell: (p) => p.orders,
      csv: (p) => String(p.orders),
      numeric: true,
    },
    {
      label: t(byHour ? 'columns.previousHour' : 'columns.previousDate'),
      cell: (p) => (p.previousLabel ? label(p.previousLabel) : '—'),
      csv: (p) => (p.previousLabel ? (byHour ? hourLabel(p.previousLabel) : p.previousLabel) : ''),
    },
    {
      label: t('columns.previousRevenue'),
      csvLabel: t('columns.previousRevenueIn', { code: currency.code }),
      cell: (p) => (p.previousRevenue === null ? '—' : money(p.previousRevenue)),
      csv: (p) => (p.previousRevenue === null ? '' : csvAmount(p.previousRevenue, currency)),
      numeric: true,
    },
  ];
  const { button, folded } = useTableToggle(title);

  const common = {
    h: 280,
    data,
    dataKey: 'label',
    series,
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    valueFormatter: money,
    yAxisProps: { tickFormatter: (v: number) => compactMoney(v, currency, i18n.language), width: 64 },
    gridAxis: 'x' as const,
    tickLine: 'y' as const,
  };

  return (
    <ReportCard
      id={ID}
      title={title}
      icon={IconChartBar}
      actions={
        <>
          {button}
          <ExportCsvButton table="revenue" title={title} range={report} columns={columns} rows={points} />
        </>
      }
    >
      <ChartFigure label={t('chart.label', { title })} describedBy="revenue-summary" testId="revenue-chart">
        {byHour || points.length <= MAX_BAR_POINTS ? (
          <BarChart {...common} maxBarWidth={18} />
        ) : (
          <LineChart {...common} curveType="monotone" withDots={false} connectNulls={false} />
        )}
      </ChartFigure>
      <Text fz="sm" c="dimmed" mt="xs" id="revenue-summary" data-testid="revenue-summary">
        {summary} {peak}
      </Text>
      {folded(
        <ReportTable
          columns={columns}
          rows={points}
          rowKey={(p) => p.label}
          labelledBy={ID}
          testId="revenue"
        />,
      )}
    </ReportCard>
  );
}
