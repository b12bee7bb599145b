import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KitchenTickets, MoveTables, TableOrders } from '@comanda/core';
import { storeTables } from '../../platform/db/schema.ts';
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
  payGroupBody,
  readOrder,
  sendOrder,
  uuid,
} from '../orders/orders.fixtures.ts';

let app: TestApp;
let other: Store;
beforeAll(async () => {
  app = await startTestApp();
  other = await createStore(app);
});
afterAll(() => app.close());

/** A second table, T2 on the Terrace, in the store's tenant. */
async function addTable(s: Store, title = 'T2', floor = 'Terrace') {
  const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .insert(storeTables)
      .values({ tenantId: s.owner.tenantId, title, floor, seatingCapacity: 2, qrToken: uuid() })
      .returning({ id: storeTables.id }),
  );
  if (!row) throw new Error('table insert returned nothing');
  return row.id;
}

/** A fresh store with T1 (the fixture's) and T2, and an order at T1. */
async function twoTables() {
  const s = await createStore(app);
  const t2 = await addTable(s);
  const order = await sendOrder(app, s, { tableId: s.table });
  return { s, t2, order };
}

/** What the kitchen shows: per ticket its token, table, "moved from" and its lines' titles, quantities, statuses. */
async function kitchenView(s: Store) {
  const res = await s.owner.client.get<KitchenTickets>('/kitchen');
  expect(res.status).toBe(200);
  return res.body.orders.map((o) => ({
    token: o.token_no,
    table: o.table_title,
    movedFrom: o.moved_from ?? null,
    changed: o.changed_at !== null,
    lines: o.items.map((i) => `${i.quantity} ${i.item_title} ${i.status}`),
  }));
}

/** The groups of Table Orders: per table its title and its orders' tokens. */
async function groupsOf(s: Store) {
  const res = await s.owner.client.get<TableOrders>('/orders');
  return res.body.groups.map((g) => ({ table: g.table_title, tokens: g.orders.map((o) => o.token_no) }));
}

/**
 * The `new_order` and `order_update` events a move sends, once a control event (an order sent after
 * it) has come: the move is over by then.
 */
async function eventsOf(s: Store, move: () => Promise<unknown>) {
  const { socket } = await connectSocket(app, s.owner.client);
  const created = record(socket, 'new_order');
  const updated = record(socket, 'order_update');
  await move();
  const control = next(socket, 'new_order');
  const sent = await sendOrder(app, s);
  await control;
  expect(created).toEqual([{ orderId: sent.orderId }]);
  return updated;
}

describe('access', () => {
  it('answers 401 signed out and 403 without the Orders screen, moving nothing', async () => {
    const { s, t2, order } = await twoTables();
    const cook = await createColleague(app, s.owner, { scopes: ['KITCHEN'] });
    const before = await counts(app, s.owner.tenantId);
    const calls = [
      ['GET', '/orders/tables', undefined],
      ['POST', '/orders/move-table', { orderIds: [order.orderId], tableId: t2 }],
      ['POST', `/orders/move-item/${order.lineIds[0]}`, { tableId: t2, quantity: 1 }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await app.client().request(method, path, body)).status).toBe(401);
      expect((await cook.client.request(method, path, body)).status).toBe(403);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, order.orderId)).order?.tableId).toBe(s.table);
  });

  it('lets a waiter with ORDERS move', async () => {
    const { s, t2, order } = await twoTables();
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    const tables = await waiter.client.get<MoveTables>('/orders/tables');
    expect(tables.status).toBe(200);
    expect(tables.body.tables.map((t) => [t.table_title, t.floor])).toEqual([
      ['T1', 'Ground'],
      ['T2', 'Terrace'],
    ]);
    const res = await waiter.client.post('/orders/move-table', { orderIds: [order.orderId], tableId: t2 });
    expect(res.status).toBe(200);
  });

  it("answers 404 for another tenant's orders, lines and tables, and changes nothing of theirs", async () => {
    const { s, t2, order } = await twoTables();
    const theirs = await sendOrder(app, other, { tableId: other.table });
    const before = await counts(app, other.owner.tenantId);
    const cases = [
      ['/orders/move-table', { orderIds: [theirs.orderId], tableId: t2 }, 'order_not_found'],
      ['/orders/move-table', { orderIds: [order.orderId, theirs.orderId], tableId: t2 }, 'order_not_found'],
      ['/orders/move-table', { orderIds: [order.orderId], tableId: other.table }, 'table_not_found'],
      [`/orders/move-item/${theirs.lineIds[0]}`, { tableId: t2, quantity: 1 }, 'order_item_not_found'],
      [`/orders/move-item/${order.lineIds[0]}`, { tableId: other.table, quantity: 1 }, 'table_not_found'],
    ] as const;
    for (const [path, body, code] of cases) {
      const res = await s.owner.client.post<{ code: string }>(path, body);
      expect([res.status, res.body.code]).toEqual([404, code]);
    }
    expect(await counts(app, other.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, other.owner.tenantId, theirs.orderId)).order?.tableId).toBe(other.table);
    expect((await readOrder(app, s.owner.tenantId, order.orderId)).order?.tableId).toBe(s.table);
  });
});

