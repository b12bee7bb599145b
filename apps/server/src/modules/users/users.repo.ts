import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';

export function listUsers(tx: Tx, tenantId: number) {
  return tx
    .select()
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function findUserByUsernameInTenant(tx: Tx, tenantId: number, username: string) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, username)))
    .limit(1);
  return row;
}

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

export async function deleteUser(tx: Tx, tenantId: number, userId: number) {
  await tx.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}
