import {
  Alert,
  Button,
  Group,
  Input,
  Modal,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type PickedCustomer,
  RESERVATION_PAST_GRACE_MINUTES,
  RESERVATION_STATUSES,
  RESERVATION_WARNINGS,
  type Reservation,
  type ReservationInit,
  type ReservationStatus,
  addReservationSchema,
  updateReservationSchema,
  wallTimeIn,
} from '@comanda/core';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { ApiError } from '../../../lib/api-client.ts';
import i18n from '../../../lib/i18n.ts';
import { errorText } from '../../../lib/toast.ts';
import { addReservation, updateReservation } from '../api/mutations.ts';
import type { CustomerPickerProps } from '../../../lib/customer-picker.ts';
import { DialogActions } from '../../../components/DialogActions.tsx';

interface FormValues {
  customer: PickedCustomer | null;
  /** The store's wall clock, 'YYYY-MM-DDTHH:mm' (a datetime-local input's value). */
  date: string;
  /** '' for no table. */
  tableId: string;
  peopleCount: number | string;
  status: ReservationStatus;
  notes: string;
}

const PAST = 'Please select a date & time in the future!';

function valuesOf(editing: Reservation | null): FormValues {
  if (!editing) return { customer: null, date: '', tableId: '', peopleCount: 2, status: 'booked', notes: '' };
  return {
    customer: { id: editing.customer_id, name: editing.customer_name, phone: editing.customer_phone },
    date: editing.local_date.slice(0, 16),
    tableId: editing.table_id === null ? '' : String(editing.table_id),
    peopleCount: editing.people_count,
    status: editing.status,
    notes: editing.notes ?? '',
  };
}

function bodyOf(values: FormValues) {
  return {
    date: values.date,
    tableId: values.tableId,
    peopleCount: values.peopleCount,
    status: values.status,
    notes: values.notes,
  };
}

const isWarning = (error: unknown): error is ApiError =>
  error instanceof ApiError && (RESERVATION_WARNINGS as readonly string[]).includes(error.code ?? '');

/**
 * The add and update dialog (SPEC §2 Reservation, §5): guest (add only), date and time on the store's
 * clock and not in the past, table, people, status and notes. A table booked for an overlapping time, or
 * seating fewer people, is the server's warning: the dialog shows it and lets the user save anyway.
 */
export function ReservationDialog({
  opened,
  onClose,
  editing,
  init,
  CustomerPicker,
}: {
  opened: boolean;
  onClose: () => void;
  editing: Reservation | null;
  init: ReservationInit;
  CustomerPicker: ComponentType<CustomerPickerProps>;
}) {
  const { t } = useTranslation('reservations');
  const [warning, setWarning] = useState<string | null>(null);
  // "Now" on the store's clock when the dialog opened: the picker's minimum. The page mounts a fresh
  // dialog for each opening, so the form starts from the booking (or a blank one) every time.
  const [now] = useState(() => wallTimeIn(init.timezone, new Date()));

  const form = useForm<FormValues>({
    initialValues: valuesOf(editing),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = editing
        ? updateReservationSchema.safeParse(bodyOf(values))
        : addReservationSchema.safeParse({ ...bodyOf(values), customerId: values.customer?.id ?? '' });
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'form');
          errors[field === 'customerId' ? 'customer' : field] ??= i18n.t(issue.message);
        }
      // Only a new time must be ahead: an update of a booking under way keeps its time.
      const moved = !editing || values.date !== editing.local_date.slice(0, 16);
      const earliest = wallTimeIn(
        init.timezone,
        new Date(Date.now() - RESERVATION_PAST_GRACE_MINUTES * 60_000),
      );
      if (!errors.date && moved && values.date < earliest) errors.date = i18n.t(PAST);
      return errors;
    },
  });

  const save = useSaveMutation({
    mutationFn: ({ values, override }: { values: FormValues; override: boolean }) => {
      const body = { ...bodyOf(values), override };
      return editing
        ? updateReservation({ ...body, id: editing.id })
        : addReservation({ ...body, customerId: values.customer?.id ?? '' });
    },
    changes: ['reservations'],
    onSuccess: onClose,
    // A booking the server warns about is confirmed in the dialog ('Save anyway'), not toasted.
    handleError: (error) => {
      if (!isWarning(error)) return false;
      setWarning(errorText(error, 'Something went wrong!'));
      return true;
    },
  });

  const tableOptions = [
    { value: '', label: t('field.noTable') },
    ...init.storeTables.map((table) => ({
      value: String(table.id),
      label: t('field.tableOption', {
        title: table.table_title,
        floor: table.floor,
        seats: table.seating_capacity,
      }),
    })),
  ];
  const statusOptions = RESERVATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  const original = editing?.local_date.slice(0, 16);
  const min = original && original < now ? original : now;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('dialog.editTitle', { code: editing.unique_code }) : t('dialog.addTitle')}
      size="lg"
    >
      {warning ? (
        <Stack gap="md" data-testid="reservation-warning">
          <Alert
            color="orange"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={20} />}
            title={t('warning.title')}
          >
            {warning}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setWarning(null)} disabled={save.isPending}>
              {t('warning.goBack')}
            </Button>
            <Button
              loading={save.isPending}
              onClick={() => save.mutate({ values: form.getValues(), override: true })}
            >
              {t('warning.saveAnyway')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => save.mutate({ values, override: false }))}>
          <Stack gap="md">
            {editing ? (
              <Stack gap={2}>
                <Text fz="sm" fw={500}>
                  {t('field.customer')}
                </Text>
                <Text>
                  {editing.customer_name} · {editing.customer_phone}
                </Text>
              </Stack>
            ) : (
              <CustomerPicker
                label={t('field.customer')}
                required
                value={form.getValues().customer}
                onChange={(customer) => {
                  form.setFieldValue('customer', customer);
                  if (customer) form.clearFieldError('customer');
                }}
                error={typeof form.errors.customer === 'string' ? form.errors.customer : undefined}
              />
            )}
            <TextInput
              type="datetime-local"
              label={t('field.date')}
              description={t('field.dateHint', { timezone: init.timezone })}
              required
              min={min}
              {...form.getInputProps('date')}
            />
            <Group grow align="flex-start" gap="md">
              <NativeSelect label={t('field.table')} data={tableOptions} {...form.getInputProps('tableId')} />
              <NumberInput
                label={t('field.people')}
                min={0}
                // Let a negative count through to validation, so its message explains it.
                clampBehavior="none"
                allowDecimal={false}
                required
                inputMode="numeric"
                {...form.getInputProps('peopleCount')}
              />
            </Group>
            <Input.Wrapper label={t('field.status')} labelElement="div" error={form.errors.status}>
              <SegmentedControl
                fullWidth
                data={statusOptions}
                aria-label={t('field.status')}
                value={form.getValues().status}
                onChange={(v) => form.setFieldValue('status', v as ReservationStatus)}
              />
            </Input.Wrapper>
            <Textarea
              label={t('field.notes')}
              autosize
              minRows={2}
              maxRows={5}
              {...form.getInputProps('notes')}
            />
            <DialogActions>
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                {t('dialog.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('dialog.save')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
