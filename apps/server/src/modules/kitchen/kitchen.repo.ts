import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { orderItems, orders, storeSettings } from '../../platform/db/schema.ts';
import type { OrderRow } from '../orders/orders.repo.ts';

// The kitchen's reads and writes of orders and order_items, and its two columns of store_settings.

/** Lines the kitchen still has to make. */
export const OPEN_LINE = ['created', 'preparing'] as const;

/**
 * The tickets still to make, oldest first: orders not cancelled with a line created or preparing. The
 * open lines are found through the partial index order_items_open_idx, not by probing every order.
 */
export function listTickets(tx: Tx, tenantId: number): Promise<OrderRow[]> {
  // The one tenant filter is the open lines'; an order matches on its own tenant and id.
  const openLines = tx
    .select({ tenantId: orderItems.tenantId, orderId: orderItems.orderId })
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.status, [...OPEN_LINE])));
  return tx
    .select()
    .from(orders)
    .where(and(sql`(${orders.tenantId}, ${orders.id}) in (${openLines})`, ne(orders.status, 'cancelled')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The ticket recall would bring back: the latest bumped order not cancelled. */
export async function lastBumped(tx: Tx, tenantId: number, opts: { forUpdate?: boolean } = {}) {
  const query = tx
    .select({ id: orders.id, tokenNo: orders.tokenNo, source: orders.source })
    .from(orders)
    .where(
      and(eq(orders.tenantId, tenantId), isNotNull(orders.kitchenBumpedAt), ne(orders.status, 'cancelled')),
    )
    .orderBy(desc(orders.kitchenBumpedAt), desc(orders.id))
    .limit(1);
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row;
}

/**
 * Moves one line from `from` to `to`; false when it was no longer at `from` (another screen moved it):
 * the condition in the UPDATE is what makes two cooks tapping at once safe.
 */
export async function moveItem(
  tx: Tx,
  tenantId: number,
  itemId: number,
  from: OrderItemStatus,
  to: OrderItemStatus,
) {
  const rows = await tx
    .update(orderItems)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, itemId), eq(orderItems.status, from)))
    .returning({ id: orderItems.id });
  return rows.length > 0;
}

type OrderItemStatus = (typeof orderItems.$inferSelect)['status'];

/** Moves every line of an order in one of `from` to `to`; answers how many moved. */
export async function moveOrderItems(
  tx: Tx,
  tenantId: number,
  orderId: number,
  from: readonly OrderItemStatus[],
  to: OrderItemStatus,
) {
  const rows = await tx
    .update(orderItems)
    .set({ status: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(orderItems.tenantId, tenantId),
        eq(orderItems.orderId, orderId),
        inArray(orderItems.status, [...from]),
      ),
    )
    .returning({ id: orderItems.id });
  return rows.length;
}

/** Sets (a Date) or clears (null) an order's bump mark. */
export async function setBumpedAt(tx: Tx, tenantId: number, orderId: number, at: Date | null) {
  await tx
    .update(orders)
    .set({ kitchenBumpedAt: at, updatedAt: sql`now()` })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
}

/** The ticket timer thresholds, in minutes. */
export async function getThresholds(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select({ warnMinutes: storeSettings.kitchenWarnMinutes, lateMinutes: storeSettings.kitchenLateMinutes })
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId))
    .limit(1);
  // Made with the tenant and never deleted (store.repo.ts).
  if (!row) throw new Error(`store settings missing for tenant ${tenantId}`);
  return row;
}

export async function setThresholds(
  tx: Tx,
  tenantId: number,
  values: { warnMinutes: number; lateMinutes: number },
) {
  await tx
    .update(storeSettings)
    .set({
      kitchenWarnMinutes: values.warnMinutes,
      kitchenLateMinutes: values.lateMinutes,
      updatedAt: sql`now()`,
    })
    .where(eq(storeSettings.tenantId, tenantId));
}
