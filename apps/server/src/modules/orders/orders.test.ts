import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MINOR, type OrderCreated, type OrderInvoiced, type PosInit } from '@comanda/core';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { insertMenuItem, setCurrency } from '../menu/menu.fixtures.ts';
import {
  type Store,
  counts,
  createStore,
  orderBody,
  payBody,
  readInvoice,
  readOrder,
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

const ROUTES = ['/pos/create-order', '/pos/create-order-and-invoice'] as const;

describe('access', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/pos/init')).status).toBe(401);
    for (const route of ROUTES) expect((await c.post(route, payBody(store))).status).toBe(401);
  });

  it('answers 403 to a user without POS (kitchen only) and writes nothing', async () => {
    const cook = await createColleague(app, store.owner, { scopes: ['KITCHEN'] });
    const before = await counts(app, store.owner.tenantId);
    expect((await cook.client.get('/pos/init')).status).toBe(403);
    for (const route of ROUTES) expect((await cook.client.post(route, payBody(store))).status).toBe(403);
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });

  it('lets a POS user take an order', async () => {
    const cashier = await createColleague(app, store.owner, { scopes: ['POS'] });
    expect((await cashier.client.get('/pos/init')).status).toBe(200);
    expect((await cashier.client.post('/pos/create-order', orderBody(store))).status).toBe(200);
  });
});

describe('GET /pos/init', () => {
  it('answers the menu with variants, addons and taxes, the active payment types, tables and currency', async () => {
    const res = await store.owner.client.get<PosInit>('/pos/init');
    expect(res.status).toBe(200);
    const init = res.body;
    expect(init.menuItems.map((i) => i.title)).toEqual(['Burger', 'Soda', 'Water']);
    const burger = init.menuItems[0];
    expect(burger).toMatchObject({ price: 10, tax_title: 'VAT', tax_rate: 7.5, tax_type: 'exclusive' });
    expect(burger?.variants.map((v) => [v.title, v.price])).toEqual([
      ['Large', 14],
      ['Small', 8],
    ]);
    expect(burger?.addons.map((a) => [a.title, a.price])).toEqual([
      ['Cheese', 1.5],
      ['Bacon', 2],
    ]);
    expect(init.paymentTypes).toEqual([{ id: store.cash, title: 'Cash', is_active: true, is_default: true }]);
    expect(init.storeTables).toMatchObject([{ id: store.table, table_title: 'T1', floor: 'Ground' }]);
    expect(init.currency).toEqual({ code: 'USD', symbol: '$', digits: 2 });
    expect(init.storeSettings.currency).toBe('USD');
    expect(init.printSettings.pageFormat).toBe(80);
    // Only this tenant's rows.
    expect(init.paymentTypes.map((p) => p.id)).not.toContain(other.cash);
    expect(init.storeTables.map((t) => t.id)).not.toContain(other.table);
  });

  it('writes nothing', async () => {
    const before = await counts(app, store.owner.tenantId);
    await store.owner.client.get('/pos/init');
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });
});

