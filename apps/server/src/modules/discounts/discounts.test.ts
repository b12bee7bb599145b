import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type BillSettings,
  DISCOUNT_LINE_UNKNOWN,
  DISCOUNT_REASON_REQUIRED,
  DISCOUNT_TOO_LARGE,
  DISCOUNT_TWICE,
  DISCOUNT_VALUE_INVALID,
  GUESTS_INVALID,
  type OrderPaid,
  type RefundCreated,
  type Report,
  type SplitPaid,
  TENDERS_MISMATCH,
  TIP_INVALID,
  type ZReport,
} from '@comanda/core';
import {
  auditLog,
  discountApprovals,
  invoiceLineDiscounts,
  salesHourly,
  users,
} from '../../platform/db/schema.ts';
import { type TestApp, createColleague, startTestApp } from '../../../test/harness.ts';
import {
  type Store,
  counts,
  createStore,
  payGroupBody,
  readInvoice,
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

const PAY = '/orders/complete-and-pay-order';
const tenPercent = { kind: 'percent', value: '10', reason: 'Regulars' };

/**
 * The three-line cart (Burger 35.00 + 7.5 % VAT, Sodas 9.00 with 10 % GST in, Water 1.00) with 10 % off
 * the bill: 4.50 shared 3.50, 0.90, 0.10; tax recomputed on 31.50 (2.36) and 8.10 (0.74): items 39.76,
 * tax 3.10, total 42.86.
 */
function discounted(s: Store, orderIds: number[], extra: Record<string, unknown> = {}) {
  return payGroupBody(s, orderIds, {
    subTotal: 39.76,
    taxTotal: 3.1,
    total: 42.86,
    discounts: [tenPercent],
    ...extra,
  });
}

async function lastAudit(tenantId: number, action: string) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  });
}

async function rollup(tenantId: number) {
  const rows = await app.database.inTenant(tenantId, (tx) =>
    tx.select().from(salesHourly).where(eq(salesHourly.tenantId, tenantId)),
  );
  const sum = (k: 'totalMinor' | 'discountMinor' | 'tipMinor' | 'serviceChargeMinor') =>
    rows.reduce((s, r) => s + r[k], 0);
  return {
    total: sum('totalMinor'),
    discount: sum('discountMinor'),
    tip: sum('tipMinor'),
    serviceCharge: sum('serviceChargeMinor'),
  };
}

