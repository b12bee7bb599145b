import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { auditLog, platformAuditLog } from '../../platform/db/schema.ts';

// What the super admin reads about one tenant beyond its row and its subscription events (billing.repo):
// the two audit logs. Tenant tables are read in the tenant's own transaction (inTenant), so RLS scopes
// them as well as the filters here.

const tenantAuditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  ip: auditLog.ip,
  details: auditLog.details,
};

/** One page of the tenant's own audit log, newest first, and how many rows it has. */
export async function tenantAuditPage(tx: Tx, tenantId: number, limit: number, offset: number) {
  const rows = await tx
    .select(tenantAuditColumns)
    .from(auditLog)
    .where(eq(auditLog.tenantId, tenantId))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(auditLog).where(eq(auditLog.tenantId, tenantId));
  return { rows, total: total?.n ?? 0 };
}

/** The super admin's actions on one tenant (target_type 'tenant'), newest first (system path). */
export async function platformAuditPage(tx: Tx, tenantId: number, limit: number, offset: number) {
  const about = and(
    eq(platformAuditLog.targetType, 'tenant'),
    eq(platformAuditLog.targetId, String(tenantId)),
  );
  const rows = await tx
    .select({
      id: platformAuditLog.id,
      at: platformAuditLog.at,
      action: platformAuditLog.action,
      targetType: platformAuditLog.targetType,
      targetId: platformAuditLog.targetId,
      ip: platformAuditLog.ip,
      details: platformAuditLog.details,
    })
    .from(platformAuditLog)
    .where(about)
    .orderBy(desc(platformAuditLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(platformAuditLog).where(about);
  return { rows, total: total?.n ?? 0 };
}
