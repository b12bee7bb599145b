import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';

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
