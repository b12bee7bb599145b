import { integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, tenantId, updatedAt } from '../../platform/db/columns.ts';

export const reservations = pgTable(
  'reservations',
  {
    tenantId: tenantId(),
    id: id(),
    uniqueCode: text('unique_code').notNull(),
    customerId: ref('customer_id').notNull(),
    tableId: ref('table_id'),
    startsAt: at('starts_at').notNull(),
    peopleCount: integer('people_count').notNull(),
    status: text('status', { enum: ['booked', 'paid', 'cancelled'] })
      .notNull()
      .default('booked'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('reservations_tenant_code_key').on(t.tenantId, t.uniqueCode),
  ],
);
