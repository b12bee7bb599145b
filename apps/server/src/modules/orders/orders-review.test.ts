import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated, OrderInvoiced } from '@comanda/core';
import { customers } from '../../platform/db/schema.ts';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { setCurrency } from '../menu/menu.fixtures.ts';
import {
  type Store,
  counts,
  createStore,
  orderBody,
  payBody,
  readInvoice,
  readOrder,
} from './orders.fixtures.ts';

// What a store's later changes and unusual requests must not do to orders already taken.

let app: TestApp;
let store: Store;
beforeAll(async () => {
  app = await startTestApp();
  store = await createStore(app);
});
afterAll(() => app.close());

describe('an order keeps the currency it was taken in', () => {
  it('answers a paid order in its own currency after the store changes currency', async () => {
    const s = await createStore(app);
    const body = payBody(s);
    const paid = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    expect(paid.status).toBe(200);
    expect(paid.body.payableTotal).toBe(47.63);
    const { order } = await readOrder(app, s.owner.tenantId, paid.body.orderId);
    expect(order?.currency).toBe('USD');
    expect((await readInvoice(app, s.owner.tenantId, paid.body.invoiceId)).invoice?.currency).toBe('USD');

    await setCurrency(app, s.owner.tenantId, 'JPY');
    const replay = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ orderId: paid.body.orderId, payableTotal: 47.63, total: 47.63 });
  });
});

describe('requests the server refuses cleanly', () => {
  it('answers 400, not 500, to a deeply nested value with an Idempotency-Key, and writes nothing', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    const before = await counts(app, store.owner.tenantId);
    for (const extra of [
      { selectedQrOrderItem: deep },
      { cart: [{ ...orderBody(store).cart[0], price: deep }] },
    ]) {
      const res = await store.owner.client.post('/pos/create-order', orderBody(store, extra), {
        'idempotency-key': crypto.randomUUID(),
      });
      expect(res.status).toBe(400);
    }
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });

  it('answers 409 with a clear message when a cart line was already sent in another order', async () => {
    const first = orderBody(store);
    expect((await store.owner.client.post('/pos/create-order', first)).status).toBe(200);
    const before = await counts(app, store.owner.tenantId);
    const res = await store.owner.client.post('/pos/create-order', { ...orderBody(store), cart: first.cart });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'order_line_taken',
      message: 'A line of this cart was already sent in another order! Please start a new cart.',
    });
    expect(await counts(app, store.owner.tenantId)).toEqual(before);
  });

  it('answers an upper-case order UUID in lower case, the same on a replay', async () => {
    const body = { ...orderBody(store), uuid: crypto.randomUUID().toUpperCase() };
    const first = await store.owner.client.post<OrderCreated>('/pos/create-order', body);
    expect(first.status).toBe(200);
    expect(first.body.orderUuid).toBe(body.uuid.toLowerCase());
    const again = await store.owner.client.post<OrderCreated>('/pos/create-order', {
      ...body,
      uuid: body.uuid.toLowerCase(),
    });
    expect(again.body).toEqual(first.body);
  });
});

describe('the invoice copies the guest', () => {
  it("keeps a customer's e-mail on the invoice", async () => {
    const s = await createStore(app);
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .update(customers)
        .set({ email: 'ana@example.com' })
        .where(and(eq(customers.tenantId, s.owner.tenantId), eq(customers.id, s.customer))),
    );
    const paid = await s.owner.client.post<OrderInvoiced>(
      '/pos/create-order-and-invoice',
      payBody(s, { customerType: 'CUSTOMER', customerId: s.customer }),
    );
    expect(paid.status).toBe(200);
    const { invoice } = await readInvoice(app, s.owner.tenantId, paid.body.invoiceId);
    expect(invoice).toMatchObject({ customerName: 'Ana', customerEmail: 'ana@example.com' });
  });
});
