import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceRefunds, OrderInvoiced, RefundCreated, SplitPaid } from '@comanda/core';
import { paymentTypes } from '../../platform/db/schema.ts';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { type Store, createStore, payBody, readOrder, sendOrder, uuid } from '../orders/orders.fixtures.ts';

let app: TestApp;
let store: Store;
beforeAll(async () => {
  app = await startTestApp();
  store = await createStore(app);
});
afterAll(() => app.close());

const refundsOf = async (invoiceId: number) => {
  const res = await store.owner.client.get<InvoiceRefunds>(`/invoices/${invoiceId}/refunds`);
  expect(res.status).toBe(200);
  return res.body;
};

/**
 * What the refund dialog reads to start from (issue 31, docs/voids.md): how the bill was paid, and what
 * each number of units left would give back, priced as the refund itself is.
 */
describe('GET /invoices/:id/refunds: the bill payments and the amounts of each quantity', () => {
  it('answers the bill payment and amounts that a refund of that quantity then gives back exactly', async () => {
    // 2 × Burger Large + Cheese + Bacon 37.63, 3 × Soda 9.00, 1 × Water 1.00, paid in cash.
    const sale = await store.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(store),
    );
    const { lines } = await readOrder(app, store.owner.tenantId, sale.body.orderId);
    const first = await refundsOf(sale.body.invoiceId);
    expect(first.payments).toEqual([{ payment_type_id: store.cash, title: 'Cash', amount: 47.63 }]);
    expect(first.lines.map((l) => l.refund_amounts)).toEqual([[18.81, 37.63], [3, 6, 9], [1]]);

    const burger = lines[0]?.id;
    const refund = await store.owner.client.post<RefundCreated>(
      `/invoices/${sale.body.invoiceId}/refund`,
      {
        reasonId: store.voidReason,
        paymentTypeId: store.cash,
        lines: [{ orderItemId: burger, quantity: 1 }],
      },
      { 'idempotency-key': uuid() },
    );
    expect(refund.status).toBe(200);
    expect(refund.body.refund.total).toBe(first.lines[0]?.refund_amounts[0]);
    // The unit left gives back the rest of the line: the two add up to what it was billed.
    expect((await refundsOf(sale.body.invoiceId)).lines[0]?.refund_amounts).toEqual([18.82]);
  });

  it('answers a mixed bill by payment type, in the order paid, without change', async () => {
    await app.database.inTenant(store.owner.tenantId, (tx) =>
      tx
        .update(paymentTypes)
        .set({ isActive: true })
        .where(and(eq(paymentTypes.tenantId, store.owner.tenantId), eq(paymentTypes.id, store.card))),
    );
    const { orderId } = await sendOrder(app, store, { tableId: store.table });
    const paid = await store.owner.client.post<SplitPaid>(
      '/orders/pay-split',
      {
        orderIds: [orderId],
        split: { mode: 'whole' },
        parts: [
          {
            tenders: [
              { paymentTypeId: store.card, amount: '30' },
              { paymentTypeId: store.cash, amount: '17.63', tendered: '20' },
            ],
          },
        ],
      },
      { 'idempotency-key': uuid() },
    );
    expect(paid.status).toBe(200);
    expect((await refundsOf(paid.body.invoiceId)).payments).toEqual([
      { payment_type_id: store.card, title: 'Card', amount: 30 },
      { payment_type_id: store.cash, title: 'Cash', amount: 17.63 },
    ]);
  });
});
