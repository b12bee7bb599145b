import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FloorPlan, LiveFloorPlan, LivePlanTable } from '@comanda/core';
import { orderItems, orders, storeTables } from '../../platform/db/schema.ts';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  createTenant,
  next,
  startTestApp,
} from '../../../test/harness.ts';
import { type Store, createStore, payGroupBody, sendOrder, uuid } from '../orders/orders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function addTable(s: Store, title: string, floor = 'Ground') {
  const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .insert(storeTables)
      .values({ tenantId: s.owner.tenantId, title, floor, seatingCapacity: 2, qrToken: uuid() })
      .returning({ id: storeTables.id }),
  );
  if (!row) throw new Error('table insert returned nothing');
  return row.id;
}

async function plan(s: Store) {
  const res = await s.owner.client.get<FloorPlan>('/settings/floor-plan');
  expect(res.status).toBe(200);
  return res.body.tables;
}

async function live(s: Store) {
  const res = await s.owner.client.get<LiveFloorPlan>('/orders/floor-plan');
  expect(res.status).toBe(200);
  return res.body;
}

async function liveTable(s: Store, id: number): Promise<LivePlanTable> {
  const found = (await live(s)).tables.find((t) => t.id === id);
  if (!found) throw new Error(`table ${id} not on the plan`);
  return found;
}

const place = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  x: 100,
  y: 60,
  width: 160,
  height: 120,
  shape: 'round',
  ...extra,
});

/** Dates an order and its lines `minutes` back, as if sent then. */
async function sentMinutesAgo(s: Store, orderId: number, minutes: number) {
  const at = sql`now() - make_interval(mins => ${minutes})`;
  await app.database.inTenant(s.owner.tenantId, async (tx) => {
    await tx
      .update(orders)
      .set({ createdAt: at })
      .where(and(eq(orders.tenantId, s.owner.tenantId), eq(orders.id, orderId)));
    await tx
      .update(orderItems)
      .set({ createdAt: at })
      .where(and(eq(orderItems.tenantId, s.owner.tenantId), eq(orderItems.orderId, orderId)));
  });
}

