import { type SQL, and, asc, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { auditLog, users } from '../../platform/db/schema.ts';

// The tenant's audit_log as its owner browses it (read only: the log is append-only).

export interface AuditFilters {
  /** An exact action ('order_item.void') or a family, the part before the dot ('order_item'). */
  action?: string;
  userId?: number;
  /** Text in the target (type or id) or anywhere in the details. */
  q?: string;
  from?: Date;
  to?: Date;
}

function where(tenantId: number, f: AuditFilters) {
  const conditions: (SQL | undefined)[] = [eq(auditLog.tenantId, tenantId)];
  if (f.action) {
    conditions.push(
      f.action.includes('.')
        ? eq(auditLog.action, f.action)
        : ilike(auditLog.action, `${escapeLike(f.action)}.%`),
    );
  }
  if (f.userId !== undefined) conditions.push(eq(auditLog.actorUserId, f.userId));
  if (f.from) conditions.push(gte(auditLog.at, f.from));
  if (f.to) conditions.push(lt(auditLog.at, f.to));
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    conditions.push(
      or(
        ilike(auditLog.targetType, like),
        ilike(auditLog.targetId, like),
        ilike(sql`${auditLog.details}::text`, like),
      ),
    );
  }
  return and(...conditions);
}

/** One page of the log, newest first, with the acting user's name, and how many rows match. */
export async function auditPage(tx: Tx, tenantId: number, f: AuditFilters, limit: number, offset: number) {
  const rows = await tx
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      userId: auditLog.actorUserId,
      userName: users.name,
      username: users.username,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.tenantId, auditLog.tenantId), eq(users.id, auditLog.actorUserId)))
    .where(where(tenantId, f))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(auditLog).where(where(tenantId, f));
  return { rows, total: total?.n ?? 0 };
}

/** The action names the tenant's log holds, for the filter. */
export async function actions(tx: Tx, tenantId: number) {
  const rows = await tx
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.tenantId, tenantId))
    .orderBy(asc(auditLog.action));
  return rows.map((r) => r.action);
}

/** The tenant's users, for the filter. */
export function userList(tx: Tx, tenantId: number) {
  return tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.name), asc(users.id));
}