describe('table pay with a discount and a tip', () => {
  it("answers each line's own discount, its percent and reason, for the receipt to print under the line", async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    // Half off the Sodas (9.00, GST in): 4.50 off; the bill 47.63 - 4.50 = 43.13.
    const res = await s.owner.client.post<OrderPaid>(
      PAY,
      payGroupBody(s, [orderId], {
        subTotal: 40.09,
        taxTotal: 3.04,
        total: 43.13,
        discounts: [{ lineId: lineIds[1], kind: 'percent', value: '50', reason: 'Flat' }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lineDiscounts).toEqual([
      { line_id: lineIds[1], discount: 4.5, percent: 50, reason: 'Flat' },
    ]);
    expect(res.body.discount).toBe(4.5);
  });

  it('bills the discounted figures, the tip on top, stores and audits the discount, fills the rollup', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const res = await s.owner.client.post<OrderPaid>(
      PAY,
      discounted(s, [orderId], { tip: '5', payment: { paymentTypeId: s.cash, tendered: 50 } }),
      { 'idempotency-key': uuid() },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subTotal: 39.76,
      taxTotal: 3.1,
      total: 42.86,
      discount: 4.5,
      serviceCharge: 0,
      tip: 5,
      change: 2.14,
      pricesChanged: false,
      // A bill discount is no line's own: nothing prints under a line.
      lineDiscounts: [],
    });
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice).toMatchObject({
      subTotalMinor: 3976,
      taxTotalMinor: 310,
      totalMinor: 4286,
      discountMinor: 450,
      tipMinor: 500,
      serviceChargeMinor: 0,
      discountReason: 'Regulars',
      discountApprovedBy: null,
    });
    expect(payments.map((p) => [p.amountMinor, p.tenderedMinor, p.changeMinor])).toEqual([[4786, 5000, 214]]);
    const lines = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .select()
        .from(invoiceLineDiscounts)
        .where(eq(invoiceLineDiscounts.tenantId, s.owner.tenantId))
        .orderBy(invoiceLineDiscounts.orderItemId),
    );
    expect(lines.map((l) => [l.orderItemId, l.discountMinor, l.netMinor, l.taxMinor, l.totalMinor])).toEqual([
      [lineIds[0], 350, 3150, 236, 3386],
      [lineIds[1], 90, 736, 74, 810],
      [lineIds[2], 10, 90, 0, 90],
    ]);
    const row = await lastAudit(s.owner.tenantId, 'bill.discount');
    expect(row?.targetId).toBe(String(res.body.invoiceId));
    expect(row?.details).toMatchObject({
      discountMinor: 450,
      discounts: [{ lineId: null, kind: 'percent', value: 1000, offMinor: 450, reason: 'Regulars' }],
    });
    expect(await rollup(s.owner.tenantId)).toEqual({
      total: 4286,
      discount: 450,
      tip: 500,
      serviceCharge: 0,
    });
  });

  it('takes a line discount off that line only; a bill without discounts is billed and audited as before', async () => {
    const s = await createStore(app);
    const a = await sendOrder(app, s, { tableId: s.table });
    const res = await s.owner.client.post<OrderPaid>(
      PAY,
      payGroupBody(s, [a.orderId], {
        subTotal: 43.18,
        taxTotal: 3.45,
        total: 46.63,
        discounts: [{ lineId: a.lineIds[2], kind: 'amount', value: '1', reason: 'Spilt' }],
      }),
    );
    expect(res.body).toMatchObject({ total: 46.63, discount: 1, pricesChanged: false });
    const b = await sendOrder(app, s, { tableId: s.table });
    const plain = await s.owner.client.post<OrderPaid>(PAY, payGroupBody(s, [b.orderId]));
    expect(plain.body).toMatchObject({ total: 47.63, discount: 0, tip: 0, pricesChanged: false });
    expect((await readInvoice(app, s.owner.tenantId, plain.body.invoiceId)).invoice?.discountMinor).toBe(0);
  });

  it('answers 400 with the rule broken and writes nothing', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const theirs = await sendOrder(app, other, { tableId: other.table });
    const ids = [orderId];
    const cases: [Record<string, unknown>, string][] = [
      [{ discounts: [{ ...tenPercent, reason: '  ' }] }, DISCOUNT_REASON_REQUIRED],
      [{ discounts: [{ kind: 'percent', value: '10' }] }, DISCOUNT_REASON_REQUIRED],
      [{ discounts: [{ ...tenPercent, value: '100.5' }] }, DISCOUNT_VALUE_INVALID],
      [{ discounts: [{ ...tenPercent, value: '0' }] }, DISCOUNT_VALUE_INVALID],
      [{ discounts: [{ ...tenPercent, kind: 'amount', value: '45.01' }] }, DISCOUNT_TOO_LARGE],
      [{ discounts: [{ ...tenPercent, kind: 'amount', value: '1.001' }] }, DISCOUNT_VALUE_INVALID],
      [{ discounts: [tenPercent, tenPercent] }, DISCOUNT_TWICE],
      [
        {
          discounts: [
            { ...tenPercent, lineId: lineIds[0] },
            { ...tenPercent, lineId: lineIds[0] },
          ],
        },
        DISCOUNT_TWICE,
      ],
      // Another tenant's line is not on this bill.
      [{ discounts: [{ ...tenPercent, lineId: theirs.lineIds[0] }] }, DISCOUNT_LINE_UNKNOWN],
      [{ tip: '1.001' }, TIP_INVALID],
      [{ tip: '-1' }, TIP_INVALID],
      [{ guests: 0 }, GUESTS_INVALID],
    ];
    const before = await counts(app, s.owner.tenantId);
    for (const [extra, message] of cases) {
      const res = await s.owner.client.post<{ message: string }>(PAY, payGroupBody(s, ids, extra), {
        'idempotency-key': uuid(),
      });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect((await readOrder(app, s.owner.tenantId, orderId)).order?.paymentStatus).toBe('pending');
  });

  it("answers 404 for another tenant's orders with a discount", async () => {
    const s = await createStore(app);
    const theirs = await sendOrder(app, other, { tableId: other.table });
    const before = await counts(app, other.owner.tenantId);
    const res = await s.owner.client.post<{ code: string }>(PAY, discounted(s, [theirs.orderId]));
    expect([res.status, res.body.code]).toEqual([404, 'order_not_found']);
    expect(await counts(app, other.owner.tenantId)).toEqual(before);
  });
});