describe('/settings/floor-plan', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/settings/floor-plan')).status).toBe(401);
    expect((await c.post('/settings/floor-plan', { tables: [place(1)] })).status).toBe(401);
    expect((await c.get('/orders/floor-plan')).status).toBe(401);
    expect((await c.post('/orders/receipt-printed', { orderIds: [1] })).status).toBe(401);
  });

  it.each([
    ['no tables', { tables: [] }, 'Nothing to save!'],
    ['a table left of the plan', { tables: [place(1, { x: -20 })] }, 'A table must stay inside the plan!'],
    [
      'a table past the right edge',
      { tables: [place(1, { x: 1100 })] },
      'A table must stay inside the plan!',
    ],
    ['a table below the plan', { tables: [place(1, { y: 2300 })] }, 'A table must stay inside the plan!'],
    ['a fractional position', { tables: [place(1, { x: 10.5 })] }, 'A table must stay inside the plan!'],
    ['a tiny table', { tables: [place(1, { width: 20 })] }, "A table's width and height must be 80 to 480!"],
    [
      'a huge table',
      { tables: [place(1, { height: 900 })] },
      "A table's width and height must be 80 to 480!",
    ],
    ['a triangle', { tables: [place(1, { shape: 'triangle' })] }, 'A table is round or square!'],
    ['a blank name', { tables: [place(1, { title: '  ' })] }, 'Please provide Title!'],
    ['a table listed twice', { tables: [place(1), place(1)] }, 'A table is listed twice!'],
  ])('answers 400 for %s and saves nothing', async (_label, body, message) => {
    const s = await createStore(app);
    const before = await plan(s);
    const listed = JSON.parse(JSON.stringify(body).replaceAll('"id":1', `"id":${s.table}`)) as object;
    expect(await s.owner.client.post('/settings/floor-plan', listed)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await plan(s)).toEqual(before);
  });

  it('answers 403 to staff without SETTINGS, who still read the live plan on Table Orders', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['POS'] });
    expect((await waiter.client.get('/settings/floor-plan')).status).toBe(403);
    expect((await waiter.client.post('/settings/floor-plan', { tables: [place(s.table)] })).status).toBe(403);
    expect((await waiter.client.get('/orders/floor-plan')).status).toBe(200);
    const cook = await createColleague(app, s.owner, { scopes: ['KITCHEN'] });
    expect((await cook.client.get('/orders/floor-plan')).status).toBe(403);
  });

  it("answers 404 for another tenant's table and saves none of the list", async () => {
    const a = await createStore(app);
    const b = await createStore(app);
    const before = { a: await plan(a), b: await plan(b) };
    const res = await a.owner.client.post('/settings/floor-plan', {
      tables: [place(a.table), place(b.table, { title: 'Hijack' })],
    });
    expect(res).toMatchObject({ status: 404, body: { message: 'Table not found!' } });
    expect(await plan(a)).toEqual(before.a);
    expect(await plan(b)).toEqual(before.b);
    expect(
      (await b.owner.client.get<{ table_title: string }[]>('/settings/store-tables')).body[0],
    ).toMatchObject({
      table_title: 'T1',
    });
  });

  it('lays unplaced tables out in a grid per floor, then saves places, shapes and names', async () => {
    const s = await createStore(app);
    const t2 = await addTable(s, 'T2');
    const terrace = await addTable(s, 'P1', 'Terrace');
    expect(await plan(s)).toEqual([
      {
        id: s.table,
        table_title: 'T1',
        floor: 'Ground',
        seating_capacity: 4,
        x: 40,
        y: 40,
        width: 140,
        height: 140,
        shape: 'square',
      },
      {
        id: t2,
        table_title: 'T2',
        floor: 'Ground',
        seating_capacity: 2,
        x: 240,
        y: 40,
        width: 140,
        height: 140,
        shape: 'square',
      },
      {
        id: terrace,
        table_title: 'P1',
        floor: 'Terrace',
        seating_capacity: 2,
        x: 40,
        y: 40,
        width: 140,
        height: 140,
        shape: 'square',
      },
    ]);

    const { socket } = await connectSocket(app, s.owner.client);
    const updated = next(socket, 'tables_updated');
    expect(
      await s.owner.client.post('/settings/floor-plan', {
        tables: [place(t2, { title: ' Window 2 ' }), place(terrace, { x: 1040, y: 2240, shape: 'square' })],
      }),
    ).toMatchObject({ status: 200, body: { message: 'Floor plan saved!' } });
    await updated;

    const after = await plan(s);
    expect(after.map((t) => [t.table_title, t.x, t.y, t.width, t.height, t.shape])).toEqual([
      ['T1', 40, 40, 140, 140, 'square'],
      ['Window 2', 100, 60, 160, 120, 'round'],
      ['P1', 1040, 2240, 160, 120, 'square'],
    ]);
    // The SPEC §7 list and its update call are unchanged, and keep the table's place.
    const listed = (await s.owner.client.get<{ id: number; table_title: string }[]>('/settings/store-tables'))
      .body;
    expect(listed.find((t) => t.id === t2)).toEqual({
      id: t2,
      table_title: 'Window 2',
      floor: 'Ground',
      seating_capacity: 2,
      encrypted_id: expect.any(String) as unknown,
    });
    expect(
      (
        await s.owner.client.post(`/settings/store-tables/${t2}/update`, {
          title: 'W2',
          floor: 'Ground',
          seatingCapacity: 2,
        })
      ).status,
    ).toBe(200);
    expect((await plan(s)).find((t) => t.id === t2)).toMatchObject({
      table_title: 'W2',
      x: 100,
      shape: 'round',
    });
    expect(await auditActions(app, s.owner.tenantId)).toContain('table.plan');
  });
});