describe('bad input', () => {
  it('answers 400 with a clear message and writes nothing', async () => {
    const { s, t2, order } = await twoTables();
    const line = order.lineIds[0] ?? 0;
    const before = await counts(app, s.owner.tenantId);
    const cases = [
      ['/orders/move-table', { tableId: t2 }, 'Please select orders!'],
      ['/orders/move-table', { orderIds: [], tableId: t2 }, 'Please select orders!'],
      ['/orders/move-table', { orderIds: [order.orderId] }, 'Table not found!'],
      ['/orders/move-table', { orderIds: [order.orderId], tableId: 'x' }, 'Table not found!'],
      [
        '/orders/move-table',
        { orderIds: [order.orderId], tableId: s.table },
        'Please pick another table: this one is where they are!',
      ],
      [`/orders/move-item/${line}`, { tableId: t2 }, 'Please provide a valid quantity!'],
      [`/orders/move-item/${line}`, { tableId: t2, quantity: 0 }, 'Please provide a valid quantity!'],
      [`/orders/move-item/${line}`, { tableId: t2, quantity: 1.5 }, 'Please provide a valid quantity!'],
      [`/orders/move-item/${line}`, { tableId: t2, quantity: 3 }, 'You can move at most 2 of this item!'],
      [
        `/orders/move-item/${line}`,
        { tableId: s.table, quantity: 1 },
        'Please pick another table: this one is where they are!',
      ],
    ] as const;
    for (const [path, body, message] of cases) {
      const res = await s.owner.client.post<{ message: string }>(path, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });

  it('refuses to move a paid, completed or takeaway order, or a cancelled line (409)', async () => {
    const { s, t2 } = await twoTables();
    const paid = await sendOrder(app, s, { tableId: s.table });
    expect(
      (await s.owner.client.post('/orders/complete-and-pay-order', payGroupBody(s, [paid.orderId]))).status,
    ).toBe(200);
    const done = await sendOrder(app, s, { tableId: s.table });
    // Only an order with nothing left to bill may be completed (issue 29).
    for (const line of done.lineIds)
      await s.owner.client.post(`/orders/update-status/${line}`, { status: 'cancelled' });
    expect((await s.owner.client.post('/orders/complete', { orderIds: [done.orderId] })).status).toBe(200);
    const takeaway = await sendOrder(app, s, { deliveryType: 'takeaway' });
    const open = await sendOrder(app, s, { tableId: s.table });
    const cancelledLine = open.lineIds[2] ?? 0;
    expect(
      (
        await s.owner.client.post(`/orders/update-status/${cancelledLine}`, {
          status: 'cancelled',
          reasonId: s.voidReason,
        })
      ).status,
    ).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const cases = [
      ['/orders/move-table', { orderIds: [paid.orderId], tableId: t2 }, 'order_already_paid'],
      [`/orders/move-item/${paid.lineIds[0]}`, { tableId: t2, quantity: 1 }, 'order_already_paid'],
      ['/orders/move-table', { orderIds: [done.orderId], tableId: t2 }, 'order_not_open'],
      [`/orders/move-item/${done.lineIds[0]}`, { tableId: t2, quantity: 1 }, 'order_not_open'],
      ['/orders/move-table', { orderIds: [takeaway.orderId], tableId: t2 }, 'move_not_dinein'],
      [`/orders/move-item/${cancelledLine}`, { tableId: t2, quantity: 1 }, 'move_item_cancelled'],
    ] as const;
    for (const [path, body, code] of cases) {
      const res = await s.owner.client.post<{ code: string }>(path, body);
      expect([res.status, res.body.code]).toEqual([409, code]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });
});

describe('POST /orders/move-table', () => {
  it('moves a table group: same tokens, lines and statuses; the kitchen redraws it at T2, nothing sent again', async () => {
    const { s, t2, order } = await twoTables();
    const second = await sendOrder(app, s, { tableId: s.table });
    const line = order.lineIds[0] ?? 0;
    expect((await s.owner.client.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(200);
    const kitchenBefore = await kitchenView(s);
    const storedBefore = await readOrder(app, s.owner.tenantId, order.orderId);

    const updates = await eventsOf(s, async () => {
      const res = await s.owner.client.post('/orders/move-table', {
        orderIds: [order.orderId, second.orderId],
        tableId: t2,
      });
      expect([res.status, res.body]).toEqual([200, { message: 'Orders moved!' }]);
    });
    expect(updates).toEqual([{ orderId: order.orderId }, { orderId: second.orderId }]);

    const kitchenAfter = await kitchenView(s);
    // The same tickets, same lines at the same stage; only the table (and where from) changed.
    expect(kitchenAfter.filter((t) => t.token !== kitchenAfter.at(-1)?.token)).toEqual(
      kitchenBefore.map((t) => ({ ...t, table: 'T2', movedFrom: 'T1' })),
    );
    expect(kitchenAfter.some((t) => t.changed)).toBe(false);
    const stored = await readOrder(app, s.owner.tenantId, order.orderId);
    expect(stored.order).toMatchObject({
      tokenNo: order.tokenNo,
      tableId: t2,
      tableTitle: 'T2',
      floor: 'Terrace',
      movedFrom: 'T1',
      createdAt: storedBefore.order?.createdAt,
      changedAt: null,
    });
    expect(stored.lines).toEqual(storedBefore.lines);
    expect(await groupsOf(s)).toContainEqual({ table: 'T2', tokens: [order.tokenNo, second.tokenNo] });
    expect((await auditActions(app, s.owner.tenantId)).filter((a) => a === 'order.move_table')).toHaveLength(
      2,
    );
  });

  it('merges two tables: T1 joins T2, one group, audited as a merge', async () => {
    const { s, t2, order } = await twoTables();
    const atT2 = await sendOrder(app, s, { tableId: t2 });
    const res = await s.owner.client.post('/orders/move-table', { orderIds: [order.orderId], tableId: t2 });
    expect([res.status, res.body]).toEqual([200, { message: 'Tables merged!' }]);
    expect(await groupsOf(s)).toEqual([{ table: 'T2', tokens: [order.tokenNo, atT2.tokenNo] }]);
    expect((await auditActions(app, s.owner.tenantId)).slice(-1)).toEqual(['order.merge_table']);
  });

  it('brings a ticket back together: T1 moved where a line of it went before is one order again', async () => {
    const { s, t2, order } = await twoTables();
    const [burger] = order.lineIds;
    expect(
      (await s.owner.client.post(`/orders/move-item/${burger}`, { tableId: t2, quantity: 1 })).status,
    ).toBe(200);
    const part = (await s.owner.client.get<TableOrders>('/orders')).body.groups.find((g) => g.table_id === t2)
      ?.order_ids[0];
    const updates = await eventsOf(s, async () => {
      const res = await s.owner.client.post('/orders/move-table', { orderIds: [order.orderId], tableId: t2 });
      expect([res.status, res.body]).toEqual([200, { message: 'Tables merged!' }]);
    });
    expect(updates).toEqual([{ orderId: order.orderId }, { orderId: part }]);
    const groups = await groupsOf(s);
    expect(groups).toContainEqual({ table: 'T2', tokens: [order.tokenNo] });
    expect(groups.map((g) => g.table)).not.toContain('T1');
    expect((await readOrder(app, s.owner.tenantId, part ?? 0)).order).toBeUndefined();
    const stored = await readOrder(app, s.owner.tenantId, order.orderId);
    expect(stored.lines.map((l) => [l.itemTitle, l.quantity])).toEqual([
      ['Burger', 1],
      ['Soda', 3],
      ['Water', 1],
      ['Burger', 1],
    ]);
  });

  it('with an Idempotency-Key: a replay answers the first answer and moves, audits and tells nothing', async () => {
    const { s, t2, order } = await twoTables();
    const t3 = await addTable(s, 'T3', 'Ground');
    const key = { 'idempotency-key': uuid() };
    const body = { orderIds: [order.orderId], tableId: t2 };
    const first = await s.owner.client.post('/orders/move-table', body, key);
    expect(first.status).toBe(200);
    // Moved on since: the replay must not bring it back to T2.
    expect(
      (await s.owner.client.post('/orders/move-table', { orderIds: [order.orderId], tableId: t3 })).status,
    ).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const updates = await eventsOf(s, async () => {
      const again = await s.owner.client.post('/orders/move-table', body, key);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      expect(await counts(app, s.owner.tenantId)).toEqual(before);
    });
    expect(updates).toEqual([]);
    expect((await readOrder(app, s.owner.tenantId, order.orderId)).order?.tableId).toBe(t3);
    const other = await s.owner.client.post<{ code: string }>(
      '/orders/move-table',
      { ...body, tableId: t3 },
      key,
    );
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
  });
});

describe('POST /orders/move-item/:id', () => {
  it('moves part of a line: it splits, the parts adding up to the line, the moved units keep their ticket and stage', async () => {
    const { s, t2, order } = await twoTables();
    const [burger, soda] = order.lineIds;
    expect((await s.owner.client.post(`/kitchen/${burger}`, { status: 'preparing' })).status).toBe(200);
    const before = await readOrder(app, s.owner.tenantId, order.orderId);

    const updates = await eventsOf(s, async () => {
      const res = await s.owner.client.post(`/orders/move-item/${burger}`, { tableId: t2, quantity: 1 });
      expect([res.status, res.body]).toEqual([200, { message: 'Item moved!' }]);
    });

    const groups = (await s.owner.client.get<TableOrders>('/orders')).body.groups;
    const atT2 = groups.find((g) => g.table_id === t2)?.orders ?? [];
    expect(atT2).toHaveLength(1);
    const part = atT2[0];
    expect(part).toMatchObject({
      token_no: order.tokenNo,
      table_title: 'T2',
      moved_from: 'T1',
      date: before.order?.createdAt.toISOString(),
      changed_at: null,
      sub_total: 17.5,
      tax_total: 1.31,
      total: 18.81,
    });
    expect(part?.items).toHaveLength(1);
    expect(part?.items[0]).toMatchObject({
      item_title: 'Burger',
      variant_title: 'Large',
      notes: 'no onion',
      quantity: 1,
      status: 'preparing',
      net: 17.5,
      tax: 1.31,
      total: 18.81,
      date: before.lines[0]?.createdAt.toISOString(),
    });
    expect(updates).toEqual([{ orderId: order.orderId }, { orderId: part?.id }]);
    // The line left at T1 is one Burger; with the moved one it comes to what the two were billed at
    // (2 × 17.50 + 2.63 tax: the tax's odd cent stays). The other lines are untouched.
    const after = await readOrder(app, s.owner.tenantId, order.orderId);
    expect(before.lines[0]).toMatchObject({ quantity: 2, netMinor: 3500, taxMinor: 263, totalMinor: 3763 });
    expect(after.lines[0]).toMatchObject({ quantity: 1, netMinor: 1750, taxMinor: 132, totalMinor: 1882 });
    expect(after.lines[0]?.status).toBe('preparing');
    expect(after.lines.slice(1)).toEqual(before.lines.slice(1));
    expect(after.order?.changedAt).toBeNull();

    // The kitchen: the same token, now at both tables, the moved Burger still preparing; nothing new.
    expect((await kitchenView(s)).filter((t) => t.token === order.tokenNo)).toEqual([
      {
        token: order.tokenNo,
        table: 'T1',
        movedFrom: null,
        changed: false,
        lines: ['1 Burger preparing', '3 Soda created', '1 Water created'],
      },
      { token: order.tokenNo, table: 'T2', movedFrom: 'T1', changed: false, lines: ['1 Burger preparing'] },
    ]);

    // The pickup board shows the token once.
    const board = await s.owner.client.get<{ preparing: number[]; ready: number[] }>('/order-status-board');
    expect(board.body.preparing.filter((t) => t === order.tokenNo)).toEqual([order.tokenNo]);

    // A second move of the same ticket to T2 joins the part already there; no second part.
    expect(
      (await s.owner.client.post(`/orders/move-item/${soda}`, { tableId: t2, quantity: 1 })).status,
    ).toBe(200);
    const t2Orders = (await s.owner.client.get<TableOrders>('/orders')).body.groups.find(
      (g) => g.table_id === t2,
    );
    expect(t2Orders?.order_ids).toEqual([part?.id]);
    expect(t2Orders?.orders[0]?.items.map((i) => [i.item_title, i.quantity, i.net, i.tax, i.total])).toEqual([
      ['Burger', 1, 17.5, 1.31, 18.81],
      ['Soda', 1, 2.73, 0.27, 3],
    ]);
    expect((await readOrder(app, s.owner.tenantId, order.orderId)).lines[1]).toMatchObject({
      quantity: 2,
      netMinor: 545,
      taxMinor: 55,
      totalMinor: 600,
    });
    expect((await auditActions(app, s.owner.tenantId)).filter((a) => a === 'order_item.move')).toHaveLength(
      2,
    );
  });

  it('moves a whole line into the open order of its ticket already at the table, and back', async () => {
    const { s, t2, order } = await twoTables();
    const [burger, soda] = order.lineIds;
    expect(
      (await s.owner.client.post(`/orders/move-item/${burger}`, { tableId: t2, quantity: 2 })).status,
    ).toBe(200);
    const part = (await s.owner.client.get<TableOrders>('/orders')).body.groups.find((g) => g.table_id === t2)
      ?.order_ids[0];
    expect(part).toBeDefined();
    expect((await readOrder(app, s.owner.tenantId, part ?? 0)).lines.map((l) => l.id)).toEqual([burger]);
    // Back to T1: the line returns to the order it was taken in; the emptied part is gone.
    expect(
      (await s.owner.client.post(`/orders/move-item/${burger}`, { tableId: s.table, quantity: 2 })).status,
    ).toBe(200);
    expect((await readOrder(app, s.owner.tenantId, part ?? 0)).order).toBeUndefined();
    expect((await readOrder(app, s.owner.tenantId, order.orderId)).lines.map((l) => l.id)).toEqual([
      burger,
      soda,
      order.lineIds[2],
    ]);
    expect(await groupsOf(s)).toEqual([{ table: 'T1', tokens: [order.tokenNo] }]);
  });

  it('two moves of the same line at once: each unit moves once, nothing lost or doubled', async () => {
    const { s, t2, order } = await twoTables();
    const [burger] = order.lineIds;
    const answers = await Promise.all(
      [0, 1].map(() => s.owner.client.post(`/orders/move-item/${burger}`, { tableId: t2, quantity: 1 })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const groups = (await s.owner.client.get<TableOrders>('/orders')).body.groups;
    const burgers = groups.flatMap((g) =>
      g.orders.flatMap((o) =>
        o.items.filter((i) => i.item_title === 'Burger').map((i) => [g.table_title, i.quantity]),
      ),
    );
    expect(burgers).toEqual([
      ['T2', 1],
      ['T2', 1],
    ]);
    expect(groups.find((g) => g.table_id === t2)?.order_ids).toHaveLength(1);
  });

  it('two moves of a whole line to two tables at once: it ends at one of them, no empty order left open', async () => {
    const { s, t2, order } = await twoTables();
    const t3 = await addTable(s, 'T3');
    const [burger] = order.lineIds;
    // The second waits on the first's lock and then finds the line in another order: it moves it from
    // there (the order it is in now), never from the order it first looked in.
    const answers = await Promise.all(
      [t2, t3].map((tableId) => s.owner.client.post(`/orders/move-item/${burger}`, { tableId, quantity: 2 })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const groups = (await s.owner.client.get<TableOrders>('/orders')).body.groups;
    const burgers = groups.flatMap((g) =>
      g.orders.flatMap((o) =>
        o.items.filter((i) => i.item_title === 'Burger').map((i) => [g.table_title, i.quantity]),
      ),
    );
    expect(burgers).toHaveLength(1);
    expect(burgers[0]?.[1]).toBe(2);
    // Every open order still has something on it.
    for (const g of groups)
      for (const o of g.orders) expect(o.items.length, `${g.table_title}`).toBeGreaterThan(0);
    expect(groups.map((g) => g.table_title).sort()).toEqual(['T1', burgers[0]?.[0]].sort());
  });

  it('moves the whole order when the move would leave it nothing to bill', async () => {
    const s = await createStore(app);
    const t2 = await addTable(s);
    const res = await s.owner.client.post<{ orderId: number }>('/pos/create-order', {
      uuid: uuid(),
      cart: [
        { uuid: uuid(), item_id: s.water, quantity: 2 },
        { uuid: uuid(), item_id: s.soda, quantity: 1 },
      ],
      deliveryType: 'dinein',
      tableId: s.table,
    });
    const { lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(
      (
        await s.owner.client.post(`/orders/update-status/${lines[1]?.id}`, {
          status: 'cancelled',
          reasonId: s.voidReason,
        })
      ).status,
    ).toBe(200);
    const countsBefore = await counts(app, s.owner.tenantId);
    expect(
      (await s.owner.client.post(`/orders/move-item/${lines[0]?.id}`, { tableId: t2, quantity: 2 })).status,
    ).toBe(200);
    const stored = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(stored.order).toMatchObject({ tableId: t2, tableTitle: 'T2', movedFrom: 'T1' });
    expect(stored.lines.map((l) => l.status)).toEqual(['created', 'cancelled']);
    // No part, no line split: one audit row more.
    expect(await counts(app, s.owner.tenantId)).toEqual({ ...countsBefore, audits: countsBefore.audits + 1 });
  });

  it('with an Idempotency-Key: a replay answers the first answer and splits nothing again', async () => {
    const { s, t2, order } = await twoTables();
    const key = { 'idempotency-key': uuid() };
    const path = `/orders/move-item/${order.lineIds[1]}`;
    const first = await s.owner.client.post(path, { tableId: t2, quantity: 1 }, key);
    expect(first.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const again = await s.owner.client.post(path, { tableId: t2, quantity: 1 }, key);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, order.orderId)).lines[1]?.quantity).toBe(2);
  });
});

describe('two waiters on one table', () => {
  it("sending at the same moment keeps both waiters' lines, and each device hears the other's order", async () => {
    const s = await createStore(app);
    const ana = await createColleague(app, s.owner, { scopes: ['POS', 'ORDERS'], name: 'Ana' });
    const rui = await createColleague(app, s.owner, { scopes: ['POS', 'ORDERS'], name: 'Rui' });
    const anaSocket = (await connectSocket(app, ana.client)).socket;
    const heard = record(anaSocket, 'new_order');
    const cart = (itemId: number, quantity: number) => ({
      uuid: uuid(),
      cart: [{ uuid: uuid(), item_id: itemId, quantity }],
      deliveryType: 'dinein',
      tableId: s.table,
    });
    const [a, b] = await Promise.all([
      ana.client.post<{ orderId: number }>('/pos/create-order', cart(s.water, 2)),
      rui.client.post<{ orderId: number }>('/pos/create-order', cart(s.soda, 1)),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual(expect.arrayContaining([{ orderId: a.body.orderId }, { orderId: b.body.orderId }]));
    for (const waiter of [ana, rui]) {
      const res = await waiter.client.get<TableOrders>('/orders');
      const lines = res.body.groups.flatMap((g) => g.orders.flatMap((o) => o.items.map((i) => i.item_title)));
      expect(lines.sort()).toEqual(['Soda', 'Water']);
    }
  });
});
