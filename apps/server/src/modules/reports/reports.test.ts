import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, OrderPaid, Report } from '@comanda/core';
import { and, eq, inArray } from 'drizzle-orm';
import { categories, customers, menuItems } from '../../platform/db/schema.ts';
import { type TestApp, createColleague, startTestApp } from '../../../test/harness.ts';
import { setTimezone } from '../tenants/tenants.repo.ts';
import { type Store, createStore, payBody, payGroupBody, sendOrder } from '../orders/orders.fixtures.ts';

// Every figure is asserted exactly over a known set of bills paid at chosen instants of a moving clock
// (the app's ctx.now()), in stores far ahead of and behind UTC, beside another store paying at the same
// moments: a figure that leaked a tenant, a cancelled order or the wrong store day would be off.

let clock = new Date('2026-03-10T12:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app.close());

/** A store whose clock is `timezone`; its customer Ana was added long ago. */
async function storeIn(timezone: string) {
  const s = await createStore(app);
  await app.database.inTenant(s.owner.tenantId, async (tx) => {
    await setTimezone(tx, s.owner.tenantId, timezone);
    await tx
      .update(customers)
      .set({ createdAt: new Date('2025-01-01T00:00:00Z') })
      .where(and(eq(customers.tenantId, s.owner.tenantId), eq(customers.id, s.customer)));
  });
  return s;
}

/** A customer added at `at`. */
async function customerAddedAt(s: Store, name: string, phone: string, at: Date) {
  return app.database.inTenant(s.owner.tenantId, async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ tenantId: s.owner.tenantId, name, phone, createdAt: at })
      .returning({ id: customers.id });
    if (!row) throw new Error('no customer');
    return row.id;
  });
}

/** The three-line cart (items 44.18, tax 3.45, total 47.63) taken and paid at the POS at `at`. */
async function payAt(s: Store, at: Date, extra: Record<string, unknown> = {}) {
  clock = at;
  const res = await s.owner.client.post<OrderPaid>('/pos/create-order-and-invoice', payBody(s, extra));
  expect(res.status).toBe(200);
  return res.body;
}

