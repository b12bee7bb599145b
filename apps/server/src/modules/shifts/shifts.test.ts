import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CurrentShift, ZReport } from '@comanda/core';
import {
  invoicePayments,
  paymentTypes,
  shiftCounts,
  shiftMovements,
  shifts,
  storeSettings,
} from '../../platform/db/schema.ts';
import {
  type TestApp,
  auditActions,
  connectSocket,
  createColleague,
  createTenant,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { waitingOnLock } from '../../../test/locks.ts';
import { purgeTenant } from '../tenants/tenants.repo.ts';
import {
  type Store,
  createStore,
  payBody,
  payGroupBody,
  readInvoice,
  readOrder,
  sendOrder,
} from '../orders/orders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Opened = { message: string; shift: { id: number; float: number; status: string; opened_by: string } };
type Closed = { message: string; report: ZReport };

/** A store (Cash active and cash, Card switched on) with its owner at the till. */
async function till() {
  const store = await createStore(app);
  await app.database.inTenant(store.owner.tenantId, (tx) =>
    tx.update(paymentTypes).set({ isActive: true }).where(eq(paymentTypes.id, store.card)),
  );
  const client = store.owner.client;
  const open = async (float: unknown = '100') => {
    const res = await client.post<Opened>('/shifts/open', { float });
    expect(res.status).toBe(200);
    return res.body.shift.id;
  };
  const current = async () => (await client.get<CurrentShift>('/shifts/current')).body;
  /** The three-line cart (47.63) paid at the POS; answers the invoice id. */
  const sell = async (payment: Record<string, unknown>) => {
    const res = await client.post<{ invoiceId: number }>(
      '/pos/create-order-and-invoice',
      payBody(store, { payment }),
    );
    expect(res.status).toBe(200);
    return res.body.invoiceId;
  };
  return { store, client, open, current, sell };
}

const shiftOf = async (s: Store, invoiceId: number) =>
  (await readInvoice(app, s.owner.tenantId, invoiceId)).payments.map((p) => p.shiftId);

describe('access', () => {
  it('answers 401 signed out, 403 without POS, and keeps history and Z reports to REPORTS or MANAGER', async () => {
    const { store, open } = await till();
    const id = await open();
    const anon = app.client();
    expect((await anon.get('/shifts/current')).status).toBe(401);
    expect((await anon.post('/shifts/open', { float: 1 })).status).toBe(401);

    const cook = await createColleague(app, store.owner, { scopes: ['KITCHEN'] });
    expect((await cook.client.get('/shifts/current')).status).toBe(403);
    expect((await cook.client.post(`/shifts/${id}/movements`, { kind: 'no_sale' })).status).toBe(403);
    expect((await cook.client.post(`/shifts/${id}/close`, { counts: [] })).status).toBe(403);

    const waiter = await createColleague(app, store.owner, { scopes: ['POS'] });
    expect((await waiter.client.get('/shifts/current')).status).toBe(200);
    expect((await waiter.client.post(`/shifts/${id}/movements`, { kind: 'no_sale' })).status).toBe(200);
    expect(await waiter.client.get('/shifts')).toMatchObject({
      status: 403,
      body: { message: "You don't have access to this area!" },
    });
    expect((await waiter.client.get(`/shifts/${id}/z-report`)).status).toBe(403);

    for (const scopes of [['REPORTS'], ['MANAGER']]) {
      const manager = await createColleague(app, store.owner, { scopes });
      expect((await manager.client.get('/shifts')).status).toBe(200);
      expect((await manager.client.get(`/shifts/${id}/z-report`)).status).toBe(200);
      // Reading the history is not working the till.
      expect((await manager.client.post('/shifts/open', { float: 1 })).status).toBe(403);
    }
  });

  it("answers 404 for another tenant's shift and changes nothing of it", async () => {
    const mine = await till();
    const theirs = await till();
    const id = await theirs.open('50');
    const c = mine.client;
    expect(await c.post(`/shifts/${id}/movements`, { kind: 'pay_in', amount: 5, note: 'x' })).toMatchObject({
      status: 404,
      body: { message: 'Shift not found!' },
    });
    expect((await c.post(`/shifts/${id}/close`, { counts: [] })).status).toBe(404);
    expect((await c.get(`/shifts/${id}/z-report`)).status).toBe(404);
    expect((await c.get<{ shifts: unknown[] }>('/shifts')).body.shifts).toEqual([]);
    expect((await mine.current()).shift).toBeNull();
    const still = await theirs.current();
    expect(still.shift?.status).toBe('open');
    expect(still.movements).toEqual([]);
  });
});

describe('validation', () => {
  it('refuses bad amounts and notes with a clear message and writes nothing', async () => {
    const { store, client, open, current } = await till();
    const audits = (await auditActions(app, store.owner.tenantId)).length;
    for (const float of ['abc', -5, '1.234', '']) {
      const res = await client.post('/shifts/open', { float });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please provide a valid float amount!');
    }
    expect((await current()).shift).toBeNull();

    const id = await open('0');
    const bad: [unknown, string][] = [
      [{ kind: 'pay_out', amount: 10 }, 'Please provide a note!'],
      [{ kind: 'pay_out', amount: 10, note: '   ' }, 'Please provide a note!'],
      [{ kind: 'pay_in', amount: 0, note: 'float top-up' }, 'Please provide a valid amount!'],
      [{ kind: 'pay_in', amount: '2.001', note: 'float top-up' }, 'Please provide a valid amount!'],
      [{ kind: 'pay_in', note: 'float top-up' }, 'Please provide a valid amount!'],
      [{ kind: 'tip_jar', amount: 1, note: 'x' }, 'Invalid request!'],
    ];
    for (const [body, message] of bad) {
      const res = await client.post(`/shifts/${id}/movements`, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await client.post(`/shifts/${id}/close`, { counts: [] })).toMatchObject({
      status: 400,
      body: { message: 'Please count the cash in the drawer!' },
    });
    expect(
      await client.post(`/shifts/${id}/close`, { counts: [{ key: 'type:999999', counted: 1 }] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'This count does not match the shift! Refresh and count again.' },
    });
    const state = await current();
    expect(state.shift?.status).toBe('open');
    expect(state.movements).toEqual([]);
    // Only the open itself was audited.
    expect((await auditActions(app, store.owner.tenantId)).slice(audits)).toEqual(['shift.open']);
  });
});

describe('a shift from open to close', () => {
  it('expects float + cash applied (tendered minus change) + pay ins - pay outs, and card by itself', async () => {
    const { store, client, open, current, sell } = await till();
    const id = await open('100');
    const again = await client.post('/shifts/open', { float: 10 });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'A shift is already open! Close it before opening another.' },
    });

    // 47.63 in cash from a 50 note (2.37 change), and 47.63 by card.
    const cash = await sell({ paymentTypeId: store.cash, tendered: 50 });
    const card = await sell({ paymentTypeId: store.card });
    expect(await shiftOf(store, cash)).toEqual([id]);
    expect(await shiftOf(store, card)).toEqual([id]);

    const moves = [
      { kind: 'pay_in', amount: 20, note: 'Change from the bank' },
      { kind: 'pay_out', amount: '15.5', note: 'Milk from the shop' },
      { kind: 'no_sale' },
    ];
    const messages = [];
    for (const body of moves) {
      const res = await client.post<{ message: string }>(`/shifts/${id}/movements`, body);
      expect(res.status).toBe(200);
      messages.push(res.body.message);
    }
    expect(messages).toEqual(['Pay in recorded!', 'Pay out recorded!', 'Drawer opened!']);

    // A void in the shift: an order sent and cancelled (its three lines, 47.63).
    const sent = await sendOrder(app, store);
    expect(
      (await client.post('/orders/cancel', { orderIds: [sent.orderId], reasonId: store.voidReason })).status,
    ).toBe(200);

    // The blind count: lines to count, no expected amount anywhere.
    const before = await current();
    expect(before.shift).toMatchObject({ id, status: 'open', float: 100, closed_at: null });
    expect(before.movements.map((m) => [m.kind, m.amount, m.note])).toEqual([
      ['pay_in', 20, 'Change from the bank'],
      ['pay_out', 15.5, 'Milk from the shop'],
      ['no_sale', 0, null],
    ]);
    expect(before.tenders).toEqual([
      { key: `type:${store.cash}`, title: 'Cash', is_cash: true },
      { key: `type:${store.card}`, title: 'Card', is_cash: false },
    ]);
    expect(JSON.stringify(before)).not.toContain('expected');

    // 152.13 expected in the drawer; 150 counted: 2.13 short. Card counted right.
    const closed = await client.post<Closed>(`/shifts/${id}/close`, {
      counts: [
        { key: `type:${store.cash}`, counted: '150.00' },
        { key: `type:${store.card}`, counted: 47.63 },
      ],
    });
    expect(closed.status).toBe(200);
    const z = closed.body.report;
    expect(closed.body.message).toBe('Shift closed!');
    expect(z.shift).toMatchObject({ id, status: 'closed', float: 100, opened_by: 'Cafe Test' });
    expect(z.shift.closed_at).not.toBeNull();
    expect(z.tenders).toEqual([
      {
        key: `type:${store.cash}`,
        title: 'Cash',
        is_cash: true,
        expected: 152.13,
        counted: 150,
        difference: -2.13,
      },
      {
        key: `type:${store.card}`,
        title: 'Card',
        is_cash: false,
        expected: 47.63,
        counted: 47.63,
        difference: 0,
      },
    ]);
    expect(z.sales).toEqual({ bills: 2, net: 88.36, tax: 6.9, total: 95.26 });
    expect(z.payments).toEqual([
      { title: 'Cash', is_cash: true, count: 1, amount: 47.63 },
      { title: 'Card', is_cash: false, count: 1, amount: 47.63 },
    ]);
    expect(z.pay_ins).toEqual({ count: 1, amount: 20 });
    expect(z.pay_outs).toEqual({ count: 1, amount: 15.5 });
    expect(z.no_sales).toBe(1);
    expect(z.voids).toEqual({ count: 3, amount: 47.63 });
    expect([z.discounts, z.tips, z.service_charge, z.refunds]).toEqual([0, 0, 0, { count: 0, amount: 0 }]);
    expect(z.taken_before_shift).toEqual({ count: 0, amount: 0 });

    // Stored as answered, and reprinted the same.
    const reprint = await client.get<ZReport>(`/shifts/${id}/z-report`);
    expect(reprint.body).toEqual(z);
    const counts = await app.database.inTenant(store.owner.tenantId, (tx) =>
      tx.select().from(shiftCounts).where(eq(shiftCounts.shiftId, id)),
    );
    expect(counts.map((c) => [c.title, c.expectedMinor, c.countedMinor, c.differenceMinor]).sort()).toEqual([
      ['Card', 4763, 4763, 0],
      ['Cash', 15213, 15000, -213],
    ]);

    const actions = await auditActions(app, store.owner.tenantId);
    expect(actions.filter((a) => a.startsWith('shift.'))).toEqual([
      'shift.open',
      'shift.pay_in',
      'shift.pay_out',
      'shift.no_sale',
      'shift.close',
    ]);
    expect((await current()).shift).toBeNull();
    const list = await client.get<{ shifts: { id: number; status: string }[] }>('/shifts');
    expect(list.body.shifts.map((s) => [s.id, s.status])).toEqual([[id, 'closed']]);
  });

  it('keeps cash taken as cash when its payment type is deleted during the shift', async () => {
    const { store, client, open, sell } = await till();
    const id = await open('100');
    await sell({ paymentTypeId: store.cash, tendered: 50 });
    expect((await client.request('DELETE', `/settings/payment-types/${store.cash}`)).status).toBe(200);
    const z = (await client.get<ZReport>(`/shifts/${id}/z-report`)).body;
    // The 47.63 went into the drawer: it is still expected there, under the title it was paid with.
    expect(z.tenders.filter((t) => t.is_cash).map((t) => [t.key, t.title, t.expected])).toEqual([
      ['title:Cash', 'Cash', 147.63],
    ]);
  });

  it('takes a sale replayed from before it opened into its drawer, and its Z report says so', async () => {
    const { store, client, open, sell } = await till();
    const id = await open('100');
    const [shift] = await app.database.inTenant(store.owner.tenantId, (tx) =>
      tx.select().from(shifts).where(eq(shifts.id, id)),
    );
    const queued = { 'x-queued-ms': String(10 * 60_000) };
    // Taken offline 10 minutes ago, before the shift (and this session) began, and replayed now: the
    // cash is in this drawer now, whatever drawer it was taken at.
    const late = await client.post<{ invoiceId: number; order: { date: string } }>(
      '/pos/create-order-and-invoice',
      payBody(store, { payment: { paymentTypeId: store.cash, tendered: 50 } }),
      queued,
    );
    expect(late.status).toBe(200);
    // A table paid from the outbox, whole and split.
    const table = await sendOrder(app, store);
    const paid = await client.post<{ invoiceId: number }>(
      '/orders/complete-and-pay-order',
      payGroupBody(store, [table.orderId]),
      queued,
    );
    expect(paid.status).toBe(200);
    const split = await sendOrder(app, store);
    const splitPaid = await client.post<{ invoiceId: number }>(
      '/orders/pay-split',
      {
        orderIds: [split.orderId],
        split: { mode: 'even', parts: 2 },
        parts: [
          { tenders: [{ paymentTypeId: store.cash, amount: 23.82 }] },
          { tenders: [{ paymentTypeId: store.card, amount: 23.81 }] },
        ],
      },
      queued,
    );
    expect(splitPaid.status).toBe(200);
    // A sale made now, for comparison.
    const onTime = await sell({ paymentTypeId: store.cash });

    for (const invoiceId of [late.body.invoiceId, paid.body.invoiceId, splitPaid.body.invoiceId]) {
      const { invoice, payments } = await readInvoice(app, store.owner.tenantId, invoiceId);
      expect(payments.map((p) => [p.shiftId, p.takenBeforeShift])).toEqual(payments.map(() => [id, true]));
      // Never dated before the shift it joins: its day was not read yet.
      expect(invoice!.createdAt.getTime()).toBeGreaterThanOrEqual(shift!.openedAt.getTime());
    }
    expect(late.body.order.date).toBe(shift!.openedAt.toISOString());
    const { payments } = await readInvoice(app, store.owner.tenantId, onTime);
    expect(payments.map((p) => [p.shiftId, p.takenBeforeShift])).toEqual([[id, false]]);

    const z = (await client.get<ZReport>(`/shifts/${id}/z-report`)).body;
    // Three bills replayed late: 47.63 + 47.63 + 23.82 + 23.81.
    expect(z.taken_before_shift).toEqual({ count: 3, amount: 142.89 });
    expect(z.sales.bills).toBe(4);
    // 100 float + four cash payments (47.63, 47.63, 23.82, 47.63).
    expect(z.tenders.map((t) => [t.title, t.expected])).toEqual([
      ['Cash', 266.71],
      ['Card', 23.81],
    ]);
    const closed = await client.post<Closed>(`/shifts/${id}/close`, {
      counts: [
        { key: `type:${store.cash}`, counted: 266.71 },
        { key: `type:${store.card}`, counted: 23.81 },
      ],
    });
    expect(closed.status).toBe(200);
    expect(closed.body.report.taken_before_shift).toEqual({ count: 3, amount: 142.89 });
    expect(closed.body.report.tenders.map((t) => t.difference)).toEqual([0, 0]);
  });

  it('takes the refunds made in it out of what each type should hold, and counts a single voided line', async () => {
    const { store, client, open, sell } = await till();
    const id = await open('100');
    const cashSale = await client.post<{ invoiceId: number; orderId: number }>(
      '/pos/create-order-and-invoice',
      payBody(store, { payment: { paymentTypeId: store.cash, tendered: 50 } }),
    );
    expect(cashSale.status).toBe(200);
    const [, soda, water] = (await readOrder(app, store.owner.tenantId, cashSale.body.orderId)).lines;
    const cardSale = await sell({ paymentTypeId: store.card });
    const refund = (invoiceId: number, body: Record<string, unknown>) =>
      client.post(`/invoices/${invoiceId}/refund`, { reasonId: store.voidReason, ...body });
    // The water (1.00) back in cash; the whole card bill (47.63) back on the card.
    const waterBack = await refund(cashSale.body.invoiceId, {
      paymentTypeId: store.cash,
      lines: [{ orderItemId: water?.id, quantity: 1 }],
    });
    expect(waterBack.status).toBe(200);
    expect((await refund(cardSale, { paymentTypeId: store.card })).status).toBe(200);
    // One line of a sent order voided: the water, 1.00.
    const sent = await sendOrder(app, store);
    const voided = await client.post(`/orders/update-status/${sent.lineIds[2]}`, {
      status: 'cancelled',
      reasonId: store.voidReason,
    });
    expect(voided.status).toBe(200);

    const z = (await client.get<ZReport>(`/shifts/${id}/z-report`)).body;
    expect(z.refunds).toEqual({ count: 2, amount: 48.63 });
    expect(z.voids).toEqual({ count: 1, amount: 1 });
    // 100 float + 47.63 cash - 1.00 refunded in cash; the card's takings given back.
    expect(z.tenders.map((t) => [t.title, t.expected])).toEqual([
      ['Cash', 146.63],
      ['Card', 0],
    ]);

    const closed = await client.post<Closed>(`/shifts/${id}/close`, {
      counts: [
        { key: `type:${store.cash}`, counted: 146.63 },
        { key: `type:${store.card}`, counted: 0 },
      ],
    });
    expect(closed.status).toBe(200);
    // The voided line restored after the close, and a refund after it (it belongs to no shift): the
    // closed shift's report stays as it was.
    const restored = await client.post(`/orders/update-status/${sent.lineIds[2]}`, { status: 'preparing' });
    expect(restored.status).toBe(200);
    expect(
      (
        await refund(cashSale.body.invoiceId, {
          paymentTypeId: store.cash,
          lines: [{ orderItemId: soda?.id, quantity: 1 }],
        })
      ).status,
    ).toBe(200);
    expect((await client.get<ZReport>(`/shifts/${id}/z-report`)).body).toEqual(closed.body.report);
  });

  it('records who opened and closed it, and a repeat with the same Idempotency-Key does nothing twice', async () => {
    const { store, client, current } = await till();
    const headers = { 'idempotency-key': 'open-1' };
    const first = await client.post<Opened>('/shifts/open', { float: '25' }, headers);
    const repeat = await client.post<Opened>('/shifts/open', { float: '25' }, headers);
    expect(repeat.body).toEqual(first.body);
    const id = first.body.shift.id;
    const payIn = { kind: 'pay_in', amount: 5, note: 'coins' };
    const key = { 'idempotency-key': 'pay-in-1' };
    expect((await client.post(`/shifts/${id}/movements`, payIn, key)).status).toBe(200);
    expect((await client.post(`/shifts/${id}/movements`, payIn, key)).status).toBe(200);
    expect((await current()).movements).toHaveLength(1);

    const waiter = await createColleague(app, store.owner, { scopes: ['POS'], name: 'Mia' });
    const closeKey = { 'idempotency-key': 'close-1' };
    const body = { counts: [{ key: `type:${store.cash}`, counted: 30 }] };
    const closed = await waiter.client.post<Closed>(`/shifts/${id}/close`, body, closeKey);
    expect(closed.status).toBe(200);
    expect(closed.body.report.shift.closed_by).toBe('Mia');
    expect(closed.body.report.tenders[0]).toMatchObject({ expected: 30, counted: 30, difference: 0 });
    const replay = await waiter.client.post<Closed>(`/shifts/${id}/close`, body, closeKey);
    expect(replay.body).toEqual(closed.body);
    expect((await auditActions(app, store.owner.tenantId)).filter((a) => a === 'shift.close')).toHaveLength(
      1,
    );
  });

  it('keeps selling with no shift open: the payment simply has no shift', async () => {
    const { store, current, sell } = await till();
    const invoice = await sell({ paymentTypeId: store.cash });
    expect(await shiftOf(store, invoice)).toEqual([null]);
    expect((await current()).shift).toBeNull();
    // A sale replayed from a device's outbox too, as before: no shift, not counted late anywhere.
    const replayed = await store.owner.client.post<{ invoiceId: number }>(
      '/pos/create-order-and-invoice',
      payBody(store, { payment: { paymentTypeId: store.cash } }),
      { 'x-queued-ms': '1000' },
    );
    expect(replayed.status).toBe(200);
    const { payments } = await readInvoice(app, store.owner.tenantId, replayed.body.invoiceId);
    expect(payments.map((p) => [p.shiftId, p.takenBeforeShift])).toEqual([[null, false]]);
  });
});

