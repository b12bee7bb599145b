import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { discountApprovals, invoiceLineDiscounts, storeSettings, users } from '../../platform/db/schema.ts';

// The invoice_line_discounts and discount_approvals tables, the discount and service-charge columns of
// store_settings, and the PIN columns of users.

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

/** The users with a PIN set (who of them may approve is the service's call: canDo). */
export function listUsersWithPin(tx: Tx, tenantId: number) {
  return tx
    .select({ id: users.id, name: users.name, role: users.role, scope: users.scope })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.pinHash)))
    .orderBy(asc(users.name), asc(users.id));
}

/** One user's PIN state, the row locked: concurrent tries on one PIN count one after another. */
export async function lockPinUser(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      scope: users.scope,
      pinHash: users.pinHash,
      pinFailures: users.pinFailures,
      lockedMs: sql<number | null>`(extract(epoch from (${users.pinLockedUntil} - now())) * 1000)::int`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
  return row;
}

/** A wrong PIN: one more failure, and at `lockAt` failures the PIN is locked for `lockMinutes`. */
export async function countPinFailure(
  tx: Tx,
  tenantId: number,
  userId: number,
  failures: number,
  lockAt: number,
  lockMinutes: number,
) {
  const locks = failures >= lockAt;
  await tx
    .update(users)
    .set({
      pinFailures: locks ? 0 : failures,
      pinLockedUntil: locks ? sql`now() + ${lockMinutes} * interval '1 minute'` : null,
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return locks;
}

export async function resetPinFailures(tx: Tx, tenantId: number, userId: number) {
  await tx
    .update(users)
    .set({ pinFailures: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Sets (or with null removes) a user's PIN hash; a new PIN starts with no failures. */
export async function savePinHash(tx: Tx, tenantId: number, userId: number, pinHash: string | null) {
  await tx
    .update(users)
    .set({ pinHash, pinFailures: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function insertApproval(tx: Tx, values: typeof discountApprovals.$inferInsert) {
  await tx.insert(discountApprovals).values(values);
}

/**
 * Uses an approval: only the cashier it was given to, for the same orders and discounts, once, before it
 * expires. Answers the approver, or undefined when any of that fails.
 */
export async function useApproval(
  tx: Tx,
  tenantId: number,
  id: string,
  requestedBy: number,
  approvalKey: string,
) {
  const [row] = await tx
    .update(discountApprovals)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(discountApprovals.tenantId, tenantId),
        eq(discountApprovals.id, id),
        eq(discountApprovals.requestedBy, requestedBy),
        eq(discountApprovals.approvalKey, approvalKey),
        isNull(discountApprovals.usedAt),
        gt(discountApprovals.expiresAt, sql`now()`),
      ),
    )
    .returning({ approverId: discountApprovals.approverId });
  return row;
}