const get = async <T>(s: Store, path: string) => {
  const res = await s.owner.client.get<T>(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('access and bad input', () => {
  it('answers 401 signed out, 403 without DASHBOARD or REPORTS, and 400 with the filter messages', async () => {
    const s = await storeIn('UTC');
    const anon = app.client();
    expect((await anon.get('/dashboard')).status).toBe(401);
    expect((await anon.get('/reports')).status).toBe(401);

    for (const [q, message] of [
      ['type=tomorrow', 'Please select a valid date filter!'],
      ['type=custom&from=2026-03-10&to=2026-03-01', 'The start date must not be after the end date!'],
      ['type=custom&from=2025-01-01&to=2026-03-01', 'Please select a range of at most 366 days!'],
      ['type=custom&from=2026-02-30', 'Please select a valid date range!'],
      ['type=custom&to=2026-03-01', 'Please select a valid date range!'],
    ] as const) {
      const res = await s.owner.client.get<{ message: string }>(`/reports?${q}`);
      expect([q, res.status, res.body.message]).toEqual([q, 400, message]);
    }

    const cashier = await createColleague(app, s.owner, { scopes: ['POS', 'REPORTS'] });
    expect((await cashier.client.get('/dashboard')).status).toBe(403);
    expect((await cashier.client.get('/reports')).status).toBe(200);
    const host = await createColleague(app, s.owner, { scopes: ['DASHBOARD'] });
    expect((await host.client.get('/dashboard')).status).toBe(200);
    expect((await host.client.get('/reports')).status).toBe(403);
  });
});

describe('a day of bills at a store in UTC+13, beside another store paying at the same moments', () => {
  let s: Store;
  let other: Store;
  let bo: number;
  let cy: number;
  // 2026-03-10 in Tongatapu (UTC+13, no daylight saving) runs from 2026-03-09T11:00Z to 2026-03-10T11:00Z.
  const local = (wall: string) => new Date(Date.parse(`${wall}Z`) - 13 * 3_600_000);

  beforeAll(async () => {
    s = await storeIn('Pacific/Tongatapu');
    other = await storeIn('Pacific/Tongatapu');
    bo = await customerAddedAt(s, 'Bo', '555-0202', local('2026-03-10T08:00'));
    cy = await customerAddedAt(s, 'Cy', '555-0303', local('2026-03-09T23:59'));

    // Yesterday, a minute before midnight: Ana's first bill.
    await payAt(s, local('2026-03-09T23:59'), { customerType: 'CUSTOMER', customerId: s.customer });
    // Today: Ana again (a repeat customer: she paid yesterday), just after midnight, takeaway.
    await payAt(s, local('2026-03-10T00:01'), {
      customerType: 'CUSTOMER',
      customerId: s.customer,
      deliveryType: 'takeaway',
    });
    // Bo twice today (repeat within the day), once at 09:15 and once with a second order on one bill.
    await payAt(s, local('2026-03-10T09:15'), { customerType: 'CUSTOMER', customerId: bo });
    clock = local('2026-03-10T12:40');
    const first = await sendOrder(app, s, { customerType: 'CUSTOMER', customerId: bo, tableId: s.table });
    const second = await sendOrder(app, s, { tableId: s.table });
    // One line of the second order is cancelled before the bill: it is billed and counted at nothing.
    const water = second.lineIds[2];
    expect(
      (
        await s.owner.client.post(`/orders/update-status/${water}`, {
          status: 'cancelled',
          reasonId: s.voidReason,
        })
      ).status,
    ).toBe(200);
    const group = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [first.orderId, second.orderId], { subTotal: 87.36, taxTotal: 6.9, total: 94.26 }),
    );
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    // Cy's first bill today, delivery: a customer who paid once is not a repeat.
    await payAt(s, local('2026-03-10T12:59'), {
      customerType: 'CUSTOMER',
      customerId: cy,
      deliveryType: 'delivery',
    });
    // Neither a cancelled order nor an unpaid one counts.
    const cancelled = await sendOrder(app, s);
    expect(
      (await s.owner.client.post('/orders/cancel', { orderIds: [cancelled.orderId], reasonId: s.voidReason }))
        .status,
    ).toBe(200);
    await sendOrder(app, s);
    // Tomorrow, one minute after midnight: not today's.
    await payAt(s, local('2026-03-11T00:01'));

    // The other store pays at the same moments, and more.
    for (const wall of ['2026-03-09T23:59', '2026-03-10T00:01', '2026-03-10T09:15', '2026-03-10T09:16']) {
      await payAt(other, local(wall), { customerType: 'CUSTOMER', customerId: other.customer });
    }
    // The reports are read on 2026-03-10 at 18:00 store time.
    clock = local('2026-03-10T18:00');
  });

  it('GET /reports?type=today counts the paid bills of the store day, exactly', async () => {
    const r = await get<Report>(s, '/reports?type=today');
    // Bills today: Ana 47.63, Bo 47.63, Bo's group 94.26 (two orders, the water cancelled), Cy 47.63.
    expect(r).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-10',
      timezone: 'Pacific/Tongatapu',
      currency: { code: 'USD', symbol: '$', digits: 2 },
      invoicesCount: 4,
      ordersCount: 5,
      netRevenue: 219.9, // 44.18 × 3 + 87.36
      taxTotal: 17.25, // 3.45 × 3 + 6.90
      revenueTotal: 237.15,
      averageOrderValue: 47.43, // 237.15 / 5
      newCustomers: 1, // Bo; Cy was added yesterday, Ana long ago
      totalCustomers: 3, // Ana, Bo, Cy
      repeatedCustomers: 2, // Ana (paid yesterday) and Bo (two bills today)
      previous: { from: '2026-03-09', to: '2026-03-09', ordersCount: 1, revenueTotal: 47.63 },
    });
    // Burger Large ×2 per order, 5 orders; Soda ×3 per order; Water ×1 in 4 of the 5 (one cancelled).
    expect(r.topSellingItems).toEqual([
      { item_id: s.soda, title: 'Soda', price: 3, orders_count: 15, revenue: 45 },
      { item_id: s.burger, title: 'Burger', price: 10, orders_count: 10, revenue: 188.15 },
      { item_id: s.water, title: 'Water', price: 1, orders_count: 4, revenue: 4 },
    ]);
    expect(r.byPaymentType).toEqual([{ key: 'Cash', count: 4, revenue: 237.15 }]);
    expect(r.byDiningOption).toEqual([
      { key: 'dinein', count: 3, revenue: 141.89 },
      { key: 'delivery', count: 1, revenue: 47.63 },
      { key: 'takeaway', count: 1, revenue: 47.63 },
    ]);
    expect(r.byCategory).toEqual([{ key: '', count: 29, revenue: 237.15 }]);
    expect(r.revenueSeries.granularity).toBe('hour');
    expect(r.revenueSeries.points).toHaveLength(24);
    const hour = (h: string) => r.revenueSeries.points.find((p) => p.label === h);
    expect(hour('00')).toEqual({
      label: '00',
      revenue: 47.63,
      orders: 1,
      previousLabel: '00',
      previousRevenue: 0,
    });
    expect(hour('09')).toMatchObject({ revenue: 47.63, orders: 1 });
    expect(hour('12')).toMatchObject({ revenue: 141.89, orders: 3 });
    expect(hour('23')).toEqual({
      label: '23',
      revenue: 0,
      orders: 0,
      previousLabel: '23',
      previousRevenue: 47.63,
    });
    expect(r.busiestHours.filter((h) => h.count > 0)).toEqual([
      { key: 0, count: 1, revenue: 47.63 },
      { key: 9, count: 1, revenue: 47.63 },
      { key: 12, count: 3, revenue: 141.89 },
    ]);
    expect(r.busiestHours.map((h) => h.key)).toEqual(Array.from({ length: 24 }, (_, h) => h));
  });

  it('GET /dashboard shows the same day, with its bookings', async () => {
    const booked = await s.owner.client.post('/reservations/add', {
      customerId: bo,
      date: '2026-03-10T20:00',
      tableId: s.table,
      status: 'booked',
      peopleCount: 2,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const tomorrow = await s.owner.client.post('/reservations/add', {
      customerId: bo,
      date: '2026-03-11T20:00',
      tableId: s.table,
      status: 'booked',
      peopleCount: 2,
    });
    expect(tomorrow.status).toBe(200);
    const d = await get<Dashboard>(s, '/dashboard');
    expect(d).toMatchObject({
      date: '2026-03-10',
      ordersCount: 5,
      newCustomerCount: 1,
      repeatedCustomerCount: 2,
      revenueTotal: 237.15,
      currency: { code: 'USD', symbol: '$', digits: 2 },
    });
    expect(d.reservations.map((b) => [b.customer_name, b.local_date])).toEqual([['Bo', '2026-03-10T20:00']]);
    expect(d.topSellingItems.map((i) => [i.title, i.orders_count])).toEqual([
      ['Soda', 15],
      ['Burger', 10],
      ['Water', 4],
    ]);
    // The other store's day is its own.
    const theirs = await get<Dashboard>(other, '/dashboard');
    expect(theirs).toMatchObject({
      ordersCount: 3,
      repeatedCustomerCount: 1,
      revenueTotal: 142.89,
      reservations: [],
    });
  });

  it('yesterday, last 7 days and a custom range count by store day, the previous period beside', async () => {
    const y = await get<Report>(s, '/reports?type=yesterday');
    expect(y).toMatchObject({
      from: '2026-03-09',
      ordersCount: 1,
      revenueTotal: 47.63,
      totalCustomers: 1,
      repeatedCustomers: 0,
      newCustomers: 1, // Cy
    });
    const week = await get<Report>(s, '/reports?type=last_7days');
    expect(week).toMatchObject({
      from: '2026-03-04',
      to: '2026-03-10',
      ordersCount: 6,
      invoicesCount: 5,
      revenueTotal: 284.78,
      totalCustomers: 3,
      repeatedCustomers: 2,
      newCustomers: 2,
      previous: { from: '2026-02-25', to: '2026-03-03', ordersCount: 0, revenueTotal: 0 },
    });
    expect(week.revenueSeries.granularity).toBe('day');
    expect(week.revenueSeries.points.map((p) => [p.label, p.revenue, p.orders, p.previousLabel])).toEqual([
      ['2026-03-04', 0, 0, '2026-02-25'],
      ['2026-03-05', 0, 0, '2026-02-26'],
      ['2026-03-06', 0, 0, '2026-02-27'],
      ['2026-03-07', 0, 0, '2026-02-28'],
      ['2026-03-08', 0, 0, '2026-03-01'],
      ['2026-03-09', 47.63, 1, '2026-03-02'],
      ['2026-03-10', 237.15, 5, '2026-03-03'],
    ]);
    const custom = await get<Report>(s, '/reports?type=custom&from=2026-03-10&to=2026-03-11');
    expect(custom).toMatchObject({
      ordersCount: 6,
      revenueTotal: 284.78,
      previous: { from: '2026-03-08', to: '2026-03-09' },
    });
    // A month filter compares with the calendar month before.
    const month = await get<Report>(s, '/reports?type=this_month');
    expect(month).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      ordersCount: 7,
      previous: { from: '2026-02-01', to: '2026-02-28' },
    });
    expect(month.revenueSeries.points).toHaveLength(31);
    expect(month.revenueSeries.points.at(-1)).toMatchObject({
      label: '2026-03-31',
      previousLabel: null,
      previousRevenue: null,
    });
  });

  it('keeps a deleted item under the title it was sold as, and groups by the category it has now', async () => {
    await app.database.inTenant(s.owner.tenantId, async (tx) => {
      const [drinks] = await tx
        .insert(categories)
        .values({ tenantId: s.owner.tenantId, title: 'Drinks' })
        .returning({ id: categories.id });
      await tx
        .update(menuItems)
        .set({ categoryId: drinks!.id })
        .where(and(eq(menuItems.tenantId, s.owner.tenantId), eq(menuItems.id, s.soda)));
      await tx
        .delete(menuItems)
        .where(and(eq(menuItems.tenantId, s.owner.tenantId), eq(menuItems.id, s.water)));
    });
    const r = await get<Report>(s, '/reports?type=today');
    expect(r.topSellingItems.at(-1)).toEqual({
      item_id: s.water,
      title: 'Water',
      price: 1,
      orders_count: 4,
      revenue: 4,
    });
    expect(r.byCategory).toEqual([
      { key: '', count: 14, revenue: 192.15 },
      { key: 'Drinks', count: 15, revenue: 45 },
    ]);
  });
});

