import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SplitPaid } from '@comanda/core';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { counts, createStore, readInvoice, sendOrder } from '../orders/orders.fixtures.ts';

// X-Queued-Ms on POST /orders/pay-split, as on the table pay (docs/offline.md): a split paid from a
// device's outbox is dated when it was paid. The app runs on a clock the tests set.
const TEN_MIN = 10 * 60 * 1000;

let now = new Date('2026-07-01T12:00:00Z');
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => now });
});
afterAll(() => app.close());

describe('POST /orders/pay-split with X-Queued-Ms', () => {
  it('dates the bill and every payment when the split was paid', async () => {
    now = new Date('2026-07-01T11:00:00Z');
    const s = await createStore(app);
    const { orderId } = await sendOrder(app, s);
    now = new Date('2026-07-01T12:00:00Z');
    const res = await s.owner.client.post<SplitPaid>(
      '/orders/pay-split',
      {
        orderIds: [orderId],
        split: { mode: 'even', parts: 2 },
        parts: [23.82, 23.81].map((amount) => ({ tenders: [{ paymentTypeId: s.cash, amount }] })),
      },
      { 'x-queued-ms': String(TEN_MIN) },
    );
    expect(res.status).toBe(200);
    const { invoice, payments } = await readInvoice(app, s.owner.tenantId, res.body.invoiceId);
    expect(invoice?.createdAt.toISOString()).toBe('2026-07-01T11:50:00.000Z');
    expect(payments.map((p) => p.createdAt.toISOString())).toEqual([
      '2026-07-01T11:50:00.000Z',
      '2026-07-01T11:50:00.000Z',
    ]);
  });

  it('refuses a malformed X-Queued-Ms with a 400 that writes nothing', async () => {
    const s = await createStore(app);
    const { orderId } = await sendOrder(app, s);
    const before = await counts(app, s.owner.tenantId);
    // Only decimal digits are read: not hex, an exponent or a sign.
    for (const value of ['soon', '0x100000', '1e7', '-5', '12abc']) {
      const res = await s.owner.client.post<{ message: string }>(
        '/orders/pay-split',
        {
          orderIds: [orderId],
          split: { mode: 'whole' },
          parts: [{ tenders: [{ paymentTypeId: s.cash, amount: 47.63 }] }],
        },
        { 'x-queued-ms': value },
      );
      expect([value, res.status, res.body.message]).toEqual([
        value,
        400,
        'X-Queued-Ms must be a whole number of milliseconds!',
      ]);
    }
    expect(await counts(app, s.owner.tenantId)).toEqual(before);
  });
});
