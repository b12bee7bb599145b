import { sql } from 'drizzle-orm';
import { pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../platform/db/columns.ts';

/** The owner's list of reasons a line is voided or an invoice refunded (0017). */
export const voidReasons = pgTable(
  'void_reasons',
  { tenantId: tenantId(), id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Titles are unique per tenant, ignoring case.
    uniqueIndex('void_reasons_tenant_title_key').on(t.tenantId, sql`lower(${t.title})`),
  ],
);
