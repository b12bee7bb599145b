import { sql } from 'drizzle-orm';
import { date, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

export const customers = pgTable(
  'customers',
  {
    tenantId: tenantId(),
    id: id(),
    phone: text('phone').notNull(),
    /** The phone's letters and digits, lower-cased: the key ('555-0101' and '555 0101' are one customer). */
    phoneKey: text('phone_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(regexp_replace(phone, '[^0-9A-Za-z]', '', 'g'))`),
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
