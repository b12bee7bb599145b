import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DinerOrderStatus, QrMenu, QrOrder } from '@comanda/core';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { counts, orderBody, sendOrder, uuid } from '../orders/orders.fixtures.ts';
import { type QrStore, createQrStore, placeBody, qrCounts, readQrOrders, setQr } from './qrmenu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const place = (s: QrStore, body: unknown = placeBody(s), headers?: Record<string, string>) =>
  app.client().post<{ message: string; statusToken: string }>(`/qrmenu/${s.code}/place-order`, body, headers);
const status = (token: string) => app.client().get<DinerOrderStatus>(`/qrmenu/order-status/${token}`);

const NOT_AVAILABLE = { status: 404, body: { code: 'menu_not_available', message: 'Menu Not Available!' } };

describe('GET /qrmenu/{qrcode}', () => {
  it('answers 404 Menu Not Available for an unknown code and for a store whose QR menu is off', async () => {
    expect(await app.client().get('/qrmenu/no-such-code')).toMatchObject(NOT_AVAILABLE);
    const off = await createQrStore(app, { menu: false });
    expect(await app.client().get(`/qrmenu/${off.code}`)).toMatchObject(NOT_AVAILABLE);
  });

  it("answers 404 for a table token that is unknown or another store's", async () => {
    const s = await createQrStore(app);
    const other = await createQrStore(app);
    for (const token of ['nope', other.tableToken]) {
      const res = await app.client().get(`/qrmenu/${s.code}?tableId=${encodeURIComponent(token)}`);
      expect(res).toMatchObject({ status: 404, body: { code: 'table_not_found' } });
    }
  });

  it('answers what a diner may see: the store, categories, items with thumbs, the table', async () => {
    const s = await createQrStore(app);
    const res = await app.client().get<QrMenu>(`/qrmenu/${s.code}?tableId=${s.tableToken}`);
    expect(res.status).toBe(200);
    expect(res.body.storeSettings).toEqual({
      store_name: expect.any(String) as string,
      address: '',
      phone: '',
      email: '',
      image: null,
      currency: { code: 'USD', symbol: '$', digits: 2 },
      is_qr_menu_enabled: true,
      is_qr_order_enabled: true,
    });
    expect(res.body.storeTable).toEqual({ table_title: 'T1', floor: 'Ground', encrypted_id: s.tableToken });
    const burger = res.body.menuItems.find((i) => i.id === s.burger);
    expect(burger).toMatchObject({ title: 'Burger', price: 10, thumb: null, image: null });
    // The back office's net price is not the diner's; categories carry no counts.
    expect(burger).not.toHaveProperty('net_price');
    for (const c of res.body.categories) expect(Object.keys(c).sort()).toEqual(['id', 'title']);
    expect(burger?.variants.map((v) => [v.title, v.price])).toEqual([
      ['Large', 14],
      ['Small', 8],
    ]);
    // Nothing of the tenant behind the menu: no tenant id, no QR code, no timezone.
    expect(JSON.stringify(res.body)).not.toMatch(/tenant|uniqueQRCode|timezone/i);
    // Without a table: the menu's own link.
    expect((await app.client().get<QrMenu>(`/qrmenu/${s.code}`)).body.storeTable).toBeNull();
  });

  it('is revalidated on every use (no-cache + ETag), and a changed price changes the ETag', async () => {
    const s = await createQrStore(app);
    const first = await app.client().get(`/qrmenu/${s.code}`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${app.url}/api/v1/qrmenu/${s.code}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const res = await s.owner.client.post(`/menu-items/update/${s.burger}`, {
      title: 'Burger',
      price: 11,
      categoryId: null,
      taxId: null,
    });
    expect(res.status).toBe(200);
    const changed = await fetch(`${app.url}/api/v1/qrmenu/${s.code}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('POST /qrmenu/{qrcode}/place-order', () => {
  it('refuses an order when ordering or the menu is off, writing nothing', async () => {
    const s = await createQrStore(app, { ordering: false });
    const before = await qrCounts(app, s.owner.tenantId);
    expect(await place(s)).toMatchObject({ status: 403, body: { code: 'qr_ordering_disabled' } });
    await setQr(app, s, { menu: false, ordering: true });
    expect(await place(s)).toMatchObject(NOT_AVAILABLE);
    expect(await app.client().post('/qrmenu/no-such-code/place-order', placeBody(s))).toMatchObject(
      NOT_AVAILABLE,
    );
    expect(await qrCounts(app, s.owner.tenantId)).toEqual(before);
  });

  it("refuses tampered carts and another store's table with a 4xx, writing nothing", async () => {
    const s = await createQrStore(app);
    const other = await createQrStore(app);
    const before = await qrCounts(app, s.owner.tenantId);
    const audits = (await auditActions(app, s.owner.tenantId)).length;
    const line = { item_id: s.water, quantity: 1 };
    const cases: [unknown, number, Record<string, unknown>][] = [
      [{ cartItems: [{ item_id: other.burger, quantity: 1 }] }, 404, { code: 'menu_item_not_found' }],
      [{ cartItems: [{ item_id: 999999999, quantity: 1 }] }, 404, { code: 'menu_item_not_found' }],
      [
        { cartItems: [{ item_id: s.soda, variant_id: s.large, quantity: 1 }] },
        400,
        { code: 'variant_not_of_item' },
      ],
      [
        { cartItems: [{ item_id: s.soda, addons_ids: [s.cheese], quantity: 1 }] },
        400,
        { code: 'addon_not_of_item' },
      ],
      [
        { cartItems: [{ item_id: s.burger, variant_id: other.large, quantity: 1 }] },
        404,
        { code: 'variant_not_found' },
      ],
      [{ cartItems: [{ ...line, quantity: 0 }] }, 400, { message: 'Please provide a valid quantity!' }],
      [{ cartItems: [{ ...line, quantity: -2 }] }, 400, { message: 'Please provide a valid quantity!' }],
      [{ cartItems: [{ ...line, quantity: 1.5 }] }, 400, { message: 'Please provide a valid quantity!' }],
      [{ cartItems: [{ ...line, quantity: 1e9 }] }, 400, { message: 'Please provide a valid quantity!' }],
      [
        { cartItems: Array.from({ length: 201 }, () => line) },
        400,
        { message: 'Too many lines in the cart!' },
      ],
      [{ cartItems: [] }, 400, { message: 'Your cart is empty.' }],
      [{ tableId: other.tableToken }, 404, { code: 'table_not_found' }],
      [{ tableId: 'not-a-table' }, 404, { code: 'table_not_found' }],
      [{ deliveryType: 'drone' }, 400, { message: 'Please select a valid dining option!' }],
    ];
    for (const [extra, code, body] of cases) {
      const res = await place(s, placeBody(s, extra as Record<string, unknown>));
      expect(res, JSON.stringify(extra).slice(0, 80)).toMatchObject({ status: code, body });
    }
    expect(await qrCounts(app, s.owner.tenantId)).toEqual(before);
    expect(await auditActions(app, s.owner.tenantId)).toHaveLength(audits);
  });

  it('accepts 200 lines', async () => {
    const s = await createQrStore(app);
    const cartItems = Array.from({ length: 200 }, () => ({ item_id: s.water, quantity: 1 }));
    expect((await place(s, placeBody(s, { cartItems }))).status).toBe(200);
  });

  it("places a guest's order: pending at the POS with the table, told to the POS after commit, audited", async () => {
    const s = await createQrStore(app);
    const { socket } = await connectSocket(app, s.owner.client);
    const announced = next(socket, 'new_qrorder');
    const res = await place(s);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Order placed successfully!');
    expect(res.body.statusToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [row] = await readQrOrders(app, s.owner.tenantId);
    expect(row).toMatchObject({
      status: 'pending',
      customerType: 'WALKIN',
      customerName: 'Guest',
      customerPhone: null,
      tableId: s.table,
      tableTitle: 'T1',
      floor: 'Ground',
      statusToken: res.body.statusToken,
    });
    expect(await announced).toEqual({ orderId: row?.id });
    // The shape the POS list reads, with the catalogue's titles (not the diner's words).
    const list = await s.owner.client.get<{ qrOrders: QrOrder[] }>('/pos/qrorders');
    expect(list.body.qrOrders).toHaveLength(1);
    expect(list.body.qrOrders[0]?.items).toEqual([
      {
        item_id: s.burger,
        item_title: 'Burger',
        variant_id: s.large,
        variant_title: 'Large',
        addons_ids: [s.cheese],
        addons: [{ id: s.cheese, title: 'Cheese' }],
        quantity: 2,
        notes: 'no onion',
      },
      {
        item_id: s.soda,
        item_title: 'Soda',
        variant_id: null,
        variant_title: null,
        addons_ids: [],
        addons: [],
        quantity: 1,
        notes: null,
      },
    ]);
    expect(await auditActions(app, s.owner.tenantId)).toContain('qr_order.place');
    // The POS takes it from there: the order's source is the QR menu.
    const sent = await s.owner.client.post(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: row?.id }),
    );
    expect(sent.status).toBe(200);
  });

  it('makes a diner who gives a phone a customer (telling the staff screens), or matches the one with that phone', async () => {
    const s = await createQrStore(app);
    const { socket } = await connectSocket(app, s.owner.client);
    const placed = record(socket, 'new_qrorder');
    const customersChanged = record(socket, 'customers_updated');
    const before = await qrCounts(app, s.owner.tenantId);
    const as = (name: string, phone: string) =>
      placeBody(s, { customerType: 'CUSTOMER', customer: { name, phone } });
    // The fixture's Ana has 555-0101: written another way, it is still her.
    expect((await place(s, as('Ana B', '555 0101'))).status).toBe(200);
    expect(await qrCounts(app, s.owner.tenantId)).toEqual({ ...before, qrOrders: before.qrOrders + 1 });
    expect((await place(s, as('Bea', '555-0199'))).status).toBe(200);
    expect((await place(s, as('Bea again', '5550199'))).status).toBe(200);
    expect(await qrCounts(app, s.owner.tenantId)).toEqual({
      qrOrders: before.qrOrders + 3,
      customers: before.customers + 1,
    });
    // Only Bea was new: the customer list and home's new customers refetch once.
    await expect.poll(() => placed.length).toBe(3);
    expect(customersChanged).toHaveLength(1);
    socket.disconnect();
    const lookup = await s.owner.client.get<{ name: string; phone: string }[]>(
      '/customers/search-by-phone-name/search?q=555-0199',
    );
    expect(lookup.body).toEqual([expect.objectContaining({ name: 'Bea', phone: '555-0199' })]);
    const rows = await readQrOrders(app, s.owner.tenantId);
    expect(rows.map((r) => [r.customerType, r.customerName, r.customerPhone])).toEqual([
      ['CUSTOMER', 'Ana B', '555 0101'],
      ['CUSTOMER', 'Bea', '555-0199'],
      ['CUSTOMER', 'Bea again', '5550199'],
    ]);
    // Phone mode needs both (SPEC §5 messages), and writes nothing without them.
    expect(await place(s, as('', '555-0199'))).toMatchObject({
      status: 400,
      body: { message: 'Name is Required.' },
    });
    expect(await place(s, as('Cy', 'call me'))).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid phone number.' },
    });
    expect((await qrCounts(app, s.owner.tenantId)).qrOrders).toBe(before.qrOrders + 3);
  });

  it('honours an Idempotency-Key: a replay answers the same token and creates nothing', async () => {
    const s = await createQrStore(app);
    const key = { 'idempotency-key': uuid() };
    const first = await place(s, placeBody(s), key);
    const again = await place(s, placeBody(s), key);
    expect(first.status).toBe(200);
    expect(again).toEqual(expect.objectContaining({ status: 200, body: first.body }));
    expect((await qrCounts(app, s.owner.tenantId)).qrOrders).toBe(1);
    const other = await place(s, placeBody(s, { cartItems: [{ item_id: s.water, quantity: 3 }] }), key);
    expect(other).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
    // Another store's key space is its own.
    const t = await createQrStore(app);
    expect((await place(t, placeBody(t), key)).status).toBe(200);
    expect((await qrCounts(app, s.owner.tenantId)).qrOrders).toBe(1);
  });

  it("keeps a diner's key to the menu and the diner's address: another diner or the staff never share it", async () => {
    const own = await startTestApp({ TRUST_PROXY: 'true' });
    try {
      const s = await createQrStore(own);
      const key = uuid();
      const from = (address: string) => ({ 'idempotency-key': key, 'x-forwarded-for': address });
      const post = (address: string) =>
        own
          .client()
          .post<{ statusToken: string }>(`/qrmenu/${s.code}/place-order`, placeBody(s), from(address));
      const first = await post('203.0.113.7');
      const replay = await post('203.0.113.7');
      const other = await post('203.0.113.8');
      // Another address of the same IPv6 /64 is the same diner's phone.
      const v6a = await post('2001:db8:1:2::a');
      const v6b = await post('2001:db8:1:2:ffff::b');
      expect([first, replay, other, v6a, v6b].map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(replay.body.statusToken).toBe(first.body.statusToken);
      expect(other.body.statusToken).not.toBe(first.body.statusToken);
      expect(v6b.body.statusToken).toBe(v6a.body.statusToken);
      expect((await qrCounts(own, s.owner.tenantId)).qrOrders).toBe(3);
      // The staff's POS with the same key takes its own order.
      const sent = await s.owner.client.post('/pos/create-order', orderBody(s), { 'idempotency-key': key });
      expect(sent.status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('rate limits', () => {
  it('limits orders per client address and per table', async () => {
    const own = await startTestApp({
      TRUST_PROXY: 'true',
      QR_ORDER_ADDRESS_RATE_LIMIT: '3',
      QR_ORDER_TABLE_RATE_LIMIT: '4',
    });
    try {
      const s = await createQrStore(own);
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const post = (address: string, body: unknown) =>
        own.client().post(`/qrmenu/${s.code}/place-order`, body, from(address));
      const takeaway = placeBody(s, { tableId: null, deliveryType: 'takeaway' });
      for (let i = 0; i < 3; i += 1) expect((await post('203.0.113.1', takeaway)).status).toBe(200);
      const limited = await post('203.0.113.1', takeaway);
      expect(limited).toMatchObject({ status: 429, body: { code: 'too_many_orders' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another phone has its own budget...
      expect((await post('203.0.113.2', takeaway)).status).toBe(200);
      // ...but one table takes at most 4 orders in ten minutes, whatever the addresses.
      for (let i = 0; i < 4; i += 1)
        expect((await post(`198.51.100.${i + 1}`, placeBody(s))).status).toBe(200);
      expect(await post('198.51.100.9', placeBody(s))).toMatchObject({
        status: 429,
        body: { code: 'too_many_orders' },
      });
      expect((await qrCounts(own, s.owner.tenantId)).qrOrders).toBe(8);
    } finally {
      await own.close();
    }
  });

  it('counts an IPv6 client by its /64', async () => {
    const own = await startTestApp({ TRUST_PROXY: 'true', QR_ORDER_ADDRESS_RATE_LIMIT: '2' });
    try {
      const s = await createQrStore(own);
      const takeaway = placeBody(s, { tableId: null, deliveryType: 'takeaway' });
      const post = (address: string) =>
        own.client().post(`/qrmenu/${s.code}/place-order`, takeaway, { 'x-forwarded-for': address });
      expect((await post('2001:db8:aa:1::1')).status).toBe(200);
      expect((await post('2001:db8:aa:1:abcd::2')).status).toBe(200);
      expect(await post('2001:db8:aa:1:ffff:ffff:ffff:ffff')).toMatchObject({
        status: 429,
        body: { code: 'too_many_orders' },
      });
      // The next /64 is another client.
      expect((await post('2001:db8:aa:2::1')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('limits orders per store (menu code), whatever the addresses and tables', async () => {
    const own = await startTestApp({ TRUST_PROXY: 'true', QR_ORDER_STORE_RATE_LIMIT: '3' });
    try {
      const s = await createQrStore(own);
      const t = await createQrStore(own);
      const post = (store: QrStore, i: number) =>
        own
          .client()
          .post(
            `/qrmenu/${store.code}/place-order`,
            placeBody(store, { tableId: null, deliveryType: 'takeaway' }),
            {
              'x-forwarded-for': `198.51.100.${i}`,
            },
          );
      for (let i = 1; i <= 3; i += 1) expect((await post(s, i)).status).toBe(200);
      const limited = await post(s, 4);
      expect(limited).toMatchObject({ status: 429, body: { code: 'too_many_orders' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another store has its own budget.
      expect((await post(t, 5)).status).toBe(200);
      expect((await qrCounts(own, s.owner.tenantId)).qrOrders).toBe(3);
    } finally {
      await own.close();
    }
  });

  it("counts only valid orders toward the store's budget: garbage from a few addresses cannot close it", async () => {
    const own = await startTestApp({
      TRUST_PROXY: 'true',
      QR_ORDER_ADDRESS_RATE_LIMIT: '10',
      QR_ORDER_STORE_RATE_LIMIT: '60',
    });
    try {
      const s = await createQrStore(own);
      const post = (address: string, body: unknown, headers: Record<string, string> = {}) =>
        own.client().post(`/qrmenu/${s.code}/place-order`, body, { 'x-forwarded-for': address, ...headers });
      const notJson = (address: string) =>
        post(address, '{"cart": [', { 'content-type': 'application/json' });
      // 70 bodies the server cannot take (half not JSON, half failing the schema) from 7 addresses:
      // more than the store's 60, each address up to its own 10.
      for (let a = 1; a <= 7; a += 1) {
        const address = `203.0.113.${a}`;
        for (let i = 0; i < 10; i += 1) {
          const res = i % 2 === 0 ? await notJson(address) : await post(address, { cart: 'nothing' });
          expect(res.status, `${address} #${i}`).toBe(400);
        }
        // The per-address budget still turns the sender away, counted before the body is read.
        expect(await notJson(address)).toMatchObject({ status: 429, body: { code: 'too_many_orders' } });
      }
      // A real diner's order is taken.
      expect((await post('198.51.100.1', placeBody(s))).status).toBe(200);
      expect((await qrCounts(own, s.owner.tenantId)).qrOrders).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('limits order-status reads per client address', async () => {
    const own = await startTestApp({ TRUST_PROXY: 'true', QR_STATUS_RATE_LIMIT: '3' });
    try {
      const s = await createQrStore(own);
      const { statusToken } = (
        await own.client().post<{ statusToken: string }>(`/qrmenu/${s.code}/place-order`, placeBody(s))
      ).body;
      const get = (address: string, token = statusToken) =>
        own
          .client()
          .request('GET', `/qrmenu/order-status/${token}`, undefined, { 'x-forwarded-for': address });
      expect((await get('203.0.113.1')).status).toBe(200);
      expect((await get('203.0.113.1', 'guess1')).status).toBe(404);
      expect((await get('203.0.113.1')).status).toBe(200);
      expect(await get('203.0.113.1')).toMatchObject({ status: 429, body: { code: 'too_many_attempts' } });
      expect((await get('203.0.113.2')).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('the diner follows the order', () => {
  it('answers 404 for an unknown token', async () => {
    expect(await status('no-such-token')).toMatchObject({ status: 404, body: { code: 'order_not_found' } });
  });

  it('goes received → (accepted, with its token) → preparing → ready → served, and names nothing else', async () => {
    const s = await createQrStore(app);
    const { statusToken } = (await place(s)).body;
    const placed = await status(statusToken);
    expect(placed.status).toBe(200);
    expect(placed.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(placed.body).sort()).toEqual(
      ['placedAt', 'qrcode', 'state', 'storeName', 'tokenNo', 'updatedAt'].sort(),
    );
    expect(placed.body).toMatchObject({ state: 'received', tokenNo: null, qrcode: s.code });
    const [qr] = await readQrOrders(app, s.owner.tenantId);
    const sent = await s.owner.client.post<{ orderId: number; tokenNo: number }>(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: qr?.id }),
    );
    expect((await status(statusToken)).body).toMatchObject({ state: 'received', tokenNo: sent.body.tokenNo });
    const order = await s.owner.client.get<{ orders: { id: number; items: { id: number }[] }[] }>('/kitchen');
    const lines = order.body.orders.find((o) => o.id === sent.body.orderId)?.items.map((i) => i.id) ?? [];
    expect(lines).toHaveLength(3);
    await s.owner.client.post(`/kitchen/${lines[0]}`, { status: 'preparing' });
    expect((await status(statusToken)).body.state).toBe('preparing');
    await s.owner.client.post(`/kitchen/orders/${sent.body.orderId}/bump`);
    expect((await status(statusToken)).body.state).toBe('ready');
    for (const id of lines) await s.owner.client.post(`/orders/update-status/${id}`, { status: 'delivered' });
    expect((await status(statusToken)).body.state).toBe('served');
  });

  it('reads cancelled when the POS cancels the QR order, or the order is cancelled', async () => {
    const s = await createQrStore(app);
    const first = (await place(s)).body.statusToken;
    const second = (await place(s)).body.statusToken;
    const [a, b] = await readQrOrders(app, s.owner.tenantId);
    await s.owner.client.post(`/pos/qrorders/update-status/${a?.id}`, { status: 'cancelled' });
    expect((await status(first)).body.state).toBe('cancelled');
    const sent = await s.owner.client.post<{ orderId: number }>(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: b?.id }),
    );
    await s.owner.client.post('/orders/cancel', { orderIds: [sent.body.orderId], reasonId: s.voidReason });
    expect((await status(second)).body.state).toBe('cancelled');
  });

  it("tells a diner's socket its own order's changes, and nothing of the tenant or of other orders", async () => {
    const s = await createQrStore(app);
    const mine = (await place(s)).body.statusToken;
    const theirs = (await place(s)).body.statusToken;
    const [qrMine, qrTheirs] = await readQrOrders(app, s.owner.tenantId);
    const diner = (await connectSocket(app)).socket;
    const other = (await connectSocket(app)).socket;
    const heard = record(diner, 'order_status');
    const otherHeard = record(other, 'order_status');
    const tenantEvents = ['new_order', 'order_update', 'new_qrorder', 'qrorders_updated'].map((e) =>
      record(diner, e),
    );
    const ack = (await diner
      .timeout(5000)
      .emitWithAck('follow_order', { statusToken: mine })) as DinerOrderStatus;
    expect(ack).toMatchObject({ state: 'received', tokenNo: null });
    expect(await other.timeout(5000).emitWithAck('follow_order', { statusToken: theirs })).toMatchObject({
      state: 'received',
    });
    // An unknown token: an error answer, and no room.
    expect(await diner.timeout(5000).emitWithAck('follow_order', { statusToken: 'guess' })).toMatchObject({
      code: 'order_not_found',
    });

    // The POS accepts mine: the diner hears it with the order's token.
    let update = next(diner, 'order_status');
    const sent = await s.owner.client.post<{ orderId: number; tokenNo: number }>(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: qrMine?.id }),
    );
    expect(await update).toMatchObject({ state: 'received', tokenNo: sent.body.tokenNo });

    // The kitchen starts it: 'preparing', without a reload.
    const { lines } = await import('../orders/orders.fixtures.ts').then((f) =>
      f.readOrder(app, s.owner.tenantId, sent.body.orderId),
    );
    update = next(diner, 'order_status');
    expect((await s.owner.client.post(`/kitchen/${lines[0]?.id}`, { status: 'preparing' })).status).toBe(200);
    expect(await update).toMatchObject({ state: 'preparing' });

    // A POS order and the other diner's cancel: the positive control is the other diner's notice.
    await sendOrder(app, s);
    const otherUpdate = next(other, 'order_status');
    await s.owner.client.post(`/pos/qrorders/update-status/${qrTheirs?.id}`, { status: 'cancelled' });
    expect(await otherUpdate).toMatchObject({ state: 'cancelled' });
    expect(heard.map((h) => (h as DinerOrderStatus).state)).toEqual(['received', 'preparing']);
    expect(otherHeard.map((h) => (h as DinerOrderStatus).state)).toEqual(['cancelled']);
    for (const got of tenantEvents) expect(got).toEqual([]);
  });
});

describe('follow_order limits', () => {
  const follow = (socket: Awaited<ReturnType<typeof connectSocket>>['socket'], statusToken: string) =>
    socket.timeout(5000).emitWithAck('follow_order', { statusToken }) as Promise<Record<string, unknown>>;

  it('follows at most 10 orders per socket', async () => {
    const s = await createQrStore(app);
    const tokens: string[] = [];
    for (let i = 0; i < 11; i += 1) tokens.push((await place(s)).body.statusToken);
    const { socket } = await connectSocket(app);
    for (const token of tokens.slice(0, 10))
      expect(await follow(socket, token)).toMatchObject({ state: 'received' });
    expect(await follow(socket, tokens[10] ?? '')).toMatchObject({ code: 'too_many_attempts' });
    // One already followed is still answered.
    expect(await follow(socket, tokens[0] ?? '')).toMatchObject({ state: 'received' });
    socket.disconnect();
  });

  it('answers at most 20 attempts per socket, found or not, then joins nothing', async () => {
    const s = await createQrStore(app);
    const mine = (await place(s)).body.statusToken;
    const [qr] = await readQrOrders(app, s.owner.tenantId);
    const { socket } = await connectSocket(app);
    for (let i = 0; i < 20; i += 1)
      expect(await follow(socket, `guess-${i}`)).toMatchObject({ code: 'order_not_found' });
    expect(await follow(socket, mine)).toMatchObject({ code: 'too_many_attempts' });
    // Not in the room: a change to the order tells this socket nothing (the control is another socket).
    const heard = record(socket, 'order_status');
    const control = (await connectSocket(app)).socket;
    expect(await follow(control, mine)).toMatchObject({ state: 'received' });
    const told = next(control, 'order_status');
    await s.owner.client.post(`/pos/qrorders/update-status/${qr?.id}`, { status: 'cancelled' });
    expect(await told).toMatchObject({ state: 'cancelled' });
    expect(heard).toEqual([]);
    socket.disconnect();
    control.disconnect();
  });
});

describe('GET /order-status-board', () => {
  it('answers 401 signed out, 403 without ORDER_STATUS_DISPLAY, and the board with it', async () => {
    const s = await createQrStore(app);
    expect((await app.client().get('/order-status-board')).status).toBe(401);
    const cook = await createColleague(app, s.owner, { scopes: ['KITCHEN', 'ORDERS'] });
    expect((await cook.client.get('/order-status-board')).status).toBe(403);
    const screen = await createColleague(app, s.owner, { scopes: ['ORDER_STATUS_DISPLAY'] });
    expect(await screen.client.get('/order-status-board')).toMatchObject({
      status: 200,
      body: { preparing: [], ready: [] },
    });
  });

  it("shows the day's tokens being made and ready, oldest first, and only the store's own", async () => {
    const s = await createQrStore(app);
    const other = await createQrStore(app);
    await sendOrder(app, other);
    const a = await sendOrder(app, s);
    const b = await sendOrder(app, s);
    const c = await sendOrder(app, s);
    const d = await sendOrder(app, s);
    const e = await sendOrder(app, s);
    // a: received; b: started; c: made (bumped); d: served (paid); e: cancelled.
    await s.owner.client.post(`/kitchen/${b.lineIds[0]}`, { status: 'preparing' });
    await s.owner.client.post(`/kitchen/orders/${c.orderId}/bump`);
    for (const id of d.lineIds)
      await s.owner.client.post(`/orders/update-status/${id}`, { status: 'delivered' });
    await s.owner.client.post('/orders/cancel', { orderIds: [e.orderId], reasonId: s.voidReason });
    const board = await s.owner.client.get('/order-status-board');
    expect(board).toMatchObject({
      status: 200,
      body: { preparing: [a.tokenNo, b.tokenNo], ready: [c.tokenNo] },
    });
    expect(await counts(app, s.owner.tenantId)).toMatchObject({ orders: 5 });
  });
});