describe('a discount above the threshold needs a manager', () => {
  it('answers 403 to a waiter without MANAGER and writes nothing; at the threshold it passes', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    const before = await counts(app, s.owner.tenantId);
    const above = await waiter.client.post<{ code: string; message: string }>(
      PAY,
      payGroupBody(s, [orderId], { discounts: [{ ...tenPercent, value: '20.5' }] }),
    );
    expect([above.status, above.body.code, above.body.message]).toEqual([
      403,
      'discount_needs_manager',
      'A discount above 20 % needs a manager! Ask a manager to take the payment.',
    ]);
    // A line discount is measured against its line: 5.00 off the 9.00 Sodas is 55 %.
    const { lineIds } = await readOrder(app, s.owner.tenantId, orderId).then((o) => ({
      lineIds: o.lines.map((l) => l.id),
    }));
    const line = await waiter.client.post<{ code: string }>(
      PAY,
      payGroupBody(s, [orderId], {
        discounts: [{ ...tenPercent, kind: 'amount', value: '5', lineId: lineIds[1] }],
      }),
    );
    expect([line.status, line.body.code]).toEqual([403, 'discount_needs_manager']);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    const at = await waiter.client.post<OrderPaid>(
      PAY,
      payGroupBody(s, [orderId], { discounts: [{ ...tenPercent, value: '20' }] }),
    );
    expect(at.status).toBe(200);
    expect((await readInvoice(app, s.owner.tenantId, at.body.invoiceId)).invoice?.discountApprovedBy).toBe(
      null,
    );
  });

  it('lets a user with MANAGER give it, and names them as the approver', async () => {
    const s = await createStore(app);
    const manager = await createColleague(app, s.owner, { scopes: ['ORDERS', 'MANAGER'] });
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    const res = await manager.client.post<OrderPaid>(
      PAY,
      payGroupBody(s, [orderId], { discounts: [{ ...tenPercent, value: '50' }] }),
    );
    expect(res.status).toBe(200);
    const { invoice } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice?.discountApprovedBy).toBe(manager.userId);
    expect((await lastAudit(s.owner.tenantId, 'bill.discount'))?.details).toMatchObject({
      approvedBy: manager.userId,
    });
  });
});

describe("the threshold is measured against the whole bill's reduction", () => {
  /** 4 Sodas (12.00, 10 % included) and 12 Waters (12.00): a 24.00 bill of two lines. */
  async function twoLines(s: Store) {
    const { orderId, lineIds } = await sendOrder(app, s, {
      tableId: s.table,
      cart: [
        { uuid: uuid(), item_id: s.soda, quantity: 4 },
        { uuid: uuid(), item_id: s.water, quantity: 12 },
      ],
    });
    // 20 % off each line, then 20 % off what is left: 2.40 + 2.40 + 3.84 = 8.64, 36 % of 24.00.
    const stacked = [
      { ...tenPercent, value: '20', lineId: lineIds[0] },
      { ...tenPercent, value: '20', lineId: lineIds[1] },
      { ...tenPercent, value: '20' },
    ];
    return { orderId, stacked };
  }

  it('asks a manager for three 20 % discounts that take 36 % off, on both pay calls, and passes with an approval', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'], name: 'Wanda' });
    const manager = await createColleague(app, s.owner, { scopes: ['ORDERS', 'MANAGER'], name: 'Mia' });
    await manager.client.post('/auth/profile/pin', { password: manager.password, pin: '4321' });
    const { orderId, stacked } = await twoLines(s);
    const table = (extra: Record<string, unknown> = {}) =>
      waiter.client.post<OrderPaid & { code: string; message: string }>(
        PAY,
        payGroupBody(s, [orderId], { discounts: stacked, ...extra }),
        { 'idempotency-key': uuid() },
      );
    const split = () =>
      waiter.client.post<{ code: string; message: string }>(
        '/orders/pay-split',
        {
          orderIds: [orderId],
          split: { mode: 'whole' },
          discounts: stacked,
          parts: [{ tenders: [{ paymentTypeId: s.cash, amount: '15.36' }] }],
        },
        { 'idempotency-key': uuid() },
      );
    const before = await counts(app, s.owner.tenantId);
    const message = 'A discount above 20 % needs a manager! Ask a manager to take the payment.';
    for (const refused of [await table(), await split()])
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        403,
        'discount_needs_manager',
        message,
      ]);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);

    const approval = await waiter.client.post<{ approvalId: string; code: string }>('/discounts/approvals', {
      orderIds: [orderId],
      discounts: stacked,
      userId: manager.userId,
      pin: '4321',
    });
    expect([approval.status, approval.body.code]).toEqual([200, undefined]);
    const paid = await table({ approvalId: approval.body.approvalId });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ total: 15.36, discount: 8.64 });
    const { invoice } = await readInvoice(app, s.owner.tenantId, paid.body.invoiceId);
    expect([invoice?.discountMinor, invoice?.discountApprovedBy]).toEqual([864, manager.userId]);
  });
});

