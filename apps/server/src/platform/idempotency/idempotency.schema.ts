import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from '../db/columns.ts';

/** The first answer of each Idempotency-Key a tenant sent, replayed to repeats. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    key: text('key').notNull(),
    request: text('request').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);
