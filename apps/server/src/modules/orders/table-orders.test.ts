import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DINE_OUT_GROUP,
  type OrderPaid,
  type OrderSummary,
  type OrdersInit,
  type TableOrders,
} from '@comanda/core';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import {
  type Store,
  counts,
  createStore,
  orderBody,
  payGroupBody,
  readInvoice,
  readOrder,
  sendOrder,
  uuid,
} from './orders.fixtures.ts';

let app: TestApp;
let store: Store;
let other: Store;
beforeAll(async () => {
  app = await startTestApp();
  store = await createStore(app);
  other = await createStore(app);
});
afterAll(() => app.close());

/** Voids every one of these lines (without a reason: the store does not ask for one). */
async function voidAll(s: Store, lineIds: number[]) {
  for (const line of lineIds)
    expect((await s.owner.client.post(`/orders/update-status/${line}`, { status: 'cancelled' })).status).toBe(
      200,
    );
}

/** Every route of the screen, with a body naming `orderId` and `lineId`. */
function routes(s: Store, orderId: number, lineId: number) {
  return [
    ['GET', '/orders', undefined],
    ['GET', '/orders/init', undefined],
    ['POST', `/orders/update-status/${lineId}`, { status: 'preparing' }],
    ['POST', '/orders/cancel', { orderIds: [orderId], reasonId: s.voidReason }],
    ['POST', '/orders/complete', { orderIds: [orderId] }],
    ['POST', '/orders/complete-order-payment-summary', { orderIds: [orderId] }],
    ['POST', '/orders/complete-and-pay-order', payGroupBody(s, [orderId])],
  ] as const;
}

describe('access', () => {
  it('answers 401 signed out and 403 without the Orders screen, writing nothing', async () => {
    const { orderId, lineIds } = await sendOrder(app, store);
    const cook = await createColleague(app, store.owner, { scopes: ['KITCHEN'] });
    const before = await counts(app, store.owner.tenantId);
    for (const [method, path, body] of routes(store, orderId, lineIds[0] ?? 0)) {
      expect((await app.client().request(method, path, body)).status).toBe(401);
      expect((await cook.client.request(method, path, body)).status).toBe(403);
    }
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, store.owner.tenantId, orderId)).order?.status).toBe('created');
  });

  it('lets a waiter with ORDERS work the screen', async () => {
    const waiter = await createColleague(app, store.owner, { scopes: ['ORDERS'] });
    expect((await waiter.client.get('/orders')).status).toBe(200);
    expect((await waiter.client.get('/orders/init')).status).toBe(200);
  });

  it("answers 404 for another tenant's order and line ids, and changes nothing of theirs", async () => {
    const theirs = await sendOrder(app, other);
    const mine = await sendOrder(app, store);
    const before = await counts(app, other.owner.tenantId);
    for (const [method, path, body] of routes(store, theirs.orderId, theirs.lineIds[0] ?? 0).slice(2)) {
      const res = await store.owner.client.request<{ code: string }>(method, path, body);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(path.includes('update-status') ? 'order_item_not_found' : 'order_not_found');
    }
    // Mixed with one of mine: still 404, and mine is untouched too.
    const mixed = await store.owner.client.post('/orders/cancel', {
      orderIds: [mine.orderId, theirs.orderId],
      reasonId: store.voidReason,
    });
    expect(mixed.status).toBe(404);
    expect((await readOrder(app, store.owner.tenantId, mine.orderId)).order?.status).toBe('created');
    expect(await counts(app, other.owner.tenantId)).toEqual(before);
    const stored = await readOrder(app, other.owner.tenantId, theirs.orderId);
    expect(stored.order).toMatchObject({ status: 'created', paymentStatus: 'pending' });
    expect(stored.lines.map((l) => l.status)).toEqual(['created', 'created', 'created']);
  });
});

