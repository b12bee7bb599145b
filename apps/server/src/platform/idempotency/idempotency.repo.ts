import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

// The idempotency_keys table: the first answer of each Idempotency-Key a tenant sent.

/**
 * Claims a key for this request: true when the row is new (this request goes on), false when the key
 * was already taken. A concurrent request with the same key waits here on the primary key until the
 * first one commits (then false) or rolls back (then true).
 */
export async function claimKey(tx: Tx, tenantId: number, key: string, request: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ tenantId, key, request })
    .onConflictDoNothing({ target: [idempotencyKeys.tenantId, idempotencyKeys.key] })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

/** The stored request fingerprint and answer of a key. */
export async function findKey(tx: Tx, tenantId: number, key: string) {
  const [row] = await tx
    .select({ request: idempotencyKeys.request, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** Stores the answer of a claimed key (same transaction as the work it answers for). */
export async function storeResponse(tx: Tx, tenantId: number, key: string, response: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ response: sql`${JSON.stringify(response)}::jsonb` })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
}

/** Forgets the tenant's keys older than `days`: their requests can no longer be retried as such. */
export async function deleteExpired(tx: Tx, tenantId: number, days: number) {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.tenantId, tenantId),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    );
}
