// Issue 31: where a diner's QR order goes. The owner's choice (store settings, `qrOrdersToKitchen`,
// default: accepted at the POS first) and the straight-to-kitchen path; the strip's live route.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DinerOrderStatus, LiveQrOrders, OrderCreated, StoreSettings } from '@comanda/core';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { auditLog } from '../../platform/db/schema.ts';
import { counts, readOrder } from '../orders/orders.fixtures.ts';
import { type QrStore, createQrStore, dinerCart, placeBody, readQrOrders } from './qrmenu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const place = (s: QrStore, body: unknown = placeBody(s)) =>
  app.client().post<{ message: string; statusToken: string }>(`/qrmenu/${s.code}/place-order`, body);
const settings = async (s: QrStore) => (await s.owner.client.get<StoreSettings>('/settings/store-setting')).body;
/** SPEC §7's Store Details payload: no `qrOrdersToKitchen`. */
const details = (extra: Record<string, unknown> = {}) => ({
  storeName: 'Cafe Lisboa',
  currency: 'USD',
  isQRMenuEnabled: true,
  isQROrderEnabled: true,
  ...extra,
});
const toKitchen = (s: QrStore) =>
  s.owner.client.post('/settings/store-setting', details({ qrOrdersToKitchen: true }));
const live = async (s: QrStore) => {
  const res = await s.owner.client.get<LiveQrOrders>('/pos/qrorders/live');
  expect(res.status).toBe(200);
  return res.body;
};

describe('the setting (store settings, qrOrdersToKitchen)', () => {
  it('is off (accept first) by default; SPEC §7 saves without it keep the choice', async () => {
    const s = await createQrStore(app);
    expect(await settings(s)).toMatchObject({ qrOrdersToKitchen: false });
    expect((await toKitchen(s)).status).toBe(200);
    expect(await settings(s)).toMatchObject({ qrOrdersToKitchen: true });
    // The spec's payload names no such field: the owner's choice stays.
    expect((await s.owner.client.post('/settings/store-setting', details())).status).toBe(200);
    expect(await settings(s)).toMatchObject({ qrOrdersToKitchen: true });
    const back = await s.owner.client.post('/settings/store-setting', details({ qrOrdersToKitchen: false }));
    expect(back.status).toBe(200);
    expect(await settings(s)).toMatchObject({ qrOrdersToKitchen: false });
  });

  it('refuses a value that is not a switch, changing nothing', async () => {
    const s = await createQrStore(app);
    const before = await settings(s);
    const bad = await s.owner.client.post('/settings/store-setting', details({ qrOrdersToKitchen: 'yes' }));
    expect(bad).toMatchObject({ status: 400, body: { message: 'Invalid request!' } });
    expect(await settings(s)).toEqual(before);
  });

  it("is audited when it moves, tells the tenant's screens, and is the tenant's own", async () => {
    const s = await createQrStore(app);
    const other = await createQrStore(app);
    const { socket } = await connectSocket(app, s.owner.client);
    const { socket: theirs } = await connectSocket(app, other.owner.client);
    const heard = record(theirs, 'store_updated');
    const updated = next(socket, 'store_updated');
    expect((await toKitchen(s)).status).toBe(200);
    await updated;
    const rows = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, s.owner.tenantId), eq(auditLog.action, 'settings.store_update'))),
    );
    expect(rows.at(-1)?.details).toMatchObject({ qrOrdersToKitchen: { from: false, to: true } });
    expect(await settings(other)).toMatchObject({ qrOrdersToKitchen: false });
    expect(heard).toEqual([]);
  });

  it('answers 403 to a colleague without settings', async () => {
    const s = await createQrStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['POS'] });
    const res = await waiter.client.post('/settings/store-setting', details({ qrOrdersToKitchen: true }));
    expect(res.status).toBe(403);
    expect(await settings(s)).toMatchObject({ qrOrdersToKitchen: false });
  });
});

describe('accept first (the default)', () => {
  it('keeps the QR order waiting: no order, the strip lists it with its table and time', async () => {
    const s = await createQrStore(app);
    const before = await counts(app, s.owner.tenantId);
    expect((await place(s)).status).toBe(200);
    expect((await counts(app, s.owner.tenantId)).orders).toBe(before.orders);
    const [qr] = await readQrOrders(app, s.owner.tenantId);
    expect(qr).toMatchObject({ status: 'pending', orderId: null, sentToKitchen: false });
    const shown = await live(s);
    expect(shown.sent).toEqual([]);
    expect(shown.waiting).toHaveLength(1);
    expect(shown.waiting[0]).toMatchObject({ id: qr?.id, table_title: 'T1', customer_name: 'Guest' });
    expect(Date.parse(shown.now)).toBeGreaterThanOrEqual(Date.parse(shown.waiting[0]?.created_at ?? ''));
  });
});

