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

describe('0006_tenant_settings_rows', () => {
  it('gives every tenant lacking them store settings named after it, each with its own menu code, and print settings; keeps existing rows', async () => {
    const before = new PGlite();
    try {
      for (const m of migrationFiles()) {
        if (m.version >= '0006') break;
        await before.exec(m.sql);
      }
      await before.exec(`
        insert into tenants (id, name, email) overriding system value
          values (1, 'Tasca', 'a@x.test'), (2, 'Bar B', 'b@x.test'), (3, 'Cafe C', 'c@x.test');
        insert into store_settings (tenant_id, store_name, unique_qr_code, currency) values (1, 'Renamed', 'keepMe', 'EUR');
        insert into print_settings (tenant_id, header) values (1, 'Hello');
      `);
      await before.exec(migrationFiles().find((m) => m.version.startsWith('0006'))?.sql ?? '');
      const stores = await before.query<{
        tenant_id: number;
        store_name: string;
        unique_qr_code: string;
        currency: string;
      }>('select tenant_id, store_name, unique_qr_code, currency from store_settings order by tenant_id');
      expect(stores.rows).toEqual([
        { tenant_id: 1, store_name: 'Renamed', unique_qr_code: 'keepMe', currency: 'EUR' },
        {
          tenant_id: 2,
          store_name: 'Bar B',
          unique_qr_code: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) as unknown,
          currency: 'USD',
        },
        {
          tenant_id: 3,
          store_name: 'Cafe C',
          unique_qr_code: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) as unknown,
          currency: 'USD',
        },
      ]);
      expect(stores.rows[1]?.unique_qr_code).not.toBe(stores.rows[2]?.unique_qr_code);
      const prints = await before.query<{ tenant_id: number; header: string; page_format: number }>(
        'select tenant_id, header, page_format from print_settings order by tenant_id',
      );
      expect(prints.rows).toEqual([
        { tenant_id: 1, header: 'Hello', page_format: 80 },
        { tenant_id: 2, header: '', page_format: 80 },
        { tenant_id: 3, header: '', page_format: 80 },
      ]);
      // A tenant inserted afterwards, by any code, has both rows in the same transaction.
      await before.exec(
        `insert into tenants (id, name, email) overriding system value values (4, 'Dona D', 'd@x.test')`,
      );
      const made = await before.query<{ store_name: string; page_format: number }>(
        'select s.store_name, p.page_format from store_settings s join print_settings p using (tenant_id) where tenant_id = 4',
      );
      expect(made.rows).toEqual([{ store_name: 'Dona D', page_format: 80 }]);
    } finally {
      await before.close();
    }
  });
});

describe('0027_tenant_suspension', () => {
  it('suspends the tenants switched off while their subscription runs, and no other; a suspended tenant cannot be active', async () => {
    const before = new PGlite();
    try {
      for (const m of migrationFiles()) {
        if (m.version >= '0027') break;
        await before.exec(m.sql);
      }
      await before.exec(`
        insert into tenants (id, name, email, is_active, billing_subscription_id) overriding system value values
          (1, 'Off while paying', 'a@x.test', false, 'sub_1'),
          (2, 'Unpaid', 'b@x.test', false, null),
          (3, 'Paying', 'c@x.test', true, 'sub_3');
      `);
      await before.exec(migrationFiles().find((m) => m.version.startsWith('0027'))?.sql ?? '');
      const { rows } = await before.query<{ id: number; suspended: boolean }>(
        'select id, suspended_at is not null as suspended from tenants order by id',
      );
      expect(rows).toEqual([
        { id: 1, suspended: true },
        { id: 2, suspended: false },
        { id: 3, suspended: false },
      ]);
      await expect(before.exec('update tenants set is_active = true where id = 1')).rejects.toThrow(
        /tenants_suspended_inactive/,
      );
    } finally {
      await before.close();
    }
  });
});

describe('0031_new_store_cash', () => {
  it("gives each new tenant an active, cash, default Cash and leaves existing tenants' types alone", async () => {
    const before = new PGlite();
    try {
      for (const m of migrationFiles()) {
        if (m.version >= '0031') break;
        await before.exec(m.sql);
      }
      await before.exec(`
        insert into tenants (id, name, email) overriding system value values (1, 'Old', 'a@x.test'), (2, 'Bare', 'b@x.test');
        insert into payment_types (tenant_id, title, is_active, is_default) values (1, 'Card', true, true);
      `);
      await before.exec(migrationFiles().find((m) => m.version.startsWith('0031'))?.sql ?? '');
      await before.exec(
        `insert into tenants (id, name, email) overriding system value values (3, 'New', 'c@x.test')`,
      );
      const { rows } = await before.query<{ tenant_id: number; title: string }>(
        `select tenant_id, title, is_active, is_cash, is_default from payment_types order by tenant_id, id`,
      );
      expect(rows).toEqual([
        { tenant_id: 1, title: 'Card', is_active: true, is_cash: false, is_default: true },
        { tenant_id: 3, title: 'Cash', is_active: true, is_cash: true, is_default: true },
      ]);
    } finally {
      await before.close();
    }
  });
});
