// Issue 29, items 9 and 12: Complete never writes an unpaid order off, and the display scopes that open
// Table Orders only read it (docs/orders.md, Who may do what on Table Orders).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPaid, OrderSummary, TableOrders } from '@comanda/core';
import { type TestApp, auditActions, createColleague, startTestApp } from '../../../test/harness.ts';
import { counts, createStore, payGroupBody, readOrder, sendOrder, type Store } from './orders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const openIds = async (s: Store) =>
  (await s.owner.client.get<TableOrders>('/orders')).body.groups.flatMap((g) => g.order_ids);

describe('POST /orders/complete (issue 29, item 9)', () => {
  it('refuses an unpaid order with something to bill (409, say pay or cancel); it stays open and is paid later', async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s, { tableId: s.table });
    const b = await sendOrder(app, s, { tableId: s.table });
    const before = await counts(app, s.owner.tenantId);
    const res = await s.owner.client.post<{ code: string; message: string }>('/orders/complete', {
      orderIds: [a.orderId, b.orderId],
    });
    expect([res.status, res.body.code, res.body.message]).toEqual([
      409,
      'order_unpaid_complete',
      'This order is not paid! Pay it, or cancel it.',
    ]);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect(await openIds(s)).toEqual([a.orderId, b.orderId]);
    const paid = await s.owner.client.post<OrderPaid>(
      '/orders/complete-and-pay-order',
      payGroupBody(s, [a.orderId, b.orderId], { subTotal: 88.36, taxTotal: 6.9, total: 95.26 }),
    );
    expect([paid.status, paid.body.total, paid.body.pricesChanged]).toEqual([200, 95.26, false]);
    expect((await readOrder(app, s.owner.tenantId, a.orderId)).order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });
  });

  it('refuses a group where one order still bills, even if the other is all voided', async () => {
    const s = await createStore(app);
    const voided = await sendOrder(app, s, { tableId: s.table });
    const open = await sendOrder(app, s, { tableId: s.table });
    expect((await s.owner.client.post('/orders/cancel', { orderIds: [voided.orderId] })).status).toBe(200);
    const partly = await sendOrder(app, s, { tableId: s.table });
    await s.owner.client.post(`/orders/update-status/${partly.lineIds[0]}`, { status: 'cancelled' });
    const res = await s.owner.client.post<{ code: string }>('/orders/complete', {
      orderIds: [open.orderId, partly.orderId],
    });
    expect([res.status, res.body.code]).toEqual([409, 'order_unpaid_complete']);
    expect(await openIds(s)).toEqual([open.orderId, partly.orderId]);
  });

  it('closes an order whose every line was voided: nothing is written off, the voids stay counted', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    for (const line of lineIds)
      expect(
        (await s.owner.client.post(`/orders/update-status/${line}`, { status: 'cancelled' })).status,
      ).toBe(200);
    const res = await s.owner.client.post('/orders/complete', { orderIds: [orderId] });
    expect([res.status, res.body]).toEqual([200, { message: 'Orders completed!' }]);
    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order).toMatchObject({ status: 'completed', paymentStatus: 'pending' });
    expect(lines.every((l) => l.status === 'cancelled' && l.voidedAt instanceof Date)).toBe(true);
    expect((await auditActions(app, s.owner.tenantId)).slice(-1)).toEqual(['order.complete']);
  });
});

