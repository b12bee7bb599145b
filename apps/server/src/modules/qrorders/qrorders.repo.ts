import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { newStatusToken, orders, qrOrders } from '../../platform/db/schema.ts';

// The qr_orders table.

export type QrOrderRow = typeof qrOrders.$inferSelect;

export async function countPending(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(qrOrders)
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.status, 'pending')));
  return row?.n ?? 0;
}

/** The pending QR orders, oldest first. */
export function listPending(tx: Tx, tenantId: number): Promise<QrOrderRow[]> {
  return tx
    .select()
    .from(qrOrders)
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.status, 'pending')))
    .orderBy(asc(qrOrders.createdAt), asc(qrOrders.id));
}

/** The QR orders sent straight to the kitchen since `since`, newest first, with their order's token. */
export function listSentSince(tx: Tx, tenantId: number, since: Date) {
  return tx
    .select({
      id: qrOrders.id,
      createdAt: qrOrders.createdAt,
      tableTitle: qrOrders.tableTitle,
      customerName: qrOrders.customerName,
      deliveryType: qrOrders.deliveryType,
      tokenNo: orders.tokenNo,
    })
    .from(qrOrders)
    .innerJoin(orders, and(eq(orders.tenantId, qrOrders.tenantId), eq(orders.id, qrOrders.orderId)))
    .where(
      and(
        eq(qrOrders.tenantId, tenantId),
        eq(orders.tenantId, tenantId),
        eq(qrOrders.sentToKitchen, true),
        gt(qrOrders.createdAt, since),
      ),
    )
    .orderBy(desc(qrOrders.createdAt), desc(qrOrders.id));
}

/** A QR order's status, or undefined when the tenant has no such QR order. */
export async function findStatus(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select({ status: qrOrders.status })
    .from(qrOrders)
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.id, id)))
    .limit(1);
  return row?.status;
}

/** Locks a QR order of the tenant FOR UPDATE (whatever its status); a missing id locks nothing. */
export async function lockQrOrder(tx: Tx, tenantId: number, id: number) {
  await tx
    .select({ id: qrOrders.id })
    .from(qrOrders)
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.id, id)))
    .for('update');
}

/**
 * Moves one pending QR order on (accepted into an order, or cancelled); undefined when it is not
 * pending (any more): the condition in the UPDATE makes two terminals taking it at once safe.
 */
export async function leavePending(tx: Tx, tenantId: number, id: number, status: 'accepted' | 'cancelled') {
  const [row] = await tx
    .update(qrOrders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.id, id), eq(qrOrders.status, 'pending')))
    .returning();
  return row;
}

/** Records the order an accepted QR order became. */
export async function setOrderId(tx: Tx, tenantId: number, id: number, orderId: number) {
  await tx
    .update(qrOrders)
    .set({ orderId })
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.id, id)));
}

/** Cancels every pending QR order; answers their ids. */
export async function cancelAllPending(tx: Tx, tenantId: number): Promise<number[]> {
  const rows = await tx
    .update(qrOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.status, 'pending')))
    .returning({ id: qrOrders.id });
  return rows.map((r) => r.id);
}

export type QrOrderValues = Omit<typeof qrOrders.$inferInsert, 'tenantId' | 'id' | 'statusToken' | 'status'>;

/** A diner's new QR order, pending at the POS, with a fresh status token (issue 11). */
export async function insertQrOrder(tx: Tx, tenantId: number, values: QrOrderValues) {
  const [row] = await tx
    .insert(qrOrders)
    .values({ ...values, tenantId, status: 'pending', statusToken: newStatusToken() })
    .returning({ id: qrOrders.id, statusToken: qrOrders.statusToken });
  if (!row) throw new Error('qr order insert returned nothing');
  return row;
}

/** A QR order of the tenant by its status token. */
export async function findByStatusToken(tx: Tx, tenantId: number, token: string) {
  const [row] = await tx
    .select()
    .from(qrOrders)
    .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.statusToken, token)))
    .limit(1);
  return row;
}
