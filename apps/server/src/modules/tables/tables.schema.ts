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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
