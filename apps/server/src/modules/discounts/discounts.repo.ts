import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { invoiceLineDiscounts, storeSettings } from '../../platform/db/schema.ts';

// The invoice_line_discounts table and the discount and service-charge columns of store_settings.

export type LineDiscountValues = Omit<typeof invoiceLineDiscounts.$inferInsert, 'tenantId' | 'invoiceId'>;

/** A bill's discounted lines, in one insert. */
export async function insertLineDiscounts(
  tx: Tx,
  tenantId: number,
  invoiceId: number,
  lines: LineDiscountValues[],
) {
  if (lines.length === 0) return;
  await tx.insert(invoiceLineDiscounts).values(lines.map((l) => ({ ...l, tenantId, invoiceId })));
}

/** A bill's discounted lines. */
export function listLineDiscounts(tx: Tx, tenantId: number, invoiceId: number) {
  return tx
    .select()
    .from(invoiceLineDiscounts)
    .where(and(eq(invoiceLineDiscounts.tenantId, tenantId), eq(invoiceLineDiscounts.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLineDiscounts.orderItemId));
}

const billColumns = {
  managerDiscountBp: storeSettings.managerDiscountBp,
  serviceChargeBp: storeSettings.serviceChargeBp,
  serviceChargeGuests: storeSettings.serviceChargeGuests,
};

/** The store's discount threshold and service charge. */
export async function getBillSettings(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select(billColumns)
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId))
    .limit(1);
  // Made at sign-up and never deleted (0006).
  if (!row) throw new Error(`store settings missing for tenant ${tenantId}`);
  return row;
}

export async function saveBillSettings(
  tx: Tx,
  tenantId: number,
  values: { managerDiscountBp: number; serviceChargeBp: number; serviceChargeGuests: number },
) {
  await tx.update(storeSettings).set(values).where(eq(storeSettings.tenantId, tenantId));
}
