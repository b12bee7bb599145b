import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { AUDIT_PER_PAGE, type AuditSource, type SubscriptionHistoryRow } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { paths } from '../../../lib/paths.ts';
import { tenantAuditQueryOptions, tenantHistoryQueryOptions } from './api/get-tenants.ts';
import { Pager } from './components/Pager.tsx';
import { auditDetails, dayOf } from './format.ts';

/**
 * SPEC §3: created and cancelled read as such; any other event is a renewal. A declined card is the
 * one exception: calling it "Renewed" would tell the super admin the opposite of what happened.
 */
const historyStatus = (status: SubscriptionHistoryRow['status']) =>
  status === 'created' || status === 'cancelled' || status === 'payment_failed' ? status : 'renewed';

/**
 * /superadmin/dashboard/tenants/{id}/subscription-history (SPEC §2 Subscription history): the tenant's
 * details, its payment history and its audit log (the tenant's own and the super admin's actions).
 */
export function TenantHistoryPage() {
  const { t } = useTranslation('tenants');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const history = useQuery({ ...tenantHistoryQueryOptions(id), enabled: valid });

  const back = (
    <Anchor
      component={Link}
      to={paths.superadmin.tenants}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden />
      {t('history.back')}
    </Anchor>
  );

  if (!valid || history.isError)
    return (
      <Stack>
        <PageHeader title={t('history.title')} breadcrumbs={back} />
        <LoadError message="Error loading Tenants Data! Please try later!" />
      </Stack>
    );
  if (history.isPending)
    return (
      <Stack>
        <PageHeader title={t('history.title')} breadcrumbs={back} />
        <Loading />
      </Stack>
    );

  const { tenantInfo, storeDetails, totalUsers, subscriptionHistory } = history.data;
  const details: [string, React.ReactNode][] = [
    [t('history.name'), tenantInfo.name],
    [
      t('history.status'),
      <Badge key="s" color={tenantInfo.is_active ? 'green' : 'gray'} variant="light">
        {tenantInfo.is_active ? t('status.active') : t('status.inactive')}
      </Badge>,
    ],
    [t('history.users'), totalUsers],
    [t('history.address'), storeDetails.address || '—'],
    [t('history.email'), tenantInfo.email],
    [t('history.phone'), storeDetails.phone || '—'],
    [t('history.currency'), storeDetails.currency],
    [t('history.qrMenu'), storeDetails.isQRMenuEnabled ? t('history.enabled') : t('history.disabled')],
  ];

  return (
    <Stack>
      <PageHeader
        title={t('history.title')}
        description={tenantInfo.name}
        documentTitle={`${t('history.title')} · ${tenantInfo.name}`}
        breadcrumbs={back}
      />
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="h4" mb="sm">
          {t('history.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" data-testid="tenant-details">
          {details.map(([label, value]) => (
            <Stack key={label} gap={2}>
              <Text fz="sm" c="dimmed">
                {label}
              </Text>
              <Text component="div" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Card>

      <Card withBorder radius="lg" padding={0}>
        <Title order={2} fz="h4" p="lg" pb="sm">
          {t('history.payments')}
        </Title>
        {subscriptionHistory.length === 0 ? (
          <Text c="dimmed" px="lg" pb="lg" data-testid="history-empty">
            {t('history.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="history-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.col.date')}</Table.Th>
                  <Table.Th>{t('history.col.startsOn')}</Table.Th>
                  <Table.Th>{t('history.col.expiresOn')}</Table.Th>
                  <Table.Th>{t('history.col.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {subscriptionHistory.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{dayOf(row.created_at)}</Table.Td>
                    <Table.Td>{dayOf(row.starts_on)}</Table.Td>
                    <Table.Td>{dayOf(row.expires_on)}</Table.Td>
                    <Table.Td>{t(`history.status.${historyStatus(row.status)}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <AuditLog tenantId={id} />
    </Stack>
  );
}

/** The tenant's audit log or the super admin's actions on it, newest first, a page at a time. */
function AuditLog({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation('tenants');
  const [source, setSource] = useState<AuditSource>('tenant');
  const [page, setPage] = useState(1);
  const audit = useQuery(tenantAuditQueryOptions(tenantId, source, page));
  const lastPage = audit.data ? Math.max(1, Math.ceil(audit.data.total / AUDIT_PER_PAGE)) : 1;
  return (
    <Card withBorder radius="lg" padding={0}>
      <Group justify="space-between" p="lg" pb="sm" wrap="wrap">
        <Title order={2} fz="h4">
          {t('audit.title')}
        </Title>
        <SegmentedControl
          aria-label={t('audit.title')}
          value={source}
          onChange={(v) => {
            setSource(v as AuditSource);
            setPage(1);
          }}
          data={[
            { value: 'tenant', label: t('audit.tenant') },
            { value: 'platform', label: t('audit.platform') },
          ]}
        />
      </Group>
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <LoadError message="Error loading Tenants Data! Please try later!" />
      ) : audit.data.entries.length === 0 ? (
        <Text c="dimmed" px="lg" pb="lg">
          {t('audit.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" horizontalSpacing="lg" data-testid="audit-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.col.at')}</Table.Th>
                  <Table.Th>{t('audit.col.action')}</Table.Th>
                  <Table.Th>{t('audit.col.target')}</Table.Th>
                  <Table.Th>{t('audit.col.ip')}</Table.Th>
                  <Table.Th>{t('audit.col.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {e.at.slice(0, 19).replace('T', ' ')}
                    </Table.Td>
                    <Table.Td>
                      <Text component="code" fz="sm">
                        {e.action}
                      </Text>
                    </Table.Td>
                    <Table.Td>{e.target_type ? `${e.target_type} ${e.target_id ?? ''}` : '—'}</Table.Td>
                    <Table.Td>{e.ip ?? '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
                      <Text fz="sm" c="dimmed">
                        {auditDetails(e.details)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Box p="sm">
            <Pager
              page={page}
              lastPage={lastPage}
              shown={audit.data.entries.length}
              total={audit.data.total}
              onPage={setPage}
              label={t('audit.title')}
            />
          </Box>
        </>
      )}
    </Card>
  );
}