describe('bill settings and the service charge', () => {
  it('saves the threshold and charge for SETTINGS only, and charges parties of at least N guests', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    const settings = { managerDiscountPercent: '15', serviceChargePercent: '10', serviceChargeGuests: 6 };
    expect((await waiter.client.post('/settings/bill-setting', settings)).status).toBe(403);
    const bad = await s.owner.client.post<{ message: string }>('/settings/bill-setting', {
      ...settings,
      serviceChargePercent: '101',
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please give a percentage from 0 to 100!']);
    expect((await s.owner.client.post('/settings/bill-setting', settings)).status).toBe(200);
    const read = await waiter.client.get<BillSettings>('/settings/bill-setting');
    expect(read.body).toEqual({
      managerDiscountPercent: 15,
      serviceChargePercent: 10,
      serviceChargeGuests: 6,
    });
    expect((await lastAudit(s.owner.tenantId, 'settings.bill_update'))?.details).toMatchObject({
      to: { managerDiscountBp: 1500, serviceChargeBp: 1000, serviceChargeGuests: 6 },
    });

    const five = await sendOrder(app, s, { tableId: s.table });
    const small = await s.owner.client.post<OrderPaid>(PAY, payGroupBody(s, [five.orderId], { guests: 5 }));
    expect(small.body).toMatchObject({ total: 47.63, serviceCharge: 0 });
    const six = await sendOrder(app, s, { tableId: s.table });
    const party = await s.owner.client.post<OrderPaid>(
      PAY,
      payGroupBody(s, [six.orderId], {
        guests: 6,
        tip: '1',
        payment: { paymentTypeId: s.cash, tendered: 60 },
      }),
    );
    // 10 % of 47.63 is 4.763: 4.76, never taxed; the payment is 47.63 + 4.76 + 1.00.
    expect(party.body).toMatchObject({
      total: 47.63,
      taxTotal: 3.45,
      serviceCharge: 4.76,
      tip: 1,
      change: 6.61,
    });
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, party.body.invoiceId);
    expect([invoice?.serviceChargeMinor, payments[0]?.amountMinor]).toEqual([476, 5339]);
    expect(await rollup(s.owner.tenantId)).toEqual({
      total: 9526,
      discount: 0,
      tip: 100,
      serviceCharge: 476,
    });
  });
});

describe('a split of a discounted bill', () => {
  /** A Burger (10.00 + 7.5 %) and a Water (1.00), 10 % off: 9.00 + 0.68 and 0.90: 10.58. */
  it('shares the discount and the service charge exactly, each part paying its own tip', async () => {
    const s = await createStore(app);
    await s.owner.client.post('/settings/bill-setting', {
      managerDiscountPercent: '20',
      serviceChargePercent: '12.5',
      serviceChargeGuests: 2,
    });
    const { orderId } = await sendOrder(app, s, {
      tableId: s.table,
      cart: [
        { uuid: uuid(), item_id: s.burger, quantity: 1 },
        { uuid: uuid(), item_id: s.water, quantity: 1 },
      ],
    });
    // Even into 2: 5.29 each; the service charge 12.5 % of 10.58 = 1.3225: 1.32, 0.66 each.
    const body = (second: string) => ({
      orderIds: [orderId],
      split: { mode: 'even', parts: 2 },
      discounts: [tenPercent],
      guests: 2,
      parts: [
        { tenders: [{ paymentTypeId: s.cash, amount: '7.95' }], tip: '2' },
        { tenders: [{ paymentTypeId: s.cash, amount: second }] },
      ],
    });
    const short = await s.owner.client.post<{ message: string }>('/orders/pay-split', body('5.29'));
    expect([short.status, short.body.message]).toEqual([400, TENDERS_MISMATCH]);
    const res = await s.owner.client.post<SplitPaid>('/orders/pay-split', body('5.95'), {
      'idempotency-key': uuid(),
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 10.58, discount: 1.1, serviceCharge: 1.32, tip: 2 });
    expect(res.body.parts.map((p) => [p.total, p.discount, p.service_charge, p.tip])).toEqual([
      [5.29, 0.55, 0.66, 2],
      [5.29, 0.55, 0.66, 0],
    ]);
    // Each part's receipt prints its share of each line's discount (1.00 and 0.10, halved).
    expect(res.body.parts.map((p) => p.lines.map((l) => [l.item_title, l.discount]))).toEqual([
      [
        ['Burger', 0.5],
        ['Water', 0.05],
      ],
      [
        ['Burger', 0.5],
        ['Water', 0.05],
      ],
    ]);
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice).toMatchObject({
      totalMinor: 1058,
      discountMinor: 110,
      serviceChargeMinor: 132,
      tipMinor: 200,
    });
    expect(payments.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(1058 + 132 + 200);
    expect(await rollup(s.owner.tenantId)).toEqual({
      total: 1058,
      discount: 110,
      tip: 200,
      serviceCharge: 132,
    });
  });
});

