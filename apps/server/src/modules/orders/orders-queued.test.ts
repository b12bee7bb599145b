import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, shifts } from '../../platform/db/schema.ts';
import {
  type Invoices,
  type OrderCreated,
  type OrderInvoiced,
  type OrderPaid,
  QUEUED_MAX_MS,
  type TableOrders,
  type ZReport,
} from '@comanda/core';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { setTimezone } from '../tenants/tenants.repo.ts';
import {
  type Store,
  counts,
  createStore,
  orderBody,
  payBody,
  payGroupBody,
  readInvoice,
  readOrder,
  sendOrder,
  uuid,
} from './orders.fixtures.ts';

// X-Queued-Ms: how long a sale waited in a device's outbox. The server dates the sale that much earlier
// (shifts/sale-clock.ts), up to QUEUED_MAX_MS and never before the device's session or the open shift
// began (with none open, the last close); the app runs on a clock the tests set.
const TEN_MIN = 10 * 60 * 1000;
const queued = (ms: number | string) => ({ 'x-queued-ms': String(ms) });
const minus = (at: Date, ms: number) => new Date(at.getTime() - ms).toISOString();

let now = new Date('2026-07-01T12:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => now });
});
afterAll(() => app.close());

/**
 * A store whose owner signed in a day and a half before `now`: a sale is never dated before the session
 * that sends it began, so the tests of how far back a sale is dated start with an older session.
 */
async function signedInEarlier() {
  const at = now;
  now = new Date(at.getTime() - 36 * 3600 * 1000);
  try {
    return await createStore(app);
  } finally {
    now = at;
  }
}

/** The order as GET /orders lists it (open orders only). */
async function listed(s: Store, orderId: number) {
  const res = await s.owner.client.get<TableOrders>('/orders');
  expect(res.status).toBe(200);
  return res.body.groups.flatMap((g) => g.orders).find((o) => o.id === orderId);
}

