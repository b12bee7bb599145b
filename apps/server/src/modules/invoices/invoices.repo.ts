import { type SQL, and, asc, desc, eq, gte, ilike, inArray, lt, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { invoicePayments, invoices } from '../../platform/db/schema.ts';

// The invoices and invoice_payments tables.

export type InvoiceValues = Omit<typeof invoices.$inferInsert, 'tenantId' | 'id'>;

export async function insertInvoice(tx: Tx, tenantId: number, values: InvoiceValues) {
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, tenantId })
    .returning({ id: invoices.id });
  if (!row) throw new Error('invoice insert returned no row');
  return row;
}

export type PaymentValues = Omit<typeof invoicePayments.$inferInsert, 'tenantId' | 'id' | 'invoiceId'>;

export async function insertPayment(tx: Tx, tenantId: number, invoiceId: number, values: PaymentValues) {
  await tx.insert(invoicePayments).values({ ...values, tenantId, invoiceId });
}

export async function findInvoice(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .limit(1);
  return row;
}

export function listPayments(tx: Tx, tenantId: number, invoiceId: number) {
  return tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.id));
}

export type InvoiceRow = typeof invoices.$inferSelect;

/** The payment rows of these invoices, in the order they were paid. */
export function paymentsOf(tx: Tx, tenantId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), inArray(invoicePayments.invoiceId, invoiceIds)))
    .orderBy(asc(invoicePayments.id));
}

/** The newest `limit` invoices created in [from, to), newest first. */
export function listInvoicesBetween(
  tx: Tx,
  tenantId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), gte(invoices.createdAt, from), lt(invoices.createdAt, to)))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
}

/** Invoices by number (all digits) or by the guest's name or phone as billed, newest first. */
export function searchInvoices(tx: Tx, tenantId: number, q: string, limit: number): Promise<InvoiceRow[]> {
  const pattern = `%${escapeLike(q)}%`;
  const byNumber: SQL | undefined = /^\d{1,15}$/.test(q) ? eq(invoices.id, Number(q)) : undefined;
  return tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        or(byNumber, ilike(invoices.customerName, pattern), ilike(invoices.customerPhone, pattern)),
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
}
