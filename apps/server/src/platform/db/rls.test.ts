import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema.ts';
import { type TestApp, createTenant, rowsOf, startTestApp } from '../../../test/harness.ts';

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
