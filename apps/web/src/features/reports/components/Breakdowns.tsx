import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconCategory, IconClock, IconCreditCard, IconToolsKitchen2 } from '@tabler/icons-react';
import type { Report } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { type AnswerCurrency, showAmount } from '../../../lib/money.ts';
import { csvAmount, hourLabel } from '../format.ts';
import { Amount } from './Amount.tsx';
import { ChartFigure } from './ChartFigure.tsx';
import { ReportCard } from './ReportCard.tsx';
import { type Column, ExportCsvButton, NoRows, ReportTable } from './ReportTable.tsx';
import { useTableToggle } from './TableToggle.tsx';

// Theme colours at shade 7 (3:1 or more against white, WCAG 1.4.11), in an order where neighbours differ.
const PALETTE = ['orange', 'blue', 'teal', 'grape', 'yellow', 'cyan', 'pink', 'lime', 'indigo', 'red'];
const colorAt = (i: number) => `${PALETTE[i % PALETTE.length] ?? 'gray'}.7`;
const cssColor = (i: number) => `var(--mantine-color-${PALETTE[i % PALETTE.length] ?? 'gray'}-7)`;

interface Row {
  name: string;
  count: number;
  revenue: number;
}

/** The name cell with the colour of its slice, so the table is the chart's legend. */
const swatched = (name: string, i: number) => (
  <Group gap="xs" wrap="nowrap">
    <ColorSwatch color={cssColor(i)} size={12} withShadow={false} aria-hidden />
    <span>{name}</span>
  </Group>
);

function columnsFor(
  t: (key: string, options?: Record<string, unknown>) => string,
  nameLabel: string,
  countLabel: string,
  currency: AnswerCurrency,
  rows: Row[],
  withSwatch: boolean,
): Column<Row>[] {
  return [
    {
      label: nameLabel,
      cell: (r) => (withSwatch ? swatched(r.name, rows.indexOf(r)) : r.name),
      csv: (r) => r.name,
    },
    { label: countLabel, cell: (r) => r.count, csv: (r) => String(r.count), numeric: true },
    {
      label: t('columns.revenue'),
      csvLabel: t('columns.revenueIn', { code: currency.code }),
      cell: (r) => <Amount amount={r.revenue} currency={currency} />,
      csv: (r) => csvAmount(r.revenue, currency),
      numeric: true,
    },
  ];
}

/** A donut of the rows' revenue with a spoken summary, above the table that is its legend. */
function DonutTable({
  id,
  table,
  title,
  icon,
  report,
  rows,
  nameLabel,
  countLabel,
  empty,
}: {
  id: string;
  table: string;
  title: string;
  icon: typeof IconCategory;
  report: Report;
  rows: Row[];
  nameLabel: string;
  countLabel: string;
  empty: string;
}) {
  const { t } = useTranslation('reports');
  const money = (amount: number) => showAmount(amount, report.currency);
  const columns = columnsFor(t, nameLabel, countLabel, report.currency, rows, true);
  const sold = rows.filter((r) => r.revenue > 0);
  const summary = sold.map((r) => `${r.name} ${money(r.revenue)}`).join(', ');
  return (
    <ReportCard
      id={id}
      title={title}
      icon={icon}
      actions={<ExportCsvButton table={table} title={title} range={report} columns={columns} rows={rows} />}
    >
      {rows.length === 0 ? (
        <NoRows text={empty} />
      ) : (
        <Stack gap="md">
          {sold.length > 0 && (
            <ChartFigure label={t('chart.summary', { title, summary })}>
              <DonutChart
                mx="auto"
                // Slices with takings only, each in its row's colour; one slice is a whole ring, no gap or seam.
                data={rows
                  .map((r, i) => ({ name: r.name, value: r.revenue, color: colorAt(i) }))
                  .filter((slice) => slice.value > 0)}
                size={160}
                thickness={26}
                paddingAngle={sold.length > 1 ? 2 : 0}
                strokeWidth={sold.length > 1 ? 1 : 0}
                valueFormatter={money}
                tooltipDataSource="segment"
                // The slices are not keyboard stops: the table below holds the same figures.
                pieProps={{ rootTabIndex: -1 }}
              />
            </ChartFigure>
          )}
          <ReportTable columns={columns} rows={rows} rowKey={(r) => r.name} labelledBy={id} testId={table} />
        </Stack>
      )}
    </ReportCard>
  );
}

