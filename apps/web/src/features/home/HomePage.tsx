import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconCash, IconReceipt, IconReportAnalytics, IconRepeat, IconUserPlus } from '@tabler/icons-react';
import { canOpen } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { StatTile } from '../../components/StatTile.tsx';
import { showAmount } from '../../lib/money.ts';
import { paths } from '../../lib/paths.ts';
import { calendarDate } from '../../lib/store-time.ts';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { dashboardQueryOptions } from './api/get-dashboard.ts';
import { TodayReservations } from './components/TodayReservations.tsx';
import { TodayTopSellers } from './components/TodayTopSellers.tsx';
import { SetupChecklistCard } from './components/SetupChecklistCard.tsx';

/**
 * /dashboard/home (SPEC §2 Home): the greeting, then the store's today on its own clock: orders paid,
 * takings, new and repeat customers, the day's bookings and top sellers, and the way to the reports
 * for those who may open them. Paid orders, bookings and new customers refetch it (socket events).
 */
export function HomePage() {
  const { t, i18n } = useTranslation('dashboard');
  const user = useSessionUser('tenant');
  const dashboard = useQuery(dashboardQueryOptions());
  if (!user) return null;
  const subject = subjectOf(user);
  const data = dashboard.data;

  let body;
  if (dashboard.isPending) {
    body = <Loading />;
  } else if (!data) {
    // A failed refetch keeps the figures already on screen; only a first load that fails says so.
    body = <LoadError message={t('Error Loading Dashboard Data, Please try later!')} />;
  } else {
    body = (
      <Stack gap="md">
        {user.role === 'admin' && <SetupChecklistCard />}
        {/* Container queries: the grids fit the page's width beside the sidebar, not the window's. */}
        <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '840px': 4 }} spacing="md">
          <StatTile
            label={t('home.orders')}
            value={String(data.ordersCount)}
            icon={IconReceipt}
            testId="home-orders"
          />
          <StatTile
            label={t('home.revenue')}
            value={showAmount(data.revenueTotal, data.currency)}
            icon={IconCash}
            color="teal"
            testId="home-revenue"
          />
          <StatTile
            label={t('home.newCustomers')}
            value={String(data.newCustomerCount)}
            icon={IconUserPlus}
            color="blue"
            testId="home-new-customers"
          />
          <StatTile
            label={t('home.repeatCustomers')}
            value={String(data.repeatedCustomerCount)}
            icon={IconRepeat}
            color="grape"
            testId="home-repeat-customers"
          />
        </SimpleGrid>
        <SimpleGrid type="container" cols={{ base: 1, '820px': 2 }} spacing="md">
          <TodayReservations
            reservations={data.reservations}
            allLink={canOpen(subject, 'reservation') ? paths.dashboard.reservation : undefined}
          />
          <TodayTopSellers items={data.topSellingItems} currency={data.currency} />
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('home.greeting', { name: user.name })}
        documentTitle={t('nav.home')}
        description={
          data ? t('home.today', { date: calendarDate(data.date, i18n.language) }) : t('home.subtitle')
        }
        actions={
          canOpen(subject, 'reports') && (
            <Button
              component={Link}
              to={paths.dashboard.reports}
              variant="light"
              leftSection={<IconReportAnalytics size={18} />}
            >
              {t('home.reports')}
            </Button>
          )
        }
      />
      {body}
    </Stack>
  );
}
