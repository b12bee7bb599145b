import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, tenantId } from './columns.ts';

// Tables no module owns: secrets the nodes share, the audit trails and the rate-limit counters.

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantId(),
    id: id(),
    at: at('at')
      .notNull()
      .default(sql`now()`),
    actorUserId: ref('actor_user_id'),
    actorDeviceId: ref('actor_device_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const platformAuditLog = pgTable('platform_audit_log', {
  id: id().primaryKey(),
  at: at('at')
    .notNull()
    .default(sql`now()`),
  superadminId: ref('superadmin_id'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  ip: text('ip'),
  details: jsonb('details'),
});

/** Sign-in rate-limit counters shared by every node on PostgreSQL (0004); keys are hashed. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: at('reset_at').notNull(),
});
