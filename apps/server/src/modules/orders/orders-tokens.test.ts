import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreated, OrderInvoiced } from '@comanda/core';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { setTimezone } from '../tenants/tenants.repo.ts';
import { counts, createStore, orderBody, payBody, readOrder, uuid } from './orders.fixtures.ts';

describe('tokens', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('gives 200 concurrent orders the distinct tokens 1 to 200', async () => {
    const s = await createStore(app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        s.owner.client.post<OrderCreated>('/pos/create-order', {
          uuid: uuid(),
          cart: [{ uuid: uuid(), item_id: s.water, quantity: 1 }],
          deliveryType: 'takeaway',
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const tokens = answers.map((a) => a.body.tokenNo).sort((a, b) => a - b);
    expect(tokens).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect((await counts(app, s.owner.tenantId)).orders).toBe(200);
  }, 300_000);
});

describe('the business day', () => {
  // Tongatapu is UTC+13: 10:59 UTC is 23:59 there, 11:00 UTC the next day's midnight.
  let now = new Date('2026-03-01T10:58:00Z');
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({}, { now: () => now });
  });
  afterAll(() => app.close());

  it("restarts tokens at 1 on the store's next day in its own time zone", async () => {
    const s = await createStore(app);
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      setTimezone(tx, s.owner.tenantId, 'Pacific/Tongatapu'),
    );
    const take = () => s.owner.client.post<OrderCreated>('/pos/create-order', orderBody(s));

    const first = await take();
    now = new Date('2026-03-01T10:59:59Z');
    const second = await take();
    now = new Date('2026-03-01T11:00:00Z');
    const third = await take();
    const fourth = await take();
    expect([first, second, third, fourth].map((a) => a.body.tokenNo)).toEqual([1, 2, 1, 2]);
    const dates = await Promise.all(
      [first, third].map(
        async (a) => (await readOrder(app, s.owner.tenantId, a.body.orderId)).order?.businessDate,
      ),
    );
    expect(dates).toEqual(['2026-03-01', '2026-03-02']);

    // A UTC store is still on 1 March at the same instant: its day is its own.
    const utc = await createStore(app);
    const res = await utc.owner.client.post<OrderCreated>('/pos/create-order', orderBody(utc));
    expect(res.body.tokenNo).toBe(1);
    expect((await readOrder(app, utc.owner.tenantId, res.body.orderId)).order?.businessDate).toBe(
      '2026-03-01',
    );
  });
});

describe('Idempotency-Key', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers a replayed key with the first answer and creates one order', async () => {
    const s = await createStore(app);
    const body = orderBody(s);
    const key = { 'idempotency-key': uuid() };
    const first = await s.owner.client.post<OrderCreated>('/pos/create-order', body, key);
    expect(first.status).toBe(200);
    const before = await counts(app, s.owner.tenantId);
    const again = await s.owner.client.post<OrderCreated>('/pos/create-order', body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
    expect(before.orders).toBe(1);
  });

  it('refuses the same key with another body or route with 422, writing nothing', async () => {
    const s = await createStore(app);
    const key = { 'idempotency-key': 'pos-tab-1:42' };
    const body = orderBody(s);
    await s.owner.client.post('/pos/create-order', body, key);
    const before = await counts(app, s.owner.tenantId);
    const otherBody = await s.owner.client.post(
      '/pos/create-order',
      { ...body, deliveryType: 'takeaway' },
      key,
    );
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was used for another request!',
    });
    const otherRoute = await s.owner.client.post('/pos/create-order-and-invoice', payBody(s), key);
    expect(otherRoute.status).toBe(422);
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });

  it('keeps keys per tenant', async () => {
    const a = await createStore(app);
    const b = await createStore(app);
    const key = { 'idempotency-key': 'shared-key' };
    const first = await a.owner.client.post<OrderCreated>('/pos/create-order', orderBody(a), key);
    const second = await b.owner.client.post<OrderCreated>('/pos/create-order', orderBody(b), key);
    expect(second.status).toBe(200);
    expect(second.body.orderId).not.toBe(first.body.orderId);
    expect((await counts(app, b.owner.tenantId)).orders).toBe(1);
  });

  it('lets a refused request be retried with its key', async () => {
    const s = await createStore(app);
    const key = { 'idempotency-key': uuid() };
    const body = payBody(s, { payment: { paymentTypeId: s.card } });
    expect((await s.owner.client.post('/pos/create-order-and-invoice', body, key)).status).toBe(400);
    expect((await counts(app, s.owner.tenantId)).keys).toBe(0);
    const again = await s.owner.client.post('/pos/create-order-and-invoice', body, key);
    expect(again.status).toBe(400);
  });

  it('refuses a key longer than 200 characters', async () => {
    const s = await createStore(app);
    const res = await s.owner.client.post('/pos/create-order', orderBody(s), {
      'idempotency-key': 'k'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect((await counts(app, s.owner.tenantId)).orders).toBe(0);
  });

  it('bills once when two pays with the same key arrive at once', async () => {
    const s = await createStore(app);
    const body = payBody(s, { payment: { paymentTypeId: s.cash, tendered: 100 } });
    const key = { 'idempotency-key': uuid() };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', body, key),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.invoiceId)).size).toBe(1);
    expect(answers.every((a) => a.body.change === 52.37)).toBe(true);
    const after = await counts(app, s.owner.tenantId);
    expect(after).toMatchObject({ orders: 1, invoices: 1, payments: 1, keys: 1 });
  });
});