describe('what a bill carries from the moment it is paid', () => {
  it('keeps two items deleted before their bill was paid apart, each under its own title', async () => {
    const s = await storeIn('UTC');
    clock = new Date('2026-03-10T12:00:00Z');
    const { orderId } = await sendOrder(app, s);
    // The burger and the soda leave the menu while the order waits to be paid.
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .delete(menuItems)
        .where(and(eq(menuItems.tenantId, s.owner.tenantId), inArray(menuItems.id, [s.burger, s.soda]))),
    );
    const paid = await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, [orderId]));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const r = await get<Report>(s, '/reports?type=today');
    expect(r.topSellingItems).toEqual([
      { item_id: null, title: 'Soda', price: 3, orders_count: 3, revenue: 9 },
      { item_id: null, title: 'Burger', price: 18.82, orders_count: 2, revenue: 37.63 },
      { item_id: s.water, title: 'Water', price: 1, orders_count: 1, revenue: 1 },
    ]);
    expect(r.byCategory).toEqual([{ key: '', count: 6, revenue: 47.63 }]);
  });

  it("counts a bill on the store's day even where the database does not know the zone's name", async () => {
    // An old alias the browser's Intl accepts (Los Angeles: UTC-8 until daylight saving on 8 March) and
    // PostgreSQL's zone list does not.
    const s = await storeIn('US/Pacific-New');
    await payAt(s, new Date('2026-03-05T07:30:00Z')); // 23:30 on the 4th there
    clock = new Date('2026-03-05T07:45:00Z');
    const r = await get<Report>(s, '/reports?type=today');
    expect(r).toMatchObject({ from: '2026-03-04', ordersCount: 1, revenueTotal: 47.63 });
    expect(r.revenueSeries.points.find((p) => p.revenue > 0)?.label).toBe('23');
  });

  it('leaves bills of an earlier currency out of every figure, customers included', async () => {
    const s = await storeIn('UTC');
    await payAt(s, new Date('2026-03-09T12:00:00Z'), { customerType: 'CUSTOMER', customerId: s.customer });
    await payAt(s, new Date('2026-03-10T09:00:00Z'), { customerType: 'CUSTOMER', customerId: s.customer });
    clock = new Date('2026-03-10T10:00:00Z');
    const saved = await s.owner.client.post('/settings/store-setting', {
      storeName: 'Euro Bar',
      currency: 'EUR',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Ana's first bill in euros: no repeat customer yet, and the dollars are not in the totals.
    await payAt(s, new Date('2026-03-10T11:00:00Z'), {
      customerType: 'CUSTOMER',
      customerId: s.customer,
      netTotal: 0,
      taxTotal: 0,
      total: 0,
    });
    clock = new Date('2026-03-10T12:00:00Z');
    const r = await get<Report>(s, '/reports?type=today');
    expect(r).toMatchObject({
      currency: { code: 'EUR', symbol: '€' },
      ordersCount: 1,
      invoicesCount: 1,
      revenueTotal: 47.63,
      totalCustomers: 1,
      repeatedCustomers: 0,
    });
  });
});

