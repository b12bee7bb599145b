import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRefunds, OrderInvoiced, RefundCreated, Report, VoidReason } from '@comanda/core';
import { and, count, desc, eq } from 'drizzle-orm';
import { auditLog, refunds } from '../../platform/db/schema.ts';
import { type TestApp, createColleague, startTestApp } from '../../../test/harness.ts';
import { type Store, createStore, payBody, readOrder, uuid } from '../orders/orders.fixtures.ts';

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
 * The three-line cart paid in cash (payBody): 2 × Burger Large + Cheese + Bacon 37.63 (net 35.00, tax
 * 2.63), 3 × Soda 9.00 (tax 0.82 included), 1 × Water 1.00. Answers the invoice and its line ids.
 */
async function sell(s: Store) {
  const res = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', payBody(s));
  expect(res.status).toBe(200);
  const { lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
  const [burger, soda, water] = lines.map((l) => l.id);
  if (!burger || !soda || !water) throw new Error('three lines expected');
  return { invoiceId: res.body.invoiceId, burger, soda, water };
}

const refundBody = (s: Store, extra: Record<string, unknown> = {}) => ({
  reasonId: s.voidReason,
  paymentTypeId: s.cash,
  ...extra,
});

async function refundCount(s: Store) {
  const [row] = await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx.select({ n: count() }).from(refunds).where(eq(refunds.tenantId, s.owner.tenantId)),
  );
  return row?.n ?? 0;
}

async function today(s: Store) {
  const res = await s.owner.client.get<Report>('/reports?type=today');
  expect(res.status).toBe(200);
  return res.body;
}

