import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Menu,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconCheck,
  IconCash,
  IconDotsVertical,
  IconPrinter,
  IconX,
} from '@tabler/icons-react';
import {
  DINE_OUT_GROUP,
  SETTABLE_ITEM_STATUSES,
  formatMoney,
  type OrderItem,
  type OrderItemStatus,
  type OrdersInit,
} from '@comanda/core';
import { type ShownGroup, type ShownOrder, isLocal } from '../device-changes.ts';
import { useTranslation } from 'react-i18next';
import type { SettableStatus } from '../api/mutations.ts';
import { minorOf } from '../money.ts';

/** A hint on a disabled button shows on a tap too, not only on hover (tablets have no hover). */
const TOUCH_TOOLTIP = { hover: true, focus: true, touch: true };

/** The one colour of each line status on this screen. */
export const ITEM_STATUS_COLORS: Record<OrderItemStatus, string> = {
  created: 'gray',
  preparing: 'yellow',
  completed: 'teal',
  delivered: 'blue',
  cancelled: 'red',
};

export interface GroupActions {
  onStatus: (item: OrderItem, status: SettableStatus) => void;
  onCancel: () => void;
  onComplete: () => void;
  onPay: () => void;
  onPrint: () => void;
  /** Which of the group's calls is running, if any. */
  busy: 'pay' | 'print' | null;
  /** Move the group, or a line, to another table (docs/moves.md). */
  onMove: () => void;
  onMoveItem: (item: OrderItem) => void;
  /** Why moving is not possible now (offline, orders not synced), or null. */
  moveBlocked: string | null;
  /**
   * What the user may do (docs/orders.md, Who may do what): set a line's kitchen status (`status`), and
   * void, restore, cancel, complete, pay or move (`manage`). A display user only reads.
   */
  may: { status: boolean; manage: boolean };
}

/** Whether a group has nothing left to bill: every line voided. Only then may it be completed unpaid. */
const nothingToBill = (group: ShownGroup) =>
  group.orders.every((o) => o.items.every((i) => i.status === 'cancelled'));

/**
 * One table (or 'Dine Out / Delivery') with its open orders: each order's token, time and guest, its
 * lines with a status menu each, and the group's actions, Pay & Complete last (the primary one).
 */
