import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VOID_REASONS, type KitchenTickets, type TableOrders, type VoidReason } from '@comanda/core';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/db/schema.ts';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  next,
  startTestApp,
} from '../../../test/harness.ts';
import {
  type Store,
  counts,
  createStore,
  payGroupBody,
  readOrder,
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

async function reasons(s: Store) {
  const res = await s.owner.client.get<VoidReason[]>('/void-reasons');
  expect(res.status).toBe(200);
  return res.body;
}

/** The newest audit row of an action, as stored. */
async function lastAudit(s: Store, action: string) {
  const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, s.owner.tenantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1),
  );
  return row;
}

describe('void reasons: the owner edits the list', () => {
  it('answers 401 signed out, 403 for edits without SETTINGS (any signed-in user reads the list)', async () => {
    const [first] = await reasons(store);
    const routes = [
      ['POST', '/settings/void-reasons/add', { title: 'Spilled' }],
      ['POST', `/settings/void-reasons/${first?.id}/update`, { title: 'Spilled' }],
      ['DELETE', `/settings/void-reasons/${first?.id}`, undefined],
    ] as const;
    const waiter = await createColleague(app, store.owner, { scopes: ['ORDERS'] });
    const before = await counts(app, store.owner.tenantId);
    expect((await app.client().get('/void-reasons')).status).toBe(401);
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status).toBe(401);
      expect((await waiter.client.request(method, path, body)).status).toBe(403);
    }
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
    expect((await waiter.client.get<VoidReason[]>('/void-reasons')).body).toEqual(await reasons(store));
  });

  it('refuses a blank or too long title (400) and a title the list has in any case (409)', async () => {
    const s = await createStore(app);
    for (const [title, message] of [
      ['  ', 'Please provide a reason!'],
      ['x'.repeat(101), 'Reason is too long!'],
    ]) {
      const res = await s.owner.client.post('/settings/void-reasons/add', { title });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const dup = await s.owner.client.post('/settings/void-reasons/add', { title: 'wrong ITEM' });
    expect([dup.status, dup.body.code]).toEqual([409, 'void_reason_title_taken']);
    expect((await reasons(s)).map((r) => r.title)).toEqual(DEFAULT_VOID_REASONS);
  });

  it("answers 404 for another tenant's reason and changes nothing of theirs", async () => {
    const [theirs] = await reasons(other);
    const update = await store.owner.client.post(`/settings/void-reasons/${theirs?.id}/update`, {
      title: 'Mine',
    });
    expect([update.status, update.body.code]).toEqual([404, 'void_reason_not_found']);
    const remove = await store.owner.client.request('DELETE', `/settings/void-reasons/${theirs?.id}`);
    expect([remove.status, remove.body.code]).toEqual([404, 'void_reason_not_found']);
    expect((await reasons(other)).map((r) => r.title)).toEqual(DEFAULT_VOID_REASONS);
  });

  it('starts every store with the default list; adds, renames and deletes, each audited', async () => {
    const s = await createStore(app);
    expect((await reasons(s)).map((r) => r.title)).toEqual(DEFAULT_VOID_REASONS);
    const manager = await createColleague(app, s.owner, { scopes: ['SETTINGS'] });
    const added = await manager.client.post('/settings/void-reasons/add', { title: ' Spilled ' });
    expect([added.status, added.body.message]).toEqual([200, 'Void reason added!']);
    const spilled = (await reasons(s)).find((r) => r.title === 'Spilled');
    expect(spilled).toBeDefined();
    const renamed = await manager.client.post(`/settings/void-reasons/${spilled?.id}/update`, {
      title: 'Dropped',
    });
    expect(renamed.status).toBe(200);
    const [first] = await reasons(s);
    expect((await manager.client.request('DELETE', `/settings/void-reasons/${first?.id}`)).status).toBe(200);
    expect((await reasons(s)).map((r) => r.title)).toEqual([...DEFAULT_VOID_REASONS.slice(1), 'Dropped']);
    expect((await auditActions(app, s.owner.tenantId)).slice(-3)).toEqual([
      'void_reason.add',
      'void_reason.update',
      'void_reason.delete',
    ]);
  });
});

/** Switches the store's "require a reason to cancel or void" (issue 30) as its owner. */
async function requireReasons(s: Store, on: boolean) {
  const res = await s.owner.client.post('/settings/void-setting', { requireVoidReason: on });
  expect([res.status, res.body]).toEqual([200, { message: 'Void settings saved!' }]);
}

