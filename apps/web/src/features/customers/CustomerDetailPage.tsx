import { Anchor, Badge, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { canDo, formatMoney, isPhone } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { paths } from '../../lib/paths.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { errorText } from '../../lib/toast.ts';
import { RESERVATION_STATUS_COLORS } from '../../lib/reservation-status.ts';
import { calendarDate, storeDate, storeDateTime, wallDateTime } from '../../lib/store-time.ts';
import { customerQueryOptions } from './api/get-customers.ts';
import { EditCustomerDialog } from './components/EditCustomerDialog.tsx';

function Tile({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Text fz="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.3}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * /dashboard/customers/{phone}: the customer's contact card, their visits (reservations now, orders once
 * the POS records them) and latest bookings in the store's time zone.
 */
export function CustomerDetailPage() {
  const { t } = useTranslation('customers');
  const phone = useParams().phone ?? '';
  const valid = isPhone(phone);
  const detail = useQuery({ ...customerQueryOptions(phone), enabled: valid });
  const me = useSessionUser('tenant');
  const canManage = me !== null && canDo(subjectOf(me), 'customers.manage');
  const [editing, setEditing] = useState(false);

  const back = (
    <Anchor
      component={Link}
      to={paths.dashboard.customers}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden />
      {t('detail.back')}
    </Anchor>
  );

  if (!valid || detail.isError)
    return (
      <Stack>
        <PageHeader title={t('title')} breadcrumbs={back} />
        <LoadError
          message={
            valid
              ? errorText(detail.error, 'Error loading details! Please try later!')
              : 'Customer not found!'
          }
        />
      </Stack>
    );
  if (detail.isPending)
    return (
      <Stack>
        <PageHeader title={t('title')} breadcrumbs={back} />
        <Loading />
      </Stack>
    );

  const { customer, summary, reservations, currency, timezone } = detail.data;
  return (
    <Stack>
      <PageHeader
        title={customer.name}
        description={t('detail.added', { date: storeDate(customer.created_at, timezone) })}
        breadcrumbs={back}
        actions={
          canManage && (
            <Button leftSection={<IconEdit size={18} />} onClick={() => setEditing(true)}>
              {t('edit.button')}
            </Button>
          )
        }
      />
      <Card withBorder radius="lg" padding="lg" data-testid="contact-card">
        <Title order={2} fz="h4" mb="sm">
          {t('detail.contact')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
          <Field label={t('field.phone')} value={customer.phone} />
          <Field label={t('field.name')} value={customer.name} />
          <Field label={t('field.email')} value={customer.email ?? '—'} />
          <Field label={t('field.gender')} value={customer.gender ? t(`gender.${customer.gender}`) : '—'} />
          <Field label={t('field.birthDate')} value={calendarDate(customer.birth_date)} />
        </SimpleGrid>
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
        <Tile
          testId="tile-reservations"
          label={t('detail.reservations')}
          value={String(summary.reservations_count)}
        />
        <Tile
          testId="tile-upcoming"
          label={t('detail.upcoming')}
          value={String(summary.upcoming_reservations)}
        />
        <Tile
          testId="tile-last-visit"
          label={t('detail.lastVisit')}
          value={summary.last_visit ? storeDate(summary.last_visit, timezone) : t('detail.never')}
        />
        <Tile
          testId="tile-orders"
          label={t('detail.orders')}
          value={String(summary.orders_count)}
          hint={t('detail.ordersLater')}
        />
        <Tile
          testId="tile-spent"
          label={t('detail.totalSpent')}
          value={formatMoney(summary.total_spent, currency)}
          hint={t('detail.ordersLater')}
        />
      </SimpleGrid>
      <Card withBorder radius="lg" padding={0}>
        <Title order={2} fz="h4" p="lg" pb="xs">
          {t('detail.latest')}
        </Title>
        {reservations.length === 0 ? (
          <Text c="dimmed" px="lg" pb="lg">
            {t('detail.noReservations')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="customer-reservations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('res.date')}</Table.Th>
                  <Table.Th>{t('res.code')}</Table.Th>
                  <Table.Th>{t('res.table')}</Table.Th>
                  <Table.Th>{t('res.people')}</Table.Th>
                  <Table.Th>{t('res.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reservations.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }} title={storeDateTime(r.date, timezone)}>
                      {wallDateTime(r.local_date)}
                    </Table.Td>
                    <Table.Td ff="monospace">{r.unique_code}</Table.Td>
                    <Table.Td>{r.table_title ?? t('res.noTable')}</Table.Td>
                    <Table.Td>{r.people_count}</Table.Td>
                    <Table.Td>
                      <Badge color={RESERVATION_STATUS_COLORS[r.status]} variant="light">
                        {t(`status.${r.status}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <EditCustomerDialog opened={editing} customer={customer} onClose={() => setEditing(false)} />
    </Stack>
  );
}
