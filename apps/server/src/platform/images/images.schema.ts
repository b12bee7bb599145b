import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, tenantId } from '../db/columns.ts';

export const images = pgTable(
  'images',
  {
    tenantId: tenantId(),
    id: id(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** The card-sized copy (migration 0010); null until made. */
    thumbBytes: bytea('thumb_bytes'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