describe('GET /orders', () => {
  it('groups the open orders by table, the rest in one Dine Out / Delivery group, oldest group first', async () => {
    const s = await createStore(app);
    const takeaway = await sendOrder(app, s, { deliveryType: 'takeaway', tableId: s.table });
    const atT1 = await sendOrder(app, s, { tableId: s.table });
    const delivery = await sendOrder(app, s, { deliveryType: 'delivery' });
    const atT1Again = await sendOrder(app, s, { tableId: s.table });
    const closed = await sendOrder(app, s, { tableId: s.table });
    expect((await s.owner.client.post('/orders/cancel', { orderIds: [closed.orderId] })).status).toBe(200);
    await sendOrder(app, other, { tableId: other.table });

    const res = await s.owner.client.get<TableOrders>('/orders');
    expect(res.status).toBe(200);
    expect(
      res.body.groups.map((g) => ({ key: g.key, title: g.table_title, floor: g.floor, ids: g.order_ids })),
    ).toEqual([
      { key: 'dine-out', title: DINE_OUT_GROUP, floor: null, ids: [takeaway.orderId, delivery.orderId] },
      { key: `table-${s.table}`, title: 'T1', floor: 'Ground', ids: [atT1.orderId, atT1Again.orderId] },
    ]);
    const [dineOut, table] = res.body.groups;
    expect(dineOut?.table_id).toBeNull();
    expect(table?.table_id).toBe(s.table);
    // A takeaway sent with a table keeps none.
    expect(dineOut?.orders[0]).toMatchObject({
      delivery_type: 'takeaway',
      table_id: null,
      table_title: null,
    });
    expect(table?.orders[0]).toMatchObject({ token_no: atT1.tokenNo, total: 47.63, status: 'created' });
    expect(table?.orders[0]?.items.map((i) => i.item_title)).toEqual(['Burger', 'Soda', 'Water']);
  });

  it('answers no groups when nothing is open', async () => {
    const s = await createStore(app);
    expect((await s.owner.client.get<TableOrders>('/orders')).body).toEqual({ groups: [] });
  });
});

describe('GET /orders/init', () => {
  it('answers the print and store settings, the active payment types and the currency', async () => {
    const res = await store.owner.client.get<OrdersInit>('/orders/init');
    expect(res.status).toBe(200);
    expect(res.body.paymentTypes).toEqual([
      { id: store.cash, title: 'Cash', is_active: true, is_default: true },
    ]);
    expect(res.body.currency).toEqual({ code: 'USD', symbol: '$', digits: 2 });
    expect(res.body.printSettings.pageFormat).toBe(80);
    expect(res.body.storeSettings.currency).toBe('USD');
  });
});

