import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { passwordResetTokens } from '../../platform/db/schema.ts';

// The password_reset_tokens table: the single-use links of forgot-password.

export async function insertResetToken(
  tx: Tx,
  tenantId: number,
  values: { userId: number; tokenHash: string; expiresAt: Date },
) {
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({ tenantId, ...values })
    .returning({ id: passwordResetTokens.id });
  if (!row) throw new Error('reset token insert returned nothing');
  return row.id;
}

export async function findResetToken(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tenantId, tenantId), eq(passwordResetTokens.id, id)))
    .limit(1);
  return row;
}

/** Marks a reset token used; answers false when it was already used (a second click, a race). */
export async function useResetToken(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tenantId, tenantId),
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Marks every unused reset token of a user used, once one of them has set the password. */
export async function useOpenResetTokens(tx: Tx, tenantId: number, userId: number) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tenantId, tenantId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}
