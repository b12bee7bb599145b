import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, tenantId } from '../../platform/db/columns.ts';

/** A browser the owner made a store device: its credential opens the PIN pad only (0036). */
export const storeDevices = pgTable(
  'store_devices',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    idleSeconds: integer('idle_seconds').notNull().default(120),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at')
      .notNull()
      .default(sql`now()`),
    revokedAt: at('revoked_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Wrong PINs of one person on one store device, and that device's lock of their PIN. */
export const storeDevicePinFailures = pgTable(
  'store_device_pin_failures',
  {
    tenantId: tenantId(),
    storeDeviceId: ref('store_device_id').notNull(),
    userId: ref('user_id').notNull(),
    failures: smallint('failures').notNull().default(0),
    locks: smallint('locks').notNull().default(0),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.storeDeviceId, t.userId] })],
);