describe('POST /orders/update-status/:id', () => {
  it('sets any settable status directly and tells the screens', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const line = lineIds[0] ?? 0;
    const socket = await connectSocket(app, s.owner.client);
    for (const status of ['completed', 'preparing', 'delivered'] as const) {
      const updated = next(socket.socket, 'order_update');
      const res = await s.owner.client.post(`/orders/update-status/${line}`, { status });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Order Item status successfully updated!' });
      expect(await updated).toEqual({ orderId });
      expect((await readOrder(app, s.owner.tenantId, orderId)).lines[0]?.status).toBe(status);
    }
    expect((await readOrder(app, s.owner.tenantId, orderId)).order?.changedAt).toBeNull();
  });

  it('cancels a line: left out of the totals, the order marked changed, audited', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const res = await s.owner.client.post(`/orders/update-status/${lineIds[2]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    expect(res.status).toBe(200);
    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order?.changedAt).toBeInstanceOf(Date);
    expect(lines.map((l) => l.status)).toEqual(['created', 'created', 'cancelled']);
    expect((await auditActions(app, s.owner.tenantId)).slice(-1)).toEqual(['order_item.void']);
    const listed = await s.owner.client.get<TableOrders>('/orders');
    const shown = listed.body.groups[0]?.orders[0];
    expect(shown).toMatchObject({ sub_total: 43.18, tax_total: 3.45, total: 46.63 });
    expect(shown?.changed_at).toBe(order?.changedAt?.toISOString());
  });

  it('brings a cancelled line back: billed again, the order marked changed, audited as a restore', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const summary = () =>
      s.owner.client.post<OrderSummary>('/orders/complete-order-payment-summary', { orderIds: [orderId] });
    const full = (await summary()).body.total;
    await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    expect((await summary()).body.total).toBeLessThan(full);
    const res = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, { status: 'delivered' });
    expect(res.status).toBe(200);
    expect((await summary()).body.total).toBe(full);
    expect((await readOrder(app, s.owner.tenantId, orderId)).order?.changedAt).toBeInstanceOf(Date);
    expect((await auditActions(app, s.owner.tenantId)).slice(-2)).toEqual([
      'order_item.void',
      'order_item.restore',
    ]);
  });

  it('audits one cancel when the same line is cancelled three times at once', async () => {
    const s = await createStore(app);
    const { lineIds } = await sendOrder(app, s);
    const cancel = () =>
      s.owner.client.post(`/orders/update-status/${lineIds[1]}`, {
        status: 'cancelled',
        reasonId: s.voidReason,
      });
    const answers = await Promise.all([cancel(), cancel(), cancel()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const actions = await auditActions(app, s.owner.tenantId);
    expect(actions.filter((a) => a === 'order_item.void')).toHaveLength(1);
  });

  it('a repeat of the order UUID answers its totals without the cancelled line', async () => {
    const s = await createStore(app);
    const body = orderBody(s);
    const sent = await s.owner.client.post<{ orderId: number }>('/pos/create-order', body);
    const { lines } = await readOrder(app, s.owner.tenantId, sent.body.orderId);
    await s.owner.client.post(`/orders/update-status/${lines[0]?.id}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    const again = await s.owner.client.post('/pos/create-order', body);
    expect(again.body).toMatchObject({ itemsTotal: 9.18, taxTotal: 0.82, payableTotal: 10 });
  });

  it('refuses lines of closed orders (409), unknown lines (404) and unknown statuses (400)', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    await s.owner.client.post('/orders/cancel', { orderIds: [orderId] });
    const closed = await s.owner.client.post<{ code: string }>(`/orders/update-status/${lineIds[0]}`, {
      status: 'preparing',
    });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('order_not_open');
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines[0]?.status).toBe('cancelled');

    const open = await sendOrder(app, s);
    expect(
      (await s.owner.client.post('/orders/update-status/999999999', { status: 'preparing' })).status,
    ).toBe(404);
    for (const status of ['created', 'eaten', undefined]) {
      const res = await s.owner.client.post(`/orders/update-status/${open.lineIds[0]}`, { status });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please select a valid status!' });
    }
  });
});

