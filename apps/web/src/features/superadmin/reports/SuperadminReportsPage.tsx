import { Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconUsers } from '@tabler/icons-react';
import { REPORT_FILTERS_EXCLUDED, type PlatformReport, todayIn } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, useDateRange } from '../../../components/DateRangeFilter.tsx';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { StatTile } from '../../../components/StatTile.tsx';
import { calendarDate } from '../../../lib/store-time.ts';
import { type PlatformReportParams, platformReportQueryOptions } from '../api/get-platform-figures.ts';
import { PlatformTiles } from '../components/PlatformTiles.tsx';

/** The super admin's own calendar: where a custom range starts. */
const browserToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** Top Selling Items across tenants (SPEC §2): tenant name, item title, quantity. */
function TopItems({ items }: { items: PlatformReport['topSellingItems'] }) {
  const { t } = useTranslation('superadmin');
  return (
    <Card withBorder radius="lg" padding="md" data-testid="top-items">
      <Title order={2} fz="lg" mb="sm">
        {t('reports.topItems')}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{t('reports.noItems')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.tenant')}</Table.Th>
                <Table.Th>{t('reports.item')}</Table.Th>
                <Table.Th ta="right">{t('reports.qty')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={`${item.tenant_id} ${item.item_id ?? item.title}`}>
                  <Table.Td>{item.tenant_name}</Table.Td>
                  <Table.Td>{item.title}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {item.qty}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/**
 * /superadmin/dashboard/reports (SPEC §2 Super administrator Reports): the dashboard's figures for a
 * date filter (§9, no 'tomorrow'; each store on its own calendar) chosen in a filter dialog, with Top
 * Selling Items and All Tenant's Customers.
 */
export function SuperadminReportsPage() {
  const { t, i18n } = useTranslation('superadmin');
  const { t: common } = useTranslation();
  const [opened, dialog] = useDisclosure(false);
  const dates = useDateRange(browserToday(), { excluded: REPORT_FILTERS_EXCLUDED });
  const [applied, setApplied] = useState<PlatformReportParams>({ type: 'today' });
  const report = useQuery(platformReportQueryOptions(applied));
  const data = report.data;

  const shown =
    applied.type === 'custom' && applied.from && applied.to
      ? `${calendarDate(applied.from, i18n.language)} – ${calendarDate(applied.to, i18n.language)}`
      : common(`dateFilter.${applied.type}`);

  let body;
  if (report.isPending) {
    body = <Loading />;
  } else if (!data) {
    body = <LoadError message={t('Error Loading Reports Data, Please try later!')} />;
  } else {
    body = (
      <Stack
        gap="md"
        aria-busy={report.isPlaceholderData}
        style={{ opacity: report.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        data-testid="platform-report"
      >
        <PlatformTiles
          today={false}
          figures={data}
          extra={
            <StatTile
              label={t('tiles.customers')}
              value={String(data.totalCustomers)}
              icon={IconUsers}
              color="grape"
              testId="tile-customers"
              hint={t('tiles.customersHint')}
            />
          }
        />
        <TopItems items={data.topSellingItems} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader
        title={t('reports.title')}
        description={t('reports.subtitle')}
        actions={
          <Button variant="light" leftSection={<IconFilter size={18} />} onClick={dialog.open}>
            {t('reports.filter')}
          </Button>
        }
      />
      <Text c="dimmed" fz="sm" data-testid="report-filter">
        {t('reports.showing', { filter: shown })}
      </Text>
      {body}
      <Modal opened={opened} onClose={dialog.close} title={t('reports.filterTitle')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!dates.valid) return;
            setApplied(dates.params);
            dialog.close();
          }}
        >
          <Stack gap="lg">
            <DateRangeFilter state={dates} />
            <Group justify="flex-end">
              <Button variant="default" onClick={dialog.close}>
                {t('reports.cancel')}
              </Button>
              <Button type="submit" disabled={!dates.valid}>
                {t('reports.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