/** The invoices GET /invoices lists for these store days. */
async function invoicesOf(s: Store, from: string, to = from) {
  const res = await s.owner.client.get<Invoices>(`/invoices?type=custom&from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return res.body.invoices;
}

describe('POST /pos/create-order with X-Queued-Ms', () => {
  it('dates the order when it was taken: 10 minutes queued is 10 minutes earlier', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s), queued(TEN_MIN));
    expect(res.status).toBe(200);
    const order = await listed(s, res.body.orderId);
    expect(order?.date).toBe('2026-07-01T11:50:00.000Z');
    expect(order?.business_date).toBe('2026-07-01');
    // Its lines were sent with it.
    expect(new Set(order?.items.map((i) => i.date))).toEqual(new Set(['2026-07-01T11:50:00.000Z']));
    expect((await readOrder(app, s.owner.tenantId, res.body.orderId)).order?.createdAt.toISOString()).toBe(
      '2026-07-01T11:50:00.000Z',
    ); // The audit row says how long it waited, so a backdated sale can be traced.
    const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.create'), eq(auditLog.targetId, String(res.body.orderId)))),
    );
    expect(row?.details).toMatchObject({ queuedMs: TEN_MIN });
  });

  it('dates it now when the header is missing, 0, or more than 24 hours', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const cases: [Record<string, string>, string][] = [
      [{}, now.toISOString()],
      [queued(0), now.toISOString()],
      [queued(QUEUED_MAX_MS + 1), now.toISOString()],
      [queued(30 * 24 * 3600 * 1000), now.toISOString()],
      // Exactly 24 hours is still dated back.
      [queued(QUEUED_MAX_MS), minus(now, QUEUED_MAX_MS)],
      [queued(1), minus(now, 1)],
    ];
    for (const [headers, date] of cases) {
      const res = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s), headers);
      expect(res.status).toBe(200);
      expect({ headers, date: (await listed(s, res.body.orderId))?.date }).toEqual({ headers, date });
    }
  });

  it('keeps an order queued over midnight on the previous business day and its tokens', async () => {
    // Lisbon is UTC+1 in July: 22:00 UTC is 23:00 there, 23:05 UTC is 00:05 on 2 July.
    now = new Date('2026-07-01T22:00:00Z');
    const s = await signedInEarlier();
    await app.database.inTenant(s.owner.tenantId, (tx) => setTimezone(tx, s.owner.tenantId, 'Europe/Lisbon'));
    const take = (headers: Record<string, string> = {}) =>
      s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s), headers);

    const evening = await take();
    now = new Date('2026-07-01T23:05:00Z');
    // Taken at 23:55 on 1 July, synced at 00:05 on 2 July.
    const late = await take(queued(TEN_MIN));
    // Taken at 00:05 on 2 July.
    const morning = await take();
    // Taken at 00:01 on 2 July, synced at 00:05.
    const early = await take(queued(4 * 60 * 1000));
    const answers = [evening, late, morning, early];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((a) => a.body.tokenNo)).toEqual([1, 2, 1, 2]);
    const orders = await Promise.all(answers.map((a) => listed(s, a.body.orderId)));
    expect(orders.map((o) => [o?.business_date, o?.token_no, o?.date])).toEqual([
      ['2026-07-01', 1, '2026-07-01T22:00:00.000Z'],
      ['2026-07-01', 2, '2026-07-01T22:55:00.000Z'],
      ['2026-07-02', 1, '2026-07-01T23:05:00.000Z'],
      ['2026-07-02', 2, '2026-07-01T23:01:00.000Z'],
    ]);
    expect((await counts(app, s.owner.tenantId)).tokenDays).toBe(2);
  });
});

describe('POST /pos/create-order-and-invoice with X-Queued-Ms', () => {
  it('dates the order and its bill when they were taken', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const res = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(TEN_MIN),
    );
    expect(res.status).toBe(200);
    expect(res.body.order.date).toBe('2026-07-01T11:50:00.000Z');
    const [invoice] = await invoicesOf(s, '2026-07-01');
    expect(invoice?.invoice_id).toBe(res.body.invoiceId);
    expect(invoice?.created_at).toBe('2026-07-01T11:50:00.000Z');
    const stored = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(stored.invoice).toMatchObject({ localDate: '2026-07-01', localHour: 11 });
    expect(stored.payments.map((p) => p.createdAt.toISOString())).toEqual(['2026-07-01T11:50:00.000Z']);
    // Paid when taken: the order and its bill share the one instant.
    expect((await readOrder(app, s.owner.tenantId, res.body.orderId)).order?.createdAt).toEqual(
      stored.invoice?.createdAt,
    );
  });

  it("bills a sale queued over midnight on the previous day's list and token", async () => {
    now = new Date('2026-07-01T22:00:00Z');
    const s = await signedInEarlier();
    await app.database.inTenant(s.owner.tenantId, (tx) => setTimezone(tx, s.owner.tenantId, 'Europe/Lisbon'));
    const evening = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', payBody(s));
    now = new Date('2026-07-01T23:05:00Z');
    const late = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(TEN_MIN),
    );
    const morning = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', payBody(s));
    expect([evening, late, morning].map((a) => [a.status, a.body.tokenNo])).toEqual([
      [200, 1],
      [200, 2],
      [200, 1],
    ]);
    expect(late.body.order.business_date).toBe('2026-07-01');
    const firstDay = await invoicesOf(s, '2026-07-01');
    expect(firstDay.map((i) => [i.invoice_id, i.created_at])).toEqual([
      [late.body.invoiceId, '2026-07-01T22:55:00.000Z'],
      [evening.body.invoiceId, '2026-07-01T22:00:00.000Z'],
    ]);
    expect((await invoicesOf(s, '2026-07-02')).map((i) => i.invoice_id)).toEqual([morning.body.invoiceId]);
    expect((await readInvoice(app, s.owner.tenantId, late.body.invoiceId)).invoice).toMatchObject({
      localDate: '2026-07-01',
      localHour: 23,
    });
  });

  it('dates the bill now past 24 hours', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const res = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(QUEUED_MAX_MS + 1),
    );
    expect(res.status).toBe(200);
    expect(res.body.order.date).toBe(now.toISOString());
    expect((await invoicesOf(s, '2026-07-01')).map((i) => i.created_at)).toEqual([now.toISOString()]);
  });
});

describe('POST /orders/complete-and-pay-order with X-Queued-Ms', () => {
  it('dates the bill when it was paid, leaving the orders as they were taken', async () => {
    now = new Date('2026-07-01T11:00:00Z');
    const s = await signedInEarlier();
    const { orderId } = await sendOrder(app, s);
    now = new Date('2026-07-01T12:00:00Z');
    const res = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [orderId]),
      queued(TEN_MIN),
    );
    expect(res.status).toBe(200);
    const [invoice] = await invoicesOf(s, '2026-07-01');
    expect(invoice?.invoice_id).toBe(res.body.invoiceId);
    expect(invoice?.created_at).toBe('2026-07-01T11:50:00.000Z');
    const stored = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(stored.payments.map((p) => p.createdAt.toISOString())).toEqual(['2026-07-01T11:50:00.000Z']);
    const { order } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order).toMatchObject({ paymentStatus: 'paid', invoiceId: res.body.invoiceId });
    expect(order?.createdAt.toISOString()).toBe('2026-07-01T11:00:00.000Z');
  });

  it("bills a pay queued over midnight on the previous day's list", async () => {
    now = new Date('2026-07-01T22:30:00Z');
    const s = await signedInEarlier();
    await app.database.inTenant(s.owner.tenantId, (tx) => setTimezone(tx, s.owner.tenantId, 'Europe/Lisbon'));
    const { orderId } = await sendOrder(app, s);
    now = new Date('2026-07-01T23:05:00Z');
    const res = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [orderId]),
      queued(TEN_MIN),
    );
    expect(res.status).toBe(200);
    expect((await invoicesOf(s, '2026-07-01')).map((i) => [i.invoice_id, i.created_at])).toEqual([
      [res.body.invoiceId, '2026-07-01T22:55:00.000Z'],
    ]);
    expect(await invoicesOf(s, '2026-07-02')).toEqual([]);
  });

  it('never dates a bill at or before an order it pays: then it is dated now', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    // Taken 25 hours ago, so dated on arrival (12:00); paid 23 hours ago, synced just after.
    const taken = await s.owner.client.post<OrderCreated>(
      '/pos/create-order',
      orderBody(s),
      queued(25 * 3600 * 1000),
    );
    expect((await listed(s, taken.body.orderId))?.date).toBe('2026-07-01T12:00:00.000Z');
    // A second order of the group, taken 10 minutes ago: the bill would be dated before the first.
    const other = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s), queued(TEN_MIN));
    now = new Date('2026-07-01T12:01:00Z');
    const res = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [taken.body.orderId, other.body.orderId], {
        subTotal: 88.36,
        taxTotal: 6.9,
        total: 95.26,
      }),
      queued(23 * 3600 * 1000),
    );
    expect(res.status).toBe(200);
    expect(res.body.pricesChanged).toBe(false);
    expect((await invoicesOf(s, '2026-07-01')).map((i) => i.created_at)).toEqual([now.toISOString()]);

    // Exactly at the order's instant is refused too (that would read "paid when taken").
    const { orderId } = await sendOrder(app, s);
    now = new Date('2026-07-01T12:02:00Z');
    const same = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [orderId]),
      queued(60 * 1000),
    );
    expect(same.status).toBe(200);
    const { invoice } = await readInvoice(app, s.owner.tenantId, same.body.invoiceId);
    expect(invoice?.createdAt.toISOString()).toBe('2026-07-01T12:02:00.000Z');

    // A pay queued less than the time since its order was taken keeps its earlier time.
    const later = await sendOrder(app, s);
    now = new Date('2026-07-01T12:10:00Z');
    const kept = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [later.orderId]),
      queued(7 * 60 * 1000 + 59 * 1000),
    );
    const paid = await readInvoice(app, s.owner.tenantId, kept.body.invoiceId);
    expect(paid.invoice?.createdAt.toISOString()).toBe('2026-07-01T12:02:01.000Z');
  });

  it('dates the bill now when the header is missing, 0, or more than 24 hours', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    for (const headers of [{}, queued(0), queued(QUEUED_MAX_MS + 1)]) {
      const { orderId } = await sendOrder(app, s);
      const res = await s.owner.client.post<OrderPaid>(
        '/orders/complete-and-pay-order',
        payGroupBody(s, [orderId]),
        headers,
      );
      expect(res.status).toBe(200);
      const { invoice } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
      expect({ headers, at: invoice?.createdAt.toISOString() }).toEqual({ headers, at: now.toISOString() });
    }
  });
});

describe('a malformed X-Queued-Ms', () => {
  const message = 'X-Queued-Ms must be a whole number of milliseconds!';
  // Only decimal digits are read: Number() would take hex, exponents, binary and a sign as delays.
  const bad = [
    'abc',
    '-5',
    '1.5',
    '-1',
    'Infinity',
    '1e400',
    '10ms',
    '0x100000',
    '1e7',
    '12abc',
    '+5',
    '0b101',
    '1_000',
  ];

  it('is refused with 400 on the three sale routes, writing nothing', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const { orderId } = await sendOrder(app, s);
    const before = await counts(app, s.owner.tenantId);
    const calls = [
      ['/pos/create-order', () => orderBody(s)],
      ['/pos/create-order-and-invoice', () => payBody(s)],
      ['/orders/complete-and-pay-order', () => payGroupBody(s, [orderId])],
    ] as const;
    for (const [path, body] of calls) {
      for (const value of bad) {
        const res = await s.owner.client.post(path, body(), {
          ...queued(value),
          'idempotency-key': uuid(),
        });
        expect({ path, value, status: res.status, body: res.body }).toEqual({
          path,
          value,
          status: 400,
          body: { code: 'validation', message },
        });
      }
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, orderId)).order?.paymentStatus).toBe('pending');
  });
});

describe('a replay with another X-Queued-Ms', () => {
  it('answers the first answer of create-order and creates nothing', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const body = orderBody(s);
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post<OrderCreated>('/pos/create-order', body, {
      ...key,
      ...queued(TEN_MIN),
    });
    expect(first.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    now = new Date('2026-07-01T12:30:00Z');
    for (const headers of [queued(40 * 60 * 1000), queued(0), {}]) {
      const again = await s.owner.client.post<OrderCreated>('/pos/create-order', body, {
        ...key,
        ...headers,
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect(before.orders).toBe(1);
    expect((await listed(s, first.body.orderId))?.date).toBe('2026-07-01T11:50:00.000Z');
  });

  it('answers the first answer of create-order-and-invoice and bills once', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await signedInEarlier();
    const body = payBody(s, { payment: { paymentTypeId: s.cash, tendered: 50 } });
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body, {
      ...key,
      ...queued(TEN_MIN),
    });
    expect(first.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    now = new Date('2026-07-01T12:20:00Z');
    const again = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body, {
      ...key,
      ...queued(20 * 60 * 1000),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect(before).toMatchObject({ orders: 1, invoices: 1, payments: 1, keys: 1 });
    expect((await invoicesOf(s, '2026-07-01')).map((i) => i.created_at)).toEqual([
      '2026-07-01T11:50:00.000Z',
    ]);
  });

  it('answers the first answer of complete-and-pay-order and bills once', async () => {
    now = new Date('2026-07-01T11:30:00Z');
    const s = await signedInEarlier();
    const { orderId } = await sendOrder(app, s);
    now = new Date('2026-07-01T12:00:00Z');
    const body = payGroupBody(s, [orderId]);
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post<OrderPaid>('/orders/complete-and-pay-order', body, {
      ...key,
      ...queued(TEN_MIN),
    });
    expect(first.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    now = new Date('2026-07-01T12:20:00Z');
    const again = await s.owner.client.post<OrderPaid>('/orders/complete-and-pay-order', body, {
      ...key,
      ...queued(0),
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await invoicesOf(s, '2026-07-01')).map((i) => i.created_at)).toEqual([
      '2026-07-01T11:50:00.000Z',
    ]);
  });
});

describe('what a replayed sale may claim', () => {
  it('is never dated before the session that sends it began', async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const s = await createStore(app);
    now = new Date('2026-07-01T12:05:00Z');
    // Claims 11:55, but this session began at 12:00: no sale of it can be older.
    const sale = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(TEN_MIN),
    );
    expect(sale.status).toBe(200);
    expect(sale.body.order.date).toBe('2026-07-01T12:00:00.000Z');
    const stored = await readInvoice(app, s.owner.tenantId, sale.body.invoiceId);
    expect(stored.invoice?.createdAt.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    // No shift open: it joins none and is late in none, as every sale with no shift.
    expect(stored.payments.map((p) => [p.shiftId, p.takenBeforeShift])).toEqual([[null, false]]);
    // Within the session it is dated as claimed.
    const order = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s), queued(60_000));
    expect((await listed(s, order.body.orderId))?.date).toBe('2026-07-01T12:04:00.000Z');
  });

  it('joins the shift open when it arrives, dated at its opening, and is late in its Z report', async () => {
    now = new Date('2026-07-01T09:00:00Z');
    const s = await createStore(app);
    now = new Date('2026-07-01T11:00:00Z');
    const opened = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: 100 });
    expect(opened.status).toBe(200);
    now = new Date('2026-07-01T11:05:00Z');
    // Claims 10:55, before the shift opened at 11:00: dated 11:00, in this shift, late.
    const late = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(TEN_MIN),
    );
    // Claims 11:03: in the shift, on time.
    const onTime = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(2 * 60_000),
    );
    expect([late.status, onTime.status]).toEqual([200, 200]);
    expect([late.body.order.date, onTime.body.order.date]).toEqual([
      '2026-07-01T11:00:00.000Z',
      '2026-07-01T11:03:00.000Z',
    ]);
    const lateRow = await readInvoice(app, s.owner.tenantId, late.body.invoiceId);
    expect(lateRow.payments.map((p) => [p.shiftId, p.takenBeforeShift, p.createdAt.toISOString()])).toEqual([
      [opened.body.shift.id, true, '2026-07-01T11:00:00.000Z'],
    ]);
    const onTimeRow = await readInvoice(app, s.owner.tenantId, onTime.body.invoiceId);
    expect(onTimeRow.payments.map((p) => [p.shiftId, p.takenBeforeShift])).toEqual([
      [opened.body.shift.id, false],
    ]);
    // The order audit row says so too.
    const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.create'), eq(auditLog.targetId, String(late.body.orderId)))),
    );
    expect(row?.details).toMatchObject({ queuedMs: TEN_MIN, takenBeforeShift: true });
    const z = await s.owner.client.get<ZReport>(`/shifts/${opened.body.shift.id}/z-report`);
    expect(z.body.taken_before_shift).toEqual({ count: 1, amount: 47.63 });
    expect(z.body.tenders[0]?.expected).toBe(195.26);
  });
});

describe('a replayed sale after a shift closed', () => {
  /**
   * A store signed in at 08:00 whose shift ran 09:00 to 22:00 with one cash sale (float 100, counted
   * 147.63); `now` is 23:00 after it.
   */
  async function closedShift() {
    now = new Date('2026-07-02T08:00:00Z');
    const s = await createStore(app);
    now = new Date('2026-07-02T09:00:00Z');
    const opened = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: 100 });
    expect(opened.status).toBe(200);
    now = new Date('2026-07-02T09:30:00Z');
    expect((await s.owner.client.post('/pos/create-order-and-invoice', payBody(s))).status).toBe(200);
    now = new Date('2026-07-02T22:00:00Z');
    const closed = await s.owner.client.post(`/shifts/${opened.body.shift.id}/close`, {
      counts: [{ key: `type:${s.cash}`, counted: 147.63 }],
    });
    expect(closed.status).toBe(200);
    now = new Date('2026-07-02T23:00:00Z');
    return { s, shiftId: opened.body.shift.id };
  }

  /** The closed shift's Z report as it was read at the close: one sale of 47.63, nothing late. */
  async function expectZUnchanged(s: Store, shiftId: number) {
    const z = await s.owner.client.get<ZReport>(`/shifts/${shiftId}/z-report`);
    expect(z.status).toBe(200);
    expect(z.body.sales).toMatchObject({ bills: 1, total: 47.63 });
    expect(z.body.taken_before_shift).toEqual({ count: 0, amount: 0 });
    expect(z.body.tenders.map((t) => [t.expected, t.counted])).toEqual([[147.63, 147.63]]);
  }

  it('is never dated inside the closed shift: at the close, in no shift and not late', async () => {
    const { s, shiftId } = await closedShift();
    // Claims 21:00, inside the shift that closed at 22:00 and whose Z report was read: dated 22:00.
    const sale = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(2 * 3600 * 1000),
    );
    expect(sale.status).toBe(200);
    expect(sale.body.order.date).toBe('2026-07-02T22:00:00.000Z');
    const stored = await readInvoice(app, s.owner.tenantId, sale.body.invoiceId);
    expect(stored.invoice?.createdAt.toISOString()).toBe('2026-07-02T22:00:00.000Z');
    // No shift is open to take it: it joins none, and late is said only of a shift (a CHECK).
    expect(stored.payments.map((p) => [p.shiftId, p.takenBeforeShift, p.createdAt.toISOString()])).toEqual([
      [null, false, '2026-07-02T22:00:00.000Z'],
    ]);
    // An order sent from the outbox too.
    const order = await s.owner.client.post<OrderCreated>(
      '/pos/create-order',
      orderBody(s),
      queued(3 * 3600 * 1000),
    );
    expect((await listed(s, order.body.orderId))?.date).toBe('2026-07-02T22:00:00.000Z');
    // Claimed after the close, it is dated as claimed.
    const after = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s),
      queued(30 * 60_000),
    );
    expect(after.body.order.date).toBe('2026-07-02T22:30:00.000Z');
    await expectZUnchanged(s, shiftId);
    // The next shift does not take them either: they were paid while none was open.
    now = new Date('2026-07-02T23:30:00Z');
    const next = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: 0 });
    const z = await s.owner.client.get<ZReport>(`/shifts/${next.body.shift.id}/z-report`);
    expect(z.body.sales.bills).toBe(0);
  });

  it('is dated at the close when the shift closes while the sale reads it', async () => {
    now = new Date('2026-07-02T08:00:00Z');
    const s = await createStore(app);
    const tenantId = s.owner.tenantId;
    now = new Date('2026-07-02T09:00:00Z');
    const opened = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: 0 });
    expect(opened.status).toBe(200);
    const shiftId = opened.body.shift.id;
    now = new Date('2026-07-02T23:00:00Z');
    let selling: Promise<{ status: number; body: OrderInvoiced }> | undefined;
    await app.database.inTenant(tenantId, async (tx) => {
      // A close in flight, as POST /shifts/{id}/close holds it: the shift FOR UPDATE, then closed.
      await tx
        .select()
        .from(shifts)
        .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, shiftId)))
        .for('update');
      // Claims 21:00, while the shift is still open: the sale waits for the close to end.
      selling = s.owner.client.post<OrderInvoiced>(
        '/pos/create-order-and-invoice',
        payBody(s),
        queued(2 * 3600 * 1000),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx
        .update(shifts)
        .set({ status: 'closed', closedAt: new Date('2026-07-02T22:00:00Z'), closedByName: 'Closer' })
        .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, shiftId)));
    });
    const sale = await selling!;
    expect(sale.status).toBe(200);
    // The sale's read of the shift waited for the close and saw its closed_at (a read that did not
    // wait, or read the close from before it, would date it 21:00, in no shift and no drawer).
    expect(sale.body.order.date).toBe('2026-07-02T22:00:00.000Z');
    const stored = await readInvoice(app, tenantId, sale.body.invoiceId);
    expect(stored.payments.map((p) => [p.shiftId, p.takenBeforeShift])).toEqual([[null, false]]);
  });
});