describe('the "require a reason to cancel or void" setting (issue 30)', () => {
  it('answers 401 signed out; any signed-in user reads it, only SETTINGS changes it (403, nothing saved)', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    expect((await app.client().get('/settings/void-setting')).status).toBe(401);
    const body = { requireVoidReason: true };
    expect((await app.client().post('/settings/void-setting', body)).status).toBe(401);
    expect((await waiter.client.post('/settings/void-setting', body)).status).toBe(403);
    const read = await waiter.client.get('/settings/void-setting');
    expect([read.status, read.body]).toEqual([200, { requireVoidReason: false }]);
  });

  it('refuses a body that is not a yes or no (400) and changes nothing', async () => {
    const s = await createStore(app);
    for (const body of [{}, { requireVoidReason: 'yes' }, { requireVoidReason: null }]) {
      const res = await s.owner.client.post('/settings/void-setting', body);
      expect([res.status, res.body.message]).toEqual([400, 'Invalid request!']);
    }
    expect((await s.owner.client.get('/settings/void-setting')).body).toEqual({ requireVoidReason: false });
  });

  it("is off in a new store, is saved per store and audited; another store's stays off", async () => {
    const s = await createStore(app);
    await requireReasons(s, true);
    expect((await s.owner.client.get('/settings/void-setting')).body).toEqual({ requireVoidReason: true });
    expect((await other.owner.client.get('/settings/void-setting')).body).toEqual({
      requireVoidReason: false,
    });
    expect(await lastAudit(s, 'settings.void_update')).toMatchObject({
      details: { from: { requireVoidReason: false }, to: { requireVoidReason: true } },
    });
    await requireReasons(s, false);
    expect((await s.owner.client.get('/settings/void-setting')).body).toEqual({ requireVoidReason: false });
  });
});

