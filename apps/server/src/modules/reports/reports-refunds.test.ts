import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInvoiced, Report, ZReport } from '@comanda/core';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { type Store, createStore, payBody, readOrder, uuid } from '../orders/orders.fixtures.ts';

// Refunds in the reports (issue 31): a refund larger than the day's cash makes the Cash row and the
// revenue negative (answered signed, never 0), the refunds are a figure of their own beside the sales,
// top sellers list only items with units left after refunds, and the Z report of the shift that took
// them prints the same sales, refunds and cash. Exact figures over a moving clock (ctx.now()).

let clock = new Date('2026-03-10T12:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app.close());

/** The three-line cart (Burger line 37.63, Soda line 9.00, Water 1.00: 47.63) paid in cash at `at`. */
async function sellCart(s: Store, at: Date) {
  clock = at;
  const res = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', payBody(s));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
  const [burger, soda, water] = lines.map((l) => l.id);
  if (!burger || !soda || !water) throw new Error('three lines expected');
  return { invoiceId: res.body.invoiceId, burger, soda, water };
}

/** One Water (1.00, no tax) paid in cash at `at`. */
async function sellWater(s: Store, at: Date) {
  clock = at;
  const res = await s.owner.client.post<OrderInvoiced>(
    '/pos/create-order-and-invoice',
    payBody(s, {
      cart: [{ uuid: uuid(), item_id: s.water, quantity: 1 }],
      netTotal: 1,
      taxTotal: 0,
      total: 1,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function refund(
  s: Store,
  invoiceId: number,
  at: Date,
  lines?: { orderItemId: number; quantity: number }[],
) {
  clock = at;
  const res = await s.owner.client.post(`/invoices/${invoiceId}/refund`, {
    reasonId: s.voidReason,
    paymentTypeId: s.cash,
    ...(lines ? { lines } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function report(s: Store, query: string) {
  const res = await s.owner.client.get<Report>(`/reports?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const day = (date: string) => `type=custom&from=${date}&to=${date}`;
const topSellers = (r: Report) => r.topSellingItems.map((i) => [i.title, i.orders_count, i.revenue]);
const cashRow = (r: Report) => r.byPaymentType.find((p) => p.key === 'Cash');

describe('refunds larger than the cash taken, items with nothing sold, refunds as a figure', () => {
  it('answers the Cash row and revenue negative, the refunds beside the sales, and top sellers with units left only', async () => {
    const s = await createStore(app);
    // Monday: the whole cart. Tuesday: a Water, and Monday's two Burgers (37.63) given back in cash.
    const monday = await sellCart(s, new Date('2026-03-10T12:00:00Z'));
    await sellWater(s, new Date('2026-03-11T10:00:00Z'));
    await refund(s, monday.invoiceId, new Date('2026-03-11T11:00:00Z'), [
      { orderItemId: monday.burger, quantity: 2 },
    ]);

    const tuesday = await report(s, day('2026-03-11'));
    // The drawer took 1.00 and paid out 37.63: the Cash row is what left it, signed.
    expect(cashRow(tuesday)).toEqual({ key: 'Cash', count: 1, revenue: -36.63 });
    expect(tuesday).toMatchObject({
      invoicesCount: 1,
      ordersCount: 1,
      salesTotal: 1,
      refundsCount: 1,
      refundTotal: 37.63,
      revenueTotal: -36.63,
      netRevenue: -34,
      taxTotal: -2.63,
    });
    // The Burgers came back on Tuesday (units -2): not a top seller; only the Water sold.
    expect(topSellers(tuesday)).toEqual([['Water', 1, 1]]);
    // The categories still carry the money, signed: they add up to the revenue.
    expect(tuesday.byCategory.map((c) => [c.key, c.count, c.revenue])).toEqual([['', -1, -36.63]]);

    // Monday never moves: everything it sold, no refunds.
    const mon = await report(s, day('2026-03-10'));
    expect(mon).toMatchObject({ salesTotal: 47.63, refundsCount: 0, refundTotal: 0, revenueTotal: 47.63 });
    expect(topSellers(mon)).toEqual([
      ['Soda', 3, 9],
      ['Burger', 2, 37.63],
      ['Water', 1, 1],
    ]);

    // Both days: the Burgers sold and came back (net 0 units), so they are not a top seller either.
    const both = await report(s, 'type=custom&from=2026-03-10&to=2026-03-11');
    expect(topSellers(both)).toEqual([
      ['Soda', 3, 9],
      ['Water', 2, 2],
    ]);
    expect(both).toMatchObject({ salesTotal: 48.63, refundsCount: 1, refundTotal: 37.63, revenueTotal: 11 });
  });

  it('leaves out of the top sellers and the dashboard every item whose sales of the day were all refunded', async () => {
    const s = await createStore(app);
    const sale = await sellCart(s, new Date('2026-03-10T12:00:00Z'));
    await refund(s, sale.invoiceId, new Date('2026-03-10T13:00:00Z'));
    const second = await sellCart(s, new Date('2026-03-10T14:00:00Z'));
    await refund(s, second.invoiceId, new Date('2026-03-10T14:30:00Z'), [
      { orderItemId: second.soda, quantity: 3 },
    ]);
    const today = await report(s, 'type=today');
    // Two carts sold, the first refunded whole and the second's Sodas: the Burgers and the Water of the
    // second are what is left.
    expect(topSellers(today)).toEqual([
      ['Burger', 2, 37.63],
      ['Water', 1, 1],
    ]);
    expect(today).toMatchObject({
      salesTotal: 95.26,
      refundsCount: 2,
      refundTotal: 56.63,
      revenueTotal: 38.63,
    });
    const dashboard = await s.owner.client.get<{ topSellingItems: Report['topSellingItems'] }>('/dashboard');
    expect(dashboard.body.topSellingItems.map((i) => i.title)).toEqual(['Burger', 'Water']);
  });

  it('answers zero refunds when only another store refunded', async () => {
    const s = await createStore(app);
    const other = await createStore(app);
    const theirs = await sellCart(other, new Date('2026-03-12T12:00:00Z'));
    await refund(other, theirs.invoiceId, new Date('2026-03-12T12:30:00Z'));
    await sellWater(s, new Date('2026-03-12T13:00:00Z'));
    expect(await report(s, 'type=today')).toMatchObject({
      salesTotal: 1,
      refundsCount: 0,
      refundTotal: 0,
      revenueTotal: 1,
    });
  });
});

describe('the Z report and the report read the same numbers', () => {
  it("prints the shift's sales, refunds and cash as the day's report counts them", async () => {
    const s = await createStore(app);
    const monday = await sellCart(s, new Date('2026-03-20T09:00:00Z'));
    clock = new Date('2026-03-21T08:00:00Z');
    const opened = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: '100' });
    expect(opened.status).toBe(200);
    await sellWater(s, new Date('2026-03-21T10:00:00Z'));
    await refund(s, monday.invoiceId, new Date('2026-03-21T11:00:00Z'), [
      { orderItemId: monday.burger, quantity: 2 },
    ]);
    clock = new Date('2026-03-21T12:00:00Z');
    const z = await s.owner.client.get<ZReport>(`/shifts/${opened.body.shift.id}/z-report`);
    expect(z.status).toBe(200);
    const r = await report(s, 'type=today');

    expect(z.body.sales.total).toBe(r.salesTotal);
    expect(z.body.sales.bills).toBe(r.invoicesCount);
    expect(z.body.refunds).toEqual({ count: r.refundsCount, amount: r.refundTotal });
    // The drawer: the float and the day's Cash row (1.00 taken, 37.63 given back).
    const drawer = z.body.tenders.find((t) => t.is_cash);
    expect(drawer?.expected).toBe(63.37);
    expect(cashRow(r)?.revenue).toBe(-36.63);
  });
});
