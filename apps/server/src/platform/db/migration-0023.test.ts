import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles } from './migrate.ts';

// A scratch database with every migration before 0023 applied, so 0023 meets existing stores' types.
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  for (const m of migrationFiles()) {
    if (m.version >= '0023') break;
    await db.exec(m.sql);
  }
});
afterAll(() => db.close());

describe('0023_default_payment_type', () => {
  it("marks each existing store's active Cash, else its first active type, as the default; one active mark per store", async () => {
    await db.exec(`
      insert into tenants (id, name, email) overriding system value values
        (1, 'A', 'a@x.test'), (2, 'B', 'b@x.test'), (3, 'C', 'c@x.test'), (4, 'D', 'd@x.test'), (5, 'E', 'e@x.test');
      insert into payment_types (tenant_id, id, title, is_active) overriding system value values
        (1, 1, 'Card', true), (1, 2, 'cash', true),
        (2, 3, 'Card', false), (2, 4, 'Voucher', true), (2, 5, 'Bank', true),
        (3, 6, 'Cash', false), (3, 7, 'Card', true),
        (4, 8, 'Card', false);
    `);
    await db.exec(migrationFiles().find((m) => m.version.startsWith('0023'))?.sql ?? '');
    const { rows } = await db.query<{ tenant_id: number; title: string }>(
      'select tenant_id, title from payment_types where is_default order by tenant_id',
    );
    expect(rows).toEqual([
      { tenant_id: 1, title: 'cash' },
      { tenant_id: 2, title: 'Voucher' },
      { tenant_id: 3, title: 'Card' },
    ]);
    await expect(db.exec('update payment_types set is_default = true where id = 1')).rejects.toThrow(
      /payment_types_tenant_default_key/,
    );
    await expect(db.exec('update payment_types set is_default = true where id = 8')).rejects.toThrow(
      /payment_types_default_active/,
    );
  });
});
