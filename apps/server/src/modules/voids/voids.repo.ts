import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { orderItems, storeSettings, voidReasons } from '../../platform/db/schema.ts';

// The void_reasons table, the void columns of order_items and the reason switch of store_settings.

/** Whether the store asks for a reason on every cancel and void (0024). */
export async function requiresReason(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select({ requireVoidReason: storeSettings.requireVoidReason })
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId))
    .limit(1);
  // Made at sign-up and never deleted (0006).
  if (!row) throw new Error(`store settings missing for tenant ${tenantId}`);
  return row.requireVoidReason;
}

export async function saveRequiresReason(tx: Tx, tenantId: number, requireVoidReason: boolean) {
  await tx.update(storeSettings).set({ requireVoidReason }).where(eq(storeSettings.tenantId, tenantId));
}

export function listReasons(tx: Tx, tenantId: number) {
  return tx
    .select({ id: voidReasons.id, title: voidReasons.title })
    .from(voidReasons)
    .where(eq(voidReasons.tenantId, tenantId))
    .orderBy(asc(voidReasons.id));
}

export async function findReason(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select({ id: voidReasons.id, title: voidReasons.title })
    .from(voidReasons)
    .where(and(eq(voidReasons.tenantId, tenantId), eq(voidReasons.id, id)))
    .limit(1);
  return row;
}

export async function insertReason(tx: Tx, tenantId: number, title: string) {
  const [row] = await tx.insert(voidReasons).values({ tenantId, title }).returning({ id: voidReasons.id });
  return row;
}

export async function updateReason(tx: Tx, tenantId: number, id: number, title: string) {
  const [row] = await tx
    .update(voidReasons)
    .set({ title })
    .where(and(eq(voidReasons.tenantId, tenantId), eq(voidReasons.id, id)))
    .returning({ id: voidReasons.id });
  return row;
}

/** Deletes a reason; voids and refunds keep the title they copied. */
export async function deleteReason(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(voidReasons)
    .where(and(eq(voidReasons.tenantId, tenantId), eq(voidReasons.id, id)))
    .returning({ id: voidReasons.id, title: voidReasons.title });
  return row;
}

/** A void as stored on its lines: the reason's title, who and when. */
export interface VoidMark {
  reason: string | null;
  userId: number | null;
}

/** One line voided: cancelled, with its reason, who and when. */
export async function voidItem(tx: Tx, tenantId: number, itemId: number, mark: VoidMark) {
  await tx
    .update(orderItems)
    .set({
      status: 'cancelled',
      voidReason: mark.reason,
      voidedBy: mark.userId,
      voidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, itemId)));
}

/**
 * Every line of these orders not already cancelled voided with one reason (a whole order cancelled);
 * lines voided before keep their own reason.
 */
export async function voidItemsOf(tx: Tx, tenantId: number, orderIds: number[], mark: VoidMark) {
  await tx
    .update(orderItems)
    .set({
      status: 'cancelled',
      voidReason: mark.reason,
      voidedBy: mark.userId,
      voidedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orderItems.tenantId, tenantId),
        inArray(orderItems.orderId, orderIds),
        ne(orderItems.status, 'cancelled'),
      ),
    );
}

/** A voided line brought back: it bills again and is no longer counted as a void. */
export async function clearVoid(tx: Tx, tenantId: number, itemId: number) {
  await tx
    .update(orderItems)
    .set({ voidReason: null, voidedBy: null, voidedAt: null, updatedAt: sql`now()` })
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, itemId)));
}