describe('POST /pos/create-order', () => {
  it('prices the cart from the menu and copies what was sold onto the lines', async () => {
    const s = await createStore(app);
    const body = orderBody(s, { customerType: 'CUSTOMER', customerId: s.customer, tableId: s.table });
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Order created!',
      tokenNo: 1,
      orderId: expect.any(Number) as unknown,
      orderUuid: body.uuid,
      itemsTotal: 44.18,
      taxTotal: 3.45,
      payableTotal: 47.63,
    });
    const { order, lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(order).toMatchObject({
      uuid: body.uuid,
      tokenNo: 1,
      deliveryType: 'dinein',
      customerType: 'CUSTOMER',
      customerId: s.customer,
      customerName: 'Ana',
      customerPhone: '555-0101',
      tableId: s.table,
      tableTitle: 'T1',
      floor: 'Ground',
      status: 'created',
      paymentStatus: 'pending',
      invoiceId: null,
    });
    expect(lines).toMatchObject([
      {
        uuid: body.cart[0]?.uuid,
        itemId: s.burger,
        itemTitle: 'Burger',
        variantId: s.large,
        variantTitle: 'Large',
        basePriceMinor: 1400,
        addonsPriceMinor: 350,
        addons: [
          { id: s.cheese, title: 'Cheese', price_minor: 150 },
          { id: s.bacon, title: 'Bacon', price_minor: 200 },
        ],
        quantity: 2,
        notes: 'no onion',
        taxTitle: 'VAT',
        taxRateBp: 750,
        taxType: 'exclusive',
        netMinor: 3500,
        taxMinor: 263, // 262.5 rounds up
        totalMinor: 3763,
        status: 'created',
      },
      {
        itemTitle: 'Soda',
        variantId: null,
        basePriceMinor: 300,
        addonsPriceMinor: 0,
        addons: [],
        quantity: 3,
        notes: null,
        taxType: 'inclusive',
        taxRateBp: 1000,
        netMinor: 818,
        taxMinor: 82,
        totalMinor: 900,
      },
      { itemTitle: 'Water', taxType: null, taxRateBp: 0, netMinor: 100, taxMinor: 0, totalMinor: 100 },
    ]);
    expect((await auditActions(app, s.owner.tenantId)).slice(-1)).toEqual(['order.create']);

    // The next order takes the next token; a walk-in without a table copies no guest.
    const second = await s.owner.client.post<OrderCreated>(
      '/pos/create-order',
      orderBody(s, { deliveryType: 'takeaway', customerId: s.customer }),
    );
    expect(second.body.tokenNo).toBe(2);
    const copied = await readOrder(app, s.owner.tenantId, second.body.orderId);
    expect(copied.order).toMatchObject({
      customerType: 'WALKIN',
      customerId: null,
      customerName: null,
      tableId: null,
      deliveryType: 'takeaway',
    });
  });

  it('answers totals in the store currency: three decimals for BHD, none for JPY', async () => {
    const bhd = await createStore(app);
    await setCurrency(app, bhd.owner.tenantId, 'BHD');
    const inBhd = await bhd.owner.client.post<OrderCreated>('/pos/create-order', orderBody(bhd));
    expect(inBhd.body).toMatchObject({ itemsTotal: 4.418, taxTotal: 0.345, payableTotal: 4.763 });
    const jpy = await createStore(app);
    await setCurrency(app, jpy.owner.tenantId, 'JPY');
    const inJpy = await jpy.owner.client.post<OrderCreated>('/pos/create-order', orderBody(jpy));
    expect(inJpy.body).toMatchObject({ itemsTotal: 4418, taxTotal: 345, payableTotal: 4763 });
  });

  it('prices quantity 1000 of the largest price exactly, and refuses a cart past 2^53 minor units', async () => {
    const s = await createStore(app);
    const itemId = await insertMenuItem(app, s.owner.tenantId, { priceMinor: MAX_MINOR });
    const big = (lines: number) =>
      orderBody(s, {
        cart: Array.from({ length: lines }, () => ({ uuid: uuid(), item_id: itemId, quantity: 1000 })),
      });
    const one = await s.owner.client.post<OrderCreated>('/pos/create-order', big(1));
    expect(one.status).toBe(200);
    expect(one.body.payableTotal).toBe(10_000_000_000_000); // 10^15 minor units of USD
    const before = await counts(app, s.owner.tenantId);
    const tooBig = await s.owner.client.post('/pos/create-order', big(10));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ code: 'order_total_too_large' });
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });

  it('ignores the client price of a line', async () => {
    const body = orderBody(store);
    body.cart = body.cart.map((l) => ({ ...l, price: 0.01 }));
    const res = await store.owner.client.post<OrderCreated>('/pos/create-order', body);
    expect(res.body.payableTotal).toBe(47.63);
  });

  it('answers the existing order for a known order uuid and creates nothing', async () => {
    const body = orderBody(store);
    const first = await store.owner.client.post<OrderCreated>('/pos/create-order', body);
    const before = await counts(app, store.owner.tenantId);
    const again = await store.owner.client.post<OrderCreated>('/pos/create-order', {
      ...body,
      cart: [{ uuid: uuid(), item_id: store.water, quantity: 1 }],
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });

  it('creates one order when the same uuid arrives twice at once', async () => {
    const s = await createStore(app);
    const body = orderBody(s);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => s.owner.client.post<OrderCreated>('/pos/create-order', body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect((await counts(app, s.owner.tenantId)).orders).toBe(1);
  });
});

describe('POST /pos/create-order-and-invoice', () => {
  it('bills the order at the server figures, with change for cash', async () => {
    const s = await createStore(app);
    const body = payBody(s, {
      tableId: s.table,
      payment: { paymentTypeId: s.cash, tendered: 50 },
    });
    const res = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Order created and paid!',
      tokenNo: 1,
      orderId: expect.any(Number) as unknown,
      orderUuid: body.uuid,
      invoiceId: expect.any(Number) as unknown,
      itemsTotal: 44.18,
      netTotal: 44.18,
      taxTotal: 3.45,
      payableTotal: 47.63,
      total: 47.63,
      change: 2.37,
      pricesChanged: false,
      order: expect.objectContaining({
        id: res.body.orderId,
        token_no: 1,
        status: 'completed',
        payment_status: 'paid',
        invoice_id: res.body.invoiceId,
        table_title: 'T1',
        sub_total: 44.18,
        tax_total: 3.45,
        total: 47.63,
      }) as unknown,
    });
    // The receipt prints the order as billed: its lines at the server's figures.
    expect(res.body.order.items.map((i) => i.total).reduce((a, b) => a + b, 0)).toBeCloseTo(47.63, 2);
    const { order } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      invoiceId: res.body.invoiceId,
    });
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice).toMatchObject({
      subTotalMinor: 4418,
      taxTotalMinor: 345,
      totalMinor: 4763,
      deliveryType: 'dinein',
      tableId: s.table,
      tableTitle: 'T1',
      floor: 'Ground',
    });
    expect(payments).toMatchObject([
      {
        paymentTypeId: s.cash,
        paymentTypeTitle: 'Cash',
        amountMinor: 4763,
        tenderedMinor: 5000,
        changeMinor: 237,
      },
    ]);
    expect((await auditActions(app, s.owner.tenantId)).slice(-2)).toEqual(['order.create', 'invoice.create']);
  });

  it('bills tampered client prices and totals at the server figures and says so', async () => {
    const s = await createStore(app);
    const body = payBody(s, { netTotal: 1, taxTotal: 0, total: 1 });
    body.cart = body.cart.map((l) => ({ ...l, price: 0.01 }));
    const res = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 47.63, netTotal: 44.18, taxTotal: 3.45, pricesChanged: true });
    const { lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(lines.map((l) => l.totalMinor)).toEqual([3763, 900, 100]);
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice?.totalMinor).toBe(4763);
    expect(payments[0]?.amountMinor).toBe(4763);
    expect(payments[0]?.tenderedMinor).toBeNull();

    // Only a line price that differs also counts.
    const linePrice = payBody(s);
    linePrice.cart = linePrice.cart.map((l) => ({ ...l, price: 9.99 }));
    const changed = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', linePrice);
    expect(changed.body.pricesChanged).toBe(true);
  });

  it('refuses an inactive payment type and a tendered amount below the total, writing nothing', async () => {
    const before = await counts(app, store.owner.tenantId);
    const inactive = await store.owner.client.post(
      '/pos/create-order-and-invoice',
      payBody(store, { payment: { paymentTypeId: store.card } }),
    );
    expect(inactive.status).toBe(400);
    expect(inactive.body).toMatchObject({ code: 'payment_type_inactive' });
    const low = await store.owner.client.post(
      '/pos/create-order-and-invoice',
      payBody(store, { payment: { paymentTypeId: store.cash, tendered: '47.62' } }),
    );
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      code: 'tendered_too_low',
      message: 'The amount tendered is less than the total!',
    });
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });

  it('answers a paid order again for its uuid, and refuses to bill an order sent unpaid', async () => {
    const body = payBody(store);
    const first = await store.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    const before = await counts(app, store.owner.tenantId);
    const again = await store.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, pricesChanged: false });

    const sent = orderBody(store);
    await store.owner.client.post('/pos/create-order', sent);
    const pay = await store.owner.client.post('/pos/create-order-and-invoice', {
      ...payBody(store),
      uuid: sent.uuid,
    });
    expect(pay.status).toBe(409);
    expect(pay.body).toMatchObject({ code: 'order_already_sent' });
    expect((await counts(app, store.owner.tenantId)).invoices).toBe(before.invoices);
  });
});

