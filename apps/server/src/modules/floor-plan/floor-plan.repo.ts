import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { planTableSchema } from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import { orders, storeTables } from '../../platform/db/schema.ts';

// The plan columns of store_tables and the receipt mark of orders (migration 0038).

type PlanTableInput = z.output<typeof planTableSchema>;

/** Places (and maybe renames) one table; answers its id, or undefined when the tenant has no such table. */
export async function placeTable(tx: Tx, tenantId: number, t: PlanTableInput) {
  const [row] = await tx
    .update(storeTables)
    .set({
      planX: t.x,
      planY: t.y,
      planWidth: t.width,
      planHeight: t.height,
      planShape: t.shape,
      ...(t.title === undefined ? {} : { title: t.title }),
    })
    .where(and(eq(storeTables.tenantId, tenantId), eq(storeTables.id, t.id)))
    .returning({ id: storeTables.id });
  return row;
}

/**
 * Marks these orders' bill printed now, the open ones only (a bill printed for a group paid meanwhile on
 * another tablet changes nothing). Answers the orders marked.
 */
export function markReceiptPrinted(tx: Tx, tenantId: number, ids: number[], at: Date) {
  return tx
    .update(orders)
    .set({ receiptPrintedAt: at })
    .where(
      and(
        eq(orders.tenantId, tenantId),
        inArray(orders.id, ids),
        eq(orders.status, 'created'),
        eq(orders.paymentStatus, 'pending'),
      ),
    )
    .returning({ id: orders.id, source: orders.source, receiptPrintedAt: orders.receiptPrintedAt });
}

/** How many of these ids are orders of the tenant (another tenant's are simply not found). */
export async function countOrders(tx: Tx, tenantId: number, ids: number[]) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
  return row?.n ?? 0;
}
