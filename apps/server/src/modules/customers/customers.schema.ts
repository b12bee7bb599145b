import { sql } from 'drizzle-orm';
import { date, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: id(),
    phone: text('phone').notNull(),
    /**
     * The phone's key, as core's phoneKeyOf computes it: ext read as x, then its letters and digits,
     * lower-cased ('555-0101' and '555 0101' are one customer, so are '1 ext 2' and '1 x 2').
     */
    phoneKey: text('phone_key')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(regexp_replace(regexp_replace(phone, 'ext', 'x', 'gi'), '[^0-9A-Za-z]', '', 'g'))`,
      ),
    name: text('name').notNull(),
    email: text('email'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender', { enum: ['female', 'male', 'other'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('customers_tenant_phone_key').on(t.tenantId, t.phoneKey),
  ],
);
