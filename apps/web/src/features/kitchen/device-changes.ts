import type { OrderItemStatus } from '@comanda/core';
import { type OutboxEntry, lineIdOf } from '../../lib/offline/outbox.ts';
import type { KitchenBoard } from './api/get-kitchen.ts';

type Change = Pick<OutboxEntry, 'kind' | 'path' | 'body'>;

/**
 * The board with these calls applied: a step shows its new state, a bumped or cancelled ticket leaves.
 * Tickets the calls do not touch keep their objects, so their cards do not render again.
 */
export function boardWith(board: KitchenBoard, changes: readonly Change[]): KitchenBoard {
  if (changes.length === 0) return board;
  const gone = new Set<number>();
  const lineStatus = new Map<number, OrderItemStatus>();
  for (const change of changes) {
    if (change.kind === 'bump') gone.add(Number(change.path.split('/').at(-2)));
    if (change.kind === 'cancel')
      for (const id of (change.body as { orderIds: number[] }).orderIds) gone.add(id);
    if (change.kind === 'kitchen-status' || change.kind === 'item-status')
      lineStatus.set(lineIdOf(change), (change.body as { status: OrderItemStatus }).status);
  }
  return {
    ...board,
    orders: board.orders
      .filter((order) => !gone.has(order.id))
      .map((order) =>
        order.items.some((item) => lineStatus.has(item.id))
          ? {
              ...order,
              items: order.items.map((item) => {
                const status = lineStatus.get(item.id);
                return status ? { ...item, status } : item;
              }),
            }
          : order,
      ),
  };
}

/** The board as it will be once this device's waiting calls reach the server (docs/offline.md). */
export function ticketsWithDeviceChanges(board: KitchenBoard, entries: readonly OutboxEntry[]): KitchenBoard {
  return boardWith(
    board,
    entries.filter((e) => e.state === 'pending'),
  );
}
