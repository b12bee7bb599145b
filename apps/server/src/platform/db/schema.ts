import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The drizzle view of migrations/*.sql; the SQL files are the source of truth for the database.
const id = (name = 'id') => bigint(name, { mode: 'number' }).generatedAlwaysAsIdentity();
const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
const ref = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () =>
  at('created_at')
    .notNull()
    .default(sql`now()`);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const tenants = pgTable('tenants', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  timezone: text('timezone').notNull().default('UTC'),
  subscriptionStart: at('subscription_start'),
  subscriptionEnd: at('subscription_end'),
  createdAt: createdAt(),
  updatedAt: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'staff'] }).notNull(),
    scope: text('scope').notNull().default(''),
    designation: text('designation'),
    phone: text('phone'),
    email: text('email'),
    photo: text('photo'),
    createdAt: createdAt(),
    updatedAt: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const devices = pgTable(
  'devices',
  {
    tenantId: tenantId(),
    id: id(),
    userId: ref('user_id').notNull(),
    name: text('name').notNull(),
    ip: text('ip'),
    location: text('location'),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: at('rotated_at')
      .notNull()
      .default(sql`now()`),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at')
      .notNull()
      .default(sql`now()`),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tenantId: tenantId(),
    id: id(),
    userId: ref('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

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

export const superadmins = pgTable('superadmins', {
  id: id().primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default('Super Admin'),
  createdAt: createdAt(),
  updatedAt: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const superadminDevices = pgTable('superadmin_devices', {
  id: id().primaryKey(),
  superadminId: ref('superadmin_id').notNull(),
  name: text('name').notNull(),
  ip: text('ip'),
  refreshHash: text('refresh_hash').notNull(),
  previousRefreshHash: text('previous_refresh_hash'),
  rotatedAt: at('rotated_at')
    .notNull()
    .default(sql`now()`),
  createdAt: createdAt(),
  revokedAt: at('revoked_at'),
});

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