describe('POST /orders/cancel and /orders/complete', () => {
  it('cancels the orders and all their lines, audited, and tells the screens per order', async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s, { tableId: s.table });
    const b = await sendOrder(app, s, { tableId: s.table });
    const socket = await connectSocket(app, s.owner.client);
    const first = next(socket.socket, 'order_update');
    const res = await s.owner.client.post('/orders/cancel', {
      orderIds: [b.orderId, a.orderId],
      reasonId: s.voidReason,
    });
    expect(res.status).toBe(200);
    expect(await first).toEqual({ orderId: a.orderId });
    for (const id of [a.orderId, b.orderId]) {
      const { order, lines } = await readOrder(app, s.owner.tenantId, id);
      expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', invoiceId: null });
      expect(lines.every((l) => l.status === 'cancelled')).toBe(true);
    }
    expect((await auditActions(app, s.owner.tenantId)).slice(-2)).toEqual(['order.cancel', 'order.cancel']);
    expect((await s.owner.client.get<TableOrders>('/orders')).body.groups).toEqual([]);
  });

  it('refuses a group with a completed, cancelled or paid order (409) and changes nothing', async () => {
    const s = await createStore(app);
    const done = await sendOrder(app, s);
    const gone = await sendOrder(app, s);
    const paid = await sendOrder(app, s);
    const open = await sendOrder(app, s);
    await voidAll(s, done.lineIds);
    await s.owner.client.post('/orders/complete', { orderIds: [done.orderId] });
    await s.owner.client.post('/orders/cancel', { orderIds: [gone.orderId], reasonId: s.voidReason });
    await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, [paid.orderId]));
    const before = await counts(app, s.owner.tenantId);
    for (const route of ['/orders/cancel', '/orders/complete', '/orders/complete-order-payment-summary']) {
      for (const [closed, code] of [
        [done, 'order_not_open'],
        [gone, 'order_not_open'],
        [paid, 'order_already_paid'],
      ] as const) {
        const res = await s.owner.client.post<{ code: string }>(route, {
          orderIds: [open.orderId, closed.orderId],
          reasonId: s.voidReason,
        });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe(code);
      }
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    const stored = await readOrder(app, s.owner.tenantId, open.orderId);
    expect(stored.order?.status).toBe('created');
    expect(stored.lines.every((l) => l.status === 'created')).toBe(true);
    expect((await readOrder(app, s.owner.tenantId, done.orderId)).order?.status).toBe('completed');
    expect((await readOrder(app, s.owner.tenantId, gone.orderId)).order?.status).toBe('cancelled');
  });

  it('refuses an empty or malformed group (400)', async () => {
    for (const body of [{}, { orderIds: [] }, { orderIds: ['x'] }, { orderIds: [0] }]) {
      expect((await store.owner.client.post('/orders/cancel', body)).status).toBe(400);
    }
  });
});

