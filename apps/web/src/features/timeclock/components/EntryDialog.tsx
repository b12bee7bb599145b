import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type TimeEntry, TIME_BREAKS_MAX, wallTimeIn } from '@comanda/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { addEntry, correctEntry } from '../api/timeclock.ts';

interface BreakRow {
  start: string;
  end: string;
}

/** An instant as the store's clock shows it in a datetime-local input. */
const wall = (iso: string | null, zone: string) => (iso ? wallTimeIn(zone, new Date(iso)) : '');

/**
 * The owner's dialog to correct an entry or add a missed one (docs/timeclock.md): times on the store's
 * clock, the breaks, and a required reason the audit log keeps. A time left as it was goes back as the
 * exact instant it was, so an untouched clock-in keeps its seconds.
 */
export function EntryDialog(props: {
  entry: TimeEntry | null;
  people: { id: number; name: string }[];
  timezone: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('timeclock');
  const { entry, timezone } = props;
  const [userId, setUserId] = useState<string | null>(entry ? String(entry.user_id) : null);
  const [clockIn, setClockIn] = useState(() => wall(entry?.clock_in ?? null, timezone));
  const [clockOut, setClockOut] = useState(() => wall(entry?.clock_out ?? null, timezone));
  const [breaks, setBreaks] = useState<BreakRow[]>(
    () => entry?.breaks.map((b) => ({ start: wall(b.start, timezone), end: wall(b.end, timezone) })) ?? [],
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Seconds of a time the owner did not touch stay as they were: a field still showing what it showed
  // at first goes back as its exact instant (per field: two times in one minute show alike).
  const unchanged = (value: string, iso: string | null | undefined) =>
    iso && value === wall(iso, timezone) ? iso : value;

  const save = useSaveMutation({
    mutationFn: async () => {
      const body = {
        clock_in: unchanged(clockIn, entry?.clock_in),
        breaks: breaks.map((b, i) => ({
          start: unchanged(b.start, entry?.breaks[i]?.start),
          end: b.end ? unchanged(b.end, entry?.breaks[i]?.end) : null,
        })),
        reason,
      };
      return entry
        ? correctEntry({
            id: entry.id,
            body: { ...body, clock_out: clockOut ? unchanged(clockOut, entry.clock_out) : null },
          })
        : addEntry({ ...body, user_id: Number(userId), clock_out: clockOut });
    },
    changes: [],
    onSuccess: props.onSaved,
  });

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    // The browser's own submit would reload the page.
    event?.preventDefault();
    const found: Record<string, string> = {};
    if (!entry && !userId) found.user = t('Please select a person!');
    if (!clockIn) found.clockIn = t('Please enter a valid time!');
    if (!entry && !clockOut) found.clockOut = t('Please enter a valid time!');
    if (!reason.trim()) found.reason = t('Please give a reason for the change!');
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(undefined);
  };

  const setBreak = (i: number, change: Partial<BreakRow>) =>
    setBreaks((rows) => rows.map((r, j) => (j === i ? { ...r, ...change } : r)));

  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={entry ? t('editEntry', { name: entry.user_name }) : t('addTitle')}
      size="lg"
      onSubmit={submit}
      loading={save.isPending}
    >
      <Text fz="sm" c="dimmed">
        {t('storeClock', { zone: timezone })}
      </Text>
      {!entry && (
        <Select
          label={t('person')}
          data={props.people.map((p) => ({ value: String(p.id), label: p.name }))}
          value={userId}
          onChange={setUserId}
          error={errors.user}
          required
          size="md"
        />
      )}
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          type="datetime-local"
          label={t('clockInTime')}
          value={clockIn}
          onChange={(e) => setClockIn(e.currentTarget.value)}
          error={errors.clockIn}
          required
          size="md"
          miw={200}
        />
        <TextInput
          type="datetime-local"
          label={t('clockOutTime')}
          description={entry && !entry.clock_out ? t('clockOutOpen') : undefined}
          value={clockOut}
          onChange={(e) => setClockOut(e.currentTarget.value)}
          error={errors.clockOut}
          required={!entry || entry.clock_out !== null}
          size="md"
          miw={200}
        />
      </Group>
      <Stack gap="xs">
        {breaks.map((b, i) => (
          <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
            <TextInput
              type="datetime-local"
              label={t('breakStart')}
              value={b.start}
              onChange={(e) => setBreak(i, { start: e.currentTarget.value })}
              size="md"
              style={{ flex: 1, minWidth: 0 }}
            />
            <TextInput
              type="datetime-local"
              label={t('breakEnd')}
              value={b.end}
              onChange={(e) => setBreak(i, { end: e.currentTarget.value })}
              size="md"
              style={{ flex: 1, minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={t('removeBreak')}
              onClick={() => setBreaks((rows) => rows.filter((_, j) => j !== i))}
            >
              <IconTrash size={20} />
            </ActionIcon>
          </Group>
        ))}
        {breaks.length < TIME_BREAKS_MAX && (
          <Button
            variant="subtle"
            leftSection={<IconPlus size={18} />}
            onClick={() => setBreaks((rows) => [...rows, { start: clockIn, end: clockIn }])}
            style={{ alignSelf: 'flex-start' }}
            mih={44}
          >
            {t('addBreak')}
          </Button>
        )}
      </Stack>
      <Textarea
        label={t('reason')}
        description={t('reasonHint')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={errors.reason}
        required
        autosize
        minRows={2}
        maxLength={200}
        size="md"
      />
    </FormModal>
  );
}