describe('straight to the kitchen', () => {
  it('takes the order at once, priced as the POS prices the same cart, and tells every screen', async () => {
    const s = await createQrStore(app);
    expect((await toKitchen(s)).status).toBe(200);
    const { socket } = await connectSocket(app, s.owner.client);
    const newOrders = record(socket, 'new_order');
    const updates = record(socket, 'qrorders_updated');
    const placed = next(socket, 'new_qrorder');

    const res = await place(s);
    expect(res).toMatchObject({ status: 200, body: { message: 'Order placed successfully!' } });
    await placed;

    const [qr] = await readQrOrders(app, s.owner.tenantId);
    expect(qr).toMatchObject({ status: 'accepted', sentToKitchen: true });
    const orderId = qr?.orderId ?? 0;
    expect(orderId).toBeGreaterThan(0);
    expect(newOrders).toEqual([{ orderId, qr: true }]);
    expect(updates).toEqual([{ ids: [qr?.id] }]);

    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order).toMatchObject({
      source: 'qr',
      deliveryType: 'dinein',
      tableId: s.table,
      tableTitle: 'T1',
      customerType: 'WALKIN',
      customerName: 'Guest',
      createdBy: null,
    });
    expect(lines.map((l) => [l.itemTitle, l.quantity, l.notes])).toEqual([
      ['Burger', 2, 'no onion'],
      ['Soda', 1, null],
    ]);

    // The same cart sent from the POS costs the same: one pricing, the server's.
    const pos = await s.owner.client.post<OrderCreated>('/pos/create-order', {
      cart: dinerCart(s),
      deliveryType: 'dinein',
      tableId: s.table,
    });
    expect(pos.status).toBe(200);
    const tables = await s.owner.client.get<{ groups: { orders: { id: number; total: number }[] }[] }>(
      '/orders',
    );
    const listed = tables.body.groups.flatMap((g) => g.orders);
    expect(listed.find((o) => o.id === orderId)?.total).toBe(pos.body.payableTotal);

    // The kitchen has it; the POS has nothing waiting and the strip says it was sent.
    const kitchen = await s.owner.client.get<{ orders: { id: number }[] }>('/kitchen');
    expect(kitchen.body.orders.map((o) => o.id)).toContain(orderId);
    expect((await s.owner.client.get('/pos/qrorders/count')).body).toEqual({ totalQROrders: 0 });
    const shown = await live(s);
    expect(shown.waiting).toEqual([]);
    expect(shown.sent).toEqual([
      expect.objectContaining({ id: qr?.id, table_title: 'T1', token_no: order?.tokenNo }),
    ]);
    expect(await auditActions(app, s.owner.tenantId)).toEqual(
      expect.arrayContaining(['qr_order.place', 'order.create']),
    );

    // The diner's §7 status call works unchanged: received, with the kitchen's token.
    const status = await app.client().get<DinerOrderStatus>(`/qrmenu/order-status/${res.body.statusToken}`);
    expect(status).toMatchObject({ status: 200, body: { state: 'received', tokenNo: order?.tokenNo } });
  });

  it('refuses a cart the POS would refuse, writing nothing', async () => {
    const s = await createQrStore(app);
    const other = await createQrStore(app);
    expect((await toKitchen(s)).status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const foreign = placeBody(s, { cartItems: [{ item_id: other.burger, quantity: 1 }] });
    expect(await place(s, foreign)).toMatchObject({ status: 404, body: { code: 'menu_item_not_found' } });
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect(await readQrOrders(app, s.owner.tenantId)).toEqual([]);
  });

  it("keeps each tenant's orders and events to itself", async () => {
    const s = await createQrStore(app);
    const other = await createQrStore(app);
    expect((await toKitchen(s)).status).toBe(200);
    const { socket: theirs } = await connectSocket(app, other.owner.client);
    const heard = [...['new_order', 'new_qrorder', 'qrorders_updated'].map((e) => record(theirs, e))];
    const { socket: ours } = await connectSocket(app, s.owner.client);
    const placed = next(ours, 'new_qrorder');
    expect((await place(s)).status).toBe(200);
    await placed;
    // Their store asks first (its own default): its diner's order waits, ours does not.
    expect((await place(other)).status).toBe(200);
    expect((await live(s)).waiting).toEqual([]);
    expect((await live(s)).sent).toHaveLength(1);
    const theirsLive = await live(other);
    expect(theirsLive.sent).toEqual([]);
    expect(theirsLive.waiting).toHaveLength(1);
    expect((await counts(app, other.owner.tenantId)).orders).toBe(0);
    // Their screens heard only their own diner's order.
    await expect.poll(() => heard[1]?.length).toBe(1);
    expect(heard[0]).toEqual([]);
    expect(heard[2]).toEqual([]);
  });
});

describe('GET /pos/qrorders/live access', () => {
  it('answers 401 signed out, 403 to a cook, and to whoever may open Table Orders', async () => {
    const s = await createQrStore(app);
    expect((await app.client().get('/pos/qrorders/live')).status).toBe(401);
    const cook = await createColleague(app, s.owner, { scopes: ['KITCHEN'] });
    expect((await cook.client.get('/pos/qrorders/live')).status).toBe(403);
    const runner = await createColleague(app, s.owner, { scopes: ['ORDER_STATUS'] });
    expect((await runner.client.get('/pos/qrorders/live')).status).toBe(200);
  });
});
