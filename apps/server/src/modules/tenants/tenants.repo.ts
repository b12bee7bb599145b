import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { tenants } from '../../platform/db/schema.ts';

// The tenants table: every query of it lives here, whichever module needs it.

/** System path: creates a tenant (the super admin and sign-up are the only ones who do). */
export async function insertTenant(
  tx: Tx,
  values: { name: string; email: string; timezone: string; isActive?: boolean },
) {
  const [row] = await tx.insert(tenants).values(values).returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned nothing');
  return row.id;
}

/** The tenant's time zone (SPEC §2 Store Details), for its own screens and reports. */
export async function getTimezone(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx
    .select({ timezone: tenants.timezone })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row?.timezone ?? 'UTC';
}

export async function setTimezone(tx: Tx, tenantId: number, timezone: string) {
  await tx
    .update(tenants)
    .set({ timezone, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}
