import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated, QrOrder } from '@comanda/core';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { type Store, counts, createStore, orderBody, readOrder } from '../orders/orders.fixtures.ts';
import { insertQrOrder, readQrOrder } from './qrorders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const count = async (s: Store) => {
  const res = await s.owner.client.get<{ totalQROrders: number }>('/pos/qrorders/count');
  expect(res.status).toBe(200);
  return res.body.totalQROrders;
};
const list = async (s: Store) => {
  const res = await s.owner.client.get<{ qrOrders: QrOrder[] }>('/pos/qrorders');
  expect(res.status).toBe(200);
  return res.body.qrOrders;
};

describe('GET /pos/qrorders and /count', () => {
  it('answer the pending QR orders, oldest first, with the diner phone as customer_id', async () => {
    const s = await createStore(app);
    expect(await count(s)).toBe(0);
    expect(await list(s)).toEqual([]);
    const first = await insertQrOrder(app, s.owner.tenantId, {
      customerType: 'CUSTOMER',
      customerName: 'Bea',
      customerPhone: '555-0199',
      tableId: s.table,
      tableTitle: 'T1',
      floor: 'Ground',
    });
    const second = await insertQrOrder(app, s.owner.tenantId, { deliveryType: 'takeaway' });
    await insertQrOrder(app, s.owner.tenantId, { status: 'cancelled' });
    await insertQrOrder(app, s.owner.tenantId, { status: 'accepted' });

    expect(await count(s)).toBe(2);
    const shown = await list(s);
    expect(shown.map((q) => q.id)).toEqual([first, second]);
    expect(shown[0]).toMatchObject({
      delivery_type: 'dinein',
      customer_type: 'CUSTOMER',
      customer_id: '555-0199',
      customer_name: 'Bea',
      table_id: s.table,
      table_title: 'T1',
      floor: 'Ground',
      items: [{ item_title: 'Water', quantity: 1, addons_ids: [] }],
    });
    expect(shown[1]).toMatchObject({ delivery_type: 'takeaway', customer_type: 'WALKIN', customer_id: null });
  });
});

