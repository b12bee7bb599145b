import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema.ts';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { createStore, orderBody } from '../../modules/orders/orders.fixtures.ts';
import { KEY_RETENTION_DAYS } from './idempotency.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const keysOf = (tenantId: number) =>
  app.database.inTenant(tenantId, (tx) =>
    tx
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.tenantId, tenantId))
      .then((rows) => rows.map((r) => r.key).sort()),
  );

describe('Idempotency-Key retention', () => {
  it(`forgets a tenant's keys older than ${KEY_RETENTION_DAYS} days and keeps the others`, async () => {
    const s = await createStore(app);
    const other = await createStore(app);
    const age = (days: number) => sql`now() - make_interval(days => ${days})`;
    for (const [tenantId, key, days] of [
      [s.owner.tenantId, 'expired', KEY_RETENTION_DAYS + 1],
      [s.owner.tenantId, 'recent', KEY_RETENTION_DAYS - 1],
      [other.owner.tenantId, 'other-tenant-expired', KEY_RETENTION_DAYS + 1],
    ] as const) {
      await app.database.asOwner((tx) =>
        tx.insert(idempotencyKeys).values({ tenantId, key, request: 'POST /x', createdAt: age(days) }),
      );
    }

    const fresh = crypto.randomUUID();
    const res = await s.owner.client.post('/pos/create-order', orderBody(s), { 'idempotency-key': fresh });
    expect(res.status).toBe(200);

    expect(await keysOf(s.owner.tenantId)).toEqual([fresh, 'recent'].sort());
    // Another tenant's keys are its own request's business.
    expect(await keysOf(other.owner.tenantId)).toEqual(['other-tenant-expired']);
  });
});