describe('validation', () => {
  const cases: [string, (s: Store) => Record<string, unknown>, string][] = [
    ['an empty cart', (s) => orderBody(s, { cart: [] }), 'Cart is empty!'],
    ['no cart', (s) => orderBody(s, { cart: undefined }), 'Cart is empty!'],
    ...[0, -1, 1.5, 100000, '2x', null].map((q): [string, (s: Store) => Record<string, unknown>, string] => [
      `quantity ${String(q)}`,
      (s) => orderBody(s, { cart: [{ uuid: uuid(), item_id: s.water, quantity: q }] }),
      'Please provide a valid quantity!',
    ]),
    [
      'notes of 101 characters',
      (s) =>
        orderBody(s, { cart: [{ uuid: uuid(), item_id: s.water, quantity: 1, notes: 'n'.repeat(101) }] }),
      'Notes can be at most 100 characters!',
    ],
    [
      'an unknown dining option',
      (s) => orderBody(s, { deliveryType: 'drone' }),
      'Please select a valid dining option!',
    ],
    [
      'a customer order without a customer',
      (s) => orderBody(s, { customerType: 'CUSTOMER' }),
      'Please select customer!',
    ],
    ['a bad order uuid', (s) => orderBody(s, { uuid: 'nope' }), 'Invalid request!'],
  ];

  for (const route of ROUTES) {
    for (const [name, make, message] of cases) {
      it(`${route} refuses ${name} with "${message}" and writes nothing`, async () => {
        const before = await counts(app, store.owner.tenantId);
        const body = route === ROUTES[0] ? make(store) : { ...payBody(store), ...make(store) };
        const res = await store.owner.client.post(route, body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message });
        expect(await counts(app, store.owner.tenantId)).toEqual(before);
      });
    }
  }

  it('keeps notes of exactly 100 characters', async () => {
    const notes = 'n'.repeat(100);
    const res = await store.owner.client.post<OrderCreated>(
      '/pos/create-order',
      orderBody(store, { cart: [{ uuid: uuid(), item_id: store.water, quantity: 1000, notes }] }),
    );
    expect(res.status).toBe(200);
    const { lines } = await readOrder(app, store.owner.tenantId, res.body.orderId);
    expect(lines[0]).toMatchObject({ notes, quantity: 1000, totalMinor: 100_000 });
  });

  it('refuses a variant or an addon of another item with 400 and writes nothing', async () => {
    const before = await counts(app, store.owner.tenantId);
    const variant = await store.owner.client.post(
      '/pos/create-order',
      orderBody(store, {
        cart: [{ uuid: uuid(), item_id: store.soda, variant_id: store.large, quantity: 1 }],
      }),
    );
    expect(variant.status).toBe(400);
    expect(variant.body).toMatchObject({
      code: 'variant_not_of_item',
      message: 'This variant does not belong to Soda!',
    });
    const addon = await store.owner.client.post(
      '/pos/create-order',
      orderBody(store, {
        cart: [{ uuid: uuid(), item_id: store.burger, addons_ids: [store.ice], quantity: 1 }],
      }),
    );
    expect(addon.status).toBe(400);
    expect(addon.body).toMatchObject({
      code: 'addon_not_of_item',
      message: 'This addon does not belong to Burger!',
    });
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });
});