describe('POST /orders/complete-order-payment-summary', () => {
  it("answers the group's bill without its cancelled lines, and changes nothing", async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s, { tableId: s.table });
    const b = await sendOrder(app, s, { tableId: s.table });
    await s.owner.client.post(`/orders/update-status/${b.lineIds[0]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    const before = await counts(app, s.owner.tenantId);
    const res = await s.owner.client.post<OrderSummary>('/orders/complete-order-payment-summary', {
      orderIds: [b.orderId, a.orderId],
    });
    expect(res.status).toBe(200);
    // The whole first order and the second without its burger line (35.00 + 2.63 tax).
    expect(res.body).toMatchObject({ subtotal: 53.36, taxTotal: 4.27, total: 57.63, currency: 'USD' });
    expect(res.body.orders.map((o) => o.id)).toEqual([a.orderId, b.orderId]);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });
});

describe('POST /orders/complete-and-pay-order', () => {
  it('bills the group once at the server figures: one invoice, one payment, the orders paid', async () => {
    const s = await createStore(app);
    const walkIn = await sendOrder(app, s, { tableId: s.table });
    const ana = await sendOrder(app, s, {
      tableId: s.table,
      customerType: 'CUSTOMER',
      customerId: s.customer,
    });
    await s.owner.client.post(`/orders/update-status/${walkIn.lineIds[2]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    const socket = await connectSocket(app, s.owner.client);
    const updated = next(socket.socket, 'order_update');
    const res = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [walkIn.orderId, ana.orderId], {
        subTotal: 87.36,
        taxTotal: 6.9,
        total: 94.26,
        payment: { paymentTypeId: s.cash, tendered: 100 },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Order completed and paid!',
      invoiceId: expect.any(Number) as unknown,
      subTotal: 87.36,
      taxTotal: 6.9,
      total: 94.26,
      change: 5.74,
      pricesChanged: false,
      discount: 0,
      lineDiscounts: [],
      serviceCharge: 0,
      tip: 0,
    });
    expect(await updated).toEqual({ orderId: walkIn.orderId });
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice).toMatchObject({
      subTotalMinor: 8736,
      taxTotalMinor: 690,
      totalMinor: 9426,
      currency: 'USD',
      deliveryType: 'dinein',
      customerType: 'CUSTOMER',
      customerId: s.customer,
      customerName: 'Ana',
      customerPhone: '555-0101',
      tableId: s.table,
      tableTitle: 'T1',
    });
    expect(payments).toMatchObject([
      { paymentTypeTitle: 'Cash', amountMinor: 9426, tenderedMinor: 10000, changeMinor: 574 },
    ]);
    for (const id of [walkIn.orderId, ana.orderId]) {
      expect((await readOrder(app, s.owner.tenantId, id)).order).toMatchObject({
        status: 'completed',
        paymentStatus: 'paid',
        invoiceId: res.body.invoiceId,
      });
    }
    expect((await auditActions(app, s.owner.tenantId)).slice(-1)).toEqual(['invoice.create']);
  });

  it("answers pricesChanged when the client's totals differ, billing the server's", async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s);
    const res = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [a.orderId], { total: 1 }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pricesChanged: true, total: 47.63, change: null });
    for (const [field, value] of [
      ['subTotal', 44.17],
      ['taxTotal', 3.44],
    ] as const) {
      const b = await sendOrder(app, s);
      const again = await s.owner.client.post<OrderPaid>(
        '/orders/complete-and-pay-order',
        payGroupBody(s, [b.orderId], { [field]: value }),
      );
      expect(again.body.pricesChanged).toBe(true);
    }
  });

  it('refuses an all-cancelled group, an inactive payment type and too little cash, writing nothing', async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s);
    const b = await sendOrder(app, s);
    for (const line of a.lineIds)
      await s.owner.client.post(`/orders/update-status/${line}`, {
        status: 'cancelled',
        reasonId: s.voidReason,
      });
    const before = await counts(app, s.owner.tenantId);
    const cases = [
      [payGroupBody(s, [a.orderId]), 400, 'nothing_to_pay'],
      [payGroupBody(s, [b.orderId], { payment: { paymentTypeId: s.card } }), 400, 'payment_type_inactive'],
      [
        payGroupBody(s, [b.orderId], { payment: { paymentTypeId: other.cash } }),
        404,
        'payment_type_not_found',
      ],
      [
        payGroupBody(s, [b.orderId], { payment: { paymentTypeId: s.cash, tendered: 40 } }),
        400,
        'tendered_too_low',
      ],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await s.owner.client.post<{ code: string }>('/orders/complete-and-pay-order', body, {
        'idempotency-key': uuid(),
      });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, b.orderId)).order?.paymentStatus).toBe('pending');
  });

  it('produces one invoice when two terminals pay the same group together', async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s, { tableId: s.table });
    const b = await sendOrder(app, s, { tableId: s.table });
    const before = await counts(app, s.owner.tenantId);
    const answers = await Promise.all(
      [
        [a.orderId, b.orderId],
        [b.orderId, a.orderId],
        [a.orderId, b.orderId],
      ].map((ids) =>
        s.owner.client.post<OrderPaid & { code: string }>(
          '/orders/complete-and-pay-order',
          payGroupBody(s, ids, {
            subTotal: 88.36,
            taxTotal: 6.9,
            total: 95.26,
          }),
        ),
      ),
    );
    const won = answers.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((r) => r.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(['order_already_paid', 'order_not_open']).toContain(lost.body.code);
    }
    const after = await counts(app, s.owner.tenantId);
    expect(after.invoices - before.invoices).toBe(1);
    expect(after.payments - before.payments).toBe(1);
    expect((await readOrder(app, s.owner.tenantId, b.orderId)).order?.invoiceId).toBe(won[0]?.body.invoiceId);
  });

  it('answers a replayed Idempotency-Key with the first answer and creates nothing', async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s);
    const key = { 'idempotency-key': uuid() };
    const body = payGroupBody(s, [a.orderId], { payment: { paymentTypeId: s.cash, tendered: 50 } });
    const first = await s.owner.client.post<OrderPaid>('/orders/complete-and-pay-order', body, key);
    expect(first.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const again = await s.owner.client.post<OrderPaid>('/orders/complete-and-pay-order', body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    // The same key for another group is a misuse, not a replay.
    const b = await sendOrder(app, s);
    const reused = await s.owner.client.post(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [b.orderId]),
      key,
    );
    expect(reused.status).toBe(422);
    // Without the key, paying again is refused.
    const twice = await s.owner.client.post<{ code: string }>('/orders/complete-and-pay-order', body);
    expect([twice.status, twice.body.code]).toEqual([409, 'order_already_paid']);
  });
});

