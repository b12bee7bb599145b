import {
  type Order,
  type OrderItemStatus,
  type TableGroup,
  currencyDigits,
  fromMinor,
  toMinor,
} from '@comanda/core';
import { type OutboxEntry, lineIdOf } from '../../lib/offline/outbox.ts';

/** An order of Table Orders: the server's, or one sent from this device and not yet synced. */
export type ShownOrder = Order & { provisional_token?: string };
export type ShownGroup = Omit<TableGroup, 'orders'> & { orders: ShownOrder[] };

/** Whether an order exists only on this device so far (its ids are negative until the sync). */
export const isLocal = (order: ShownOrder) => order.id < 0;

/**
 * The open orders as this device will leave them once its outbox has synced (docs/offline.md): what the
 * server answered, with the calls still waiting applied on top, so an action taken offline shows at
 * once and does not seem to have been lost.
 *
 * - an order sent from this device and not yet synced joins its table's group (or Dine Out / Delivery);
 * - a group cancelled, completed or paid offline leaves the list, as it does online;
 * - a line's status set offline shows the status chosen.
 */
export function withDeviceChanges(
  groups: readonly TableGroup[],
  entries: readonly OutboxEntry[],
): ShownGroup[] {
  const waiting = entries.filter((e) => e.state === 'pending');
  const closedIds = new Set<number>();
  const closedUuids = new Set<string>();
  const lineStatus = new Map<number, OrderItemStatus>();
  for (const entry of waiting) {
    if (entry.kind === 'cancel' || entry.kind === 'complete' || entry.kind === 'table-pay') {
      for (const id of (entry.body as { orderIds?: number[] }).orderIds ?? []) closedIds.add(id);
      for (const uuid of entry.orderUuids) closedUuids.add(uuid);
    }
    if (entry.kind === 'item-status' || entry.kind === 'kitchen-status')
      lineStatus.set(lineIdOf(entry), (entry.body as { status: OrderItemStatus }).status);
  }

  const shown = new Map<string, ShownGroup>();
  const add = (key: string, order: ShownOrder, base?: Omit<TableGroup, 'orders' | 'order_ids'>) => {
    const group = shown.get(key) ?? {
      key,
      table_id: base?.table_id ?? order.table_id,
      table_title: base?.table_title ?? order.table_title,
      floor: base?.floor ?? order.floor,
      orders: [],
      order_ids: [],
    };
    group.orders.push(order);
    if (!isLocal(order)) group.order_ids.push(order.id);
    shown.set(key, group);
  };

  for (const group of groups)
    for (const order of group.orders) {
      if (closedIds.has(order.id)) continue;
      const changed = order.items.some((item) => lineStatus.has(item.id));
      add(group.key, changed ? withLineStatus(order, lineStatus) : order, group);
    }
  // The server may already have an order whose entry this tab has not yet seen leave: never twice.
  const known = new Set(groups.flatMap((g) => g.orders.map((o) => o.uuid)));
  for (const entry of waiting) {
    const order = entry.kind === 'send' ? entry.preview : null;
    if (!order || known.has(order.uuid) || closedUuids.has(order.uuid)) continue;
    add(
      order.table_id !== null && order.delivery_type === 'dinein' ? `table-${order.table_id}` : 'dine-out',
      order,
    );
  }
  return [...shown.values()];
}

/**
 * An order with line statuses set on this device: its totals follow, as the server's do (a cancelled
 * line is not billed), so a bill worked out offline does not charge a dish cancelled offline.
 */
function withLineStatus(order: ShownOrder, lineStatus: ReadonlyMap<number, OrderItemStatus>): ShownOrder {
  const digits = currencyDigits(order.currency);
  const items = order.items.map((item) => {
    const status = lineStatus.get(item.id);
    return status ? { ...item, status } : item;
  });
  const billed = items.filter((item) => item.status !== 'cancelled');
  const sum = (pick: (item: (typeof items)[number]) => number) =>
    fromMinor(
      billed.reduce((total, item) => total + (toMinor(pick(item), digits) ?? 0), 0),
      digits,
    );
  return {
    ...order,
    items,
    sub_total: sum((i) => i.net),
    tax_total: sum((i) => i.tax),
    total: sum((i) => i.total),
  };
}