describe('a closed shift cannot change', () => {
  it('refuses movements and a second close in the service', async () => {
    const { store, client, open } = await till();
    const id = await open('10');
    const body = { counts: [{ key: `type:${store.cash}`, counted: 10 }] };
    expect((await client.post(`/shifts/${id}/close`, body)).status).toBe(200);
    const closed = {
      status: 409,
      body: { message: 'This shift is already closed! Closed shifts cannot change.' },
    };
    expect(await client.post(`/shifts/${id}/close`, body)).toMatchObject(closed);
    expect(
      await client.post(`/shifts/${id}/movements`, { kind: 'pay_in', amount: 1, note: 'x' }),
    ).toMatchObject(closed);
    expect(await client.post(`/shifts/${id}/movements`, { kind: 'no_sale' })).toMatchObject(closed);
  });

  it('refuses, in the database, any change to it, its movements, counts and payments, or their deletion', async () => {
    const { store, client, open, sell } = await till();
    const id = await open('10');
    const invoice = await sell({ paymentTypeId: store.cash });
    expect(
      (await client.post(`/shifts/${id}/movements`, { kind: 'pay_in', amount: 1, note: 'x' })).status,
    ).toBe(200);
    const body = { counts: [{ key: `type:${store.cash}`, counted: 58.63 }] };
    expect((await client.post(`/shifts/${id}/close`, body)).status).toBe(200);

    const tenantId = store.owner.tenantId;
    const refused = (fn: Parameters<typeof app.database.inTenant>[1]) =>
      expect(app.database.inTenant(tenantId, fn)).rejects.toMatchObject({ cause: { code: 'CM001' } });
    await refused((tx) => tx.update(shifts).set({ floatMinor: 0 }).where(eq(shifts.id, id)));
    await refused((tx) => tx.update(shifts).set({ status: 'open', closedAt: null }).where(eq(shifts.id, id)));
    await refused((tx) =>
      tx.insert(shiftMovements).values({ tenantId, shiftId: id, kind: 'no_sale', createdByName: 'x' }),
    );
    await refused((tx) =>
      tx.update(shiftMovements).set({ amountMinor: 1 }).where(eq(shiftMovements.shiftId, id)),
    );
    await refused((tx) => tx.update(shiftCounts).set({ countedMinor: 1 }).where(eq(shiftCounts.shiftId, id)));
    await refused((tx) =>
      tx.update(invoicePayments).set({ amountMinor: 1 }).where(eq(invoicePayments.invoiceId, invoice)),
    );
    await refused((tx) =>
      tx.update(invoicePayments).set({ shiftId: null }).where(eq(invoicePayments.invoiceId, invoice)),
    );
    await refused((tx) =>
      tx.insert(invoicePayments).values({
        tenantId,
        invoiceId: invoice,
        paymentTypeTitle: 'Cash',
        amountMinor: 1,
        shiftId: id,
      }),
    );
    await refused((tx) => tx.delete(shiftMovements).where(eq(shiftMovements.shiftId, id)));
    await refused((tx) => tx.delete(shiftCounts).where(eq(shiftCounts.shiftId, id)));
    await refused((tx) => tx.delete(invoicePayments).where(eq(invoicePayments.invoiceId, invoice)));
    await refused((tx) => tx.delete(shifts).where(eq(shifts.id, id)));
    // What the Z report reads is as closed.
    const z = await client.get<ZReport>(`/shifts/${id}/z-report`);
    expect(z.body.tenders[0]).toMatchObject({ expected: 58.63, counted: 58.63, difference: 0 });
    expect(z.body.sales.total).toBe(47.63);
    // Deleting the payment type the shift was paid with still works (its payments keep their title).
    expect((await client.request('DELETE', `/settings/payment-types/${store.cash}`)).status).toBe(200);
  });
});

