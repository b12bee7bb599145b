import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated, OrderInvoiced, OrderPaid, PosInit } from '@comanda/core';
import { paymentTypes } from '../../platform/db/schema.ts';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { type Store, counts, createStore, readInvoice, readOrder, uuid } from './orders.fixtures.ts';

// Issue 30: the calls of SPEC §7 sent exactly as written there. A cart line is "the menu item plus
// quantity ..." (SPEC §3): the item's own fields, `id` among them, and no uuid; the order has no uuid
// either, and the paying calls name no payment (the store's default payment type pays).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The POS cart as SPEC §3 describes a line: the menu item from /pos/init plus the cart's own fields. */
async function specCart(s: Store) {
  const init = (await s.owner.client.get<PosInit>('/pos/init')).body;
  const item = (title: string) => {
    const found = init.menuItems.find((i) => i.title === title);
    if (!found) throw new Error(`${title} missing from /pos/init`);
    return found;
  };
  const burger = item('Burger');
  const large = burger.variants.find((v) => v.title === 'Large');
  const cheese = burger.addons.find((a) => a.title === 'Cheese');
  if (!large || !cheese) throw new Error('Burger options missing');
  return [
    {
      ...burger,
      quantity: 1,
      notes: '',
      price: 15.5,
      variant_id: large.id,
      variant: large,
      addons_ids: [cheese.id],
      addons: [cheese],
    },
    {
      ...item('Water'),
      quantity: 2,
      notes: '',
      price: 1,
      variant_id: null,
      variant: null,
      addons_ids: [],
      addons: [],
    },
  ];
}

/** The POS order payload of SPEC §3/§7, as written: no uuid, no payment. */
async function specOrder(s: Store) {
  return {
    cart: await specCart(s),
    deliveryType: 'dinein',
    customerType: 'WALKIN',
    customerId: null,
    tableId: s.table,
    selectedQrOrderItem: null,
  };
}

// Large Burger + Cheese 15.50 with 7.5 % on top (1.16), 2 × Water 1.00 untaxed.
const totals = { netTotal: 17.5, taxTotal: 1.16, total: 18.66 };

/** The payment type the invoice was paid with. */
async function paidWith(s: Store, invoiceId: number) {
  const { payments } = await readInvoice(app, s.owner.tenantId, invoiceId);
  return payments.map((p) => p.paymentTypeId);
}

async function deactivateAll(s: Store) {
  await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .update(paymentTypes)
      .set({ isActive: false, isDefault: false })
      .where(eq(paymentTypes.tenantId, s.owner.tenantId)),
  );
}

describe('POST /pos/create-order with the SPEC §7 payload', () => {
  it('takes the order: the server makes the uuids and reads each line item from its id', async () => {
    const s = await createStore(app);
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', await specOrder(s));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Order created!',
      tokenNo: 1,
      orderId: expect.any(Number) as unknown,
      orderUuid: expect.stringMatching(UUID) as unknown,
    });
    const { order, lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
    expect(order).toMatchObject({ uuid: res.body.orderUuid, tableId: s.table, paymentStatus: 'pending' });
    expect(lines).toMatchObject([
      { itemId: s.burger, variantId: s.large, quantity: 1, uuid: expect.stringMatching(UUID) as unknown },
      { itemId: s.water, quantity: 2, uuid: expect.stringMatching(UUID) as unknown },
    ]);
    expect(new Set(lines.map((l) => l.uuid)).size).toBe(2);

    // Sent again without a uuid or a key, it is another order (nothing names it as the same).
    const again = await s.owner.client.post<OrderCreated>('/pos/create-order', await specOrder(s));
    expect(again.body.tokenNo).toBe(2);
  });

  it('takes a line naming its item by both id and item_id when they agree', async () => {
    const s = await createStore(app);
    const res = await s.owner.client.post<OrderCreated>('/pos/create-order', {
      cart: [{ id: s.water, item_id: s.water, quantity: 1 }],
      deliveryType: 'takeaway',
    });
    expect(res.status).toBe(200);
  });

  it('answers 400 when a line names two different items by id and item_id, and writes nothing', async () => {
    const s = await createStore(app);
    const before = await counts(app, s.owner.tenantId);
    for (const route of ['/pos/create-order', '/pos/create-order-and-invoice']) {
      const res = await s.owner.client.post(route, {
        ...totals,
        cart: [{ id: s.water, item_id: s.burger, quantity: 1 }],
        deliveryType: 'takeaway',
      });
      expect(res).toMatchObject({
        status: 400,
        body: { message: "A cart line's id and item_id name different menu items!" },
      });
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });

  it('keeps idempotency by the order uuid when the POS sends one', async () => {
    const s = await createStore(app);
    const body = { ...(await specOrder(s)), uuid: uuid() };
    const first = await s.owner.client.post<OrderCreated>('/pos/create-order', body);
    const second = await s.owner.client.post<OrderCreated>('/pos/create-order', body);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.orderUuid).toBe(body.uuid);
    expect((await counts(app, s.owner.tenantId)).orders).toBe(1);
  });

  it('keeps idempotency by Idempotency-Key for a payload without uuids', async () => {
    const s = await createStore(app);
    const body = await specOrder(s);
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post<OrderCreated>('/pos/create-order', body, key);
    const second = await s.owner.client.post<OrderCreated>('/pos/create-order', body, key);
    expect(first.status).toBe(200);
    expect(second).toMatchObject({ status: 200, body: first.body });
    expect((await counts(app, s.owner.tenantId)).orders).toBe(1);
  });
});

