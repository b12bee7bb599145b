import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { type TestApp, createTenant, rowsOf, startTestApp } from '../../../test/harness.ts';
import { openDatabase } from './client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The SQLSTATE of a failed query, whether the driver or drizzle (as `cause`) carries it. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return undefined;
}

const PERMISSION_DENIED = '42501';
const kind = inject('db').kind;

// The request pool's role is what an injected RESET ROLE falls back to: on PostgreSQL a role with no
// rights of its own; the embedded database has only a superuser session, so there it cannot hold.
if (kind === 'postgres') {
  describe('request role on PostgreSQL', () => {
    it("leaves a tenant request that runs RESET ROLE unable to read any tenant's rows", async () => {
      const a = await createTenant(app);
      await createTenant(app);
      const state = await sqlState(
        app.database.inTenant(a.tenantId, async (tx) => {
          await tx.execute(sql`reset role`);
          return tx.execute(sql`select tenant_id from users`);
        }),
      );
      expect(state).toBe(PERMISSION_DENIED);
      const who = await app.database.inTenant(a.tenantId, async (tx) => {
        await tx.execute(sql`reset role`);
        return rowsOf<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean; rolinherit: boolean }>(
          await tx.execute(
            sql`select rolname, rolsuper, rolbypassrls, rolinherit from pg_roles where rolname = current_user`,
          ),
        );
      });
      expect(who).toEqual([
        { rolname: 'comanda_login', rolsuper: false, rolbypassrls: false, rolinherit: false },
      ]);
    });

    it('refuses the login role a switch to the owner', async () => {
      const owner = decodeURIComponent(new URL(app.database.ownerUrl ?? '').username);
      expect(owner).not.toBe('');
      const state = await sqlState(
        app.database.db.transaction((tx) => tx.execute(sql.raw(`set local role "${owner}"`))),
      );
      expect(state).toBe(PERMISSION_DENIED);
    });

    it('refuses to start when DATABASE_APP_URL names a role that RESET ROLE would make powerful', async () => {
      const ownerUrl = app.database.ownerUrl ?? '';
      await expect(openDatabase({ kind: 'postgres', url: ownerUrl, appUrl: ownerUrl })).rejects.toThrow(
        /must be NOSUPERUSER and NOBYPASSRLS/,
      );
    });

    it('refuses to start when DATABASE_APP_URL names a role that belongs to any role but the two', async () => {
      const ownerUrl = app.database.ownerUrl ?? '';
      const role = `comanda_test_member_${process.pid}_${Date.now()}`;
      await app.database.asOwner((tx) =>
        tx.execute(
          sql.raw(`create role ${role} login noinherit nosuperuser nobypassrls;
                   grant comanda_app, comanda_system, pg_write_all_data to ${role}`),
        ),
      );
      try {
        const appUrl = new URL(ownerUrl);
        appUrl.username = role;
        await expect(
          openDatabase({ kind: 'postgres', url: ownerUrl, appUrl: appUrl.toString() }),
        ).rejects.toThrow(/member of comanda_app and comanda_system only/);
      } finally {
        await app.database.asOwner((tx) => tx.execute(sql.raw(`drop role ${role}`)));
      }
    });

    it('owns no table', async () => {
      const owned = rowsOf<{ n: number }>(
        await app.database.db.execute(
          sql`select count(*)::int as n from pg_class where relowner = (select oid from pg_roles where rolname = current_user)`,
        ),
      );
      expect(owned).toEqual([{ n: 0 }]);
    });
  });
} else {
  describe('request role on the embedded database', () => {
    it('is a superuser after RESET ROLE, so there RLS catches bugs, not attackers (docs/database.md)', async () => {
      const a = await createTenant(app);
      const who = await app.database.inTenant(a.tenantId, async (tx) => {
        const inside = rowsOf<{ u: string }>(await tx.execute(sql`select current_user as u`));
        await tx.execute(sql`reset role`);
        const after = rowsOf<{ rolsuper: boolean }>(
          await tx.execute(sql`select rolsuper from pg_roles where rolname = current_user`),
        );
        return { inside: inside[0]?.u, superAfterReset: after[0]?.rolsuper };
      });
      expect(who).toEqual({ inside: 'comanda_app', superAfterReset: true });
    });
  });
}

describe('the system role', () => {
  it('cannot read secrets or tenant data beyond sign-in and session checks', async () => {
    await createTenant(app);
    for (const query of [
      sql`select value from app_secrets`,
      sql`select title from categories`,
      sql`select store_name from store_settings`,
      // The super admin reads a tenant's name, e-mail, status, period (0014) and time zone (0015),
      // and billing its provider ids (0013); never a store's settings or orders.
      sql`select title from menu_items`,
      sql`select action from audit_log`,
      // Deleting a tenant goes through purge_tenant (0014) alone.
      sql`delete from tenants`,
      sql`delete from audit_log`,
    ]) {
      expect(await sqlState(app.database.asSystem((tx) => tx.execute(query)))).toBe(PERMISSION_DENIED);
    }
    // The super admin edits name, e-mail and the active switch (0014), nothing else of a tenant.
    expect(
      await sqlState(app.database.asSystem((tx) => tx.execute(sql`update tenants set timezone = 'UTC'`))),
    ).toBe(PERMISSION_DENIED);
  });

  it('sees every tenant for sign-in and session checks', async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const ids = rowsOf<{ tenant_id: number }>(
      await app.database.asSystem((tx) =>
        tx.execute(
          sql`select tenant_id from users where tenant_id in (${a.tenantId}, ${b.tenantId}) order by 1`,
        ),
      ),
    );
    expect(ids.map((r) => r.tenant_id)).toEqual([a.tenantId, b.tenantId].sort((x, y) => x - y));
  });
});

describe('the tenant role on tenants', () => {
  it('may change its time zone but not whether it is active, suspended or paid for', async () => {
    const a = await createTenant(app);
    await app.database.inTenant(a.tenantId, (tx) =>
      tx.execute(sql`update tenants set timezone = 'Europe/Lisbon' where id = ${a.tenantId}`),
    );
    for (const column of ['is_active', 'subscription_end', 'suspended_at']) {
      const value =
        column === 'is_active'
          ? sql`false`
          : column === 'suspended_at'
            ? sql`null`
            : sql`now() + interval '10 years'`;
      const state = await sqlState(
        app.database.inTenant(a.tenantId, (tx) =>
          tx.execute(sql`update tenants set ${sql.identifier(column)} = ${value} where id = ${a.tenantId}`),
        ),
      );
      expect(state, column).toBe(PERMISSION_DENIED);
    }
    const row = rowsOf<{ is_active: boolean; timezone: string }>(
      await app.database.asOwner((tx) =>
        tx.execute(sql`select is_active, timezone from tenants where id = ${a.tenantId}`),
      ),
    );
    expect(row).toEqual([{ is_active: true, timezone: 'Europe/Lisbon' }]);
  });
});
