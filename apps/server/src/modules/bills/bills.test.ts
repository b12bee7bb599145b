import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PARTS_MISMATCH,
  type Report,
  SEAT_INVALID,
  SPLIT_NO_SEATS,
  SPLIT_PARTS_INVALID,
  SPLIT_UNASSIGNED,
  type SplitPaid,
  TENDERS_MISMATCH,
  TENDER_AMOUNT_INVALID,
  type TableOrders,
} from '@comanda/core';
import { invoicePartLines, invoiceParts, paymentTypes } from '../../platform/db/schema.ts';
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
  readInvoice,
  readOrder,
  sendOrder,
  uuid,
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

/**
 * A table of four: a Burger on seats 1 and 2 (10.00 + 0.75 each), two Sodas on seat 3 (6.00, 0.55 tax
 * included), a Water on seat 4 (1.00) and a Soda for the table (3.00, 0.27 included). 31.50 in all.
 * Split by seat, the shared Soda's 3.00 is dealt 0.75 to each seat: 11.50, 11.50, 6.75, 1.75.
 */
function tableOfFour(s: Store) {
  const line = (item: number, quantity: number, seat: number | null) => ({
    uuid: uuid(),
    item_id: item,
    quantity,
    seat,
  });
  return [
    line(s.burger, 1, 1),
    line(s.burger, 1, 2),
    line(s.soda, 2, 3),
    line(s.water, 1, 4),
    line(s.soda, 1, null),
  ];
}

async function sendTable(s: Store) {
  return sendOrder(app, s, { tableId: s.table, cart: tableOfFour(s) });
}

/** The Card payment type of a store, made active (the fixture's is not). */
async function activeCard(s: Store) {
  await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .update(paymentTypes)
      .set({ isActive: true })
      .where(and(eq(paymentTypes.tenantId, s.owner.tenantId), eq(paymentTypes.id, s.card))),
  );
  return s.card;
}

const cash = (s: Store, amount: number | string, tendered?: number) => ({
  paymentTypeId: s.cash,
  amount,
  ...(tendered === undefined ? {} : { tendered }),
});

/** The body paying the table of four split by seat, each part in cash. */
function bySeatBody(s: Store, orderIds: number[]) {
  return {
    orderIds,
    split: { mode: 'seat' },
    parts: [11.5, 11.5, 6.75, 1.75].map((amount) => ({ tenders: [cash(s, amount)] })),
  };
}

async function readParts(tenantId: number, invoiceId: number) {
  return app.database.inTenant(tenantId, async (tx) => ({
    parts: await tx
      .select()
      .from(invoiceParts)
      .where(and(eq(invoiceParts.tenantId, tenantId), eq(invoiceParts.invoiceId, invoiceId)))
      .orderBy(invoiceParts.partNo),
    lines: await tx
      .select()
      .from(invoicePartLines)
      .where(and(eq(invoicePartLines.tenantId, tenantId), eq(invoicePartLines.invoiceId, invoiceId))),
  }));
}

describe('POST /orders/pay-split: access', () => {
  it('answers 401 signed out and 403 without the Orders screen, writing nothing', async () => {
    const { orderId } = await sendTable(store);
    const cook = await createColleague(app, store.owner, { scopes: ['KITCHEN'] });
    const before = await counts(app, store.owner.tenantId);
    const body = bySeatBody(store, [orderId]);
    expect((await app.client().post('/orders/pay-split', body)).status).toBe(401);
    expect((await cook.client.post('/orders/pay-split', body)).status).toBe(403);
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });

  it('lets a waiter with ORDERS pay a split', async () => {
    const waiter = await createColleague(app, store.owner, { scopes: ['ORDERS'] });
    const { orderId } = await sendTable(store);
    const res = await waiter.client.post('/orders/pay-split', bySeatBody(store, [orderId]));
    expect(res.status).toBe(200);
  });
});

