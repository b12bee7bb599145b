import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconClockHour4, IconDownload, IconPencil, IconPlus } from '@tabler/icons-react';
import { type TimeEntry, addDays, hoursAndMinutes, todayIn } from '@comanda/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { storeDate, storeTime } from '../../lib/store-time.ts';
import { toast } from '../../lib/toast.ts';
import {
  type TimesheetFilter,
  exportTimesheet,
  timesheetQueryKey,
  timesheetQueryOptions,
} from './api/timeclock.ts';
import { EntryDialog } from './components/EntryDialog.tsx';

/**
 * /dashboard/timesheets (issue 31, docs/timeclock.md): the owner's and managers' view of who worked
 * when. Totals per person on top, each entry below with its Edit (a correction with a reason, audited),
 * Add entry for a missed shift, and the CSV for the accountant. Days are the store's.
 */
export function TimesheetsPage() {
  const { t } = useTranslation('timeclock');
  const queryClient = useQueryClient();
  // The store's zone is known from the first answer; until then the device's today is close enough.
  const [filter, setFilter] = useState<TimesheetFilter>(() => {
    const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
    return { from: addDays(today, -6), to: today, userId: null };
  });
  const [editing, setEditing] = useState<TimeEntry | 'new' | null>(null);
  const [exporting, setExporting] = useState(false);
  const query = useQuery({ ...timesheetQueryOptions(filter), placeholderData: keepPreviousData });
  const data = query.data;

  const download = async () => {
    setExporting(true);
    try {
      await exportTimesheet(filter);
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setExporting(false);
    }
  };

  const setDate = (key: 'from' | 'to') => (value: string) => {
    if (value) setFilter((f) => ({ ...f, [key]: value }));
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              onClick={() => void download()}
              loading={exporting}
              mih={44}
            >
              {t('export')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => setEditing('new')}
              mih={44}
              disabled={!data}
            >
              {t('add')}
            </Button>
          </>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('from')}
          value={filter.from}
          max={filter.to}
          onChange={(e) => setDate('from')(e.currentTarget.value)}
          size="md"
          w={180}
        />
        <TextInput
          type="date"
          label={t('to')}
          value={filter.to}
          min={filter.from}
          onChange={(e) => setDate('to')(e.currentTarget.value)}
          size="md"
          w={180}
        />
        <Select
          label={t('person')}
          data={[
            { value: '', label: t('everyone') },
            ...(data?.people ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          ]}
          value={filter.userId ? String(filter.userId) : ''}
          onChange={(v) => setFilter((f) => ({ ...f, userId: v ? Number(v) : null }))}
          allowDeselect={false}
          size="md"
          w={220}
        />
      </Group>

      {query.isPending ? (
        <Loading />
      ) : query.isError || !data ? (
        <LoadError message={t('Something went wrong!', { ns: 'common' })} />
      ) : data.entries.length === 0 ? (
        <EmptyState
          icon={IconClockHour4}
          title={t('empty')}
          actionLabel={t('add')}
          onAction={() => setEditing('new')}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="timesheet-totals">
            {data.totals.map((p) => (
              <Card key={p.user_id} withBorder radius="md" padding="md" data-testid={`total-${p.name}`}>
                <Text fw={700} truncate>
                  {p.name}
                </Text>
                <Group justify="space-between" mt={4}>
                  <Text fz="xl" fw={800}>
                    {hoursAndMinutes(p.worked_minutes)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('entriesCount', { count: p.entries })}
                  </Text>
                </Group>
                <Text fz="sm" c="dimmed">
                  {t('breaks')}: {hoursAndMinutes(p.break_minutes)}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <Text fz="sm" c="dimmed">
            {t('storeClock', { zone: data.timezone })}
          </Text>
          <Card withBorder radius="md" padding={0}>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" striped data-testid="timesheet-entries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('person')}</Table.Th>
                    <Table.Th>{t('date')}</Table.Th>
                    <Table.Th>{t('in')}</Table.Th>
                    <Table.Th>{t('out')}</Table.Th>
                    <Table.Th ta="right">{t('breaks')}</Table.Th>
                    <Table.Th ta="right">{t('worked')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('edit')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entries.map((e) => (
                    <EntryRow key={e.id} entry={e} timezone={data.timezone} onEdit={setEditing} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
      {editing && data && (
        <EntryDialog
          entry={editing === 'new' ? null : editing}
          people={data.people}
          timezone={data.timezone}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: timesheetQueryKey });
          }}
        />
      )}
    </Stack>
  );
}

/** One entry of the timesheet; memoised, so a new answer re-renders only the rows that changed. */
const EntryRow = memo(function EntryRow(props: {
  entry: TimeEntry;
  timezone: string;
  onEdit: (entry: TimeEntry) => void;
}) {
  const { t } = useTranslation('timeclock');
  const { entry: e, timezone } = props;
  return (
    <Table.Tr data-testid={`entry-${e.id}`}>
      <Table.Td fw={600}>{e.user_name}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeDate(e.clock_in, timezone)}</Table.Td>
      <Table.Td>{storeTime(e.clock_in, timezone)}</Table.Td>
      <Table.Td>
        {e.clock_out ? (
          storeTime(e.clock_out, timezone)
        ) : (
          <Text span c="teal.8" fz="sm" fw={600}>
            {t('stillOn')}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">{hoursAndMinutes(e.break_minutes)}</Table.Td>
      <Table.Td ta="right" fw={700}>
        {hoursAndMinutes(e.worked_minutes)}
      </Table.Td>
      <Table.Td ta="right">
        <Button
          variant="subtle"
          leftSection={<IconPencil size={16} />}
          onClick={() => props.onEdit(e)}
          mih={44}
          aria-label={t('editEntry', { name: e.user_name })}
        >
          {t('edit')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
});
