import { and, asc, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
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

/** The users with a PIN set (who of them may approve is the service's call: mayApprove). */
export function listUsersWithPin(tx: Tx, tenantId: number) {
  return tx
    .select({ id: users.id, name: users.name, role: users.role, scope: users.scope, pinHash: users.pinHash })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.pinHash)))
    .orderBy(asc(users.name), asc(users.id));
}

/** A user as an approver: who, what they may do, whether their PIN is set. */
export async function findApprover(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, role: users.role, scope: users.scope, pinHash: users.pinHash })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

/**
 * Counts a PIN attempt before the PIN is checked, so guesses sent at once all count: one more failure
 * on a user whose PIN is set and not locked (a right PIN resets it afterwards). Answers the user and
 * the failures now, or undefined when the PIN is not set or is locked.
 */
export async function claimPinAttempt(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .update(users)
    .set({ pinFailures: sql`${users.pinFailures} + 1` })
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.id, userId),
        isNotNull(users.pinHash),
        or(isNull(users.pinLockedUntil), lte(users.pinLockedUntil, sql`now()`)),
      ),
    )
    .returning({
      id: users.id,
      name: users.name,
      role: users.role,
      scope: users.scope,
      pinHash: users.pinHash,
      pinFailures: users.pinFailures,
      pinLocks: users.pinLocks,
    });
  return row;
}

/** How long a user's PIN stays locked, in ms (0 or less: not locked). */
export async function pinLockedMs(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({
      ms: sql<number | null>`(extract(epoch from (${users.pinLockedUntil} - now())) * 1000)::int`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.ms ?? 0;
}

/** A wrong PIN that reached the limit: the PIN locked for `minutes`, or switched off (hash removed). */
export async function lockPin(tx: Tx, tenantId: number, userId: number, minutes: number | null) {
  await tx
    .update(users)
    .set(
      minutes === null
        ? { pinHash: null, pinFailures: 0, pinLocks: 0, pinLockedUntil: null }
        : {
            pinFailures: 0,
            pinLocks: sql`${users.pinLocks} + 1`,
            pinLockedUntil: sql`now() + ${minutes} * interval '1 minute'`,
          },
    )
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** A right PIN: the count of failures and of locks starts again. */
export async function resetPinFailures(tx: Tx, tenantId: number, userId: number) {
  await tx
    .update(users)
    .set({ pinFailures: 0, pinLocks: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** Sets (or with null removes) a user's PIN hash; a new PIN starts with no failures or locks. */
export async function savePinHash(tx: Tx, tenantId: number, userId: number, pinHash: string | null) {
  await tx
    .update(users)
    .set({ pinHash, pinFailures: 0, pinLocks: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function insertApproval(tx: Tx, values: typeof discountApprovals.$inferInsert) {
  await tx.insert(discountApprovals).values(values);
}

/**
 * Uses an approval: only the cashier it was given to, for the same orders and discounts and at most the
 * money approved, once, and only if the sale was made before it expired. Answers the approver, or
 * undefined when any of that fails.
 */
export async function useApproval(
  tx: Tx,
  tenantId: number,
  id: string,
  requestedBy: number,
  bill: { key: string; discountMinor: number; soldAt: Date },
) {
  const [row] = await tx
    .update(discountApprovals)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(discountApprovals.tenantId, tenantId),
        eq(discountApprovals.id, id),
        eq(discountApprovals.requestedBy, requestedBy),
        eq(discountApprovals.approvalKey, bill.key),
        gte(discountApprovals.discountMinor, bill.discountMinor),
        isNull(discountApprovals.usedAt),
        gt(discountApprovals.expiresAt, bill.soldAt),
      ),
    )
    .returning({ approverId: discountApprovals.approverId });
  return row;
}