describe('deleting the tenant', () => {
  it('takes its closed shifts, their counts and payments with it', async () => {
    const { store, client, open, sell } = await till();
    const id = await open('10');
    await sell({ paymentTypeId: store.cash });
    await client.post(`/shifts/${id}/movements`, { kind: 'pay_out', amount: 1, note: 'x' });
    const body = { counts: [{ key: `type:${store.cash}`, counted: 56.63 }] };
    expect((await client.post(`/shifts/${id}/close`, body)).status).toBe(200);
    expect(await app.database.asSystem((tx) => purgeTenant(tx, store.owner.tenantId))).toBe(true);
  });
});

describe('payments and a close at the same moment', () => {
  it('counts a payment recorded while the close waits for it', async () => {
    const { store, client, open, sell } = await till();
    const id = await open('0');
    const invoice = await sell({ paymentTypeId: store.card });
    let closing: Promise<{ status: number; body: Closed }> | undefined;
    await app.database.inTenant(store.owner.tenantId, async (tx) => {
      // A second card payment in flight: the trigger holds the open shift FOR SHARE until commit.
      await tx.insert(invoicePayments).values({
        tenantId: store.owner.tenantId,
        invoiceId: invoice,
        paymentTypeId: store.card,
        paymentTypeTitle: 'Card',
        amountMinor: 500,
      });
      closing = client.post<Closed>(`/shifts/${id}/close`, {
        counts: [{ key: `type:${store.cash}`, counted: 0 }],
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const closed = await closing!;
    expect(closed.status).toBe(200);
    const card = closed.body.report.tenders.find((t) => t.title === 'Card');
    expect(card?.expected).toBe(52.63);
    const paid = await app.database.inTenant(store.owner.tenantId, (tx) =>
      tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice)),
    );
    expect(paid.map((p) => p.shiftId)).toEqual([id, id]);
  });

  // Only PostgreSQL can fail this: on PGlite's one connection the payment cannot start before the close
  // has committed, whatever it locks.
  if (inject('db').kind === 'postgres')
    it('records a payment that waited for a close without a shift, never in the closed one', async () => {
      const { store, open, sell } = await till();
      const id = await open('0');
      const tenantId = store.owner.tenantId;
      let paying: Promise<number> | undefined;
      await app.database.inTenant(tenantId, async (tx) => {
        // A close in flight: it holds the shift FOR UPDATE, then closes it.
        await tx
          .select()
          .from(shifts)
          .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id)))
          .for('update');
        paying = sell({ paymentTypeId: store.cash });
        // The payment waits for the close; one that answered first took its shift without waiting.
        await waitingOnLock(app.database, false, paying);
        await tx
          .update(shifts)
          .set({ status: 'closed', closedAt: sql`now()`, closedByName: 'Closer' })
          .where(eq(shifts.id, id));
      });
      const invoice = await paying!;
      expect(await shiftOf(store, invoice)).toEqual([null]);
    });
});

