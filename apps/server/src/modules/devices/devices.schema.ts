import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, tenantId } from '../../platform/db/columns.ts';

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
    // A session opened by PIN on a store device, and its idle time (0036; 0 for e-mail sessions).
    storeDeviceId: ref('store_device_id'),
    idleSeconds: integer('idle_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