describe('the Z report and the reports screen', () => {
  it("count the shift's discounts, service charges and tips", async () => {
    const s = await createStore(app);
    await s.owner.client.post('/settings/bill-setting', {
      managerDiscountPercent: '20',
      serviceChargePercent: '10',
      serviceChargeGuests: 4,
    });
    const opened = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: '50' });
    expect(opened.status).toBe(200);
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    // 42.86 after 10 % off; service 4.29 (10 % of 42.86); tip 3.00.
    const paid = await s.owner.client.post<OrderPaid>(PAY, discounted(s, [orderId], { tip: '3', guests: 4 }));
    expect(paid.body).toMatchObject({ total: 42.86, discount: 4.5, serviceCharge: 4.29, tip: 3 });
    const z = await s.owner.client.get<ZReport>(`/shifts/${opened.body.shift.id}/z-report`);
    expect(z.status).toBe(200);
    expect(z.body.sales).toEqual({ bills: 1, net: 39.76, tax: 3.1, total: 42.86 });
    expect([z.body.discounts, z.body.service_charge, z.body.tips]).toEqual([4.5, 4.29, 3]);
    expect(z.body.payments).toEqual([{ title: 'Cash', is_cash: true, count: 1, amount: 50.15 }]);
    const report = await s.owner.client.get<Report>('/reports?type=today');
    expect(report.body).toMatchObject({
      revenueTotal: 42.86,
      discountTotal: 4.5,
      serviceChargeTotal: 4.29,
      tipTotal: 3,
    });
  });
});

describe('refunds of a discounted bill', () => {
  it('give back what was paid for each line after its discount, never the tip, never more than paid', async () => {
    const s = await createStore(app);
    const { orderId, lineIds } = await sendOrder(app, s, { tableId: s.table });
    const paid = await s.owner.client.post<OrderPaid>(PAY, discounted(s, [orderId], { tip: '5' }));
    const refund = (lines?: { orderItemId: number | undefined; quantity: number }[]) =>
      s.owner.client.post<RefundCreated>(`/invoices/${paid.body.invoiceId}/refund`, {
        reasonId: s.voidReason,
        paymentTypeId: s.cash,
        ...(lines ? { lines } : {}),
      });
    // One of the two Burgers: 17.50 less half its 3.50 discount (1.75) = 15.75, + 7.5 % = 1.18: 16.93.
    const one = await refund([{ orderItemId: lineIds[0], quantity: 1 }]);
    expect(one.status).toBe(200);
    expect(one.body.refund).toMatchObject({ sub_total: 15.75, tax_total: 1.18, total: 16.93 });
    // The rest: exactly what is left of the 42.86 paid for the food; the 5.00 tip stays.
    const rest = await refund();
    expect(rest.body.refund.total).toBe(25.93);
    const left = await s.owner.client.get<{ total: number; refunded: number }>(
      `/invoices/${paid.body.invoiceId}/refunds`,
    );
    expect([left.body.total, left.body.refunded]).toEqual([42.86, 42.86]);
  });
});