describe('POST /pos/create-order-and-invoice with the SPEC §7 payload', () => {
  it("takes and pays the order with the store's default payment type", async () => {
    const s = await createStore(app);
    const res = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', {
      ...(await specOrder(s)),
      ...totals,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Order created and paid!',
      tokenNo: 1,
      orderId: expect.any(Number) as unknown,
      total: 18.66,
      pricesChanged: false,
      change: null,
    });
    // The store's default is its Cash (the fixture's Card is switched off).
    expect(await paidWith(s, res.body.invoiceId)).toEqual([s.cash]);

    // The owner makes Card the default: the next bill without a payment is paid by card.
    expect(
      (await s.owner.client.post(`/settings/payment-types/${s.card}/toggle`, { isActive: true })).status,
    ).toBe(200);
    expect(await s.owner.client.post(`/settings/payment-types/${s.card}/default`)).toMatchObject({
      status: 200,
      body: { message: 'Card is now the default payment type!' },
    });
    const next = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', {
      ...(await specOrder(s)),
      ...totals,
    });
    expect(next.status).toBe(200);
    expect(await paidWith(s, next.body.invoiceId)).toEqual([s.card]);
  });

  it('still pays with the payment type a request names', async () => {
    const s = await createStore(app);
    await s.owner.client.post(`/settings/payment-types/${s.card}/toggle`, { isActive: true });
    const res = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', {
      ...(await specOrder(s)),
      ...totals,
      payment: { paymentTypeId: s.card, tendered: null },
    });
    expect(res.status).toBe(200);
    expect(await paidWith(s, res.body.invoiceId)).toEqual([s.card]);
  });

  it('answers 400 without a payment when the store has no active payment type, and writes nothing', async () => {
    const s = await createStore(app);
    await deactivateAll(s);
    const before = await counts(app, s.owner.tenantId);
    const res = await s.owner.client.post('/pos/create-order-and-invoice', {
      ...(await specOrder(s)),
      ...totals,
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'No payment type is active! Switch one on in Settings > Payment Types.' },
    });
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });

  it('answers a repeat of the same uuid with the same bill', async () => {
    const s = await createStore(app);
    const body = { ...(await specOrder(s)), ...totals, uuid: uuid() };
    const first = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    const second = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    expect(first.status).toBe(200);
    expect(second.body.invoiceId).toBe(first.body.invoiceId);
    expect(await counts(app, s.owner.tenantId)).toMatchObject({ orders: 1, invoices: 1, payments: 1 });
  });
});

describe('POST /orders/complete-and-pay-order with the SPEC §7 payload', () => {
  it("pays the group with the store's default payment type", async () => {
    const s = await createStore(app);
    const sent = await s.owner.client.post<OrderCreated>('/pos/create-order', await specOrder(s));
    const res = await s.owner.client.post<OrderPaid>('/orders/complete-and-pay-order', {
      orderIds: [sent.body.orderId],
      subTotal: 17.5,
      taxTotal: 1.16,
      total: 18.66,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { message: expect.any(String) as unknown, total: 18.66 },
    });
    expect(await paidWith(s, res.body.invoiceId)).toEqual([s.cash]);
    const { order } = await readOrder(app, s.owner.tenantId, sent.body.orderId);
    expect(order?.paymentStatus).toBe('paid');
  });

  it('answers 400 when the store has no active payment type, and leaves the order open', async () => {
    const s = await createStore(app);
    const sent = await s.owner.client.post<OrderCreated>('/pos/create-order', await specOrder(s));
    await deactivateAll(s);
    const before = await counts(app, s.owner.tenantId);
    const res = await s.owner.client.post('/orders/complete-and-pay-order', {
      orderIds: [sent.body.orderId],
      subTotal: 17.5,
      taxTotal: 1.16,
      total: 18.66,
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'No payment type is active! Switch one on in Settings > Payment Types.' },
    });
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    const { order } = await readOrder(app, s.owner.tenantId, sent.body.orderId);
    expect(order?.paymentStatus).toBe('pending');
  });
});

it('leaves the other tenant alone: a default is per store', async () => {
  const a = await createStore(app);
  const b = await createStore(app);
  await a.owner.client.post(`/settings/payment-types/${a.card}/toggle`, { isActive: true });
  await a.owner.client.post(`/settings/payment-types/${a.card}/default`);
  expect(await b.owner.client.post(`/settings/payment-types/${a.card}/default`)).toMatchObject({
    status: 404,
  });
  const res = await b.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', {
    ...(await specOrder(b)),
    ...totals,
  });
  expect(await paidWith(b, res.body.invoiceId)).toEqual([b.cash]);
  const [row] = await app.database.inTenant(b.owner.tenantId, (tx) =>
    tx
      .select({ isDefault: paymentTypes.isDefault })
      .from(paymentTypes)
      .where(and(eq(paymentTypes.tenantId, b.owner.tenantId), eq(paymentTypes.id, b.card))),
  );
  expect(row?.isDefault).toBe(false);
});
