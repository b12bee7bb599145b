import { Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconCheck,
  IconClock,
  IconFlame,
  IconPencil,
} from '@tabler/icons-react';
import type { KitchenLine, KitchenOrder } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { memo } from 'react';
import { useElapsedText, useLateness } from '../timer.ts';

/** Each lateness in colour AND words (and an icon), so it never rests on colour alone. */
const LATENESS = {
  ok: {
    bg: 'var(--mantine-color-dark-5)',
    fg: '#fff',
    border: 'var(--mantine-color-dark-4)',
    Icon: IconClock,
  },
  warn: { bg: '#ffd43b', fg: '#1a1b1e', border: '#ffd43b', Icon: IconAlertTriangle },
  late: { bg: '#c92a2a', fg: '#fff', border: '#ff6b6b', Icon: IconFlame },
} as const;

type OnItem = (order: KitchenOrder, item: KitchenLine, status: 'preparing' | 'completed') => void;

/**
 * One kitchen ticket, readable from two metres: the token, where it goes, how long it has waited
 * (amber, then red), its lines with one big button each, and Bump. A ticket changed after it was sent
 * says so, and its cancelled lines are struck through. It renders again only when its own ticket, its
 * lateness or its buttons' state change: the clock writes the timer's text by itself (../timer.ts).
 */
export const TicketCard = memo(function TicketCard({
  order,
  offset,
  thresholds,
  onItem,
  onBump,
  pendingItem,
  bumping,
}: {
  order: KitchenOrder;
  /** The server's clock minus this device's. */
  offset: number;
  thresholds: { warnMinutes: number; lateMinutes: number };
  onItem: OnItem;
  onBump: (order: KitchenOrder) => void;
  pendingItem: number | null;
  bumping: boolean;
}) {
  const { t } = useTranslation('kitchen');
  const lateness = useLateness(order.date, offset, thresholds);
  const timer = useElapsedText<HTMLParagraphElement>(order.date, offset);
  const look = LATENESS[lateness];
  const where = order.table_title
    ? order.floor
      ? t('ticket.tableFloor', { table: order.table_title, floor: order.floor })
      : order.table_title
    : // A dine-in order without a table goes to its name tag (issue 31).
      (order.name_tag ?? t(`delivery.${order.delivery_type}`));
  return (
    <Card
      radius="lg"
      padding={0}
      data-testid="ticket"
      data-token={order.token_no}
      data-lateness={lateness}
      data-changed={order.changed_at ? 'true' : undefined}
      style={{ border: `3px solid ${look.border}`, background: 'var(--mantine-color-dark-6)' }}
    >
      <Box px="md" py="sm" style={{ background: look.bg, color: look.fg }}>
        <Group justify="space-between" wrap="nowrap" align="center">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fz={40} fw={800} lh={1} c="inherit" data-testid="ticket-token">
              {t('ticket.token', { token: order.token_no })}
            </Text>
            <Text fz="lg" fw={600} c="inherit" style={{ overflowWrap: 'anywhere' }}>
              {where}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Group gap={6} wrap="nowrap">
              <look.Icon size={26} aria-hidden />
              <Text
                ref={timer}
                fz={30}
                fw={800}
                lh={1.1}
                c="inherit"
                ff="monospace"
                data-testid="ticket-timer"
              />
            </Group>
            <Text fz="md" fw={700} c="inherit" tt="uppercase" data-testid="ticket-lateness">
              {t(`lateness.${lateness}`)}
            </Text>
          </Stack>
        </Group>
      </Box>
      <Stack gap="sm" p="md">
        {order.changed_at && (
          <Badge
            color="grape"
            variant="filled"
            size="xl"
            radius="sm"
            leftSection={<IconPencil size={18} />}
            data-testid="ticket-changed"
          >
            {t('ticket.changed')}
          </Badge>
        )}
        {order.moved_from && (
          <Badge
            color="indigo.7"
            variant="filled"
            size="xl"
            radius="sm"
            leftSection={<IconArrowsExchange size={18} />}
            data-testid="ticket-moved"
          >
            {t('ticket.movedFrom', { table: order.moved_from })}
          </Badge>
        )}
        {order.customer_name && (
          <Text fz="md" c="gray.3">
            {order.customer_name}
          </Text>
        )}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {order.items.map((item) => (
            <TicketLine
              key={item.id}
              item={item}
              onItem={(line, status) => onItem(order, line, status)}
              loading={pendingItem === item.id}
            />
          ))}
        </Stack>
        <Button
          size="xl"
          color="dark"
          variant="white"
          fullWidth
          mt="xs"
          onClick={() => onBump(order)}
          loading={bumping}
          leftSection={<IconCheck size={24} />}
        >
          {t('ticket.bump')}
        </Button>
      </Stack>
    </Card>
  );
});

