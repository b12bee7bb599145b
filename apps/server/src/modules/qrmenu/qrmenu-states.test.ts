import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DinerOrderStatus, OrderStatusBoard } from '@comanda/core';
import { type TestApp, connectSocket, next, record, startTestApp } from '../../../test/harness.ts';
import { orderItems } from '../../platform/db/schema.ts';
import { orderBody, payBody, payGroupBody, readOrder, sendOrder } from '../orders/orders.fixtures.ts';
import { type QrStore, createQrStore, placeBody, readQrOrders } from './qrmenu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const place = async (s: QrStore) => {
  const res = await app.client().post<{ statusToken: string }>(`/qrmenu/${s.code}/place-order`, placeBody(s));
  if (res.status !== 200) throw new Error(`place-order answered ${res.status}`);
  const rows = await readQrOrders(app, s.owner.tenantId);
  const row = rows.find((r) => r.statusToken === res.body.statusToken);
  if (!row) throw new Error('placed QR order not found');
  return { token: res.body.statusToken, id: row.id };
};
const stateOf = async (token: string) =>
  (await app.client().get<DinerOrderStatus>(`/qrmenu/order-status/${token}`)).body.state;
const board = async (s: QrStore) => (await s.owner.client.get<OrderStatusBoard>('/order-status-board')).body;

/** Sets lines' status (and optionally when they last changed) directly: no route delivers a paid order's line. */
async function setLines(s: QrStore, orderId: number, values: { status?: 'delivered'; minutesAgo?: number }) {
  await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .update(orderItems)
      .set({
        ...(values.status ? { status: values.status } : {}),
        ...(values.minutesAgo === undefined
          ? {}
          : { updatedAt: sql`now() - ${values.minutesAgo} * interval '1 minute'` }),
      })
      .where(and(eq(orderItems.tenantId, s.owner.tenantId), eq(orderItems.orderId, orderId))),
  );
}

describe('an order paid at the till when it is taken', () => {
  it('is received, preparing, ready (on the board), then served once delivered', async () => {
    const s = await createQrStore(app);
    const qr = await place(s);
    const paid = await s.owner.client.post<{ orderId: number; tokenNo: number }>(
      '/pos/create-order-and-invoice',
      payBody(s, { selectedQrOrderItem: qr.id }),
    );
    expect(paid.status).toBe(200);
    const { order, lines } = await readOrder(app, s.owner.tenantId, paid.body.orderId);
    expect(order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(await stateOf(qr.token)).toBe('received');
    expect(await board(s)).toEqual({ preparing: [paid.body.tokenNo], ready: [] });

    expect((await s.owner.client.post(`/kitchen/${lines[0]?.id}`, { status: 'preparing' })).status).toBe(200);
    expect(await stateOf(qr.token)).toBe('preparing');
    expect((await s.owner.client.post(`/kitchen/orders/${paid.body.orderId}/bump`)).status).toBe(200);
    expect(await stateOf(qr.token)).toBe('ready');
    expect(await board(s)).toEqual({ preparing: [], ready: [paid.body.tokenNo] });

    await setLines(s, paid.body.orderId, { status: 'delivered' });
    expect(await stateOf(qr.token)).toBe('served');
    expect(await board(s)).toEqual({ preparing: [], ready: [] });
  });

  it('leaves the Ready column 15 minutes after it became ready', async () => {
    const s = await createQrStore(app);
    const paid = await s.owner.client.post<{ orderId: number; tokenNo: number }>(
      '/pos/create-order-and-invoice',
      payBody(s),
    );
    await s.owner.client.post(`/kitchen/orders/${paid.body.orderId}/bump`);
    await setLines(s, paid.body.orderId, { minutesAgo: 14 });
    expect((await board(s)).ready).toEqual([paid.body.tokenNo]);
    await setLines(s, paid.body.orderId, { minutesAgo: 16 });
    expect((await board(s)).ready).toEqual([]);
  });
});

describe('an order closed at the table', () => {
  it('is served when paid at the table, whatever the kitchen did; completing it unpaid is refused', async () => {
    const s = await createQrStore(app);
    const a = await place(s);
    const b = await place(s);
    const sent = async (id: number) =>
      (
        await s.owner.client.post<{ orderId: number }>(
          '/pos/create-order',
          orderBody(s, { selectedQrOrderItem: id }),
        )
      ).body.orderId;
    const orderA = await sent(a.id);
    const orderB = await sent(b.id);
    expect(await stateOf(a.token)).toBe('received');
    // An unpaid order is never completed (issue 29): it stays received until it is paid.
    expect((await s.owner.client.post('/orders/complete', { orderIds: [orderA] })).status).toBe(409);
    expect(await stateOf(a.token)).toBe('received');
    const payA = await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, [orderA]));
    expect(payA.status).toBe(200);
    expect(await stateOf(a.token)).toBe('served');
    const pay = await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, [orderB]));
    expect(pay.status).toBe(200);
    expect(await stateOf(b.token)).toBe('served');
  });
});

describe('diner notices after commit', () => {
  it("marks QR orders' events qr: true and leaves POS orders' alone", async () => {
    const s = await createQrStore(app);
    const { socket } = await connectSocket(app, s.owner.client);
    const created = record(socket, 'new_order');
    const pos = next(socket, 'new_order');
    await sendOrder(app, s);
    expect(await pos).toEqual({ orderId: expect.any(Number) as number });
    const qr = await place(s);
    const fromQr = next(socket, 'new_order');
    const res = await s.owner.client.post<{ orderId: number }>(
      '/pos/create-order',
      orderBody(s, { selectedQrOrderItem: qr.id }),
    );
    expect(await fromQr).toEqual({ orderId: res.body.orderId, qr: true });
    expect(created).toHaveLength(2);
    const update = next(socket, 'order_update');
    const { lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    await s.owner.client.post(`/kitchen/${lines[0]?.id}`, { status: 'preparing' });
    expect(await update).toEqual({ orderId: res.body.orderId, qr: true });
  });

  it('tells each follower of several QR orders changed in one commit, once each', async () => {
    const s = await createQrStore(app);
    const orders = [await place(s), await place(s), await place(s)];
    const diner = (await connectSocket(app)).socket;
    const heard = record(diner, 'order_status');
    for (const o of orders)
      expect(await diner.timeout(5000).emitWithAck('follow_order', { statusToken: o.token })).toMatchObject({
        state: 'received',
      });
    const all = new Promise<void>((resolve) => {
      const check = () => (heard.length >= 3 ? resolve() : setTimeout(check, 10));
      check();
    });
    expect((await s.owner.client.post('/pos/qrorders/cancel-all')).status).toBe(200);
    await all;
    expect(heard).toHaveLength(3);
    expect(heard.map((h) => (h as DinerOrderStatus).state)).toEqual(['cancelled', 'cancelled', 'cancelled']);
  });
});