describe('POST /orders/pay-split: refusals write nothing', () => {
  it('answers 400 with the rule broken, for each rule, and leaves the orders unpaid', async () => {
    const s = await createStore(app);
    const { orderId } = await sendTable(s);
    const plain = await sendOrder(app, s, { tableId: s.table });
    const ids = [orderId];
    const seat = bySeatBody(s, ids);
    const cases: [unknown, string][] = [
      [{ ...seat, split: { mode: 'halves' } }, 'Please choose how to split the bill!'],
      [{ ...seat, split: { mode: 'even', parts: 1 } }, SPLIT_PARTS_INVALID],
      [{ ...seat, split: { mode: 'even', parts: 21 } }, SPLIT_PARTS_INVALID],
      [{ ...seat, parts: seat.parts.slice(0, 3) }, PARTS_MISMATCH],
      // One part paying a cent short: the three valid parts are not paid either.
      [{ ...seat, parts: [...seat.parts.slice(0, 3), { tenders: [cash(s, 1.74)] }] }, TENDERS_MISMATCH],
      [{ ...seat, parts: [...seat.parts.slice(0, 3), { tenders: [cash(s, 1.76)] }] }, TENDERS_MISMATCH],
      [{ ...seat, parts: [...seat.parts.slice(0, 3), { tenders: [] }] }, TENDERS_MISMATCH],
      [
        { ...seat, parts: [...seat.parts.slice(0, 3), { tenders: [cash(s, '1.755')] }] },
        TENDER_AMOUNT_INVALID,
      ],
      [
        { ...seat, parts: [...seat.parts.slice(0, 3), { tenders: [cash(s, 1.75, 1)] }] },
        'The amount tendered is less than the total!',
      ],
      [
        {
          ...seat,
          parts: [...seat.parts.slice(0, 3), { tenders: [{ paymentTypeId: s.card, amount: 1.75 }] }],
        },
        'This payment type is not active!',
      ],
      [
        { orderIds: [plain.orderId], split: { mode: 'seat' }, parts: [{ tenders: [cash(s, 47.63)] }] },
        SPLIT_NO_SEATS,
      ],
      [
        {
          orderIds: [plain.orderId],
          split: { mode: 'item', parts: 2, assign: [{ lineId: plain.lineIds[0], part: 0, units: 2 }] },
          parts: [{ tenders: [cash(s, 1)] }, { tenders: [cash(s, 1)] }],
        },
        SPLIT_UNASSIGNED,
      ],
    ];
    const before = await counts(app, s.owner.tenantId);
    for (const [body, message] of cases) {
      const res = await s.owner.client.post<{ message: string }>('/orders/pay-split', body, {
        'idempotency-key': uuid(),
      });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, orderId)).order?.paymentStatus).toBe('pending');
  });

  it('refuses a seat out of range when the order is sent', async () => {
    const s = await createStore(app);
    const cart = tableOfFour(s).map((l, i) => (i === 0 ? { ...l, seat: 100 } : l));
    const res = await s.owner.client.post<{ message: string }>('/pos/create-order', {
      uuid: uuid(),
      cart,
      deliveryType: 'dinein',
      tableId: s.table,
    });
    expect([res.status, res.body.message]).toEqual([400, SEAT_INVALID]);
  });

  it("answers 404 for another tenant's orders or payment type, and changes nothing of theirs", async () => {
    const theirs = await sendTable(other);
    const mine = await sendTable(store);
    const before = await counts(app, other.owner.tenantId);
    const res = await store.owner.client.post<{ code: string }>(
      '/orders/pay-split',
      bySeatBody(store, [theirs.orderId]),
    );
    expect([res.status, res.body.code]).toEqual([404, 'order_not_found']);
    const mixed = await store.owner.client.post<{ code: string }>(
      '/orders/pay-split',
      bySeatBody(store, [mine.orderId, theirs.orderId]),
    );
    expect([mixed.status, mixed.body.code]).toEqual([404, 'order_not_found']);
    const body = bySeatBody(store, [mine.orderId]);
    body.parts[0] = { tenders: [{ paymentTypeId: other.cash, amount: 11.5 }] };
    const theirType = await store.owner.client.post<{ code: string }>('/orders/pay-split', body);
    expect([theirType.status, theirType.body.code]).toEqual([404, 'payment_type_not_found']);
    expect(await counts(app, other.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, store.owner.tenantId, mine.orderId)).order?.paymentStatus).toBe('pending');
  });

  it('answers 409 for a group already paid', async () => {
    const s = await createStore(app);
    const { orderId } = await sendTable(s);
    expect((await s.owner.client.post('/orders/pay-split', bySeatBody(s, [orderId]))).status).toBe(200);
    const again = await s.owner.client.post<{ code: string }>('/orders/pay-split', bySeatBody(s, [orderId]));
    expect([again.status, again.body.code]).toEqual([409, 'order_already_paid']);
  });
});

