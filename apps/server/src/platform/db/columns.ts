import { sql } from 'drizzle-orm';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

// Column shapes every <module>.schema.ts shares. The drizzle tables mirror migrations/*.sql; the SQL
// files are the source of truth for the database (schema-drift.test.ts checks the two agree).

/** bytea as a Buffer on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const id = (name = 'id') => bigint(name, { mode: 'number' }).generatedAlwaysAsIdentity();
export const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
export const ref = (name: string) => bigint(name, { mode: 'number' });
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () =>
  at('created_at')
    .notNull()
    .default(sql`now()`);
export const updatedAt = () =>
  at('updated_at')
    .notNull()
    .default(sql`now()`);
/** Money: integer minor units of the store currency. */
export const minor = (name: string) => bigint(name, { mode: 'number' });
