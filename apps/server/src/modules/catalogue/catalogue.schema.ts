import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../platform/db/columns.ts';

export const categories = pgTable(
  'categories',
  { tenantId: tenantId(), id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Titles are unique per tenant, ignoring case (0005).
    uniqueIndex('categories_tenant_title_key').on(t.tenantId, sql`lower(${t.title})`),
  ],
);

export const taxes = pgTable(
  'taxes',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    rateBp: integer('rate_bp').notNull(),
    type: text('type', { enum: ['exclusive', 'inclusive'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const paymentTypes = pgTable(
  'payment_types',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    /** Goes in the drawer (migration 0018): a new type titled 'Cash' is cash unless switched off. */
    isCash: boolean('is_cash').notNull().default(false),
    /** The owner's default (migration 0023): pays a bill sent without a payment; only an active type. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payment_types_tenant_default_key')
      .on(t.tenantId)
      .where(sql`is_default`),
    check('payment_types_default_active', sql`NOT is_default OR is_active`),
  ],
);
