import type { KitchenTickets, OrderItemStatus } from '@comanda/core';
import { type OutboxEntry, lineIdOf } from '../../lib/offline/outbox.ts';

/**
 * The board as it will be once this device's waiting calls reach the server: a step taken offline shows
 * its new state, a bumped or cancelled ticket leaves (docs/offline.md).
 */
export function ticketsWithDeviceChanges(
  data: KitchenTickets,
  entries: readonly OutboxEntry[],
): KitchenTickets {
  const waiting = entries.filter((e) => e.state === 'pending');
  if (waiting.length === 0) return data;
  const gone = new Set<number>();
  const lineStatus = new Map<number, OrderItemStatus>();
  for (const entry of waiting) {
    if (entry.kind === 'bump') gone.add(Number(entry.path.split('/').at(-2)));
    if (entry.kind === 'cancel')
      for (const id of (entry.body as { orderIds: number[] }).orderIds) gone.add(id);
    if (entry.kind === 'kitchen-status' || entry.kind === 'item-status')
      lineStatus.set(lineIdOf(entry), (entry.body as { status: OrderItemStatus }).status);
  }
  return {
    ...data,
    orders: data.orders
      .filter((order) => !gone.has(order.id))
      .map((order) => ({
        ...order,
        items: order.items.map((item) => {
          const status = lineStatus.get(item.id);
          return status ? { ...item, status } : item;
        }),
      })),
  };
}
