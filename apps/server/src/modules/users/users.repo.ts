import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';

// The users table: every query of it lives here, whichever module needs it.

export type UserRow = typeof users.$inferSelect;

/** System path: a username is unique across the product and signs in before any tenant is known. */
export async function findUserByUsername(tx: Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

/**
 * The user's row held until commit, so that one person's changes (a double tap, two tablets, an owner's
 * correction) run one after the other: their clock entries, their drafts' count. NO KEY UPDATE: rows
 * that only reference the user (their orders) are not held up.
 */
export async function lockUser(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('no key update');
  return row;
}

export async function findUser(tx: Tx, tenantId: number, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function findUserByUsernameInTenant(tx: Tx, tenantId: number, username: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)))
    .limit(1);
  return row;
}

export function listUsers(tx: Tx, tenantId: number) {
  return tx
    .select()
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function insertUser(
  tx: Tx,
  tenantId: number,
  values: {
    username: string;
    passwordHash: string;
    name: string;
    role: 'admin' | 'staff';
    scope?: string;
    designation?: string | null;
    phone?: string | null;
    email?: string | null;
  },
) {
  const [row] = await tx
    .insert(users)
    .values({ tenantId, ...values })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** What a manager may change of a staff member (SPEC §2 Users). */
export async function updateUser(
  tx: Tx,
  tenantId: number,
  userId: number,
  values: {
    name: string;
    designation: string | null;
    phone: string | null;
    email: string | null;
    scope: string;
  },
) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

/** What a user may change of themselves (the Profile screen); answers the saved row. */
export async function updateProfile(
  tx: Tx,
  tenantId: number,
  userId: number,
  values: { name: string; designation: string | null },
) {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row;
}

export async function updatePasswordHash(tx: Tx, tenantId: number, userId: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function deleteUser(tx: Tx, tenantId: number, userId: number) {
  await tx.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
