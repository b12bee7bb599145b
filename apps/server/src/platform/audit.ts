import type { Tx } from './db/client.ts';
import { auditLog, platformAuditLog } from './db/schema.ts';

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
  await tx.insert(auditLog).values({
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    actorDeviceId: actor.deviceId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    ip: actor.ip,
    details: entry.details ?? null,
  });
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