describe('cancelling', () => {
  it('cancels one pending QR order, audited; again answers 409', async () => {
    const s = await createStore(app);
    const id = await insertQrOrder(app, s.owner.tenantId);
    const kept = await insertQrOrder(app, s.owner.tenantId);
    const res = await s.owner.client.post(`/pos/qrorders/update-status/${id}`, { status: 'cancelled' });
    expect(res).toMatchObject({ status: 200, body: { message: 'QR order cancelled!' } });
    expect(await count(s)).toBe(1);
    expect((await list(s)).map((q) => q.id)).toEqual([kept]);
    expect(await auditActions(app, s.owner.tenantId)).toContain('qr_order.cancel');

    const again = await s.owner.client.post(`/pos/qrorders/update-status/${id}`, { status: 'cancelled' });
    expect(again).toMatchObject({ status: 409, body: { code: 'qr_order_not_pending' } });
  });

  it('refuses any status but cancelled, and unknown or foreign ids, changing nothing', async () => {
    const s = await createStore(app);
    const other = await createStore(app);
    const id = await insertQrOrder(app, s.owner.tenantId);
    const foreign = await insertQrOrder(app, other.owner.tenantId);

    const bad = await s.owner.client.post(`/pos/qrorders/update-status/${id}`, { status: 'accepted' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Please select a valid status!' } });
    for (const target of [foreign, 999999999]) {
      const res = await s.owner.client.post(`/pos/qrorders/update-status/${target}`, { status: 'cancelled' });
      expect(res).toMatchObject({ status: 404, body: { code: 'qr_order_not_found' } });
    }
    expect((await readQrOrder(app, s.owner.tenantId, id))?.status).toBe('pending');
    expect((await readQrOrder(app, other.owner.tenantId, foreign))?.status).toBe('pending');
  });

  it("cancels every pending QR order of the tenant at once, and no other tenant's", async () => {
    const s = await createStore(app);
    const other = await createStore(app);
    for (let i = 0; i < 3; i++) await insertQrOrder(app, s.owner.tenantId);
    const accepted = await insertQrOrder(app, s.owner.tenantId, { status: 'accepted' });
    await insertQrOrder(app, other.owner.tenantId);

    const res = await s.owner.client.post('/pos/qrorders/cancel-all');
    expect(res).toMatchObject({ status: 200, body: { message: 'QR orders cancelled!', count: 3 } });
    expect(await count(s)).toBe(0);
    expect(await count(other)).toBe(1);
    expect((await readQrOrder(app, s.owner.tenantId, accepted))?.status).toBe('accepted');
    const audited = await auditActions(app, s.owner.tenantId);
    expect(audited).toContain('qr_order.cancel_all');
    // Nothing pending: nothing cancelled, nothing audited.
    expect((await s.owner.client.post('/pos/qrorders/cancel-all')).body).toMatchObject({ count: 0 });
    expect(await auditActions(app, s.owner.tenantId)).toEqual(audited);
  });
});

describe('loading a QR order into create-order', () => {
  it('accepts it with the order: the count drops, the order is a QR order with the diner', async () => {
    const s = await createStore(app);
    const qr = await insertQrOrder(app, s.owner.tenantId, { customerName: 'Bea', customerPhone: '555-0199' });
    const body = orderBody(s, { selectedQrOrderItem: qr });
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', body);
    expect(res.status).toBe(200);
    expect(await count(s)).toBe(0);
    expect(await readQrOrder(app, s.owner.tenantId, qr)).toMatchObject({
      status: 'accepted',
      orderId: res.body.orderId,
    });
    const { order } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(order).toMatchObject({
      source: 'qr',
      customerType: 'WALKIN',
      customerName: 'Bea',
      customerPhone: '555-0199',
    });

    // A replay of the same order answers it again and leaves the QR order alone.
    const before = await counts(app, s.owner.tenantId);
    const replay = await s.owner.client.post<OrderCreated>('/pos/create-order', body);
    expect(replay).toMatchObject({ status: 200, body: { orderId: res.body.orderId } });
    expect(await counts(app, s.owner.tenantId)).toEqual(before);

    // Sent again as a new order: refused, nothing written.
    const twice = await s.owner.client.post('/pos/create-order', orderBody(s, { selectedQrOrderItem: qr }));
    expect(twice).toMatchObject({ status: 409, body: { code: 'qr_order_not_pending' } });
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });

  it('answers twins of one order loaded from a QR order, sent together, with the same order', async () => {
    const s = await createStore(app);
    for (let round = 0; round < 5; round++) {
      const qr = await insertQrOrder(app, s.owner.tenantId);
      const body = orderBody(s, { selectedQrOrderItem: qr });
      const answers = await Promise.all(
        [1, 2].map(() => s.owner.client.post<OrderCreated>('/pos/create-order', body)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[1]?.body.orderId).toBe(answers[0]?.body.orderId);
      expect(await readQrOrder(app, s.owner.tenantId, qr)).toMatchObject({
        status: 'accepted',
        orderId: answers[0]?.body.orderId,
      });
    }
  });

  it("keeps a picked customer, and a guest's empty phone is no phone", async () => {
    const s = await createStore(app);
    const qr = await insertQrOrder(app, s.owner.tenantId, { customerName: 'Guest', customerPhone: '' });
    const res = await s.owner.client.post<OrderCreated>(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: qr, customerType: 'CUSTOMER', customerId: s.customer }),
    );
    expect(res.status).toBe(200);
    const { order } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(order).toMatchObject({ source: 'qr', customerName: 'Ana', customerPhone: '555-0101' });

    const guest = await insertQrOrder(app, s.owner.tenantId, { customerName: 'Guest', customerPhone: '' });
    const walkin = await s.owner.client.post<OrderCreated>(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: guest }),
    );
    expect((await readOrder(app, s.owner.tenantId, walkin.body.orderId)).order).toMatchObject({
      customerName: 'Guest',
      customerPhone: null,
    });
  });

  it("refuses a cancelled or another tenant's QR order, rolling the whole order back", async () => {
    const s = await createStore(app);
    const other = await createStore(app);
    const cancelled = await insertQrOrder(app, s.owner.tenantId, { status: 'cancelled' });
    const foreign = await insertQrOrder(app, other.owner.tenantId);
    const before = await counts(app, s.owner.tenantId);
    for (const route of ['/pos/create-order', '/pos/create-order-and-invoice']) {
      const extra = route.endsWith('invoice')
        ? { netTotal: 44.18, taxTotal: 3.45, total: 47.63, payment: { paymentTypeId: s.cash } }
        : {};
      const gone = await s.owner.client.post(
        route,
        orderBody(s, { selectedQrOrderItem: cancelled, ...extra }),
      );
      expect(gone).toMatchObject({ status: 409, body: { code: 'qr_order_not_pending' } });
      const theirs = await s.owner.client.post(
        route,
        orderBody(s, { selectedQrOrderItem: foreign, ...extra }),
      );
      expect(theirs).toMatchObject({ status: 404, body: { code: 'qr_order_not_found' } });
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readQrOrder(app, other.owner.tenantId, foreign))?.status).toBe('pending');
  });

  it('tells the POS screens the list changed once the order commits, and not for a refused order', async () => {
    const s = await createStore(app);
    const qr = await insertQrOrder(app, s.owner.tenantId);
    const { socket } = await connectSocket(app, s.owner.client);
    const got = record(socket, 'qrorders_updated');
    // Refused after the QR order was taken (an inactive payment type): all of it rolls back.
    const refused = await s.owner.client.post(
      '/pos/create-order-and-invoice',
      orderBody(s, {
        selectedQrOrderItem: qr,
        netTotal: 44.18,
        taxTotal: 3.45,
        total: 47.63,
        payment: { paymentTypeId: s.card },
      }),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'payment_type_inactive' } });
    expect(await count(s)).toBe(1);
    const updated = next(socket, 'qrorders_updated');
    const sent = await s.owner.client.post('/pos/create-order', orderBody(s, { selectedQrOrderItem: qr }));
    expect(sent.status).toBe(200);
    await updated;
    expect(got).toEqual([{ ids: [qr] }]);
  });
});

describe('access', () => {
  it('answers 403 to a colleague without POS and changes nothing', async () => {
    const s = await createStore(app);
    const id = await insertQrOrder(app, s.owner.tenantId);
    const cook = await createColleague(app, s.owner, { scopes: ['KITCHEN'] });
    expect((await cook.client.get('/pos/qrorders/count')).status).toBe(403);
    expect((await cook.client.get('/pos/qrorders')).status).toBe(403);
    expect(
      (await cook.client.post(`/pos/qrorders/update-status/${id}`, { status: 'cancelled' })).status,
    ).toBe(403);
    expect((await cook.client.post('/pos/qrorders/cancel-all')).status).toBe(403);
    expect((await app.client().get('/pos/qrorders')).status).toBe(401);
    expect(await count(s)).toBe(1);
    const cashier = await createColleague(app, s.owner, { scopes: ['POS'] });
    expect((await cashier.client.get('/pos/qrorders/count')).body).toEqual({ totalQROrders: 1 });
  });
});