// Only PostgreSQL can fail this: PGlite runs one transaction at a time, so there the open cannot even
// start while the sale's transaction holds the store row, whatever the open locks.
if (inject('db').kind === 'postgres') {
  describe('a replayed sale and a shift opening at the same moment', () => {
    it('opens the shift only once the sale, which read that none was open, has committed', async () => {
      const { store, client, current } = await till();
      const tenantId = store.owner.tenantId;
      let opening: Promise<{ status: number }> | undefined;
      let during: unknown[] = [];
      await app.database.inTenant(tenantId, async (tx) => {
        // A replayed sale being dated (sale-clock.ts): it holds the store row FOR SHARE, found no shift
        // open, and will record its payment with none.
        await tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).for('share');
        opening = client.post('/shifts/open', { float: 10 });
        // The open waits for the sale (FOR UPDATE on the store row); one that answered first took no lock.
        await waitingOnLock(app.database, false, opening);
        during = await tx.select().from(shifts).where(eq(shifts.tenantId, tenantId));
      });
      // The sale never saw a shift it is not in; then the shift opened.
      expect(during).toEqual([]);
      expect((await opening!).status).toBe(200);
      expect((await current()).shift?.status).toBe('open');
    });
  });
}

describe('realtime', () => {
  it("tells the tenant's screens, and only them, when a shift opens, moves money or closes", async () => {
    const { store, client } = await till();
    const other = await till();
    const { socket } = await connectSocket(app, client);
    const { socket: stranger } = await connectSocket(app, other.client);
    const strangers = record(stranger, 'shift_updated');
    const opened = next(socket, 'shift_updated');
    const res = await client.post<Opened>('/shifts/open', { float: 5 });
    const id = res.body.shift.id;
    expect(await opened).toEqual({ shiftId: id });
    const moved = next(socket, 'shift_updated');
    await client.post(`/shifts/${id}/movements`, { kind: 'no_sale' });
    expect(await moved).toEqual({ shiftId: id });
    const closed = next(socket, 'shift_updated');
    await client.post(`/shifts/${id}/close`, { counts: [{ key: `type:${store.cash}`, counted: 5 }] });
    expect(await closed).toEqual({ shiftId: id });
    expect(strangers).toEqual([]);
  });
});

describe('payment types', () => {
  it("marks a new type titled 'cash' (any case) as cash, and lets the owner switch it", async () => {
    const owner = await createTenant(app);
    for (const title of ['cash', 'Tab'])
      expect((await owner.client.post('/settings/payment-types/add', { title, isActive: true })).status).toBe(
        200,
      );
    type Row = { id: number; title: string; is_cash: boolean };
    const list = async () => (await owner.client.get<Row[]>('/settings/payment-types')).body;
    // After the store's own Cash (0031) and Card (0039).
    expect((await list()).map((p) => [p.title, p.is_cash])).toEqual([
      ['Cash', true],
      ['Card', false],
      ['cash', true],
      ['Tab', false],
    ]);
    const tab = (await list())[3]!;
    const res = await owner.client.post(`/settings/payment-types/${tab.id}/update`, {
      title: 'Tab',
      isCash: true,
    });
    expect(res.status).toBe(200);
    expect((await list())[3]?.is_cash).toBe(true);
  });
});