describe('another tenant', () => {
  const line = (itemId: number, extra: Record<string, unknown> = {}) => [
    { uuid: uuid(), item_id: itemId, quantity: 1, ...extra },
  ];
  const cases: [string, (s: Store, o: Store) => Record<string, unknown>, string][] = [
    ['an unknown item', (s) => ({ cart: line(s.water + 1_000_000) }), 'menu_item_not_found'],
    ["another tenant's item", (_s, o) => ({ cart: line(o.water) }), 'menu_item_not_found'],
    [
      "another tenant's variant",
      (s, o) => ({ cart: line(s.burger, { variant_id: o.large }) }),
      'variant_not_found',
    ],
    [
      "another tenant's addon",
      (s, o) => ({ cart: line(s.burger, { addons_ids: [o.cheese] }) }),
      'addon_not_found',
    ],
    ["another tenant's table", (_s, o) => ({ tableId: o.table }), 'table_not_found'],
    [
      "another tenant's customer",
      (_s, o) => ({ customerType: 'CUSTOMER', customerId: o.customer }),
      'customer_not_found',
    ],
  ];
  for (const route of ROUTES) {
    for (const [name, make, code] of cases) {
      it(`${route}: ${name} answers 404 ${code} and writes nothing on either side`, async () => {
        const mine = await counts(app, store.owner.tenantId);
        const theirs = await counts(app, other.owner.tenantId);
        const base = route === ROUTES[0] ? orderBody(store) : payBody(store);
        const res = await store.owner.client.post(route, { ...base, ...make(store, other) });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code });
        expect(await counts(app, store.owner.tenantId)).toEqual(mine);
        expect(await counts(app, other.owner.tenantId)).toEqual(theirs);
      });
    }
  }

  it("refuses another tenant's payment type with 404 and writes nothing", async () => {
    const mine = await counts(app, store.owner.tenantId);
    const theirs = await counts(app, other.owner.tenantId);
    const res = await store.owner.client.post(
      '/pos/create-order-and-invoice',
      payBody(store, { payment: { paymentTypeId: other.cash } }),
    );
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'payment_type_not_found' });
    expect(await counts(app, store.owner.tenantId)).toEqual(mine);
    expect(await counts(app, other.owner.tenantId)).toEqual(theirs);
  });

  it("answers another tenant's order uuid with a new order of this tenant", async () => {
    const body = orderBody(other);
    const theirs = await other.owner.client.post<OrderCreated>('/pos/create-order', body);
    const mine = await store.owner.client.post<OrderCreated>('/pos/create-order', {
      ...orderBody(store),
      uuid: body.uuid,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.orderId).not.toBe(theirs.body.orderId);
    const { order } = await readOrder(app, other.owner.tenantId, theirs.body.orderId);
    expect(order?.tokenNo).toBe(theirs.body.tokenNo);
  });
});

