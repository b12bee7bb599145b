import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import {
  invoicePayments,
  invoices,
  orderItems,
  orders,
  refundLines,
  refunds,
  users,
} from '../../platform/db/schema.ts';

// The refunds and refund_lines tables, and the invoiced lines they give back.

/** An invoice of the tenant locked FOR UPDATE: two refunds of one invoice run one after the other. */
export async function lockInvoice(tx: Tx, tenantId: number, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)))
    .limit(1)
    .for('update');
  return row;
}

export async function findInvoice(tx: Tx, tenantId: number, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row;
}

/** The lines an invoice billed (its orders' lines not cancelled), in the order they were sent. */
export function invoicedLines(tx: Tx, tenantId: number, invoiceId: number) {
  return tx
    .select({
      id: orderItems.id,
      itemId: orderItems.itemId,
      itemTitle: orderItems.itemTitle,
      variantTitle: orderItems.variantTitle,
      basePriceMinor: orderItems.basePriceMinor,
      addonsPriceMinor: orderItems.addonsPriceMinor,
      quantity: orderItems.quantity,
      taxRateBp: orderItems.taxRateBp,
      taxType: orderItems.taxType,
      netMinor: orderItems.netMinor,
      taxMinor: orderItems.taxMinor,
      totalMinor: orderItems.totalMinor,
    })
    .from(orderItems)
    .innerJoin(orders, and(eq(orders.tenantId, orderItems.tenantId), eq(orders.id, orderItems.orderId)))
    .where(
      and(
        eq(orderItems.tenantId, tenantId),
        eq(orders.invoiceId, invoiceId),
        ne(orderItems.status, 'cancelled'),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
export type InvoicedLine = Awaited<ReturnType<typeof invoicedLines>>[number];

/** How an invoice was paid: each payment type's amount (change left out), in the order first used. */
export function billPayments(tx: Tx, tenantId: number, invoiceId: number) {
  return tx
    .select({
      paymentTypeId: invoicePayments.paymentTypeId,
      title: invoicePayments.paymentTypeTitle,
      amountMinor: sql<number>`sum(${invoicePayments.amountMinor})`.mapWith(Number),
    })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId)))
    .groupBy(invoicePayments.paymentTypeId, invoicePayments.paymentTypeTitle)
    .orderBy(sql`min(${invoicePayments.id})`);
}

/** How many units of each line of an invoice were refunded already, by order item id. */
export async function refundedQuantities(tx: Tx, tenantId: number, invoiceId: number) {
  const rows = await tx
    .select({
      orderItemId: refundLines.orderItemId,
      quantity: sql<number>`sum(${refundLines.quantity})`.mapWith(Number),
    })
    .from(refundLines)
    .innerJoin(refunds, and(eq(refunds.tenantId, refundLines.tenantId), eq(refunds.id, refundLines.refundId)))
    .where(and(eq(refundLines.tenantId, tenantId), eq(refunds.invoiceId, invoiceId)))
    .groupBy(refundLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.quantity]));
}

export type RefundValues = Omit<typeof refunds.$inferInsert, 'tenantId' | 'id'>;
export type RefundLineValues = Omit<typeof refundLines.$inferInsert, 'tenantId' | 'id' | 'refundId'>;

/** A refund and its lines; the rollup triggers (0017) take them off the reports. */
export async function insertRefund(
  tx: Tx,
  tenantId: number,
  values: RefundValues,
  lines: RefundLineValues[],
) {
  const [row] = await tx
    .insert(refunds)
    .values({ ...values, tenantId })
    .returning({ id: refunds.id });
  if (!row) throw new Error('refund insert returned no row');
  await tx.insert(refundLines).values(lines.map((l) => ({ ...l, tenantId, refundId: row.id })));
  return row;
}

/** The refunds of these invoices, oldest first, with who made them. */
export function refundsOf(tx: Tx, tenantId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ refund: refunds, userName: users.name })
    .from(refunds)
    .leftJoin(users, and(eq(users.tenantId, refunds.tenantId), eq(users.id, refunds.createdBy)))
    .where(and(eq(refunds.tenantId, tenantId), inArray(refunds.invoiceId, invoiceIds)))
    .orderBy(asc(refunds.id));
}

/** The lines of these refunds, in the order they were written. */
export function linesOf(tx: Tx, tenantId: number, refundIds: number[]) {
  if (refundIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(refundLines)
    .where(and(eq(refundLines.tenantId, tenantId), inArray(refundLines.refundId, refundIds)))
    .orderBy(asc(refundLines.id));
}