/** Sales by payment type as paid: how many payments and how much. */
export function PaymentTypes({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const rows = report.byPaymentType.map((r) => ({ ...r, name: r.key || t('unknownPaymentType') }));
  return (
    <DonutTable
      id="report-payment-types"
      table="payment-types"
      title={t('paymentTypes.title')}
      icon={IconCreditCard}
      report={report}
      rows={rows}
      nameLabel={t('columns.paymentType')}
      countLabel={t('columns.payments')}
      empty={t('empty')}
    />
  );
}

/** Paid orders by dining option, all three listed. */
export function DiningOptions({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const rows = report.byDiningOption.map((r) => ({ ...r, name: t(`dining.${r.key}`) }));
  return (
    <DonutTable
      id="report-dining-options"
      table="dining-options"
      title={t('diningOptions.title')}
      icon={IconToolsKitchen2}
      report={report}
      rows={rows}
      nameLabel={t('columns.diningOption')}
      countLabel={t('columns.orders')}
      empty={t('empty')}
    />
  );
}

/** Lines by the item's category: units sold and revenue, as horizontal bars and a table. */
export function Categories({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const title = t('categories.title');
  const id = 'report-categories';
  const money = (amount: number) => showAmount(amount, report.currency);
  const rows = report.byCategory.map((r) => ({ ...r, name: r.key || t('noCategory') }));
  const columns = columnsFor(t, t('columns.category'), t('columns.units'), report.currency, rows, false);
  const summary = rows
    .filter((r) => r.revenue > 0)
    .map((r) => `${r.name} ${money(r.revenue)}`)
    .join(', ');
  return (
    <ReportCard
      id={id}
      title={title}
      icon={IconCategory}
      actions={
        <ExportCsvButton table="categories" title={title} range={report} columns={columns} rows={rows} />
      }
    >
      {rows.length === 0 ? (
        <NoRows text={t('empty')} />
      ) : (
        <Stack gap="md">
          <ChartFigure label={t('chart.summary', { title, summary })}>
            <BarChart
              h={Math.max(120, rows.length * 40 + 30)}
              data={rows.map((r) => ({ name: r.name, revenue: r.revenue }))}
              dataKey="name"
              orientation="vertical"
              series={[{ name: 'revenue', label: t('columns.revenue'), color: 'orange.7' }]}
              valueFormatter={money}
              yAxisProps={{ width: 96 }}
              gridAxis="y"
              maxBarWidth={24}
            />
          </ChartFigure>
          <ReportTable
            columns={columns}
            rows={rows}
            rowKey={(r) => r.name}
            labelledBy={id}
            testId="categories"
          />
        </Stack>
      )}
    </ReportCard>
  );
}

/** Paid orders by the hour they were paid (store time): a bar per hour, the table folded under it. */
export function BusiestHours({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const title = t('busiestHours.title');
  const id = 'report-busiest-hours';
  const rows = report.busiestHours.map((r) => ({ ...r, name: hourLabel(r.key) }));
  const columns = columnsFor(t, t('columns.hour'), t('columns.orders'), report.currency, rows, false);
  const busiest = [...rows].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))[0];
  const { button, folded } = useTableToggle(title);
  const summary =
    busiest && busiest.count > 0
      ? t('busiestHours.summary', { hour: busiest.name, count: busiest.count })
      : t('empty');
  return (
    <ReportCard
      id={id}
      title={title}
      icon={IconClock}
      actions={
        <>
          {button}
          <ExportCsvButton table="busiest-hours" title={title} range={report} columns={columns} rows={rows} />
        </>
      }
    >
      <ChartFigure label={t('chart.label', { title })} describedBy="busiest-hours-summary">
        <BarChart
          h={220}
          data={rows.map((r) => ({ hour: r.name.slice(0, 2), orders: r.count }))}
          dataKey="hour"
          series={[{ name: 'orders', label: t('columns.orders'), color: 'orange.7' }]}
          gridAxis="x"
          yAxisProps={{ allowDecimals: false, width: 32 }}
          xAxisProps={{ interval: 1 }}
          maxBarWidth={16}
        />
      </ChartFigure>
      <Text fz="sm" c="dimmed" mt="xs" id="busiest-hours-summary">
        {summary}
      </Text>
      {folded(
        <ReportTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.name}
          labelledBy={id}
          testId="busiest-hours"
        />,
      )}
    </ReportCard>
  );
}