describe('POST /orders/pay-split: paying', () => {
  it('pays a table of four split by seat, one seat part cash part card, in one invoice', async () => {
    const s = await createStore(app);
    const card = await activeCard(s);
    const { orderId, lineIds } = await sendTable(s);
    const socket = await connectSocket(app, s.owner.client);
    const sent = record(socket.socket, 'new_order');
    const updated = next(socket.socket, 'order_update');
    const body = bySeatBody(s, [orderId]);
    body.parts[0] = { tenders: [cash(s, 5, 10), { paymentTypeId: card, amount: 6.5 }] };
    const res = await s.owner.client.post<SplitPaid>('/orders/pay-split', body, {
      'idempotency-key': uuid(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Bill paid!',
      subTotal: 29.18,
      taxTotal: 2.32,
      total: 31.5,
      change: 5,
    });
    expect(res.body.parts.map((p) => [p.seat, p.sub_total, p.tax_total, p.total])).toEqual([
      [1, 10.69, 0.81, 11.5],
      [2, 10.68, 0.82, 11.5],
      [3, 6.13, 0.62, 6.75],
      [4, 1.68, 0.07, 1.75],
    ]);
    expect(res.body.parts[0]?.payments).toEqual([
      { payment_type: 'Cash', amount: 5, tendered: 10, change: 5 },
      { payment_type: 'Card', amount: 6.5, tendered: null, change: null },
    ]);
    expect(
      res.body.parts[2]?.lines.map((l) => [l.item_title, l.seat, l.share_num, l.share_den, l.total]),
    ).toEqual([
      ['Soda', 3, 1, 1, 6],
      ['Soda', null, 1, 4, 0.75],
    ]);
    expect(await updated).toEqual({ orderId });

    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice).toMatchObject({
      subTotalMinor: 2918,
      taxTotalMinor: 232,
      totalMinor: 3150,
      tableTitle: 'T1',
    });
    expect(
      payments.map((p) => [p.partNo, p.paymentTypeTitle, p.amountMinor, p.tenderedMinor, p.changeMinor]),
    ).toEqual([
      [1, 'Cash', 500, 1000, 500],
      [1, 'Card', 650, null, null],
      [2, 'Cash', 1150, null, null],
      [3, 'Cash', 675, null, null],
      [4, 'Cash', 175, null, null],
    ]);
    const stored = await readParts(s.owner.tenantId, res.body.invoiceId);
    expect(stored.parts.map((p) => [p.partNo, p.splitMode, p.seat, p.totalMinor])).toEqual([
      [1, 'seat', 1, 1150],
      [2, 'seat', 2, 1150],
      [3, 'seat', 3, 675],
      [4, 'seat', 4, 175],
    ]);
    // The shared Soda's four shares add up to the line exactly.
    const shared = stored.lines.filter((l) => l.orderItemId === lineIds[4]);
    expect(shared.map((l) => l.totalMinor).reduce((a, b) => a + b, 0)).toBe(300);
    expect(shared.map((l) => l.taxMinor).reduce((a, b) => a + b, 0)).toBe(27);

    // Paid and closed; nothing sent to the kitchen, no line changed.
    const { order, lines } = await readOrder(app, s.owner.tenantId, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      invoiceId: res.body.invoiceId,
    });
    expect(lines.map((l) => [l.status, l.seat])).toEqual([
      ['created', 1],
      ['created', 2],
      ['created', 3],
      ['created', 4],
      ['created', null],
    ]);
    expect(sent).toEqual([]);
    expect((await auditActions(app, s.owner.tenantId)).slice(-1)).toEqual(['invoice.create']);
    expect((await s.owner.client.get<TableOrders>('/orders')).body.groups).toEqual([]);

    // The invoices list shows the five payments; the reports count one bill and each payment type.
    const listed = await s.owner.client.get<{ invoices: { invoice_id: number; payments: unknown[] }[] }>(
      '/invoices?type=today',
    );
    expect(listed.body.invoices.find((i) => i.invoice_id === res.body.invoiceId)?.payments).toHaveLength(5);
    const report = await s.owner.client.get<Report>('/reports?type=today');
    expect(report.body).toMatchObject({
      invoicesCount: 1,
      ordersCount: 1,
      revenueTotal: 31.5,
      taxTotal: 2.32,
    });
    expect(report.body.byPaymentType).toEqual([
      { key: 'Cash', count: 4, revenue: 25 },
      { key: 'Card', count: 1, revenue: 6.5 },
    ]);
  });

  it('splits evenly and pays an unsplit bill with mixed tenders', async () => {
    const s = await createStore(app);
    const card = await activeCard(s);
    const a = await sendTable(s);
    const even = await s.owner.client.post<SplitPaid>('/orders/pay-split', {
      orderIds: [a.orderId],
      split: { mode: 'even', parts: 4 },
      parts: [7.88, 7.88, 7.87, 7.87].map((amount) => ({ tenders: [cash(s, amount)] })),
    });
    expect(even.status).toBe(200);
    expect(even.body.parts.map((p) => p.total)).toEqual([7.88, 7.88, 7.87, 7.87]);

    const b = await sendOrder(app, s, { tableId: s.table });
    const whole = await s.owner.client.post<SplitPaid>('/orders/pay-split', {
      orderIds: [b.orderId],
      split: { mode: 'whole' },
      parts: [{ tenders: [cash(s, 20, 20), { paymentTypeId: card, amount: 27.63 }] }],
    });
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({ total: 47.63, change: 0 });
    const { payments } = await readInvoice(app, s.owner.tenantId, whole.body.invoiceId);
    expect(payments.map((p) => [p.paymentTypeTitle, p.amountMinor])).toEqual([
      ['Cash', 2000],
      ['Card', 2763],
    ]);
  });

  it('splits by item, units of one line to two parts', async () => {
    const s = await createStore(app);
    // 2 × Burger Large + Cheese + Bacon (35.00 + 2.63), 3 × Soda (9.00), 1 × Water (1.00).
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const [burgers = 0, sodas = 0, water = 0] = lineIds;
    const res = await s.owner.client.post<SplitPaid>('/orders/pay-split', {
      orderIds: [orderId],
      split: {
        mode: 'item',
        parts: 2,
        assign: [
          { lineId: burgers, part: 0, units: 1 },
          { lineId: burgers, part: 1, units: 1 },
          { lineId: sodas, part: 0, units: 3 },
          { lineId: water, part: 1, units: 1 },
        ],
      },
      // Burger: 17.50 + 1.32 (the odd cent of 2.63 to the first part) and 17.50 + 1.31.
      parts: [{ tenders: [cash(s, 27.82)] }, { tenders: [cash(s, 19.81)] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.parts.map((p) => p.total)).toEqual([27.82, 19.81]);
    expect(res.body.parts[0]?.lines[0]).toMatchObject({
      share_num: 1,
      share_den: 2,
      tax: 1.32,
      total: 18.82,
    });
  });

  it('produces one invoice when two terminals pay the same split together', async () => {
    const s = await createStore(app);
    const { orderId } = await sendTable(s);
    const before = await counts(app, s.owner.tenantId);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        s.owner.client.post<{ code: string }>('/orders/pay-split', bySeatBody(s, [orderId])),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const lost of answers.filter((r) => r.status !== 200))
      expect([lost.status, lost.body.code]).toEqual([409, 'order_already_paid']);
    const after = await counts(app, s.owner.tenantId);
    expect([after.invoices - before.invoices, after.payments - before.payments]).toEqual([1, 4]);
  });

  it('answers a replayed Idempotency-Key with the first answer and pays once', async () => {
    const s = await createStore(app);
    const { orderId } = await sendTable(s);
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post<SplitPaid>('/orders/pay-split', bySeatBody(s, [orderId]), key);
    const before = await counts(app, s.owner.tenantId);
    const again = await s.owner.client.post<SplitPaid>('/orders/pay-split', bySeatBody(s, [orderId]), key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });
});
