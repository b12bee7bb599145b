import {
  Button,
  Card,
  CloseButton,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconPlus, IconSearch } from '@tabler/icons-react';
import {
  DATE_FILTERS,
  type DateFilter,
  type Reservation,
  addMonths,
  canDo,
  dateRangeQuery,
  parseScopes,
} from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/mutations.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { confirmIrreversible } from '../../lib/confirm.ts';
import i18n from '../../lib/i18n.ts';
import { useSessionUser } from '../../lib/session.ts';
import {
  type ReservationListParams,
  reservationInitQueryOptions,
  reservationSearchQueryOptions,
  reservationsQueryOptions,
} from './api/get-reservations.ts';
import { deleteReservation } from './api/mutations.ts';
import { ReservationCard } from './components/ReservationCard.tsx';
import { ReservationDialog } from './components/ReservationDialog.tsx';
import type { CustomerPickerProps } from './customer-picker.ts';

const rangeQuery = dateRangeQuery();

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
  const [filter, setFilter] = useState<DateFilter>('today');
  const [range, setRange] = useState({ from: '', to: '' });
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  // `key` mounts a fresh dialog for each opening; closing keeps it, so it animates out.
  const [dialog, setDialog] = useState<{ opened: boolean; editing: Reservation | null; key: number }>({
    opened: false,
    editing: null,
    key: 0,
  });

  const params: ReservationListParams =
    filter === 'custom'
      ? { type: filter, from: range.from || undefined, to: range.to || undefined }
      : { type: filter };
  const checked = rangeQuery.safeParse(params);
  const rangeError = checked.success
    ? undefined
    : i18n.t(checked.error.issues[0]?.message ?? 'Invalid request!');
  const list = useQuery({ ...reservationsQueryOptions(params), enabled: checked.success && q === '' });
  const search = useQuery({ ...reservationSearchQueryOptions(q), enabled: q !== '' });
  const remove = useSaveMutation({ mutationFn: deleteReservation, changes: ['reservations'] });

  const chooseFilter = (value: string | null) => {
    if (!value) return;
    const next = value as DateFilter;
    // A custom range starts as today until the same day next month, on the store's calendar.
    if (next === 'custom' && !range.from && init.data)
      setRange({ from: init.data.today, to: addMonths(init.data.today, 1) });
    setFilter(next);
  };
  const runSearch = () => {
    // A blank search does nothing (SPEC §5).
    const text = searchText.trim();
    if (text) setQ(text);
  };
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
  } else if (rangeError) {
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
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('filter.label')}
          data={DATE_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          value={filter}
          onChange={chooseFilter}
          allowDeselect={false}
          w={180}
          disabled={q !== ''}
        />
        {filter === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('filter.from')}
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
              w={180}
              disabled={q !== ''}
            />
            <TextInput
              type="date"
              label={t('filter.to')}
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
              error={rangeError}
              w={180}
              disabled={q !== ''}
            />
          </>
        )}
        <form
          role="search"
          style={{ flex: '1 1 260px', minWidth: 240 }}
          onSubmit={(e) => {
            e.preventDefault();
            runSearch();
          }}
        >
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                // Emptying the box goes back to the filtered list.
                if (!e.currentTarget.value.trim()) setQ('');
              }}
              inputMode="search"
              autoComplete="off"
              style={{ flex: 1 }}
              rightSection={
                searchText ? <CloseButton aria-label={t('search.clear')} onClick={clearSearch} /> : null
              }
              rightSectionWidth={44}
            />
            <Button type="submit" variant="light" leftSection={<IconSearch size={18} />}>
              {t('search.button')}
            </Button>
          </Group>
        </form>
      </Group>
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
