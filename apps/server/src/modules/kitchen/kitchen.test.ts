import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { KitchenOrder, KitchenTicket, KitchenTickets, OrderCreated } from '@comanda/core';
import { orders } from '../../platform/db/schema.ts';
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
  payBody,
  readOrder,
  sendOrder,
} from '../orders/orders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A fresh store (its own tickets only) and a cook signed in with the KITCHEN scope. */
async function kitchen() {
  const store = await createStore(app);
  const cook = await createColleague(app, store.owner, { scopes: ['KITCHEN'] });
  const tickets = async () => {
    const res = await cook.client.get<KitchenTickets>('/kitchen');
    expect(res.status).toBe(200);
    return res.body;
  };
  const send = async (s: Store = store, extra: Record<string, unknown> = {}) => {
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s, extra));
    expect(res.status).toBe(200);
    return res.body.orderId;
  };
  return { store, cook, tickets, send };
}

const lineIds = (order: KitchenOrder | undefined) => (order?.items ?? []).map((i) => i.id);

describe('GET /kitchen', () => {
  it('shows a sent order with the all-day counts, and lets it go once every line is made', async () => {
    const { cook, tickets, send } = await kitchen();
    const empty = await tickets();
    expect(empty.orders).toEqual([]);
    expect(empty.allDay).toEqual([]);
    expect(empty.settings).toEqual({ warnMinutes: 5, lateMinutes: 8 });
    expect(empty.lastBumped).toBeNull();
    expect(Number.isNaN(Date.parse(empty.now))).toBe(false);

    const first = await send();
    const second = await send();
    const shown = await tickets();
    expect(shown.orders.map((o) => o.id)).toEqual([first, second]);
    expect(shown.orders[0]?.items.map((i) => [i.item_title, i.variant_title, i.quantity, i.status])).toEqual([
      ['Burger', 'Large', 2, 'created'],
      ['Soda', null, 3, 'created'],
      ['Water', null, 1, 'created'],
    ]);
    expect(shown.allDay.map((a) => [a.item_title, a.variant_title, a.quantity])).toEqual([
      ['Soda', null, 6],
      ['Burger', 'Large', 4],
      ['Water', null, 2],
    ]);

    // Start Making, then Complete, every line of the first ticket.
    for (const id of lineIds(shown.orders[0])) {
      const started = await cook.client.post(`/kitchen/${id}`, { status: 'preparing' });
      expect(started).toMatchObject({
        status: 200,
        body: { message: 'Order Item status successfully updated!' },
      });
    }
    const preparing = await tickets();
    expect(preparing.orders[0]?.items.map((i) => i.status)).toEqual(['preparing', 'preparing', 'preparing']);
    // Lines in preparation are still to make.
    expect(preparing.allDay.find((a) => a.item_title === 'Soda')?.quantity).toBe(6);
    for (const id of lineIds(shown.orders[0]))
      expect((await cook.client.post(`/kitchen/${id}`, { status: 'completed' })).status).toBe(200);

    const after = await tickets();
    expect(after.orders.map((o) => o.id)).toEqual([second]);
    expect(after.allDay.map((a) => [a.item_title, a.quantity])).toEqual([
      ['Soda', 3],
      ['Burger', 2],
      ['Water', 1],
    ]);
  });

  it('shows an order paid at the POS until it is made', async () => {
    const { store, cook, tickets } = await kitchen();
    const paid = await store.owner.client.post<{ orderId: number }>(
      '/pos/create-order-and-invoice',
      payBody(store),
    );
    expect(paid.status).toBe(200);
    const shown = await tickets();
    expect(shown.orders.map((o) => o.id)).toEqual([paid.body.orderId]);
    expect((await cook.client.post(`/kitchen/orders/${paid.body.orderId}/bump`)).status).toBe(200);
    expect((await tickets()).orders).toEqual([]);
  });

  it("shows a kitchen display what a cook needs: no guest's phone, no money, no payment or invoice", async () => {
    const { store, send } = await kitchen();
    const display = await createColleague(app, store.owner, { scopes: ['KITCHEN_DISPLAY'] });
    const paid = await store.owner.client.post<{ orderId: number; invoiceId: number }>(
      '/pos/create-order-and-invoice',
      payBody(store, {
        customerType: 'CUSTOMER',
        customerId: store.customer,
        tableId: store.table,
        cart: [
          {
            uuid: crypto.randomUUID(),
            item_id: store.burger,
            variant_id: store.large,
            addons_ids: [store.cheese],
            quantity: 1,
            notes: 'No onions',
          },
        ],
      }),
    );
    expect(paid.status).toBe(200);
    const unpaid = await send();
    // The kitchen's own screen, the display and the owner read the one answer.
    for (const client of [display.client, store.owner.client]) {
      const res = await client.get<KitchenTickets>('/kitchen');
      expect(res.status).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('555-0101');
      for (const key of ['customer_phone', 'customer_id', 'payment_status', 'invoice_id', 'currency']) {
        expect({ key, found: text.includes(`"${key}"`) }).toEqual({ key, found: false });
      }
      for (const key of [
        'sub_total',
        'tax_total',
        'total',
        'price',
        'variant_price',
        'amount',
        'net',
        'tax',
      ]) {
        expect({ key, found: text.includes(`"${key}"`) }).toEqual({ key, found: false });
      }
      expect(text).not.toContain(`"invoiceId"`);
      const [first, second] = res.body.orders;
      expect(res.body.orders.map((o) => o.id)).toEqual([paid.body.orderId, unpaid]);
      // What the ticket shows: token, time, where it goes, who for, and the lines with their notes.
      expect(first).toMatchObject({
        id: paid.body.orderId,
        delivery_type: 'dinein',
        customer_type: 'CUSTOMER',
        customer_name: 'Ana',
        table_id: store.table,
        table_title: 'T1',
        floor: 'Ground',
        status: 'completed',
      });
      expect(typeof first?.token_no).toBe('number');
      expect(typeof first?.date).toBe('string');
      expect(first?.items).toEqual([
        expect.objectContaining({
          item_title: 'Burger',
          variant_title: 'Large',
          addons: [{ id: store.cheese, title: 'Cheese' }],
          notes: 'No onions',
          quantity: 1,
          status: 'created',
        }),
      ]);
      expect(second?.items.map((i) => i.item_title)).toEqual(['Burger', 'Soda', 'Water']);
    }
  });

  it('leaves out a cancelled order', async () => {
    const { store, tickets, send } = await kitchen();
    const id = await send();
    await app.database.inTenant(store.owner.tenantId, (tx) =>
      tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id)),
    );
    expect((await tickets()).orders).toEqual([]);
  });
});