function TicketLine({
  item,
  onItem,
  loading,
}: {
  item: KitchenLine;
  onItem: (item: KitchenLine, status: 'preparing' | 'completed') => void;
  loading: boolean;
}) {
  const { t } = useTranslation('kitchen');
  const cancelled = item.status === 'cancelled';
  const done = item.status === 'completed' || item.status === 'delivered';
  const dim = cancelled || done;
  return (
    <Box
      component="li"
      data-testid="ticket-line"
      data-status={item.status}
      pb="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-dark-4)' }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text
            fz={24}
            fw={700}
            lh={1.2}
            c={dim ? 'gray.5' : 'white'}
            td={cancelled ? 'line-through' : undefined}
            style={{ overflowWrap: 'break-word' }}
          >
            {t('line.qty', { qty: item.quantity, title: item.item_title })}
          </Text>
          {item.variant_title && (
            <Text fz="lg" fw={600} c={dim ? 'gray.5' : 'gray.2'} td={cancelled ? 'line-through' : undefined}>
              {item.variant_title}
            </Text>
          )}
          {item.addons.length > 0 && (
            <Text fz="lg" c={dim ? 'gray.5' : 'gray.2'} td={cancelled ? 'line-through' : undefined}>
              {item.addons.map((a) => `+ ${a.title}`).join(', ')}
            </Text>
          )}
          {item.seat !== null && (
            <Text fz="lg" fw={600} c={dim ? 'gray.5' : 'gray.2'} data-testid="line-seat">
              {t('line.seat', { seat: item.seat })}
            </Text>
          )}
          {item.notes && (
            <Text fz="lg" fw={700} c="yellow.3" style={{ overflowWrap: 'break-word' }}>
              {t('line.notes', { notes: item.notes })}
            </Text>
          )}
          {item.void_reason && (
            <Text
              fz="lg"
              fw={700}
              c="red.3"
              data-testid="line-void-reason"
              style={{ overflowWrap: 'break-word' }}
            >
              {item.void_reason}
            </Text>
          )}
        </Stack>
        {/* A voided line: stop making it (docs/voids.md). */}
        {item.voided_at && (
          <Badge
            size="xl"
            color="red"
            variant="filled"
            radius="sm"
            style={{ flexShrink: 0 }}
            data-testid="line-void"
          >
            {t('line.void')}
          </Badge>
        )}
        {item.status !== 'created' && !item.voided_at && (
          <Text
            fz="md"
            fw={700}
            c={item.status === 'preparing' ? 'blue.3' : 'gray.4'}
            tt="uppercase"
            style={{ flexShrink: 0 }}
            data-testid="line-state"
          >
            {t(`status.${item.status}`)}
          </Text>
        )}
      </Group>
      {/* Full width under the line: a big target for wet hands, and room for long titles. */}
      {item.status === 'created' && (
        <Button
          size="lg"
          color="blue"
          fullWidth
          mt="xs"
          onClick={() => onItem(item, 'preparing')}
          loading={loading}
        >
          {t('line.start')}
        </Button>
      )}
      {item.status === 'preparing' && (
        <Button
          size="lg"
          color="green"
          fullWidth
          mt="xs"
          onClick={() => onItem(item, 'completed')}
          loading={loading}
        >
          {t('line.complete')}
        </Button>
      )}
    </Box>
  );
}
