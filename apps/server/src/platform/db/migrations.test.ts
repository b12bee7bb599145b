import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationFiles } from './migrate.ts';

// A scratch database with every migration before 0005 applied, so 0005 meets the data it was written for.
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  for (const m of migrationFiles()) {
    if (m.version >= '0005') break;
    await db.exec(m.sql);
  }
});
afterAll(() => db.close());

describe('0005_category_titles_unique', () => {
  it('renames existing duplicate titles per tenant (ignoring case) to free names, keeps items on them, then refuses new ones', async () => {
    await db.exec(`
      insert into tenants (id, name, email) overriding system value values (1, 'A', 'a@x.test'), (2, 'B', 'b@x.test');
      insert into categories (tenant_id, id, title) overriding system value values
        (1, 1, 'Drinks'), (1, 2, 'drinks'), (1, 3, 'DRINKS'), (1, 4, 'Food'), (2, 5, 'Drinks'),
        (1, 6, 'Drinks (2)');
      insert into menu_items (tenant_id, title, price_minor, category_id) values (1, 'Tea', 150, 2);
    `);
    const sql = migrationFiles().find((m) => m.version.startsWith('0005'))?.sql ?? '';
    await db.exec(sql);
    const { rows } = await db.query<{ tenant_id: number; id: number; title: string }>(
      'select tenant_id, id, title from categories order by id',
    );
    // 'Drinks (2)' was already taken, so the renames skip to the next free number.
    expect(rows.map((r) => r.title)).toEqual([
      'Drinks',
      'drinks (3)',
      'DRINKS (4)',
      'Food',
      'Drinks',
      'Drinks (2)',
    ]);
    const items = await db.query<{ category_id: number }>('select category_id from menu_items');
    expect(items.rows).toEqual([{ category_id: 2 }]);
    await expect(
      db.exec(`insert into categories (tenant_id, id, title) overriding system value values (1, 10, 'food')`),
    ).rejects.toThrow(/categories_tenant_title_key/);
  });
});