describe('access', () => {
  it('answers 401 signed out, 403 without INVOICES or without MANAGER, 404 for another tenant, writing nothing', async () => {
    const sale = await sell(store);
    const theirs = await sell(other);
    const routes = [
      ['GET', `/invoices/${sale.invoiceId}/refunds`, undefined],
      ['POST', `/invoices/${sale.invoiceId}/refund`, refundBody(store)],
    ] as const;
    const cashier = await createColleague(app, store.owner, { scopes: ['POS', 'MANAGER'] });
    for (const [method, path, body] of routes) {
      expect((await app.client().request(method, path, body)).status).toBe(401);
      expect((await cashier.client.request(method, path, body)).status).toBe(403);
    }
    const accountant = await createColleague(app, store.owner, { scopes: ['INVOICES'] });
    expect((await accountant.client.get(`/invoices/${sale.invoiceId}/refunds`)).status).toBe(200);
    const refused = await accountant.client.post(`/invoices/${sale.invoiceId}/refund`, refundBody(store));
    expect([refused.status, refused.body]).toMatchObject([403, { code: 'manager_required' }]);

    const read = await store.owner.client.get(`/invoices/${theirs.invoiceId}/refunds`);
    expect([read.status, read.body.code]).toEqual([404, 'invoice_not_found']);
    const foreign = await store.owner.client.post(`/invoices/${theirs.invoiceId}/refund`, refundBody(store));
    expect([foreign.status, foreign.body.code]).toEqual([404, 'invoice_not_found']);
    // Their line, reason or payment type on my invoice: 404 too.
    const [theirReason] = (await other.owner.client.get<VoidReason[]>('/void-reasons')).body;
    for (const [body, code] of [
      [refundBody(store, { lines: [{ orderItemId: theirs.burger, quantity: 1 }] }), 'order_item_not_found'],
      [refundBody(store, { reasonId: theirReason?.id }), 'void_reason_not_found'],
      [refundBody(store, { paymentTypeId: other.cash }), 'payment_type_not_found'],
    ] as const) {
      const res = await store.owner.client.post(`/invoices/${sale.invoiceId}/refund`, body);
      expect([res.status, res.body.code]).toEqual([404, code]);
    }
    expect(await refundCount(store)).toBe(0);
    expect(await refundCount(other)).toBe(0);
  });

  it('refuses bad input with a clear message (400) and writes nothing', async () => {
    const s = await createStore(app);
    const sale = await sell(s);
    const path = `/invoices/${sale.invoiceId}/refund`;
    for (const [body, message] of [
      [{ paymentTypeId: s.cash }, 'Please select a void reason!'],
      [{ reasonId: s.voidReason }, 'Please select a payment type!'],
      [
        refundBody(s, { lines: [{ orderItemId: sale.burger, quantity: 0 }] }),
        'Please provide a valid quantity to refund!',
      ],
      [
        refundBody(s, {
          lines: [
            { orderItemId: sale.burger, quantity: 1 },
            { orderItemId: sale.burger, quantity: 1 },
          ],
        }),
        'Each line may be listed once!',
      ],
      [
        refundBody(s, { lines: [{ orderItemId: sale.burger, quantity: 3 }] }),
        'Only 2 of Burger can still be refunded!',
      ],
      [refundBody(s, { lines: [] }), 'Nothing left to refund on this invoice!'],
      [refundBody(s, { paymentTypeId: s.card }), 'This payment type is not active!'],
    ] as const) {
      const res = await s.owner.client.post(path, body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await refundCount(s)).toBe(0);
  });
});

describe('refunds', () => {
  it('refunds one Burger of two: priced by the server, the report drops by exactly that, audited', async () => {
    const s = await createStore(app);
    const manager = await createColleague(app, s.owner, { scopes: ['INVOICES', 'MANAGER'], name: 'Mia' });
    const sale = await sell(s);
    const sold = await today(s);
    expect(sold).toMatchObject({ revenueTotal: 47.63, netRevenue: 44.18, taxTotal: 3.45, invoicesCount: 1 });

    const res = await manager.client.post<RefundCreated>(
      `/invoices/${sale.invoiceId}/refund`,
      refundBody(s, { lines: [{ orderItemId: sale.burger, quantity: 1 }] }),
      { 'idempotency-key': uuid() },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Refund recorded!',
      refund: {
        invoice_id: sale.invoiceId,
        reason: 'Customer changed mind',
        payment_type: 'Cash',
        sub_total: 17.5,
        tax_total: 1.31,
        total: 18.81,
        created_by: 'Mia',
        lines: [{ order_item_id: sale.burger, item_title: 'Burger', quantity: 1, total: 18.81 }],
      },
    });

    const after = await today(s);
    expect(after).toMatchObject({
      revenueTotal: 28.82,
      netRevenue: 26.68,
      taxTotal: 2.14,
      // A refund counts no bill and no order: they were sold.
      invoicesCount: 1,
      ordersCount: 1,
    });
    expect(after.byPaymentType).toEqual([{ key: 'Cash', count: 1, revenue: 28.82 }]);
    const burger = (r: Report) => r.topSellingItems.find((i) => i.title === 'Burger');
    expect(burger(sold)).toMatchObject({ orders_count: 2, revenue: 37.63 });
    expect(burger(after)).toMatchObject({ orders_count: 1, revenue: 18.82 });

    const shown = await s.owner.client.get<InvoiceRefunds>(`/invoices/${sale.invoiceId}/refunds`);
    expect(shown.body).toMatchObject({ total: 47.63, refunded: 18.81 });
    expect(shown.body.lines.map((l) => [l.item_title, l.quantity, l.refundable])).toEqual([
      ['Burger', 2, 1],
      ['Soda', 3, 3],
      ['Water', 1, 1],
    ]);

    const [audit] = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, s.owner.tenantId), eq(auditLog.action, 'invoice.refund')))
        .orderBy(desc(auditLog.id)),
    );
    expect(audit).toMatchObject({
      actorUserId: manager.userId,
      targetType: 'invoice',
      targetId: String(sale.invoiceId),
      details: {
        reason: 'Customer changed mind',
        paymentType: 'Cash',
        totalMinor: 1881,
        lines: [{ item: 'Burger', quantity: 1 }],
      },
    });
  });

  it('refunds the rest as a whole: partial refunds add up to the bill, the report ends at zero, no more can go back', async () => {
    const s = await createStore(app);
    const sale = await sell(s);
    const path = `/invoices/${sale.invoiceId}/refund`;
    expect(
      (await s.owner.client.post(path, refundBody(s, { lines: [{ orderItemId: sale.burger, quantity: 1 }] })))
        .status,
    ).toBe(200);
    const rest = await s.owner.client.post<RefundCreated>(path, refundBody(s));
    expect(rest.status).toBe(200);
    // 47.63 - 18.81: the last Burger takes the rounding (18.82).
    expect(rest.body.refund).toMatchObject({ total: 28.82 });
    expect(rest.body.refund.lines.map((l) => [l.item_title, l.quantity, l.total])).toEqual([
      ['Burger', 1, 18.82],
      ['Soda', 3, 9],
      ['Water', 1, 1],
    ]);
    expect(await today(s)).toMatchObject({ revenueTotal: 0, netRevenue: 0, taxTotal: 0 });
    const again = await s.owner.client.post(path, refundBody(s));
    expect([again.status, again.body.code]).toEqual([400, 'nothing_to_refund']);
    const over = await s.owner.client.post(
      path,
      refundBody(s, { lines: [{ orderItemId: sale.soda, quantity: 1 }] }),
    );
    expect([over.status, over.body.message]).toEqual([400, 'Only 0 of Soda can still be refunded!']);
    expect(await refundCount(s)).toBe(2);
  });

  it('a repeated Idempotency-Key answers the first refund and gives nothing back twice', async () => {
    const s = await createStore(app);
    const sale = await sell(s);
    const key = { 'idempotency-key': uuid() };
    const body = refundBody(s, { lines: [{ orderItemId: sale.soda, quantity: 2 }] });
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        s.owner.client.post<RefundCreated>(`/invoices/${sale.invoiceId}/refund`, body, key),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.refund.id)).size).toBe(1);
    expect(await refundCount(s)).toBe(1);
    expect(await today(s)).toMatchObject({ revenueTotal: 41.63 });
  });
});