export function TableGroupCard({
  group,
  init,
  actions,
}: {
  group: ShownGroup;
  init: OrdersInit;
  actions: GroupActions;
}) {
  const { t } = useTranslation('orders');
  const title = group.table_title ?? t(DINE_OUT_GROUP);
  const totalMinor = group.orders.reduce((sum, o) => sum + minorOf(o.total, init.currency.digits), 0);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="table-group" data-group={group.key}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {group.floor && (
              <Text c="dimmed" fz="sm">
                {t('group.floor', { floor: group.floor })}
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <Text fw={700} fz="lg" data-testid="group-total">
              {formatMoney(totalMinor, init.currency.code)}
            </Text>
            <Text c="dimmed" fz="sm">
              {t('group.orders', { count: group.orders.length })}
            </Text>
          </Stack>
        </Group>

        {group.orders.map((order) => (
          <OrderBlock
            key={order.id}
            order={order}
            timeZone={init.storeSettings.timezone}
            onStatus={actions.may.status ? actions.onStatus : null}
            actions={actions}
          />
        ))}

        <Group gap="sm" justify="flex-end" mt="auto" pt="xs">
          {group.table_id !== null && actions.may.manage && (
            <Tooltip label={actions.moveBlocked} disabled={!actions.moveBlocked} events={TOUCH_TOOLTIP}>
              <Button
                variant="default"
                leftSection={<IconArrowsExchange size={18} />}
                onClick={actions.onMove}
                data-disabled={actions.moveBlocked ? true : undefined}
                aria-disabled={actions.moveBlocked ? true : undefined}
              >
                {t('actions.move')}
              </Button>
            </Tooltip>
          )}
          {actions.may.manage && (
            <Button variant="light" color="red" leftSection={<IconX size={18} />} onClick={actions.onCancel}>
              {t('actions.cancel')}
            </Button>
          )}
          {/* Completing closes a group unpaid: offered only when nothing is left to bill (issue 29). */}
          {actions.may.manage && nothingToBill(group) && (
            <Button variant="default" leftSection={<IconCheck size={18} />} onClick={actions.onComplete}>
              {t('actions.complete')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} />}
            onClick={actions.onPrint}
            loading={actions.busy === 'print'}
          >
            {t('actions.print')}
          </Button>
          {actions.may.manage && (
            <Button
              leftSection={<IconCash size={18} />}
              onClick={actions.onPay}
              loading={actions.busy === 'pay'}
            >
              {t('actions.pay')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function OrderBlock({
  order,
  timeZone,
  onStatus,
  actions,
}: {
  order: ShownOrder;
  timeZone: string;
  onStatus: GroupActions['onStatus'] | null;
  actions: GroupActions;
}) {
  const local = isLocal(order);
  const { t, i18n } = useTranslation('orders');
  const time = new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(new Date(order.date));
  return (
    <Stack gap="xs" data-testid="order" data-token={order.provisional_token ?? order.token_no}>
      <Divider />
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={800} fz="xl" lh={1} data-testid="order-token">
            {t('order.token', { token: order.provisional_token ?? order.token_no })}
          </Text>
          {local && (
            <Badge variant="light" color="yellow" radius="sm" data-testid="order-unsynced">
              {t('order.unsynced')}
            </Badge>
          )}
          <Text c="dimmed" fz="sm">
            {time}
          </Text>
          <Badge variant="light" color="gray" radius="sm">
            {t(`delivery.${order.delivery_type}`)}
          </Badge>
          {order.moved_from && (
            <Badge variant="light" color="indigo" radius="sm" data-testid="order-moved">
              {t('order.movedFrom', { table: order.moved_from })}
            </Badge>
          )}
        </Group>
        <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere', textAlign: 'right' }}>
          {order.customer_name ?? t('order.walkIn')}
        </Text>
      </Group>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {order.items.map((item) => (
          <LineRow
            key={item.id}
            item={item}
            onStatus={local ? null : onStatus}
            manage={actions.may.manage}
            move={
              order.delivery_type === 'dinein' && order.table_id !== null && actions.may.manage
                ? actions
                : null
            }
          />
        ))}
      </Stack>
    </Stack>
  );
}

/** A line; its status menu is left out while its order exists only on this device (no id to name). */
function LineRow({
  item,
  onStatus,
  manage,
  move,
}: {
  item: OrderItem;
  onStatus: GroupActions['onStatus'] | null;
  /** Whether the user may void the line or bring it back (both change the bill). */
  manage: boolean;
  /** The group's move actions, for a line of a dine-in order at a table. */
  move: GroupActions | null;
}) {
  const { t } = useTranslation('orders');
  const cancelled = item.status === 'cancelled';
  const details = [item.variant_title, ...item.addons.map((a) => `+ ${a.title}`)].filter(Boolean).join(', ');
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="order-line"
      data-status={item.status}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} td={cancelled ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {t('line.qty', { qty: item.quantity, title: item.item_title })}
        </Text>
        {details && (
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {details}
          </Text>
        )}
        {item.notes && (
          <Text fz="sm" fs="italic" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('line.notes', { notes: item.notes })}
          </Text>
        )}
        {item.void_reason && (
          <Text fz="sm" c="red.8" data-testid="line-void-reason" style={{ overflowWrap: 'anywhere' }}>
            {t('void.shown', { reason: item.void_reason })}
          </Text>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {item.seat !== null && (
          <Badge color="gray" variant="outline" radius="sm" data-testid="line-seat">
            {t('line.seat', { seat: item.seat })}
          </Badge>
        )}
        <Badge color={ITEM_STATUS_COLORS[item.status]} variant="light" radius="sm" data-testid="line-status">
          {t(`status.${item.status}`)}
        </Badge>
        {/* A voided line comes back only by a restore, which changes the bill: the till's. */}
        {onStatus && (manage || !cancelled) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('line.statusMenu', { title: item.item_title })}
              >
                <IconDotsVertical size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('line.setStatus')}</Menu.Label>
              {SETTABLE_ITEM_STATUSES.filter((status) => manage || status !== 'cancelled').map((status) => (
                <Menu.Item
                  key={status}
                  disabled={status === item.status}
                  onClick={() => onStatus(item, status)}
                  mih={44}
                >
                  {t(`status.${status}`)}
                </Menu.Item>
              ))}
              {move && !cancelled && (
                <>
                  <Menu.Divider />
                  <Menu.Item
                    leftSection={<IconArrowsExchange size={18} />}
                    disabled={move.moveBlocked !== null}
                    onClick={() => move.onMoveItem(item)}
                    mih={44}
                  >
                    <Text inherit>{t('line.move')}</Text>
                    {move.moveBlocked && (
                      <Text fz="xs" c="dimmed">
                        {move.moveBlocked}
                      </Text>
                    )}
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Group>
  );
}
