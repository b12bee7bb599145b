import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
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