describe('realtime', () => {
  it("sends new_order to this tenant's sockets only, and order_update when paid", async () => {
    const s = await createStore(app);
    const o = await createStore(app);
    const mine = await connectSocket(app, s.owner.client);
    const theirs = await connectSocket(app, o.owner.client);
    expect(mine.authenticated && theirs.authenticated).toBe(true);
    const theirNew = record(theirs.socket, 'new_order');
    const theirUpdates = record(theirs.socket, 'order_update');

    const arrived = next(mine.socket, 'new_order');
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s));
    expect(await arrived).toEqual({ orderId: res.body.orderId });

    const updated = next(mine.socket, 'order_update');
    const paid = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', payBody(s));
    expect(await updated).toEqual({ orderId: paid.body.orderId });

    // Positive control: the other tenant's socket does receive its own tenant's order.
    const control = next(theirs.socket, 'new_order');
    const own = await o.owner.client.post<OrderCreated>('/pos/create-order', orderBody(o));
    expect(await control).toEqual({ orderId: own.body.orderId });
    expect(theirNew).toEqual([{ orderId: own.body.orderId }]);
    expect(theirUpdates).toEqual([]);
  });

  it('sends nothing when the order is refused', async () => {
    const s = await createStore(app);
    const mine = await connectSocket(app, s.owner.client);
    const got = record(mine.socket, 'new_order');
    const refused = await s.owner.client.post(
      '/pos/create-order-and-invoice',
      payBody(s, { payment: { paymentTypeId: s.card } }),
    );
    expect(refused.status).toBe(400);
    const arrived = next(mine.socket, 'new_order');
    const ok = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s));
    expect(await arrived).toEqual({ orderId: ok.body.orderId });
    expect(got).toEqual([{ orderId: ok.body.orderId }]);
  });
});
