import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { OrderPaid, PlatformDashboard, PlatformReport } from '@comanda/core';
import { customers, menuItems, storeSettings, tenants } from '../../platform/db/schema.ts';
import { SUPERADMIN, type TestApp, type TestClient, startTestApp } from '../../../test/harness.ts';
import { setTimezone } from '../tenants/tenants.repo.ts';
import { type Store, createStore, payBody } from '../orders/orders.fixtures.ts';

// Every figure is asserted exactly over a known set: five stores in four time zones and four currencies
// (one the rates file lacks, one with no minor unit), paying the same bill (4763 minor units: items 4418,
// tax 345) at chosen instants of a moving clock, on either side of each store's midnight; one store
// deactivated after paying. The app has a database of its own: these figures add up every tenant.

let clock = new Date('2026-03-10T11:30:00Z');
let app: TestApp;
let ratesFile: string;
const RATES = { base: 'USD', date: '2026-03-09', rates: { EUR: '0.92', JPY: '156.4' } };

beforeAll(async () => {
  ratesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-rates-')), 'rates.json');
  fs.writeFileSync(ratesFile, JSON.stringify(RATES));
  app = await startTestApp({ EXCHANGE_RATES_FILE: ratesFile }, { now: () => clock });
});
afterAll(() => app.close());

/** A store named `name` on `timezone`'s clock whose bills are in `currency`; its customer Ana is old. */
async function storeIn(name: string, timezone: string, currency: string) {
  const s = await createStore(app);
  const id = s.owner.tenantId;
  await app.database.inTenant(id, async (tx) => {
    await setTimezone(tx, id, timezone);
    await tx.update(tenants).set({ name }).where(eq(tenants.id, id));
    // Straight to the row: the settings route would rescale the menu's prices to the currency's digits.
    await tx.update(storeSettings).set({ currency }).where(eq(storeSettings.tenantId, id));
    await tx
      .update(customers)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(and(eq(customers.tenantId, id), eq(customers.id, s.customer)));
  });
  return s;
}

