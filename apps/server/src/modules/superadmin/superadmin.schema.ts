import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, updatedAt } from '../../platform/db/columns.ts';

export const superadmins = pgTable('superadmins', {
  id: id().primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default('Super Admin'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
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
