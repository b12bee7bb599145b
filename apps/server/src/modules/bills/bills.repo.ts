import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { invoicePartLines, invoiceParts } from '../../platform/db/schema.ts';

// The invoice_parts and invoice_part_lines tables (a split bill's parts and their shares of lines).

export type PartValues = Omit<typeof invoiceParts.$inferInsert, 'tenantId' | 'invoiceId'>;
export type PartLineValues = Omit<typeof invoicePartLines.$inferInsert, 'tenantId' | 'invoiceId'>;

/** A split bill's parts and their shares of its lines, in one insert each. */
export async function insertParts(
  tx: Tx,
  tenantId: number,
  invoiceId: number,
  parts: PartValues[],
  lines: PartLineValues[],
) {
  if (parts.length === 0) return;
  await tx.insert(invoiceParts).values(parts.map((p) => ({ ...p, tenantId, invoiceId })));
  if (lines.length > 0)
    await tx.insert(invoicePartLines).values(lines.map((l) => ({ ...l, tenantId, invoiceId })));
}

/** An invoice's parts, in order. */
export function listParts(tx: Tx, tenantId: number, invoiceId: number) {
  return tx
    .select()
    .from(invoiceParts)
    .where(and(eq(invoiceParts.tenantId, tenantId), eq(invoiceParts.invoiceId, invoiceId)))
    .orderBy(asc(invoiceParts.partNo));
}

/** An invoice's part lines, by part then line. */
export function listPartLines(tx: Tx, tenantId: number, invoiceId: number) {
  return tx
    .select()
    .from(invoicePartLines)
    .where(and(eq(invoicePartLines.tenantId, tenantId), eq(invoicePartLines.invoiceId, invoiceId)))
    .orderBy(asc(invoicePartLines.partNo), asc(invoicePartLines.orderItemId));
}
