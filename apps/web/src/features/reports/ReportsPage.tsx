import { SimpleGrid, Stack, Text } from '@mantine/core';
import { REPORT_FILTERS_EXCLUDED, todayIn } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, useDateRange } from '../../components/DateRangeFilter.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { calendarDate } from '../../lib/store-time.ts';
import { reportQueryOptions } from './api/get-report.ts';
import { BusiestHours, Categories, DiningOptions, PaymentTypes } from './components/Breakdowns.tsx';
import { MetricTiles } from './components/MetricTiles.tsx';
import { RevenueChart } from './components/RevenueChart.tsx';
import { TopSellers } from './components/TopSellers.tsx';

/** 'YYYY-MM-DD'..'YYYY-MM-DD' as one day or two: '1 Nov 2026 – 26 Nov 2026'. */
const daysOf = (from: string, to: string, locale: string) =>
  from === to ? calendarDate(from, locale) : `${calendarDate(from, locale)} – ${calendarDate(to, locale)}`;

/**
 * /dashboard/reports (SPEC §2 Reports; REPORTS scope): the §9 date filter without 'tomorrow' on the
 * store's clock, a tile for every figure of the Report (§3) beside the previous period's, and what
 * owners read next: revenue over the range, top sellers, payment types, dining options, categories and
 * the busiest hours, each table exportable as CSV. Paid orders refetch it (socket events).
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation('reports');
  // The store's zone comes with the first answer; a custom range starts on the store's today.
  const [timezone, setTimezone] = useState<string>();
  const dates = useDateRange(timezone && todayIn(timezone), { excluded: REPORT_FILTERS_EXCLUDED });
  const report = useQuery({ ...reportQueryOptions(dates.params), enabled: dates.valid });
  const data = report.data;
  if (data && data.timezone !== timezone) setTimezone(data.timezone);

  let body;
  if (!dates.valid) {
    body = null;
  } else if (report.isPending) {
    body = <Loading />;
  } else if (!data) {
    // A failed refetch keeps the figures already on screen; only a first load that fails says so.
    body = <LoadError message={t('Error Loading Reports Data, Please try later!')} />;
  } else {
    body = (
      <Stack
        gap="md"
        aria-busy={report.isPlaceholderData}
        style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        data-testid="report"
        data-from={data.from}
        data-to={data.to}
      >
        <Text c="dimmed" fz="sm" data-testid="report-range">
          {t('range', {
            days: daysOf(data.from, data.to, i18n.language),
            previous: daysOf(data.previous.from, data.previous.to, i18n.language),
            timezone: data.timezone,
          })}
        </Text>
        <MetricTiles report={data} />
        <RevenueChart report={data} />
        <TopSellers report={data} />
        <SimpleGrid type="container" cols={{ base: 1, '820px': 2 }} spacing="md">
          <PaymentTypes report={data} />
          <DiningOptions report={data} />
          <Categories report={data} />
          <BusiestHours report={data} />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <DateRangeFilter state={dates} />
      {body}
    </Stack>
  );
}
