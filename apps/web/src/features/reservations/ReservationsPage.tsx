import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { type Reservation, canDo, parseScopes } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/mutations.ts';
import { DateRangeFilter, ListSearch, useDateRange } from '../../components/DateRangeFilter.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { confirmIrreversible } from '../../lib/confirm.ts';
import { useSessionUser } from '../../lib/session.ts';
import {
  reservationInitQueryOptions,
  reservationSearchQueryOptions,
  reservationsQueryOptions,
} from './api/get-reservations.ts';
import { deleteReservation } from './api/mutations.ts';
import { ReservationCard } from './components/ReservationCard.tsx';
import { ReservationDialog } from './components/ReservationDialog.tsx';
import type { CustomerPickerProps } from '../../lib/customer-picker.ts';

/**
 * /dashboard/reservation (SPEC §2 Reservation): the bookings of a date filter's days on the store's
 * clock (today first), a search by code, name or phone, and, for RESERVATIONS / MANAGE_RESERVATIONS
 * and admins, the New button and each booking's Edit and Delete.
 */
export function ReservationsPage({ CustomerPicker }: { CustomerPicker: ComponentType<CustomerPickerProps> }) {
  const { t } = useTranslation('reservations');
  const user = useSessionUser('tenant');
  const canManage =
    !!user && canDo({ role: user.role, scopes: parseScopes(user.scope) }, 'reservations.manage');

  const init = useQuery(reservationInitQueryOptions());
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  // `key` mounts a fresh dialog for each opening; closing keeps it, so it animates out.
  const [dialog, setDialog] = useState<{ opened: boolean; editing: Reservation | null; key: number }>({
    opened: false,
    editing: null,
    key: 0,
  });

  const dates = useDateRange(init.data?.today);
  const list = useQuery({ ...reservationsQueryOptions(dates.params), enabled: dates.valid && q === '' });
  const search = useQuery({ ...reservationSearchQueryOptions(q), enabled: q !== '' });
  const remove = useSaveMutation({ mutationFn: deleteReservation, changes: ['reservations'] });

  const clearSearch = () => {
    setSearchText('');
    setQ('');
  };
  const openAdd = () => setDialog((d) => ({ opened: true, editing: null, key: d.key + 1 }));
  const actionsFor = (r: Reservation) =>
    canManage
      ? {
          onEdit: () => setDialog((d) => ({ opened: true, editing: r, key: d.key + 1 })),
          onDelete: () =>
            confirmIrreversible(() => remove.mutate(r.id), t('card.deleteTitle', { code: r.unique_code })),
        }
      : {};

  const cards = (rows: Reservation[]) => (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      {rows.map((r) => (
        <ReservationCard key={r.id} reservation={r} {...actionsFor(r)} />
      ))}
    </SimpleGrid>
  );

  let body;
  if (q) {
    body = (
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4">
            {t('search.results', { q })}
          </Title>
          <Button variant="default" onClick={clearSearch}>
            {t('search.clear')}
          </Button>
        </Group>
        {search.isPending ? (
          <Loading />
        ) : search.isError || search.data.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Text ta="center" fw={600} role="status">
              {t('No result found!')}
            </Text>
          </Card>
        ) : (
          cards(search.data)
        )}
      </Stack>
    );
  } else if (!dates.valid) {
    body = null;
  } else if (list.isPending) {
    body = <Loading />;
  } else if (list.isError) {
    body = <LoadError message={t('Error loading details! Please try later!')} />;
  } else if (list.data.length === 0) {
    body = (
      <EmptyState
        icon={IconCalendarEvent}
        title={t('empty.title')}
        text={t('empty.text')}
        {...(canManage && init.data ? { actionLabel: t('empty.action'), onAction: openAdd } : {})}
      />
    );
  } else {
    body = cards(list.data);
  }

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          canManage ? (
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={openAdd}
              disabled={!init.data}
              loading={init.isPending}
            >
              {t('new')}
            </Button>
          ) : undefined
        }
      />
      <DateRangeFilter state={dates} disabled={q !== ''}>
        <ListSearch
          texts={{
            label: t('search.label'),
            placeholder: t('search.placeholder'),
            button: t('search.button'),
            clear: t('search.clear'),
          }}
          value={searchText}
          onChange={setSearchText}
          onSearch={setQ}
          onClear={clearSearch}
        />
      </DateRangeFilter>
      {body}
      {init.data && canManage && (
        <ReservationDialog
          key={dialog.key}
          opened={dialog.opened}
          onClose={() => setDialog((d) => ({ ...d, opened: false }))}
          editing={dialog.editing}
          init={init.data}
          CustomerPicker={CustomerPicker}
        />
      )}
    </Stack>
  );
}