describe('Idempotency-Key on cancel, complete and update-status', () => {
  /** The tenant's audit rows of one action. */
  const audited = async (s: Store, action: string) =>
    (await auditActions(app, s.owner.tenantId)).filter((a) => a === action).length;

  /** The `order_update` events a replay sends, once a control event (a new order) has come after it. */
  async function eventsOf(s: Store, replay: () => Promise<unknown>) {
    const { socket } = await connectSocket(app, s.owner.client);
    const updates = record(socket, 'order_update');
    await replay();
    const control = next(socket, 'new_order');
    await sendOrder(app, s);
    await control;
    return updates;
  }

  for (const [path, status, action, message] of [
    ['/orders/cancel', 'cancelled', 'order.cancel', 'Orders cancelled!'],
    ['/orders/complete', 'completed', 'order.complete', 'Orders completed!'],
  ] as const) {
    /** An order the call may close: for a complete, one with nothing left to bill (issue 29). */
    const closable = async (s: Store) => {
      const sent = await sendOrder(app, s);
      if (path === '/orders/complete') await voidAll(s, sent.lineIds);
      return sent;
    };

    it(`POST ${path}: a replayed key answers the first answer, closing and auditing once`, async () => {
      const s = await createStore(app);
      const a = await closable(s);
      const b = await closable(s);
      const key = { 'idempotency-key': uuid() };
      const body = { orderIds: [a.orderId, b.orderId], reasonId: s.voidReason };
      const first = await s.owner.client.post(path, body, key);
      expect([first.status, first.body]).toEqual([200, { message }]);
      const before = await counts(app, s.owner.tenantId);
      const updates = await eventsOf(s, async () => {
        const again = await s.owner.client.post(path, body, key);
        expect([again.status, again.body]).toEqual([first.status, first.body]);
        // No audit row, no key, nothing written.
        expect(await counts(app, s.owner.tenantId)).toEqual(before);
      });
      expect(updates).toEqual([]);
      expect(await audited(s, action)).toBe(2);
      expect((await readOrder(app, s.owner.tenantId, a.orderId)).order?.status).toBe(status);
      // Without the key the same call is refused as ever: the orders are closed.
      const unkeyed = await s.owner.client.post<{ code: string }>(path, body);
      expect([unkeyed.status, unkeyed.body.code]).toEqual([409, 'order_not_open']);
    });

    it(`POST ${path}: the same key sent at once closes the group once`, async () => {
      const s = await createStore(app);
      const a = await closable(s);
      const key = { 'idempotency-key': uuid() };
      const answers = await Promise.all(
        Array.from({ length: 3 }, () =>
          s.owner.client.post(path, { orderIds: [a.orderId], reasonId: s.voidReason }, key),
        ),
      );
      expect(answers.map((r) => [r.status, r.body])).toEqual(Array(3).fill([200, { message }]));
      expect(await audited(s, action)).toBe(1);
      expect((await counts(app, s.owner.tenantId)).keys).toBe(1);
      expect((await readOrder(app, s.owner.tenantId, a.orderId)).order?.status).toBe(status);
    });

    it(`POST ${path}: the same key for another group or route answers 422 and changes nothing`, async () => {
      const s = await createStore(app);
      const a = await closable(s);
      const b = await sendOrder(app, s);
      const key = { 'idempotency-key': uuid() };
      expect(
        (await s.owner.client.post(path, { orderIds: [a.orderId], reasonId: s.voidReason }, key)).status,
      ).toBe(200);
      const before = await counts(app, s.owner.tenantId);
      const otherPath = path === '/orders/cancel' ? '/orders/complete' : '/orders/cancel';
      for (const [p, ids] of [
        [path, [b.orderId]],
        [path, [a.orderId, b.orderId]],
        [otherPath, [a.orderId]],
      ] as const) {
        const res = await s.owner.client.post(p, { orderIds: ids, reasonId: s.voidReason }, key);
        expect([res.status, res.body.code]).toEqual([422, 'idempotency_key_reused']);
      }
      expect(await counts(app, s.owner.tenantId)).toEqual(before);
      expect((await readOrder(app, s.owner.tenantId, b.orderId)).order?.status).toBe('created');
    });
  }

  it("POST /orders/cancel: a refused request (another tenant's order) stores no key, so it can be retried", async () => {
    const s = await createStore(app);
    const theirs = await sendOrder(app, other);
    const key = { 'idempotency-key': uuid() };
    for (let i = 0; i < 2; i++) {
      const res = await s.owner.client.post(
        '/orders/cancel',
        { orderIds: [theirs.orderId], reasonId: s.voidReason },
        key,
      );
      expect([res.status, res.body.code]).toEqual([404, 'order_not_found']);
    }
    expect((await counts(app, s.owner.tenantId)).keys).toBe(0);
    expect((await readOrder(app, other.owner.tenantId, theirs.orderId)).order?.status).toBe('created');
  });

  it('POST /orders/update-status/:id: a replay answers the stored answer and never moves the line back', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const line = lineIds[0] ?? 0;
    const k = { 'idempotency-key': uuid() };
    const k2 = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post(`/orders/update-status/${line}`, { status: 'preparing' }, k);
    expect([first.status, first.body]).toEqual([200, { message: 'Order Item status successfully updated!' }]);
    const done = await s.owner.client.post(`/orders/update-status/${line}`, { status: 'completed' }, k2);
    expect(done.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const updates = await eventsOf(s, async () => {
      const again = await s.owner.client.post(`/orders/update-status/${line}`, { status: 'preparing' }, k);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      expect(await counts(app, s.owner.tenantId)).toEqual(before);
    });
    expect(updates).toEqual([]);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines[0]?.status).toBe('completed');
  });

  it('POST /orders/update-status/:id: a replayed cancel is audited once', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const path = `/orders/update-status/${lineIds[1]}`;
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post(path, { status: 'cancelled', reasonId: s.voidReason }, key);
    const again = await s.owner.client.post(path, { status: 'cancelled', reasonId: s.voidReason }, key);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(await audited(s, 'order_item.void')).toBe(1);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines[1]?.status).toBe('cancelled');
  });

  it('POST /orders/update-status/:id: the same key sent at once moves the line once', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const path = `/orders/update-status/${lineIds[0]}`;
    const key = { 'idempotency-key': uuid() };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        s.owner.client.post(path, { status: 'cancelled', reasonId: s.voidReason }, key),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await audited(s, 'order_item.void')).toBe(1);
    expect((await counts(app, s.owner.tenantId)).keys).toBe(1);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines[0]?.status).toBe('cancelled');
  });

  it('POST /orders/update-status/:id: the same key on another line or status answers 422', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const [line, otherLine] = lineIds;
    const key = { 'idempotency-key': uuid() };
    expect(
      (await s.owner.client.post(`/orders/update-status/${line}`, { status: 'preparing' }, key)).status,
    ).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    for (const [id, status] of [
      [otherLine, 'preparing'],
      [line, 'completed'],
    ] as const) {
      const res = await s.owner.client.post(`/orders/update-status/${id}`, { status }, key);
      expect([res.status, res.body.code]).toEqual([422, 'idempotency_key_reused']);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'preparing',
      'created',
      'created',
    ]);
  });
});