/** The three-line cart paid at the POS at `at`: 4763 minor units of the store's currency, one order. */
async function payAt(s: Store, at: string) {
  clock = new Date(at);
  const res = await s.owner.client.post<OrderPaid>(
    '/pos/create-order-and-invoice',
    payBody(s, { netTotal: 0, taxTotal: 0, total: 0 }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function customerAddedAt(s: Store, phone: string, at: string) {
  await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .insert(customers)
      .values({ tenantId: s.owner.tenantId, name: 'Guest', phone, createdAt: new Date(at) }),
  );
}

async function superadmin() {
  const c = app.client();
  expect((await c.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
  return c;
}

async function get<T>(c: TestClient, p: string) {
  const res = await c.get<T>(p);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

let tonga: Store;
let honolulu: Store;
let tokyo: Store;
let zurich: Store;
let closed: Store;
let sa: TestClient;

beforeAll(async () => {
  // The figures are read at 2026-03-10T11:30Z: 00:30 on the 11th in Tongatapu (UTC+13), 01:30 on the
  // 10th in Honolulu (UTC-10), 20:30 on the 10th in Tokyo (UTC+9), 11:30 on the 10th in UTC.
  tonga = await storeIn('Tonga Grill', 'Pacific/Tongatapu', 'USD');
  honolulu = await storeIn('Honolulu Poke', 'Pacific/Honolulu', 'EUR');
  tokyo = await storeIn('Tokyo Ramen', 'Asia/Tokyo', 'JPY');
  zurich = await storeIn('Zurich Fondue', 'UTC', 'CHF');
  closed = await storeIn('Closed Diner', 'UTC', 'USD');

  await payAt(tonga, '2026-03-10T10:50:00Z'); // 23:50 on the 10th there: yesterday
  await payAt(tonga, '2026-03-10T11:10:00Z'); // 00:10 on the 11th: today
  await payAt(honolulu, '2026-03-10T09:45:00Z'); // 23:45 on the 9th: yesterday
  await payAt(honolulu, '2026-03-10T10:15:00Z'); // 00:15 on the 10th: today
  await payAt(honolulu, '2026-03-10T11:00:00Z'); // 01:00: today
  await payAt(tokyo, '2026-03-09T14:55:00Z'); // 23:55 on the 9th: yesterday
  await payAt(tokyo, '2026-03-09T15:05:00Z'); // 00:05 on the 10th: today
  await payAt(zurich, '2026-03-10T11:00:00Z'); // today, in a currency the rates file lacks
  await payAt(closed, '2026-03-10T08:00:00Z'); // today; then the tenant is deactivated
  await app.database.asOwner((tx) =>
    tx.update(tenants).set({ isActive: false }).where(eq(tenants.id, closed.owner.tenantId)),
  );

  await customerAddedAt(tonga, '555-1001', '2026-03-10T11:20:00Z'); // 00:20 on the 11th there: today
  await customerAddedAt(honolulu, '555-1002', '2026-03-10T09:00:00Z'); // 23:00 on the 9th: yesterday
  await customerAddedAt(tokyo, '555-1003', '2026-03-01T00:00:00Z'); // 09:00 on the 1st there: this month only

  clock = new Date('2026-03-10T11:30:00Z');
  sa = await superadmin();
});

describe('access and bad input', () => {
  it('answers 401 signed out and to a tenant session, on both endpoints', async () => {
    for (const p of ['/superadmin/dashboard', '/superadmin/reports']) {
      expect((await app.client().get(p)).status, p).toBe(401);
      expect((await tonga.owner.client.get(p)).status, p).toBe(401);
    }
  });

  it('answers 400 with the filter messages', async () => {
    for (const [q, message] of [
      ['type=tomorrow', 'Please select a valid date filter!'],
      ['type=custom&from=2026-03-10&to=2026-03-01', 'The start date must not be after the end date!'],
      ['type=custom&from=2025-01-01&to=2026-03-01', 'Please select a range of at most 366 days!'],
      ['type=custom&from=2026-02-30', 'Please select a valid date range!'],
      ['type=custom&to=2026-03-01', 'Please select a valid date range!'],
    ] as const) {
      const res = await sa.get<{ message: string }>(`/superadmin/reports?${q}`);
      expect([q, res.status, res.body.message]).toEqual([q, 400, message]);
    }
  });
});

describe('the figures of a known set', () => {
  // USD 4763 + 4763 (Tonga, Closed) = 9526 ¢; EUR 9526 / 0.92 = 10354.3 ¢ → 10354; JPY 4763 / 156.4 =
  // 3045.4 ¢ → 3045. CHF is not in the file: listed apart, not in the dollars.
  it("GET /superadmin/dashboard: each store's today, in USD, the deactivated tenant's sales kept", async () => {
    const d = await get<PlatformDashboard>(sa, '/superadmin/dashboard');
    expect(d).toEqual({
      activeTenants: 4,
      ordersProcessedToday: 6,
      salesVolumeToday: 229.25,
      mrr: 20,
      arr: 240,
      rates: { base: 'USD', date: '2026-03-09' },
      unconverted: [{ currency: 'CHF', amount: 47.63, orders: 1 }],
    });
  });

  it('GET /superadmin/reports?type=today adds the customers added today and the top sellers', async () => {
    const r = await get<PlatformReport>(sa, '/superadmin/reports?type=today');
    expect(r).toMatchObject({
      activeTenants: 4,
      mrr: 20,
      arr: 240,
      ordersProcessed: 6,
      salesVolume: 229.25,
      totalCustomers: 1, // Tonga's, at 00:20 on its 11th
      rates: { base: 'USD', date: '2026-03-09' },
      unconverted: [{ currency: 'CHF', amount: 47.63, orders: 1 }],
    });
    // Per bill: Soda ×3, Burger ×2, Water ×1. Honolulu paid two bills today, the others one each. Ties go
    // to the older store.
    const row = (s: Store, item: 'soda' | 'burger' | 'water', title: string, qty: number) => ({
      tenant_id: s.owner.tenantId,
      tenant_name: {
        [tonga.owner.tenantId]: 'Tonga Grill',
        [honolulu.owner.tenantId]: 'Honolulu Poke',
        [tokyo.owner.tenantId]: 'Tokyo Ramen',
        [zurich.owner.tenantId]: 'Zurich Fondue',
        [closed.owner.tenantId]: 'Closed Diner',
      }[s.owner.tenantId],
      item_id: s[item],
      title,
      qty,
    });
    expect(r.topSellingItems).toEqual([
      row(honolulu, 'soda', 'Soda', 6),
      row(honolulu, 'burger', 'Burger', 4),
      row(tonga, 'soda', 'Soda', 3),
      row(tokyo, 'soda', 'Soda', 3),
      row(zurich, 'soda', 'Soda', 3),
      row(closed, 'soda', 'Soda', 3),
      row(tonga, 'burger', 'Burger', 2),
      row(honolulu, 'water', 'Water', 2),
      row(tokyo, 'burger', 'Burger', 2),
      row(zurich, 'burger', 'Burger', 2),
    ]);
  });

  it("yesterday, a custom day and the last 7 days count each store's days", async () => {
    // Yesterday: Tonga's 10th, Honolulu's and Tokyo's 9th. USD 4763 + EUR 5177 (4763 / 0.92) + JPY 3045.
    expect(await get<PlatformReport>(sa, '/superadmin/reports?type=yesterday')).toMatchObject({
      ordersProcessed: 3,
      salesVolume: 129.85,
      totalCustomers: 1, // Honolulu's, at 23:00 on its 9th
      unconverted: [],
    });
    // The 10th at every store: Tonga's bill at 23:50, Honolulu's two, Tokyo's, Zurich's and Closed's.
    const day = await get<PlatformReport>(
      sa,
      '/superadmin/reports?type=custom&from=2026-03-10&to=2026-03-10',
    );
    expect(day).toMatchObject({ ordersProcessed: 6, salesVolume: 229.25, totalCustomers: 0 });
    // Everything: USD 3 × 4763 = 14289; EUR 14289 / 0.92 = 15531.5 → 15532; JPY 9526 / 156.4 = 6090.8 → 6091.
    const week = await get<PlatformReport>(sa, '/superadmin/reports?type=last_7days');
    expect(week).toMatchObject({
      ordersProcessed: 9,
      salesVolume: 359.12,
      totalCustomers: 2,
      unconverted: [{ currency: 'CHF', amount: 47.63, orders: 1 }],
    });
    expect(week.topSellingItems[0]).toMatchObject({ tenant_name: 'Honolulu Poke', title: 'Soda', qty: 9 });
    const month = await get<PlatformReport>(sa, '/superadmin/reports?type=this_month');
    expect(month).toMatchObject({ ordersProcessed: 9, totalCustomers: 3 });
    expect(await get<PlatformReport>(sa, '/superadmin/reports?type=last_month')).toMatchObject({
      ordersProcessed: 0,
      salesVolume: 0,
      totalCustomers: 0,
      topSellingItems: [],
      unconverted: [],
    });
  });

  it('reads a rates file the operator replaced, without a restart', async () => {
    fs.writeFileSync(
      ratesFile,
      JSON.stringify({ ...RATES, date: '2026-03-10', rates: { ...RATES.rates, CHF: '0.8' } }),
    );
    // 4763 CHF minor / 0.8 = 5953.75 ¢ → 5954.
    expect(await get<PlatformDashboard>(sa, '/superadmin/dashboard')).toMatchObject({
      salesVolumeToday: 288.79,
      rates: { date: '2026-03-10' },
      unconverted: [],
    });
    // A spoilt file keeps the last good rates.
    fs.writeFileSync(ratesFile, '{"base": "USD", "date": "2026-03-11", "rates": {"CHF": 0.8}}');
    expect(await get<PlatformDashboard>(sa, '/superadmin/dashboard')).toMatchObject({
      salesVolumeToday: 288.79,
      rates: { date: '2026-03-10' },
    });
    fs.writeFileSync(ratesFile, JSON.stringify(RATES));
    expect((await get<PlatformDashboard>(sa, '/superadmin/dashboard')).rates.date).toBe('2026-03-09');
  });
});

describe('an item renamed between its sales', () => {
  it('is listed under the title it was last sold under in the range, its units together', async () => {
    // January: no other store sold then.
    const bar = await storeIn('Renamed Bar', 'UTC', 'USD');
    await payAt(bar, '2026-01-10T12:00:00Z');
    await app.database.inTenant(bar.owner.tenantId, (tx) =>
      tx
        .update(menuItems)
        .set({ title: 'Still Water' })
        .where(and(eq(menuItems.tenantId, bar.owner.tenantId), eq(menuItems.id, bar.water))),
    );
    await payAt(bar, '2026-01-11T12:00:00Z');
    clock = new Date('2026-03-10T11:30:00Z');
    const titles = async (q: string) =>
      (await get<PlatformReport>(sa, `/superadmin/reports?${q}`)).topSellingItems.map((i) => [
        i.tenant_name,
        i.item_id,
        i.title,
        i.qty,
      ]);
    expect(await titles('type=custom&from=2026-01-10&to=2026-01-11')).toEqual([
      ['Renamed Bar', bar.soda, 'Soda', 6],
      ['Renamed Bar', bar.burger, 'Burger', 4],
      ['Renamed Bar', bar.water, 'Still Water', 2],
    ]);
    expect(await titles('type=custom&from=2026-01-10&to=2026-01-10')).toEqual([
      ['Renamed Bar', bar.soda, 'Soda', 3],
      ['Renamed Bar', bar.burger, 'Burger', 2],
      ['Renamed Bar', bar.water, 'Water', 1],
    ]);
  });
});

describe('what the system role may read for these figures (migration 0015)', () => {
  const PERMISSION_DENIED = '42501';
  const sqlState = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string; cause?: { code?: string } }) => e.cause?.code ?? e.code ?? 'error',
    );

  it("reads the rollups and the customers' dates, never a customer's name or phone, and writes nothing", async () => {
    const read = (q: ReturnType<typeof sql>) => sqlState(app.database.asSystem((tx) => tx.execute(q)));
    expect(await read(sql`select count(*) from sales_hourly`)).toBe('ok');
    expect(await read(sql`select count(*) from sales_items_daily`)).toBe('ok');
    expect(await read(sql`select tenant_id, created_at from customers`)).toBe('ok');
    expect(await read(sql`select name, timezone from tenants`)).toBe('ok');
    for (const q of [
      sql`select name from customers`,
      sql`select phone from customers`,
      sql`select * from customers`,
      sql`select * from sales_payments_daily`,
      sql`select * from customer_visits`,
      sql`update sales_hourly set orders = 0`,
      sql`delete from sales_items_daily`,
      sql`update customers set created_at = now()`,
    ]) {
      expect(await read(q), q.queryChunks.map(String).join('')).toBe(PERMISSION_DENIED);
    }
  });
});

describe('the rates file at start', () => {
  it('stops the start with one line naming EXCHANGE_RATES_FILE when it is missing or invalid', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-rates-'));
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ ...RATES, rates: { EUR: 0.92 } }));
    await expect(startTestApp({ EXCHANGE_RATES_FILE: bad }, { database: app.database })).rejects.toThrow(
      /^Invalid configuration: EXCHANGE_RATES_FILE .*bad\.json rates\.EUR: /,
    );
    await expect(
      startTestApp({ EXCHANGE_RATES_FILE: path.join(dir, 'none.json') }, { database: app.database }),
    ).rejects.toThrow(/^Invalid configuration: EXCHANGE_RATES_FILE .*none\.json does not exist$/);
  });
});
