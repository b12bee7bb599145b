import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoices, InvoicesInit, Order, OrderPaid, OrderSummary, TableOrders } from '@comanda/core';
import { and, eq } from 'drizzle-orm';
import { invoices } from '../../platform/db/schema.ts';
import { type TestApp, createColleague, startTestApp } from '../../../test/harness.ts';
import { setTimezone } from '../tenants/tenants.repo.ts';
import {
  type Store,
  counts,
  createStore,
  payBody,
  payGroupBody,
  sendOrder,
} from '../orders/orders.fixtures.ts';

let app: TestApp;
let store: Store;
let other: Store;
beforeAll(async () => {
  app = await startTestApp();
  store = await createStore(app);
  other = await createStore(app);
});
afterAll(() => app.close());

describe('the whole flow through HTTP', () => {
  it('order → kitchen statuses → summary → pay → listed today, found by search, its lines printed', async () => {
    const s = await createStore(app);
    const c = s.owner.client;
    const { orderId, lineIds, tokenNo } = await sendOrder(app, s, {
      tableId: s.table,
      customerType: 'CUSTOMER',
      customerId: s.customer,
    });
    for (const status of ['preparing', 'completed']) {
      for (const line of lineIds)
        expect((await c.post(`/orders/update-status/${line}`, { status })).status).toBe(200);
    }
    const listed = await c.get<TableOrders>('/orders');
    expect(listed.body.groups[0]?.orders[0]?.items.map((i) => i.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    const summary = await c.post<OrderSummary>('/orders/complete-order-payment-summary', {
      orderIds: [orderId],
    });
    expect(summary.body).toMatchObject({ subtotal: 44.18, taxTotal: 3.45, total: 47.63 });
    const paid = await c.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [orderId], { payment: { paymentTypeId: s.cash, tendered: 50 } }),
      { 'idempotency-key': 'pay-1' },
    );
    expect(paid.status).toBe(200);
    expect((await c.get<TableOrders>('/orders')).body.groups).toEqual([]);

    const today = await c.get<Invoices>('/invoices?type=today');
    expect(today.status).toBe(200);
    expect(today.body.invoices).toEqual([
      {
        invoice_id: paid.body.invoiceId,
        created_at: expect.any(String) as unknown,
        currency: 'USD',
        sub_total: 44.18,
        tax_total: 3.45,
        total: 47.63,
        table_id: s.table,
        table_title: 'T1',
        floor: 'Ground',
        delivery_type: 'dinein',
        customer_type: 'CUSTOMER',
        customer_id: s.customer,
        name: 'Ana',
        phone: '555-0101',
        email: null,
        orders: [{ order_id: orderId, token_no: tokenNo, business_date: expect.any(String) as unknown }],
        payments: [{ payment_type: 'Cash', amount: 47.63, tendered: 50, change: 2.37 }],
      },
    ]);
    for (const q of [String(paid.body.invoiceId), 'ana', ' 0101 ']) {
      const found = await c.get<Invoices>(`/invoices/search?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
      expect(found.body.invoices.map((i) => i.invoice_id)).toEqual([paid.body.invoiceId]);
    }
    const printed = await c.post<{ orders: Order[] }>('/invoices/orders', { orderIds: [orderId] });
    expect(printed.status).toBe(200);
    expect(printed.body.orders).toMatchObject([
      {
        id: orderId,
        token_no: tokenNo,
        invoice_id: paid.body.invoiceId,
        payment_status: 'paid',
        total: 47.63,
      },
    ]);
    expect(printed.body.orders[0]?.items.map((i) => [i.item_title, i.quantity, i.total])).toEqual([
      ['Burger', 2, 37.63],
      ['Soda', 3, 9],
      ['Water', 1, 1],
    ]);
  });
});

describe('access', () => {
  it('answers 401 signed out and 403 without INVOICES, and 404 for orders of another tenant', async () => {
    const theirs = await sendOrder(app, other);
    const cashier = await createColleague(app, store.owner, { scopes: ['POS'] });
    const routes = [
      ['GET', '/invoices', undefined],
      ['GET', '/invoices/init', undefined],
      ['GET', '/invoices/search?q=ana', undefined],
      ['POST', '/invoices/orders', { orderIds: [theirs.orderId] }],
    ] as const;
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status).toBe(401);
      expect((await cashier.client.request(method, path, body)).status).toBe(403);
    }
    const accountant = await createColleague(app, store.owner, { scopes: ['INVOICES'] });
    expect((await accountant.client.get('/invoices')).status).toBe(200);
    const mine = await sendOrder(app, store);
    const res = await store.owner.client.post<{ code: string }>('/invoices/orders', {
      orderIds: [mine.orderId, theirs.orderId],
    });
    expect([res.status, res.body.code]).toEqual([404, 'order_not_found']);
  });

  it("lists and finds only the tenant's own invoices", async () => {
    const s = await createStore(app);
    const o = await createStore(app);
    const theirs = await o.owner.client.post<{ invoiceId: number }>(
      '/pos/create-order-and-invoice',
      payBody(o, { customerType: 'CUSTOMER', customerId: o.customer }),
    );
    expect((await s.owner.client.get<Invoices>('/invoices')).body.invoices).toEqual([]);
    for (const q of ['Ana', String(theirs.body.invoiceId)]) {
      const found = await s.owner.client.get<Invoices>(`/invoices/search?q=${q}`);
      expect(found.body.invoices).toEqual([]);
    }
  });
});

describe('GET /invoices/init', () => {
  it('answers the print and store settings and the currency', async () => {
    const res = await store.owner.client.get<InvoicesInit>('/invoices/init');
    expect(res.status).toBe(200);
    expect(res.body.currency).toEqual({ code: 'USD', symbol: '$', digits: 2 });
    expect(res.body.printSettings.pageFormat).toBe(80);
    expect(res.body.storeSettings.currency).toBe('USD');
  });
});

describe('GET /invoices/search', () => {
  it('refuses a blank or over-long search with a clear message', async () => {
    for (const q of ['', '%20%20', 'x'.repeat(101)]) {
      const res = await store.owner.client.get(`/invoices/search?q=${q}`);
      expect(res.status).toBe(400);
    }
    const blank = await store.owner.client.get('/invoices/search?q=%20');
    expect(blank.body).toMatchObject({
      message: 'Please type an invoice number, a name or a phone to search!',
    });
  });

  it('matches names literally (no LIKE wildcards), newest first', async () => {
    const s = await createStore(app);
    const walkIn = await s.owner.client.post('/pos/create-order-and-invoice', payBody(s));
    expect(walkIn.status).toBe(200);
    const first = await s.owner.client.post<{ invoiceId: number }>(
      '/pos/create-order-and-invoice',
      payBody(s, { customerType: 'CUSTOMER', customerId: s.customer }),
    );
    const second = await s.owner.client.post<{ invoiceId: number }>(
      '/pos/create-order-and-invoice',
      payBody(s, { customerType: 'CUSTOMER', customerId: s.customer }),
    );
    const found = await s.owner.client.get<Invoices>('/invoices/search?q=an');
    expect(found.body.invoices.map((i) => i.invoice_id)).toEqual([
      second.body.invoiceId,
      first.body.invoiceId,
    ]);
    for (const q of ['%25', '_', 'A_a']) {
      expect((await s.owner.client.get<Invoices>(`/invoices/search?q=${q}`)).body.invoices).toEqual([]);
    }
  });
});

describe('GET /invoices limits', () => {
  it('answers the newest 1,000 invoices and says more exist; refuses a custom range over 366 days', async () => {
    const s = await createStore(app);
    const tenantId = s.owner.tenantId;
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      tenantId,
      uuid: crypto.randomUUID(),
      subTotalMinor: 100 + i,
      taxTotalMinor: 0,
      totalMinor: 100 + i,
      currency: 'USD',
      deliveryType: 'takeaway' as const,
      localDate: new Date().toISOString().slice(0, 10),
      localHour: new Date().getUTCHours(),
    }));
    const ids = await app.database.inTenant(tenantId, (tx) =>
      tx.insert(invoices).values(rows).returning({ id: invoices.id }),
    );
    const oldest = Math.min(...ids.map((r) => r.id));
    const listed = await s.owner.client.get<Invoices>('/invoices?type=today');
    expect(listed.status).toBe(200);
    expect(listed.body.truncated).toBe(true);
    expect(listed.body.invoices).toHaveLength(1000);
    expect(listed.body.invoices.map((i) => i.invoice_id)).not.toContain(oldest);

    // The oldest moved to yesterday: today's 1,000 are all there, and yesterday is not cut.
    await app.database.inTenant(tenantId, (tx) =>
      tx
        .update(invoices)
        .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, oldest))),
    );
    const today = await s.owner.client.get<Invoices>('/invoices?type=today');
    expect(today.body).toMatchObject({ truncated: false });
    expect(today.body.invoices).toHaveLength(1000);

    const tooLong = await s.owner.client.get('/invoices?type=custom&from=2025-01-01&to=2026-01-02');
    expect(tooLong.status).toBe(400);
    const longest = await s.owner.client.get<Invoices>('/invoices?type=custom&from=2025-01-01&to=2026-01-01');
    expect(longest.status).toBe(200);
  }, 300_000);
});

describe('GET /invoices across the store midnight', () => {
  // Tongatapu is UTC+13: 10:59 UTC on 1 March is 23:59 there; 11:00 UTC is 2 March.
  let now = new Date('2026-03-01T10:59:00Z');
  let dated: TestApp;
  beforeAll(async () => {
    dated = await startTestApp({}, { now: () => now });
  });
  afterAll(() => dated.close());

  it("files each invoice under the store's day, whatever the clock of the database", async () => {
    const s = await createStore(dated);
    await dated.database.inTenant(s.owner.tenantId, (tx) =>
      setTimezone(tx, s.owner.tenantId, 'Pacific/Tongatapu'),
    );
    const pay = async () => {
      const res = await s.owner.client.post<{ invoiceId: number }>(
        '/pos/create-order-and-invoice',
        payBody(s),
      );
      expect(res.status).toBe(200);
      return res.body.invoiceId;
    };
    // created_at is the database's clock: the test moves the invoice row to the instant it means.
    const at = async (invoiceId: number, iso: string) =>
      dated.database.inTenant(s.owner.tenantId, (tx) =>
        tx
          .update(invoices)
          .set({ createdAt: new Date(iso) })
          .where(and(eq(invoices.tenantId, s.owner.tenantId), eq(invoices.id, invoiceId))),
      );
    const late = await pay();
    await at(late, '2026-03-01T10:59:00Z');
    const early = await pay();
    await at(early, '2026-03-01T11:00:00Z');

    const ids = async (query: string) =>
      (await s.owner.client.get<Invoices>(`/invoices?${query}`)).body.invoices.map((i) => i.invoice_id);
    // At 23:59 on 1 March, store time.
    expect(await ids('type=today')).toEqual([late]);
    expect(await ids('type=tomorrow')).toEqual([early]);
    now = new Date('2026-03-01T11:30:00Z');
    expect(await ids('type=today')).toEqual([early]);
    expect(await ids('type=yesterday')).toEqual([late]);
    expect(await ids('type=custom&from=2026-03-01&to=2026-03-02')).toEqual([early, late]);
    expect(await ids('type=custom&from=2026-03-02&to=2026-03-02')).toEqual([early]);
    const bad = await s.owner.client.get('/invoices?type=custom&from=2026-03-02&to=2026-03-01');
    expect(bad.status).toBe(400);
    expect(await counts(dated, s.owner.tenantId)).toMatchObject({ invoices: 2 });
  });
});