describe('the day boundary behind UTC', () => {
  it('counts a bill paid at 23:30 in Honolulu (UTC-10) on that day, not the UTC day after', async () => {
    const s = await storeIn('Pacific/Honolulu');
    // 2026-03-10T23:30 in Honolulu is 2026-03-11T09:30Z.
    await payAt(s, new Date('2026-03-11T09:30:00Z'));
    await payAt(s, new Date('2026-03-11T10:30:00Z')); // 00:30 on the 11th
    clock = new Date('2026-03-11T09:45:00Z'); // still the 10th there
    const today = await get<Report>(s, '/reports?type=today');
    expect(today).toMatchObject({ from: '2026-03-10', ordersCount: 1, revenueTotal: 47.63 });
    expect(today.revenueSeries.points.find((p) => p.revenue > 0)?.label).toBe('23');
    expect((await get<Dashboard>(s, '/dashboard')).ordersCount).toBe(1);
    clock = new Date('2026-03-11T12:00:00Z');
    expect(await get<Report>(s, '/reports?type=today')).toMatchObject({ from: '2026-03-11', ordersCount: 1 });
  });

  it('answers zeros, not errors, for a store with no sales', async () => {
    const s = await storeIn('UTC');
    const r = await get<Report>(s, '/reports?type=last_month');
    expect(r).toMatchObject({
      ordersCount: 0,
      averageOrderValue: 0,
      revenueTotal: 0,
      topSellingItems: [],
      byPaymentType: [],
      byCategory: [],
    });
    expect(r.byDiningOption.map((d) => d.count)).toEqual([0, 0, 0]);
    const d = await get<Dashboard>(s, '/dashboard');
    expect(d).toMatchObject({ ordersCount: 0, reservations: [], topSellingItems: [], revenueTotal: 0 });
  });
});
