import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArmchair, IconEdit, IconNotes, IconPhone, IconTrash, IconUsers } from '@tabler/icons-react';
import type { Reservation } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { RESERVATION_STATUS_COLORS } from '../../../lib/reservation-status.ts';
import { wallClock, wallDay } from '../../../lib/store-time.ts';

/** One booking: when (store time), its code, the guest, the table, how many, status and notes. */
export function ReservationCard({
  reservation: r,
  onEdit,
  onDelete,
}: {
  reservation: Reservation;
  /** Managers only: without them the card has no actions. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t, i18n } = useTranslation('reservations');
  const cancelled = r.status === 'cancelled';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="reservation-card" data-code={r.unique_code}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text
              fz={26}
              fw={700}
              lh={1.1}
              td={cancelled ? 'line-through' : undefined}
              data-testid="reservation-time"
            >
              {wallClock(r.local_date)}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="reservation-day">
              {wallDay(r.local_date, i18n.language)}
            </Text>
          </Stack>
          <Stack gap={6} align="flex-end">
            <Badge color={RESERVATION_STATUS_COLORS[r.status]} variant="light" size="lg" radius="sm">
              {t(`status.${r.status}`)}
            </Badge>
            <Text
              ff="monospace"
              fw={700}
              fz="xl"
              lh={1}
              style={{ letterSpacing: '0.12em' }}
              aria-label={`${t('card.code')} ${r.unique_code}`}
              data-testid="reservation-code"
            >
              {r.unique_code}
            </Text>
          </Stack>
        </Group>

        <Stack gap={4}>
          <Text fw={600} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {r.customer_name}
          </Text>
          <Group gap={6} wrap="nowrap" c="dimmed">
            <IconPhone size={15} aria-hidden style={{ flexShrink: 0 }} />
            <Text fz="sm">{r.customer_phone}</Text>
          </Group>
        </Stack>

        <Group gap="lg">
          <Group gap={6} wrap="nowrap">
            <IconArmchair size={17} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fz="sm" data-testid="reservation-table">
              {r.table_title
                ? r.floor
                  ? t('card.floor', { table: r.table_title, floor: r.floor })
                  : r.table_title
                : t('card.noTable')}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconUsers size={17} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text fz="sm">{t('card.people', { count: r.people_count })}</Text>
          </Group>
        </Group>

        {r.notes && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconNotes size={17} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {r.notes}
            </Text>
          </Group>
        )}

        {onEdit && onDelete && (
          <Group gap="sm" justify="flex-end" mt="auto">
            <Button
              variant="light"
              leftSection={<IconEdit size={18} />}
              onClick={onEdit}
              aria-label={t('card.editLabel', { code: r.unique_code })}
            >
              {t('card.edit')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={18} />}
              onClick={onDelete}
              aria-label={t('card.deleteLabel', { code: r.unique_code })}
            >
              {t('card.delete')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
