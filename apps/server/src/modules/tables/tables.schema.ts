import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../platform/db/columns.ts';

export const storeTables = pgTable(
  'store_tables',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    floor: text('floor').notNull(),
    seatingCapacity: integer('seating_capacity').notNull(),
    qrToken: text('qr_token').notNull(),
    /** Its place on its floor's plan in plan units, all four or none (none: a grid slot, migration 0038). */
    planX: integer('plan_x'),
    planY: integer('plan_y'),
    planWidth: integer('plan_width'),
    planHeight: integer('plan_height'),
    planShape: text('plan_shape', { enum: ['square', 'round'] })
      .notNull()
      .default('square'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