describe("a manager's PIN on the same device", () => {
  const half = [{ ...tenPercent, value: '50' }];

  /** A store with a waiter and a manager whose PIN is 4321, set through their profile. */
  async function withManager() {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'], name: 'Wanda' });
    const manager = await createColleague(app, s.owner, { scopes: ['ORDERS', 'MANAGER'], name: 'Mia' });
    const set = await manager.client.post('/auth/profile/pin', { password: manager.password, pin: '4321' });
    expect(set.status).toBe(200);
    return { s, waiter, manager };
  }

  it('is set with the password, as a hash, and only managers with a PIN are offered', async () => {
    const { s, waiter, manager } = await withManager();
    const wrong = await manager.client.post<{ code: string }>('/auth/profile/pin', {
      password: 'not it',
      pin: '1111',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'password_wrong']);
    const short = await manager.client.post<{ message: string }>('/auth/profile/pin', {
      password: manager.password,
      pin: '12a4',
    });
    expect([short.status, short.body.message]).toEqual([400, 'Please give a PIN of 4 to 6 digits!']);
    expect((await manager.client.get('/auth/profile/pin')).body).toEqual({ hasPin: true });
    expect((await waiter.client.get('/auth/profile/pin')).body).toEqual({ hasPin: false });
    const row = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.id, manager.userId)),
    );
    expect(row[0]?.pinHash).toMatch(/^\$argon2id\$/);
    expect((await lastAudit(s.owner.tenantId, 'profile.pin_set'))?.targetId).toBe(String(manager.userId));

    // A waiter's PIN does not make them an approver; neither does a manager without one.
    await waiter.client.post('/auth/profile/pin', { password: waiter.password, pin: '1111' });
    await createColleague(app, s.owner, { scopes: ['MANAGER'], name: 'No PIN' });
    // Another store's manager is never offered.
    const theirs = await createColleague(app, other.owner, { scopes: ['MANAGER'], name: 'Otto' });
    await theirs.client.post('/auth/profile/pin', { password: theirs.password, pin: '4321' });
    const list = await waiter.client.get<{ approvers: { id: number; name: string }[] }>(
      '/discounts/approvers',
    );
    expect(list.body.approvers).toEqual([{ id: manager.userId, name: 'Mia' }]);

    // Removing it takes the manager off the list.
    await manager.client.post('/auth/profile/pin', { password: manager.password, pin: null });
    expect(
      (await waiter.client.get<{ approvers: unknown[] }>('/discounts/approvers')).body.approvers,
    ).toEqual([]);
  });

  it("lets a waiter pay a discount above the threshold with a manager's approval, once", async () => {
    const { s, waiter, manager } = await withManager();
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    const ask = (pin: string, discounts: unknown[] = half) =>
      waiter.client.post<{ approvalId: string; approver: { id: number; name: string }; code: string }>(
        '/discounts/approvals',
        { orderIds: [orderId], discounts, userId: manager.userId, pin },
      );
    const wrong = await ask('9999');
    expect([wrong.status, wrong.body.code]).toEqual([400, 'manager_pin_wrong']);
    expect((await lastAudit(s.owner.tenantId, 'discount.pin_wrong'))?.details).toMatchObject({ failures: 1 });

    const ok = await ask('4321');
    expect(ok.status).toBe(200);
    expect(ok.body.approver).toEqual({ id: manager.userId, name: 'Mia' });
    expect((await lastAudit(s.owner.tenantId, 'discount.approve'))?.targetId).toBe(String(manager.userId));

    const colleague = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    const before = await counts(app, s.owner.tenantId);
    // Not for a bigger discount than approved, nor for another waiter.
    const more = await waiter.client.post<{ code: string }>(
      PAY,
      payGroupBody(s, [orderId], {
        discounts: [{ ...tenPercent, value: '60' }],
        approvalId: ok.body.approvalId,
      }),
    );
    expect([more.status, more.body.code]).toEqual([409, 'discount_approval_invalid']);
    const stolen = await colleague.client.post<{ code: string }>(
      PAY,
      payGroupBody(s, [orderId], { discounts: half, approvalId: ok.body.approvalId }),
    );
    expect([stolen.status, stolen.body.code]).toEqual([409, 'discount_approval_invalid']);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);

    const paid = await waiter.client.post<OrderPaid>(
      PAY,
      payGroupBody(s, [orderId], { discounts: half, approvalId: ok.body.approvalId }),
    );
    expect(paid.status).toBe(200);
    const { invoice } = await readInvoice(app, s.owner.tenantId, paid.body.invoiceId);
    expect(invoice?.discountApprovedBy).toBe(manager.userId);
    expect((await lastAudit(s.owner.tenantId, 'bill.discount'))?.details).toMatchObject({
      approvedBy: manager.userId,
    });

    // Used once: the next table needs asking again.
    const next = await sendOrder(app, s, { tableId: s.table });
    const again = await waiter.client.post<{ code: string }>(
      PAY,
      payGroupBody(s, [next.orderId], { discounts: half, approvalId: ok.body.approvalId }),
    );
    expect([again.status, again.body.code]).toEqual([409, 'discount_approval_invalid']);
  });

  it("refuses an expired or withdrawn approval, by the server's clock even for a pay from the outbox", async () => {
    const { s, waiter, manager } = await withManager();
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    const ask = async () =>
      (
        await waiter.client.post<{ approvalId: string }>('/discounts/approvals', {
          orderIds: [orderId],
          discounts: half,
          userId: manager.userId,
          pin: '4321',
        })
      ).body.approvalId;
    const old = await ask();
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .update(discountApprovals)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(discountApprovals.id, old)),
    );
    const split = (approvalId: string) =>
      waiter.client.post<SplitPaid & { code: string }>(
        '/orders/pay-split',
        {
          orderIds: [orderId],
          split: { mode: 'whole' },
          discounts: half,
          approvalId,
          parts: [{ tenders: [{ paymentTypeId: s.cash, amount: '23.81' }] }],
        },
        { 'idempotency-key': uuid() },
      );
    const expired = await split(old);
    expect([expired.status, expired.body.code]).toEqual([409, 'discount_approval_invalid']);
    // A manager who removed their PIN withdraws the approvals they gave.
    const withdrawn = await ask();
    await manager.client.post('/auth/profile/pin', { password: manager.password, pin: null });
    expect((await split(withdrawn)).body.code).toBe('discount_approval_invalid');
    await manager.client.post('/auth/profile/pin', { password: manager.password, pin: '4321' });
    // Expiry is judged by the server's clock when the approval is used: a pay that says it waited in an
    // outbox (X-Queued-Ms, which the server cannot check) gets no more time, on either pay call.
    const queuedPay = (approvalId: string, path: string) =>
      waiter.client.post<SplitPaid & OrderPaid & { code: string }>(
        path,
        path === PAY
          ? payGroupBody(s, [orderId], { discounts: half, approvalId })
          : {
              orderIds: [orderId],
              split: { mode: 'whole' },
              discounts: half,
              approvalId,
              parts: [{ tenders: [{ paymentTypeId: s.cash, amount: '23.81' }] }],
            },
        { 'idempotency-key': uuid(), 'x-queued-ms': String(2 * 60_000) },
      );
    const queued = await ask();
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .update(discountApprovals)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(discountApprovals.id, queued)),
    );
    for (const path of [PAY, '/orders/pay-split']) {
      const late = await queuedPay(queued, path);
      expect([late.status, late.body.code]).toEqual([409, 'discount_approval_invalid']);
    }
    expect(
      (
        await app.database.inTenant(s.owner.tenantId, (tx) =>
          tx.select().from(discountApprovals).where(eq(discountApprovals.id, queued)),
        )
      )[0]?.usedAt,
    ).toBe(null);
    // An approval still valid now passes, queued or not.
    const fresh = await queuedPay(await ask(), '/orders/pay-split');
    expect(fresh.status).toBe(200);
    const { invoice } = await readInvoice(app, s.owner.tenantId, fresh.body.invoiceId);
    expect(invoice?.discountApprovedBy).toBe(manager.userId);
  });

  it('checks at most five PINs of a burst of twenty, counts one lock, and refuses the right PIN after them', async () => {
    const { s, waiter, manager } = await withManager();
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    const ask = (pin: string) =>
      waiter.client.post<{ code: string; approvalId?: string }>('/discounts/approvals', {
        orderIds: [orderId],
        discounts: half,
        userId: manager.userId,
        pin,
      });
    // Every PIN check is held until the whole burst has been let in or answered, so every request races
    // the others for the five checks of the lock window, whatever the machine's speed.
    const verify = app.ctx.passwords.verify.bind(app.ctx.passwords);
    let checks = 0;
    let answered = 0;
    const waiting: (() => void)[] = [];
    const changed = () => waiting.splice(0).forEach((wake) => wake());
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise<void>((wake) => waiting.push(wake));
    };
    let release = () => {};
    const gate = new Promise<void>((open) => (release = open));
    const spy = vi.spyOn(app.ctx.passwords, 'verify').mockImplementation(async (stored, pin) => {
      checks += 1;
      changed();
      await gate;
      return verify(stored, pin);
    });
    const track = (pin: string) =>
      ask(pin).then((res) => {
        answered += 1;
        changed();
        return res;
      });
    try {
      const wrong = Array.from({ length: 19 }, (_, i) => track(String(5000 + i)));
      await until(() => checks + answered === 19);
      // The right PIN comes while the five checks are still running.
      const right = track('4321');
      await until(() => checks + answered === 20);
      release();
      const answers = await Promise.all([...wrong, right]);
      expect(checks).toBe(5);
      const last = answers[19];
      expect([last?.status, last?.body.code]).toEqual([429, 'manager_pin_locked']);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array<number>(4).fill(400), ...Array<number>(16).fill(429)]);
    } finally {
      release();
      spy.mockRestore();
    }
    const approvals = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx.select().from(discountApprovals).where(eq(discountApprovals.approverId, manager.userId)),
    );
    expect(approvals).toEqual([]);
    const wrongs = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'discount.pin_wrong'), eq(auditLog.targetId, String(manager.userId)))),
    );
    expect(wrongs).toHaveLength(5);
    // One lock, counted once; the PIN is still on, locked for 15 minutes.
    const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx.select().from(users).where(eq(users.id, manager.userId)),
    );
    expect([row?.pinLocks, row?.pinFailures, row?.pinHash === null]).toEqual([1, 0, false]);
    expect(row?.pinLockedUntil?.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect((await manager.client.get('/auth/profile/pin')).body).toEqual({ hasPin: true });
  });

  it("locks a manager's PIN after five wrong ones, longer each time, then switches it off", async () => {
    const { s, waiter, manager } = await withManager();
    const { orderId } = await sendOrder(app, s, { tableId: s.table });
    const ask = (userId: number, pin: string) =>
      waiter.client.post<{ code: string; message: string }>('/discounts/approvals', {
        orderIds: [orderId],
        discounts: half,
        userId,
        pin,
      });
    for (let i = 1; i <= 4; i++) expect((await ask(manager.userId, `000${i}`)).status).toBe(400);
    const fifth = await ask(manager.userId, '0005');
    expect([fifth.status, fifth.body.code]).toEqual([429, 'manager_pin_locked']);
    expect(fifth.body.message).toBe('Too many wrong PINs for this manager! Try again in 15 minutes.');
    const right = await ask(manager.userId, '4321');
    expect([right.status, right.body.code]).toEqual([429, 'manager_pin_locked']);
    // Each lock in a row lasts longer; the third switches the PIN off until it is set again.
    const unlock = () =>
      app.database.inTenant(s.owner.tenantId, (tx) =>
        tx
          .update(users)
          .set({ pinLockedUntil: new Date(Date.now() - 1000) })
          .where(eq(users.id, manager.userId)),
      );
    await unlock();
    for (let i = 1; i <= 4; i++) await ask(manager.userId, `100${i}`);
    expect((await ask(manager.userId, '1005')).body.message).toBe(
      'Too many wrong PINs for this manager! Try again in 30 minutes.',
    );
    await unlock();
    for (let i = 1; i <= 4; i++) await ask(manager.userId, `200${i}`);
    const off = await ask(manager.userId, '2005');
    expect([off.status, off.body.code]).toEqual([429, 'manager_pin_disabled']);
    expect((await manager.client.get('/auth/profile/pin')).body).toEqual({ hasPin: false });
    expect((await lastAudit(s.owner.tenantId, 'discount.pin_wrong'))?.details).toMatchObject({
      disabled: true,
    });

    const theirs = await createColleague(app, other.owner, { scopes: ['MANAGER'] });
    await theirs.client.post('/auth/profile/pin', { password: theirs.password, pin: '4321' });
    const another = await createColleague(app, s.owner, { scopes: ['ORDERS'] });
    const cross = await another.client.post<{ code: string }>('/discounts/approvals', {
      orderIds: [orderId],
      discounts: half,
      userId: theirs.userId,
      pin: '4321',
    });
    expect([cross.status, cross.body.code]).toEqual([400, 'manager_pin_wrong']);
    // Another store's orders answer 404 and write nothing; a discount under the threshold needs no one.
    const theirOrder = await sendOrder(app, other, { tableId: other.table });
    const before = await counts(app, other.owner.tenantId);
    const foreign = await another.client.post<{ code: string }>('/discounts/approvals', {
      orderIds: [theirOrder.orderId],
      discounts: half,
      userId: theirs.userId,
      pin: '4321',
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'order_not_found']);
    expect(await counts(app, other.owner.tenantId)).toEqual(before);
    const small = await another.client.post<{ code: string }>('/discounts/approvals', {
      orderIds: [orderId],
      discounts: [tenPercent],
      userId: manager.userId,
      pin: '4321',
    });
    expect([small.status, small.body.code]).toEqual([400, 'discount_needs_no_approval']);
    // A user who cannot open Table Orders cannot ask.
    const waiterNoScope = await createColleague(app, s.owner, { scopes: ['REPORTS'] });
    const refused = await waiterNoScope.client.post('/discounts/approvals', {
      orderIds: [orderId],
      discounts: half,
      userId: manager.userId,
      pin: '4321',
    });
    expect(refused.status).toBe(403);
  });
});