describe('POST /kitchen/{id}', () => {
  it('answers the second of two cooks tapping the same step with 409, and a skipped step too', async () => {
    const { store, cook, tickets, send } = await kitchen();
    const orderId = await send();
    const [line, other] = lineIds((await tickets()).orders[0]);
    const second = await createColleague(app, store.owner, { scopes: ['KITCHEN_DISPLAY'] });

    expect((await cook.client.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(200);
    const late = await second.client.post(`/kitchen/${line}`, { status: 'preparing' });
    expect(late).toMatchObject({ status: 409, body: { code: 'order_item_moved_on' } });
    // Complete straight from created is not a kitchen step.
    const skipped = await cook.client.post(`/kitchen/${other}`, { status: 'completed' });
    expect(skipped).toMatchObject({ status: 409, body: { code: 'order_item_moved_on' } });

    const { lines } = await readOrder(app, store.owner.tenantId, orderId);
    expect(lines.map((l) => l.status)).toEqual(['preparing', 'created', 'created']);
  });

  it('refuses other statuses, unknown and foreign items, and a cancelled order, changing nothing', async () => {
    const { store, cook, tickets, send } = await kitchen();
    const other = await kitchen();
    const orderId = await send();
    const [line] = lineIds((await tickets()).orders[0]);
    const foreignOrder = await other.send();
    const [foreign] = lineIds((await other.tickets()).orders[0]);
    // Each kitchen sees its own open tickets only.
    expect((await tickets()).orders.map((o) => o.id)).toEqual([orderId]);
    expect((await other.tickets()).orders.map((o) => o.id)).toEqual([foreignOrder]);

    const bad = await cook.client.post(`/kitchen/${line}`, { status: 'delivered' });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Please select a valid status!' } });
    expect((await cook.client.post(`/kitchen/${foreign}`, { status: 'preparing' })).body).toMatchObject({
      code: 'order_item_not_found',
    });
    expect((await cook.client.post('/kitchen/999999999', { status: 'preparing' })).status).toBe(404);

    await app.database.inTenant(store.owner.tenantId, (tx) =>
      tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId)),
    );
    const closed = await cook.client.post(`/kitchen/${line}`, { status: 'preparing' });
    expect(closed).toMatchObject({ status: 409, body: { code: 'order_not_open' } });

    expect((await readOrder(app, store.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
    expect(
      (await readOrder(app, other.store.owner.tenantId, foreignOrder)).lines.map((l) => l.status),
    ).toEqual(['created', 'created', 'created']);
  });
});

describe('bump and recall', () => {
  it('bumps a whole ticket, and recall brings back the latest bumped one', async () => {
    const { store, cook, tickets, send } = await kitchen();
    const first = await send();
    const second = await send();
    const [line] = lineIds((await tickets()).orders[0]);
    expect((await cook.client.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(200);

    const bumped = await cook.client.post(`/kitchen/orders/${first}/bump`);
    expect(bumped).toMatchObject({ status: 200, body: { message: 'Ticket bumped!' } });
    expect((await readOrder(app, store.owner.tenantId, first)).lines.map((l) => l.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    expect((await cook.client.post(`/kitchen/orders/${second}/bump`)).status).toBe(200);
    let shown = await tickets();
    expect(shown.orders).toEqual([]);
    const secondToken = (await readOrder(app, store.owner.tenantId, second)).order?.tokenNo;
    expect(shown.lastBumped).toEqual({ orderId: second, token_no: secondToken });

    // Nothing left to make on a bumped ticket.
    const again = await cook.client.post(`/kitchen/orders/${second}/bump`);
    expect(again).toMatchObject({ status: 409, body: { code: 'order_item_moved_on' } });

    const recalled = await cook.client.post('/kitchen/recall');
    expect(recalled).toMatchObject({ status: 200, body: { message: 'Ticket recalled!' } });
    shown = await tickets();
    expect(shown.orders.map((o) => o.id)).toEqual([second]);
    expect(shown.orders[0]?.items.map((i) => i.status)).toEqual(['preparing', 'preparing', 'preparing']);
    expect(shown.lastBumped?.orderId).toBe(first);

    expect((await cook.client.post('/kitchen/recall')).status).toBe(200);
    expect((await tickets()).orders.map((o) => o.id)).toEqual([first, second]);
    const none = await cook.client.post('/kitchen/recall');
    expect(none).toMatchObject({ status: 404, body: { code: 'nothing_to_recall' } });
  });

  it('a bump racing a line cancel and an order cancel never deadlocks: each answers, the order ends cancelled', async () => {
    const { store, cook } = await kitchen();
    const owner = store.owner.client;
    for (let round = 0; round < 8; round++) {
      const { orderId, lineIds: lines } = await sendOrder(app, store);
      const answers = await Promise.all([
        cook.client.post<{ code?: string }>(`/kitchen/orders/${orderId}/bump`),
        owner.post<{ code?: string }>(`/orders/update-status/${lines[1]}`, {
          status: 'cancelled',
          reasonId: store.voidReason,
        }),
        owner.post<{ code?: string }>('/orders/cancel', { orderIds: [orderId], reasonId: store.voidReason }),
      ]);
      // The cancel always wins or waits; the others either went first or find the order closed.
      expect(answers[2].status).toBe(200);
      for (const res of answers) expect([200, 409]).toContain(res.status);
      expect(answers.map((r) => r.body.code).filter((c) => c === 'try_again')).toEqual([]);
      const stored = await readOrder(app, store.owner.tenantId, orderId);
      expect(stored.order?.status).toBe('cancelled');
      expect(stored.lines.map((l) => l.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    }
  });

  it("answers 404 for another tenant's order and recalls only the tenant's own tickets", async () => {
    const { cook, tickets, send } = await kitchen();
    const other = await kitchen();
    const foreign = await other.send();
    expect((await other.cook.client.post(`/kitchen/orders/${foreign}/bump`)).status).toBe(200);

    const res = await cook.client.post(`/kitchen/orders/${foreign}/bump`);
    expect(res).toMatchObject({ status: 404, body: { code: 'order_not_found' } });
    await send();
    expect((await cook.client.post('/kitchen/recall')).status).toBe(404);
    expect((await tickets()).lastBumped).toBeNull();
    expect((await other.tickets()).lastBumped?.orderId).toBe(foreign);
  });
});

describe('GET /kitchen/orders/{id}', () => {
  it('answers the one ticket as the board lists it, null once it is off the board, 404 for another tenant', async () => {
    const { store, cook, tickets, send } = await kitchen();
    const first = await send();
    const ticket = (id: number) => cook.client.get<KitchenTicket>(`/kitchen/orders/${id}`);

    const shown = await ticket(first);
    expect(shown.status).toBe(200);
    const [listed] = (await tickets()).orders;
    expect(shown.body.order).toEqual(listed);
    expect(shown.body.lastBumped).toBeNull();
    expect(Number.isNaN(Date.parse(shown.body.now))).toBe(false);

    // A step shows on the one ticket; a bump takes it off the board and makes it the one to recall.
    const [line] = lineIds(listed);
    expect((await cook.client.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(200);
    expect((await ticket(first)).body.order?.items[0]?.status).toBe('preparing');
    expect((await cook.client.post(`/kitchen/orders/${first}/bump`)).status).toBe(200);
    const bumped = await ticket(first);
    expect(bumped.body.order).toBeNull();
    expect(bumped.body.lastBumped?.orderId).toBe(first);

    // A cancelled order is off the board too.
    const second = await send();
    expect(
      (await store.owner.client.post('/orders/cancel', { orderIds: [second], reasonId: store.voidReason }))
        .status,
    ).toBe(200);
    expect((await ticket(second)).body.order).toBeNull();

    const other = await kitchen();
    const foreign = await other.send();
    expect(await ticket(foreign)).toMatchObject({ status: 404, body: { code: 'order_not_found' } });
    expect(await ticket(2_000_000_000)).toMatchObject({ status: 404, body: { code: 'order_not_found' } });
    expect((await ticket(Number.NaN)).status).toBe(404);
  });
});

describe('Idempotency-Key on an item step and a bump', () => {
  const keyed = () => ({ 'idempotency-key': crypto.randomUUID() });

  /** The `order_update` events `replay` sends, once a control event (a new order) has come after it. */
  async function eventsOf(k: Awaited<ReturnType<typeof kitchen>>, replay: () => Promise<unknown>) {
    const { socket } = await connectSocket(app, k.cook.client);
    const updates = record(socket, 'order_update');
    await replay();
    const control = next(socket, 'new_order');
    await k.send();
    await control;
    return updates;
  }

  it('POST /kitchen/{id}: a replay answers the stored answer, moves nothing and tells no screen', async () => {
    const k = await kitchen();
    const orderId = await k.send();
    const [line] = lineIds((await k.tickets()).orders[0]);
    const start = keyed();
    const first = await k.cook.client.post(`/kitchen/${line}`, { status: 'preparing' }, start);
    expect(first).toMatchObject({
      status: 200,
      body: { message: 'Order Item status successfully updated!' },
    });
    expect((await k.cook.client.post(`/kitchen/${line}`, { status: 'completed' }, keyed())).status).toBe(200);
    const before = await counts(app, k.store.owner.tenantId);
    const updates = await eventsOf(k, async () => {
      const again = await k.cook.client.post(`/kitchen/${line}`, { status: 'preparing' }, start);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      expect(await counts(app, k.store.owner.tenantId)).toEqual(before);
    });
    expect(updates).toEqual([]);
    expect((await readOrder(app, k.store.owner.tenantId, orderId)).lines[0]?.status).toBe('completed');
    // Without the key the step is refused as ever: the line has moved on.
    const unkeyed = await k.cook.client.post(`/kitchen/${line}`, { status: 'preparing' });
    expect(unkeyed).toMatchObject({ status: 409, body: { code: 'order_item_moved_on' } });
  });

  it('POST /kitchen/{id}: the same key sent at once moves the line once, no 409', async () => {
    const k = await kitchen();
    const orderId = await k.send();
    const [line] = lineIds((await k.tickets()).orders[0]);
    const key = keyed();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => k.cook.client.post(`/kitchen/${line}`, { status: 'preparing' }, key)),
    );
    expect(answers.map((r) => [r.status, r.body])).toEqual(
      Array(3).fill([200, { message: 'Order Item status successfully updated!' }]),
    );
    expect((await counts(app, k.store.owner.tenantId)).keys).toBe(1);
    expect((await readOrder(app, k.store.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'preparing',
      'created',
      'created',
    ]);
  });

  it('POST /kitchen/{id}: the same key on another line, step or route answers 422 and moves nothing', async () => {
    const k = await kitchen();
    const orderId = await k.send();
    const [line, otherLine] = lineIds((await k.tickets()).orders[0]);
    const key = keyed();
    expect((await k.cook.client.post(`/kitchen/${line}`, { status: 'preparing' }, key)).status).toBe(200);
    const before = await counts(app, k.store.owner.tenantId);
    for (const [path, body] of [
      [`/kitchen/${otherLine}`, { status: 'preparing' }],
      [`/kitchen/${line}`, { status: 'completed' }],
      [`/kitchen/orders/${orderId}/bump`, undefined],
    ] as const) {
      const res = await k.cook.client.post(path, body, key);
      expect(res).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
    }
    expect(await counts(app, k.store.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, k.store.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'preparing',
      'created',
      'created',
    ]);
  });

  it("POST /kitchen/{id}: a refused step (another tenant's item) stores no key, so it can be retried", async () => {
    const k = await kitchen();
    const other = await kitchen();
    await other.send();
    const [foreign] = lineIds((await other.tickets()).orders[0]);
    const key = keyed();
    for (let i = 0; i < 2; i++) {
      const res = await k.cook.client.post(`/kitchen/${foreign}`, { status: 'preparing' }, key);
      expect(res).toMatchObject({ status: 404, body: { code: 'order_item_not_found' } });
    }
    expect((await counts(app, k.store.owner.tenantId)).keys).toBe(0);
  });

  it('POST /kitchen/orders/{id}/bump: a replay answers the stored answer, bumps nothing and tells no screen', async () => {
    const k = await kitchen();
    const orderId = await k.send();
    const key = keyed();
    const first = await k.cook.client.post(`/kitchen/orders/${orderId}/bump`, undefined, key);
    expect(first).toMatchObject({ status: 200, body: { message: 'Ticket bumped!' } });
    const bumpedAt = (await readOrder(app, k.store.owner.tenantId, orderId)).order?.kitchenBumpedAt;
    // Recalled: a replay must not bump the ticket again.
    expect((await k.cook.client.post('/kitchen/recall')).status).toBe(200);
    const before = await counts(app, k.store.owner.tenantId);
    const updates = await eventsOf(k, async () => {
      const again = await k.cook.client.post(`/kitchen/orders/${orderId}/bump`, undefined, key);
      expect([again.status, again.body]).toEqual([first.status, first.body]);
      expect(await counts(app, k.store.owner.tenantId)).toEqual(before);
    });
    expect(updates).toEqual([]);
    const { order, lines } = await readOrder(app, k.store.owner.tenantId, orderId);
    expect(bumpedAt).toBeInstanceOf(Date);
    expect(order?.kitchenBumpedAt).toBeNull();
    expect(lines.map((l) => l.status)).toEqual(['preparing', 'preparing', 'preparing']);
  });

  it('POST /kitchen/orders/{id}/bump: the same key sent at once bumps once, no 409', async () => {
    const k = await kitchen();
    const orderId = await k.send();
    const key = keyed();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => k.cook.client.post(`/kitchen/orders/${orderId}/bump`, undefined, key)),
    );
    expect(answers.map((r) => [r.status, r.body])).toEqual(
      Array(3).fill([200, { message: 'Ticket bumped!' }]),
    );
    expect((await counts(app, k.store.owner.tenantId)).keys).toBe(1);
    expect((await readOrder(app, k.store.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });

  it('POST /kitchen/orders/{id}/bump: the same key on another ticket answers 422 and bumps nothing', async () => {
    const k = await kitchen();
    const first = await k.send();
    const second = await k.send();
    const key = keyed();
    expect((await k.cook.client.post(`/kitchen/orders/${first}/bump`, undefined, key)).status).toBe(200);
    const res = await k.cook.client.post(`/kitchen/orders/${second}/bump`, undefined, key);
    expect(res).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
    const { order, lines } = await readOrder(app, k.store.owner.tenantId, second);
    expect(order?.kitchenBumpedAt).toBeNull();
    expect(lines.map((l) => l.status)).toEqual(['created', 'created', 'created']);
  });
});

describe('POST /kitchen/settings', () => {
  it('saves the thresholds for the owner, audited', async () => {
    const { store, tickets } = await kitchen();
    const res = await store.owner.client.post('/kitchen/settings', { warnMinutes: 6, lateMinutes: 10 });
    expect(res).toMatchObject({ status: 200, body: { message: 'Kitchen settings saved!' } });
    expect((await tickets()).settings).toEqual({ warnMinutes: 6, lateMinutes: 10 });
    expect(await auditActions(app, store.owner.tenantId)).toContain('store.kitchen_settings');
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['red not after amber', { warnMinutes: 8, lateMinutes: 8 }, 'The red threshold must be later'],
    ['zero', { warnMinutes: 0, lateMinutes: 8 }, 'Please provide minutes between 1 and 240!'],
    ['a fraction', { warnMinutes: 2.5, lateMinutes: 8 }, 'Please provide minutes between 1 and 240!'],
    ['too many', { warnMinutes: 5, lateMinutes: 241 }, 'Please provide minutes between 1 and 240!'],
    ['nothing', {}, 'Please provide minutes between 1 and 240!'],
  ];
  for (const [name, body, message] of refused) {
    it(`refuses ${name} with 400 and saves nothing`, async () => {
      const { store, tickets } = await kitchen();
      const res = await store.owner.client.post<{ message: string }>('/kitchen/settings', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect((await tickets()).settings).toEqual({ warnMinutes: 5, lateMinutes: 8 });
    });
  }

  it('answers 403 to a kitchen-only colleague and saves nothing', async () => {
    const { cook, tickets } = await kitchen();
    const res = await cook.client.post('/kitchen/settings', { warnMinutes: 6, lateMinutes: 10 });
    expect(res.status).toBe(403);
    expect((await tickets()).settings).toEqual({ warnMinutes: 5, lateMinutes: 8 });
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 to a cashier without a kitchen scope', async () => {
    const { store, tickets, send } = await kitchen();
    const orderId = await send();
    const [line] = lineIds((await tickets()).orders[0]);
    const cashier = await createColleague(app, store.owner, { scopes: ['POS'] });
    for (const c of [app.client(), cashier.client]) {
      const expected = c === cashier.client ? 403 : 401;
      expect((await c.get('/kitchen')).status).toBe(expected);
      expect((await c.get(`/kitchen/orders/${orderId}`)).status).toBe(expected);
      expect((await c.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(expected);
      expect((await c.post(`/kitchen/orders/${orderId}/bump`)).status).toBe(expected);
      expect((await c.post('/kitchen/recall')).status).toBe(expected);
    }
    expect((await readOrder(app, store.owner.tenantId, orderId)).lines.map((l) => l.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
  });
});

describe('realtime', () => {
  it("sends new_order and order_update to the tenant's kitchen screens only", async () => {
    const { cook, tickets, send } = await kitchen();
    const other = await kitchen();
    const { socket } = await connectSocket(app, cook.client);
    const { socket: foreign } = await connectSocket(app, other.cook.client);
    const foreignNew = record(foreign, 'new_order');
    const foreignUpdate = record(foreign, 'order_update');

    const created = next(socket, 'new_order');
    const orderId = await send();
    expect(await created).toEqual({ orderId });
    const [line] = lineIds((await tickets()).orders[0]);
    const updated = next(socket, 'order_update');
    expect((await cook.client.post(`/kitchen/${line}`, { status: 'preparing' })).status).toBe(200);
    expect(await updated).toEqual({ orderId });

    // The other tenant's own order, sent after: once its screen has that, ours would have come first.
    const control = next(foreign, 'new_order');
    const foreignOrder = await other.send();
    expect(await control).toEqual({ orderId: foreignOrder });
    expect(foreignNew).toEqual([{ orderId: foreignOrder }]);
    expect(foreignUpdate).toEqual([]);
  });
});
