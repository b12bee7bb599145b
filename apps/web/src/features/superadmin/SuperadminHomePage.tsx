import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { APP_VERSION } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { paths } from '../../lib/paths.ts';
import { useSessionUser } from '../../lib/session.ts';
import { platformDashboardQueryOptions } from './api/get-platform-figures.ts';
import { PlatformTiles } from './components/PlatformTiles.tsx';

/**
 * /superadmin/dashboard/home (SPEC §2 Super administrator): active tenants, MRR and ARR, the sales and
 * orders of each store's today converted to USD (the tooltip names the rates' date), the way to the
 * reports, the developer credit and the version.
 */
export function SuperadminHomePage() {
  const { t } = useTranslation('superadmin');
  const user = useSessionUser('superadmin');
  const dashboard = useQuery(platformDashboardQueryOptions());
  const data = dashboard.data;

  let body;
  if (dashboard.isPending) {
    body = <Loading />;
  } else if (!data) {
    // A failed refetch keeps the figures already on screen; only a first load that fails says so.
    body = <LoadError message={t('Error loading dashboard, Please try later...')} />;
  } else {
    body = (
      <PlatformTiles
        today
        figures={{
          ...data,
          salesVolume: data.salesVolumeToday,
          ordersProcessed: data.ordersProcessedToday,
        }}
      />
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={t('home.title')}
        description={t('home.signedInAs', { name: user?.username ?? '' })}
        actions={
          <Button
            component={Link}
            to={paths.superadmin.reports}
            variant="light"
            leftSection={<IconReportAnalytics size={18} />}
          >
            {t('home.reports')}
          </Button>
        }
      />
      {body}
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between">
          <Text c="dimmed" fz="sm">
            {t('home.credit')}
          </Text>
          <Text c="dimmed" fz="sm" data-testid="app-version">
            {t('home.version', { version: APP_VERSION })}
          </Text>
        </Group>
      </Card>
    </Stack>
  );
}