describe('/orders/floor-plan: each table’s state', () => {
  it('is free, then ordered with the time seated, then food ready, then bill printed, then free once paid', async () => {
    const s = await createStore(app);
    const t2 = await addTable(s, 'T2');
    expect(await liveTable(s, s.table)).toMatchObject({ state: 'free', seated_at: null });

    const first = await sendOrder(app, s, { tableId: s.table });
    const body = await live(s);
    const t1 = body.tables.find((t) => t.id === s.table);
    expect(t1).toMatchObject({ state: 'ordered', table_title: 'T1', x: 40, shape: 'square' });
    expect(Date.parse(t1?.seated_at ?? '')).toBeLessThanOrEqual(Date.parse(body.now));
    // A takeaway order sent with a table sits at no table; T2 stays free.
    await sendOrder(app, s, { tableId: t2, deliveryType: 'takeaway' });
    expect(await liveTable(s, t2)).toMatchObject({ state: 'free', seated_at: null });

    // Seated since the oldest open order, however many follow.
    await sentMinutesAgo(s, first.orderId, 5);
    const second = await sendOrder(app, s, { tableId: s.table });
    const seated = (await liveTable(s, s.table)).seated_at;
    expect(Date.parse(body.now) - Date.parse(seated ?? '')).toBeGreaterThanOrEqual(4 * 60_000);

    // One dish made (not yet served): food ready.
    const [line] = first.lineIds;
    expect((await s.owner.client.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(200);
    expect((await liveTable(s, s.table)).state).toBe('ordered');
    expect((await s.owner.client.post(`/kitchen/${line}`, { status: 'completed' })).status).toBe(200);
    expect((await liveTable(s, s.table)).state).toBe('food_ready');
    // Served: no longer ready.
    expect((await s.owner.client.post(`/orders/update-status/${line}`, { status: 'delivered' })).status).toBe(
      200,
    );
    expect((await liveTable(s, s.table)).state).toBe('ordered');

    // The bill printed for both orders; an order sent afterwards makes the printed bill out of date.
    const { socket } = await connectSocket(app, s.owner.client);
    const update = next(socket, 'order_update');
    expect(
      await s.owner.client.post('/orders/receipt-printed', { orderIds: [first.orderId, second.orderId] }),
    ).toMatchObject({ status: 200, body: { message: 'Receipt printed!' } });
    await update;
    expect((await liveTable(s, s.table)).state).toBe('bill_printed');
    const third = await sendOrder(app, s, { tableId: s.table });
    expect((await liveTable(s, s.table)).state).toBe('ordered');
    await s.owner.client.post('/orders/receipt-printed', {
      orderIds: [first.orderId, second.orderId, third.orderId],
    });
    expect((await liveTable(s, s.table)).state).toBe('bill_printed');

    const ids = [first.orderId, second.orderId, third.orderId];
    const paid = await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, ids));
    expect(paid.status).toBe(200);
    expect(await liveTable(s, s.table)).toMatchObject({ state: 'free', seated_at: null });
  });

  it(`is waiting long when a dish still to make was sent 20 minutes ago or more, unless one is ready`, async () => {
    const s = await createStore(app);
    const order = await sendOrder(app, s, { tableId: s.table });
    await sentMinutesAgo(s, order.orderId, 19);
    expect((await liveTable(s, s.table)).state).toBe('ordered');
    await sentMinutesAgo(s, order.orderId, 21);
    expect((await liveTable(s, s.table)).state).toBe('waiting_long');
    // Voided lines wait for nothing.
    const [first, ...rest] = order.lineIds;
    for (const id of rest)
      expect(
        (
          await s.owner.client.post(`/orders/update-status/${id}`, {
            status: 'cancelled',
            reasonId: s.voidReason,
          })
        ).status,
      ).toBe(200);
    expect((await liveTable(s, s.table)).state).toBe('waiting_long');
    expect(
      (await s.owner.client.post(`/orders/update-status/${first}`, { status: 'completed' })).status,
    ).toBe(200);
    expect((await liveTable(s, s.table)).state).toBe('food_ready');
  });

  it("answers 404 to a receipt mark on another tenant's order and marks nothing", async () => {
    const a = await createStore(app);
    const b = await createStore(app);
    const mine = await sendOrder(app, a, { tableId: a.table });
    const theirs = await sendOrder(app, b, { tableId: b.table });
    expect(
      await a.owner.client.post('/orders/receipt-printed', { orderIds: [mine.orderId, theirs.orderId] }),
    ).toMatchObject({ status: 404, body: { message: 'Order not found!' } });
    expect((await liveTable(a, a.table)).state).toBe('ordered');
    expect((await liveTable(b, b.table)).state).toBe('ordered');
    expect((await a.owner.client.post('/orders/receipt-printed', { orderIds: [] })).status).toBe(400);
    // Another store's plan shows none of this store's tables.
    const fresh = await createTenant(app);
    expect((await fresh.client.get<LiveFloorPlan>('/orders/floor-plan')).body.tables).toEqual([]);
  });
});