describe('voiding a sent line', () => {
  it("takes SPEC §7's {status} alone while the store does not ask for reasons: voided, counted, audited", async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const res = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, { status: 'cancelled' });
    expect([res.status, res.body]).toEqual([200, { message: 'Item voided!' }]);
    const [line] = (await readOrder(app, s.owner.tenantId, orderId)).lines;
    // A void all the same: the Z report counts the lines with voided_at.
    expect(line).toMatchObject({
      status: 'cancelled',
      voidReason: null,
      voidedBy: expect.any(Number) as unknown,
    });
    expect(line?.voidedAt).toBeInstanceOf(Date);
    const audited = await lastAudit(s, 'order_item.void');
    expect(audited?.details).toMatchObject({ item: 'Burger', totalMinor: line?.totalMinor });
    expect(audited?.details).not.toHaveProperty('reason');
  });

  it("takes SPEC §7's {orderIds} alone for a cancel while the store does not ask for reasons", async () => {
    const s = await createStore(app);
    const { orderId } = await sendOrder(app, s);
    const res = await s.owner.client.post('/orders/cancel', { orderIds: [orderId] });
    expect([res.status, res.body]).toEqual([200, { message: 'Orders cancelled!' }]);
    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order?.status).toBe('cancelled');
    for (const line of lines) {
      expect(line).toMatchObject({
        status: 'cancelled',
        voidReason: null,
        voidedBy: expect.any(Number) as unknown,
      });
      expect(line.voidedAt).toBeInstanceOf(Date);
    }
    expect((await lastAudit(s, 'order.cancel'))?.targetId).toBe(String(orderId));
  });

  it('needs a reason of the tenant once the store asks: none is 400, another tenant’s is 404, and nothing changes', async () => {
    const s = await createStore(app);
    await requireReasons(s, true);
    const { orderId, lineIds } = await sendOrder(app, s);
    const [theirs] = await reasons(other);
    const before = await counts(app, s.owner.tenantId);
    const none = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, { status: 'cancelled' });
    expect([none.status, none.body.message]).toEqual([400, 'Please select a void reason!']);
    const foreign = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, {
      status: 'cancelled',
      reasonId: theirs?.id,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'void_reason_not_found']);
    const cancelAll = await s.owner.client.post('/orders/cancel', { orderIds: [orderId] });
    expect([cancelAll.status, cancelAll.body.message]).toEqual([400, 'Please select a void reason!']);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
    // With one it voids; bringing the line back asks for nothing.
    const voided = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    expect(voided.status).toBe(200);
    const back = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, { status: 'delivered' });
    expect(back.status).toBe(200);
    const cancelled = await s.owner.client.post('/orders/cancel', {
      orderIds: [orderId],
      reasonId: s.voidReason,
    });
    expect(cancelled.status).toBe(200);
  });

  it("checks a reason given while the store does not ask: another tenant's is 404", async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const [theirs] = await reasons(other);
    const line = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, {
      status: 'cancelled',
      reasonId: theirs?.id,
    });
    expect([line.status, line.body.code]).toEqual([404, 'void_reason_not_found']);
    const all = await s.owner.client.post('/orders/cancel', { orderIds: [orderId], reasonId: theirs?.id });
    expect([all.status, all.body.code]).toEqual([404, 'void_reason_not_found']);
    expect((await readOrder(app, s.owner.tenantId, orderId)).order?.status).toBe('created');
  });

  it('voids with the reason: off the bill, on the kitchen display as voided, live, audited with the reason', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const cook = await createColleague(app, s.owner, { scopes: ['KITCHEN'] });
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'], name: 'Ines' });
    const wrong = (await reasons(s)).find((r) => r.title === 'Wrong item');
    const { socket } = await connectSocket(app, cook.client);
    const update = next(socket, 'order_update');

    const res = await waiter.client.post(`/orders/update-status/${lineIds[1]}`, {
      status: 'cancelled',
      reasonId: wrong?.id,
    });
    expect([res.status, res.body.message]).toEqual([200, 'Item voided!']);
    expect(await update).toEqual({ orderId });

    const kitchen = await cook.client.get<KitchenTickets>('/kitchen');
    const ticket = kitchen.body.orders.find((o) => o.id === orderId);
    expect(ticket?.changed_at).not.toBeNull();
    expect(ticket?.items.map((i) => [i.item_title, i.status, i.void_reason])).toEqual([
      ['Burger', 'created', null],
      ['Soda', 'cancelled', 'Wrong item'],
      ['Water', 'created', null],
    ]);
    expect(ticket?.items[1]?.voided_at).toEqual(expect.any(String));
    // 3 × Soda (9.00) left the bill.
    const listed = await waiter.client.get<TableOrders>('/orders');
    expect(listed.body.groups[0]?.orders[0]).toMatchObject({ total: 38.63 });

    const stored = (await readOrder(app, s.owner.tenantId, orderId)).lines[1];
    expect(stored).toMatchObject({ status: 'cancelled', voidReason: 'Wrong item', voidedBy: waiter.userId });
    expect(stored?.voidedAt).toBeInstanceOf(Date);
    expect(await lastAudit(s, 'order_item.void')).toMatchObject({
      actorUserId: waiter.userId,
      targetType: 'order_item',
      targetId: String(lineIds[1]),
      details: { orderId, item: 'Soda', quantity: 3, totalMinor: 900, reason: 'Wrong item', to: 'cancelled' },
    });

    // Brought back: billed again and no longer a void.
    expect(
      (await waiter.client.post(`/orders/update-status/${lineIds[1]}`, { status: 'created' })).status,
    ).toBe(400);
    expect(
      (await waiter.client.post(`/orders/update-status/${lineIds[1]}`, { status: 'preparing' })).status,
    ).toBe(200);
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines[1]).toMatchObject({
      status: 'preparing',
      voidReason: null,
      voidedBy: null,
      voidedAt: null,
    });
  });

  it('refuses a line of a paid order: that is a refund (409), nothing changes', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    expect(
      (await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, [orderId]))).status,
    ).toBe(200);
    const res = await s.owner.client.post(`/orders/update-status/${lineIds[0]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    expect([res.status, res.body.code]).toEqual([409, 'order_paid_refund_instead']);
    expect(res.body.message).toBe('This order is already paid! Refund it from Invoices instead.');
    expect((await readOrder(app, s.owner.tenantId, orderId)).lines[0]).toMatchObject({
      status: 'created',
      voidReason: null,
    });
  });

  it('cancels whole orders with a reason: every line still billed is voided with it, lines voided before keep theirs', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s);
    const list = await reasons(s);
    const [changedMind, , kitchenMistake] = list;
    await s.owner.client.post(`/orders/update-status/${lineIds[2]}`, {
      status: 'cancelled',
      reasonId: kitchenMistake?.id,
    });
    const res = await s.owner.client.post('/orders/cancel', {
      orderIds: [orderId],
      reasonId: changedMind?.id,
    });
    expect(res.status).toBe(200);
    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order?.status).toBe('cancelled');
    expect(lines.map((l) => [l.status, l.voidReason])).toEqual([
      ['cancelled', 'Customer changed mind'],
      ['cancelled', 'Customer changed mind'],
      ['cancelled', 'Kitchen mistake'],
    ]);
    expect(await lastAudit(s, 'order.cancel')).toMatchObject({
      targetId: String(orderId),
      details: { reason: 'Customer changed mind' },
    });
  });
});
