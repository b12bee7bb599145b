import { and, asc, eq, gt, gte, isNotNull, isNull, sql } from 'drizzle-orm';
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
 * A user's PIN state, their row locked FOR UPDATE until the transaction ends: PIN checks of one manager
 * are claimed one at a time, however many requests arrive at once. `lockedMs`: how long the PIN stays
 * locked (0: not locked).
 */
export async function lockPinState(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      scope: users.scope,
      pinHash: users.pinHash,
      pinFailures: users.pinFailures,
      pinLocks: users.pinLocks,
      lockedMs: sql<number>`coalesce(greatest(ceil(extract(epoch from (${users.pinLockedUntil} - now())) * 1000), 0), 0)::int`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update');
  return row;
}

/** A claimed PIN check counted as a failure until it proves right (a right PIN resets the count). */
export async function countPinFailure(tx: Tx, tenantId: number, userId: number, failures: number) {
  await tx
    .update(users)
    .set({ pinFailures: failures })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** The last check of a lock window claimed: the PIN locked for `minutes`, the lock counted. */
export async function lockPin(tx: Tx, tenantId: number, userId: number, minutes: number) {
  await tx
    .update(users)
    .set({
      pinFailures: 0,
      pinLocks: sql`${users.pinLocks} + 1`,
      pinLockedUntil: sql`now() + ${minutes} * interval '1 minute'`,
    })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** A wrong PIN on the lock that switches it off: the hash checked removed (not a PIN set meanwhile). */
export async function disablePin(tx: Tx, tenantId: number, userId: number, pinHash: string) {
  await tx
    .update(users)
    .set({ pinHash: null, pinFailures: 0, pinLocks: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.pinHash, pinHash)));
}

/**
 * A right PIN: the count of failures and of locks starts again. Answers false when the PIN checked is
 * no longer the user's (switched off or set again meanwhile): it then approves nothing.
 */
export async function resetPinFailures(tx: Tx, tenantId: number, userId: number, pinHash: string) {
  const rows = await tx
    .update(users)
    .set({ pinFailures: 0, pinLocks: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.pinHash, pinHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Sets (or with null removes) a user's PIN hash; a new PIN starts with no failures or locks. */
export async function savePinHash(tx: Tx, tenantId: number, userId: number, pinHash: string | null) {
  await tx
    .update(users)
    .set({ pinHash, pinFailures: 0, pinLocks: 0, pinLockedUntil: null })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** An approval lasting `minutes` by the database's clock, the one its use is judged by; its expiry. */
export async function insertApproval(
  tx: Tx,
  values: Omit<typeof discountApprovals.$inferInsert, 'expiresAt'>,
  minutes: number,
) {
  const [row] = await tx
    .insert(discountApprovals)
    .values({ ...values, expiresAt: sql`now() + ${minutes} * interval '1 minute'` })
    .returning({ expiresAt: discountApprovals.expiresAt });
  if (!row) throw new Error('approval not stored');
  return row.expiresAt;
}

/**
 * Uses an approval: only the cashier it was given to, for the same orders and discounts and at most the
 * money approved, once, and only before it expires by the database's clock now. Answers the approver,
 * or undefined when any of that fails.
 */
export async function useApproval(
  tx: Tx,
  tenantId: number,
  id: string,
  requestedBy: number,
  bill: { key: string; discountMinor: number },
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
        gt(discountApprovals.expiresAt, sql`now()`),
      ),
    )
    .returning({ approverId: discountApprovals.approverId });
  return row;
}
