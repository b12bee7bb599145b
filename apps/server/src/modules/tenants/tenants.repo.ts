import { type SQL, and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
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

// The super administrator's tenant list (system path: comanda_system reads these columns, 0014).

const listColumns = {
  id: tenants.id,
  name: tenants.name,
  email: tenants.email,
  isActive: tenants.isActive,
  subscriptionStart: tenants.subscriptionStart,
  subscriptionEnd: tenants.subscriptionEnd,
  suspendedAt: tenants.suspendedAt,
  createdAt: tenants.createdAt,
};
export type TenantListRow = Awaited<ReturnType<typeof listTenants>>[number];

export interface TenantFilter {
  status: 'active' | 'inactive' | 'all';
  /** Name or e-mail contains it, case-insensitive, taken literally (no wildcards). */
  search?: string;
  /** subscription_end in [from, to): the date filter (docs/superadmin-tenants.md). */
  endsBetween?: { from: Date; to: Date };
}

function tenantWhere(filter: TenantFilter): SQL | undefined {
  const pattern = filter.search === undefined ? undefined : `%${escapeLike(filter.search)}%`;
  return and(
    filter.status === 'all' ? undefined : eq(tenants.isActive, filter.status === 'active'),
    pattern ? or(ilike(tenants.name, pattern), ilike(tenants.email, pattern)) : undefined,
    filter.endsBetween
      ? and(
          gte(tenants.subscriptionEnd, filter.endsBetween.from),
          lt(tenants.subscriptionEnd, filter.endsBetween.to),
        )
      : undefined,
  );
}

/** One page of tenants, newest first (limit/offset), or all of them without a page. */
export function listTenants(tx: Tx, filter: TenantFilter, page?: { limit: number; offset: number }) {
  const query = tx
    .select(listColumns)
    .from(tenants)
    .where(tenantWhere(filter))
    .orderBy(desc(tenants.createdAt), desc(tenants.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countTenants(tx: Tx, filter: TenantFilter): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(tenants).where(tenantWhere(filter));
  return row?.n ?? 0;
}

/** Active and inactive tenants, for the status tabs. */
export async function countByStatus(tx: Tx) {
  const rows = await tx
    .select({ isActive: tenants.isActive, n: count() })
    .from(tenants)
    .groupBy(tenants.isActive);
  const active = rows.find((r) => r.isActive)?.n ?? 0;
  const inactive = rows.find((r) => !r.isActive)?.n ?? 0;
  return { active, inactive };
}

export async function findTenant(tx: Tx, tenantId: number) {
  const [row] = await tx.select(listColumns).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

/** The tenant's row, locked until commit: one super-admin change of a tenant at a time. */
export async function lockTenant(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select(listColumns)
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1)
    .for('update');
  return row;
}

export async function updateTenant(
  tx: Tx,
  tenantId: number,
  values: { name: string; email: string; isActive: boolean; suspendedAt?: Date | null },
) {
  await tx
    .update(tenants)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

/**
 * Deletes the tenant and every row it owns, its audit log included, through purge_tenant (migration
 * 0014, the one way audit rows can go). False when there was no such tenant.
 */
export async function purgeTenant(tx: Tx, tenantId: number): Promise<boolean> {
  // The one statement that may rightly run long (years of a busy tenant's rows), after the card was
  // cancelled: it is not bound by the request statement timeout (DATABASE_STATEMENT_TIMEOUT_MS).
  await tx.execute(sql`select set_config('statement_timeout', '0', true)`);
  // Both drivers answer { rows } for a raw statement.
  const { rows } = (await tx.execute(sql`select purge_tenant(${tenantId}) as purged`)) as {
    rows: { purged: boolean }[];
  };
  return rows[0]?.purged === true;
}
