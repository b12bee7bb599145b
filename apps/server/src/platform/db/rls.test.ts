import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CustomerPage } from '@comanda/core';
import { users } from './schema.ts';
import {
  type TestApp,
  type TestDatabase,
  createTenant,
  openTestDatabase,
  rowsOf,
  startTestApp,
} from '../../../test/harness.ts';
import { type Pgbouncer, startPgbouncer } from '../../../test/pgbouncer.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** First row of a raw query, whichever driver answered. */
describe('row-level security', () => {
  it('forces RLS on every table that has a tenant_id column', async () => {
    const tables = rowsOf<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      await app.database.asSystem((tx) =>
        tx.execute(sql`
          select c.relname, c.relrowsecurity, c.relforcerowsecurity
          from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id'
          where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`),
      ),
    );
    expect(tables.length).toBeGreaterThanOrEqual(4);
    for (const t of tables)
      expect(t, t.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it('shows a tenant only its own rows', async () => {
    const a = await createTenant(app);
    await createTenant(app);
    const seen = await app.database.inTenant(a.tenantId, (tx) =>
      tx.select({ tenantId: users.tenantId }).from(users),
    );
    expect(seen).toEqual([{ tenantId: a.tenantId }]);
  });

  it('shows nothing to a query that runs without the tenant setting', async () => {
    await createTenant(app);
    const count = await app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'comanda_app', true)`);
      return rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users`))[0]?.n;
    });
    expect(count).toBe(0);
    const all = await app.database.asSystem((tx) => tx.select({ id: users.id }).from(users));
    expect(all.length).toBeGreaterThan(0);
  });

  it("refuses to write a row into another tenant's space", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const write = app.database.inTenant(a.tenantId, (tx) =>
      tx.insert(users).values({
        tenantId: b.tenantId,
        username: 'x@evil.test',
        passwordHash: 'x',
        name: 'x',
        role: 'admin',
      }),
    );
    await expect(write).rejects.toThrow();
  });

  it('keeps the audit log append-only, even for the owner', async () => {
    const a = await createTenant(app);
    await expect(
      app.database.asOwner((tx) =>
        tx.execute(sql`update audit_log set action = 'x' where tenant_id = ${a.tenantId}`),
      ),
    ).rejects.toThrow();
    await expect(
      app.database.asOwner((tx) => tx.execute(sql`delete from audit_log where tenant_id = ${a.tenantId}`)),
    ).rejects.toThrow();
  });
});

const db = inject('db');

// The tenant and the role are set per transaction (set_config(..., true)), never per connection, so a
// pooler that hands a server connection to another client between transactions carries neither over.
if (db.kind === 'postgres') {
  describe('row-level security behind PgBouncer (transaction pooling, two server connections)', () => {
    let pgbouncer: Pgbouncer;
    let database: TestDatabase;
    let pooled: TestApp;
    beforeAll(async () => {
      pgbouncer = await startPgbouncer(db.url, 2);
      database = await openTestDatabase({ pgbouncerPort: pgbouncer.port });
      pooled = await startTestApp({}, { database });
    });
    afterAll(async () => {
      await pooled?.close();
      await database?.close();
      await pgbouncer?.close();
    });

    /** Server connections of the request role to this database: what PgBouncer opened. */
    async function loginBackends() {
      const [row] = rowsOf<{ n: number }>(
        await pooled.database.asOwner((tx) =>
          tx.execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and usename = 'comanda_login'`),
        ),
      );
      return row?.n;
    }

    it("interleaves two tenants' requests on the same server connections, each seeing only its rows", async () => {
      const a = await createTenant(pooled, { bizName: 'Cafe A' });
      const b = await createTenant(pooled, { bizName: 'Cafe B' });
      const tenants = [
        { t: a, name: 'Ana' },
        { t: b, name: 'Bea' },
      ];
      const added = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          tenants.map(({ t, name }) =>
            t.client.post('/customers/add', { name: `${name} ${i}`, phone: `55501${i}` }),
          ),
        ).flat(),
      );
      expect(added.map((r) => r.status)).toEqual(added.map(() => 200));
      const lists = await Promise.all(
        Array.from({ length: 6 }, () =>
          tenants.map(async ({ t, name }) => {
            const res = await t.client.get<CustomerPage>('/customers?perPage=100');
            return { name, status: res.status, names: res.body.customers.map((c) => c.name) };
          }),
        ).flat(),
      );
      for (const list of lists) {
        expect(list.status).toBe(200);
        expect([...list.names].sort()).toEqual(Array.from({ length: 8 }, (_, i) => `${list.name} ${i}`));
      }
      // Twenty-eight requests at once (and their session checks) went through at most two connections.
      const backends = await loginBackends();
      expect(backends).toBeGreaterThanOrEqual(1);
      expect(backends).toBeLessThanOrEqual(2);
    }, 300_000);

    it('leaves neither tenant nor role on a server connection after the transaction', async () => {
      const a = await createTenant(pooled);
      const who = sql`select current_setting('app.tenant_id', true) as tenant, current_user as role`;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2
            ? pooled.database.inTenant(a.tenantId, async (tx) => rowsOf(await tx.execute(who))[0])
            : database.db.execute(who).then((r) => rowsOf(r)[0]),
        ),
      );
      answers.forEach((answer, i) =>
        expect(answer).toEqual(
          i % 2
            ? { tenant: String(a.tenantId), role: 'comanda_app' }
            : { tenant: expect.toBeOneOf(['', null]) as unknown, role: 'comanda_login' },
        ),
      );
    });
  });
}
