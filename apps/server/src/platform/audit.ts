import { sql } from 'drizzle-orm';
import type { Tx } from './db/client.ts';
import { platformAuditLog } from './db/schema.ts';

/** Who is acting: the signed-in user and device, and where the request came from. */
export interface Actor {
  tenantId: number;
  userId: number | null;
  deviceId: number | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  details?: Record<string, unknown>;
}

/**
 * Appends one row to the tenant's audit log inside the caller's transaction, so the record and the
 * change it describes commit or roll back together. Every destructive or money-moving action calls it.
 */
export async function audit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  // A SQL template, not the query builder: every order writes one, inside the window where the day's
  // token row is held (orders.repo.ts explains).
  await tx.execute(sql`
    insert into audit_log (tenant_id, actor_user_id, actor_device_id, action, target_type, target_id, ip, details)
    values (${actor.tenantId}, ${actor.userId}, ${actor.deviceId}, ${entry.action}, ${entry.targetType ?? null},
      ${entry.targetId === undefined ? null : String(entry.targetId)}, ${actor.ip},
      ${entry.details === undefined ? null : JSON.stringify(entry.details)}::jsonb)`);
}

/** The same for the super admin's actions, which belong to no tenant. */
export async function auditPlatform(
  tx: Tx,
  actor: { superadminId: number | null; ip: string | null },
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(platformAuditLog).values({
    superadminId: actor.superadminId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: actor.ip,
    details: entry.details ?? null,
  });
}