describe('who may change Table Orders (issue 29, item 12)', () => {
  /** Every changing call of the screen (orders, voids, bills, moves, discounts), naming this order. */
  function changingCalls(s: Store, orderId: number, lineId: number) {
    return [
      ['POST', `/orders/update-status/${lineId}`, { status: 'preparing' }],
      ['POST', `/orders/update-status/${lineId}`, { status: 'cancelled', reasonId: s.voidReason }],
      ['POST', '/orders/cancel', { orderIds: [orderId], reasonId: s.voidReason }],
      ['POST', '/orders/complete', { orderIds: [orderId] }],
      ['POST', '/orders/complete-and-pay-order', payGroupBody(s, [orderId])],
      [
        'POST',
        '/orders/complete-and-pay-order',
        payGroupBody(s, [orderId], {
          discounts: [{ kind: 'percent', value: '10', reason: 'Regulars' }],
        }),
      ],
      [
        'POST',
        '/orders/pay-split',
        {
          orderIds: [orderId],
          split: { mode: 'whole' },
          parts: [{ tenders: [{ paymentTypeId: s.cash, amount: 47.63 }] }],
        },
      ],
      ['POST', '/orders/move-table', { orderIds: [orderId], tableId: s.table }],
      ['POST', `/orders/move-item/${lineId}`, { tableId: s.table, quantity: 1 }],
      ['POST', '/discounts/approvals', { orderIds: [orderId], discounts: [], userId: 1, pin: '1234' }],
    ] as const;
  }

  it('lets ORDER_STATUS_DISPLAY read the screen and answers 403 to every change, writing nothing', async () => {
    const s = await createStore(app);
    const board = await createColleague(app, s.owner, { scopes: ['ORDER_STATUS_DISPLAY'] });
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const line = lineIds[0] ?? 0;
    // A voided line, for the restore below.
    await s.owner.client.post(`/orders/update-status/${lineIds[1]}`, { status: 'cancelled' });
    const before = await counts(app, s.owner.tenantId);
    for (const path of ['/orders', '/orders/init', '/orders/tables', '/void-reasons'])
      expect([path, (await board.client.get(path)).status]).toEqual([path, 200]);
    const summary = await board.client.post<OrderSummary>('/orders/complete-order-payment-summary', {
      orderIds: [orderId],
    });
    expect([summary.status, summary.body.total]).toEqual([200, 38.63]);
    const calls = [
      ...changingCalls(s, orderId, line),
      ['POST', `/orders/update-status/${lineIds[1]}`, { status: 'delivered' }],
    ] as const;
    for (const [method, path, body] of calls) {
      const res = await board.client.request(method, path, body);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order).toMatchObject({ status: 'created', paymentStatus: 'pending' });
    expect(lines.map((l) => l.status)).toEqual(['created', 'cancelled', 'created']);
  });

  it('lets ORDER_STATUS set kitchen statuses only: a void, a restore, a cancel, a pay or a move is 403', async () => {
    const s = await createStore(app);
    const runner = await createColleague(app, s.owner, { scopes: ['ORDER_STATUS'] });
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const line = lineIds[0] ?? 0;
    await s.owner.client.post(`/orders/update-status/${lineIds[1]}`, { status: 'cancelled' });
    for (const status of ['preparing', 'completed', 'delivered'])
      expect((await runner.client.post(`/orders/update-status/${line}`, { status })).status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const refused = [
      ...changingCalls(s, orderId, line).slice(1),
      ['POST', `/orders/update-status/${lineIds[1]}`, { status: 'delivered' }],
    ] as const;
    for (const [method, path, body] of refused) {
      const res = await runner.client.request<{ code: string }>(method, path, body);
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'delivered',
      'cancelled',
      'created',
    ]);
  });

  it('answers 403 to the kitchen and customer displays on every Table Orders call', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    for (const scope of ['KITCHEN_DISPLAY', 'CUSTOMER_DISPLAY']) {
      const screen = await createColleague(app, s.owner, { scopes: [scope] });
      expect((await screen.client.get('/orders')).status).toBe(403);
      for (const [method, path, body] of changingCalls(s, orderId, lineIds[0] ?? 0))
        expect([scope, path, (await screen.client.request(method, path, body)).status]).toEqual([
          scope,
          path,
          403,
        ]);
    }
  });

  it('lets a waiter with ORDERS void, restore, cancel and pay', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    const a = await sendOrder(app, s);
    const b = await sendOrder(app, s);
    const line = `/orders/update-status/${a.lineIds[0]}`;
    expect((await waiter.client.post(line, { status: 'cancelled' })).status).toBe(200);
    expect((await waiter.client.post(line, { status: 'delivered' })).status).toBe(200);
    expect((await waiter.client.post('/orders/cancel', { orderIds: [b.orderId] })).status).toBe(200);
    expect(
      (await waiter.client.post('/orders/complete-and-pay-order', payGroupBody(s, [a.orderId]))).status,
    ).toBe(200);
  });
});
