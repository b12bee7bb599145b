import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  SUPERADMIN,
  type TestApp,
  type TestDatabase,
  auditActions,
  createTenant,
  openTestDatabase,
  rowsOf,
  startTestApp,
} from '../../../test/harness.ts';
import { waitingOnLock } from '../../../test/locks.ts';

// A short limit, still far above what any of these requests' own statements take on a busy machine:
// only a statement made to wait on a lock reaches it.
const LIMIT_MS = 1_000;
const kind = inject('db').kind;

let database: TestDatabase;
let app: TestApp;
beforeAll(async () => {
  database = await openTestDatabase({ statementTimeoutMs: LIMIT_MS });
  app = await startTestApp({}, { database });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const setting = (rows: unknown) => rowsOf<{ statement_timeout: string }>(rows)[0]?.statement_timeout;

describe('statement timeout', () => {
  // The app's own paths (database, not app.database: under TEST_RLS=off the tests' wrapper differs).
  it('holds for every request transaction and session check on PostgreSQL, and is not set on the embedded database', async () => {
    const t = await createTenant(app);
    const inTenant = setting(
      await database.inTenant(t.tenantId, (tx) => tx.execute(sql`show statement_timeout`)),
    );
    const asSystem = setting(await database.asSystem((tx) => tx.execute(sql`show statement_timeout`)));
    const sessionCheck = setting(
      await database.statementAsSystem((db) => db.execute(sql`show statement_timeout`)),
    );
    // PGlite runs every statement on its one session and cannot interrupt one: a limit would be a lie.
    const expected = kind === 'postgres' ? '1s' : '0';
    expect({ inTenant, asSystem, sessionCheck }).toEqual({
      inTenant: expected,
      asSystem: expected,
      sessionCheck: expected,
    });
  }, 300_000);
});

if (kind === 'postgres') {
  describe('statement timeout on PostgreSQL', () => {
    /** Another session (the owner, as a migration or an operator's script would) holds a table. */
    async function holdTable(table: string, on: TestDatabase = database) {
      const owner = new pg.Client({ connectionString: on.ownerUrl });
      await owner.connect();
      await owner.query('begin');
      await owner.query(`lock table ${table} in access exclusive mode`);
      return async () => {
        await owner.query('rollback');
        await owner.end();
      };
    }

    it('cancels a request left waiting on a lock: 503 with a message, nothing written, the next one served', async () => {
      const t = await createTenant(app);
      const auditBefore = await auditActions(app, t.tenantId);
      const release = await holdTable('customers');
      try {
        const add = await t.client.post('/customers/add', { phone: '5550100', name: 'Ana Lima' });
        expect(add).toMatchObject({
          status: 503,
          body: {
            code: 'database_timeout',
            message: 'The server took too long to answer! Please try again in a moment.',
          },
        });
        expect((await t.client.get('/customers')).status).toBe(503);
      } finally {
        await release();
      }
      // The cancelled transaction rolled back whole, and its connections went back to the pool usable.
      const list = await t.client.get<{ customers: unknown[] }>('/customers?perPage=100');
      expect(list.status).toBe(200);
      expect(list.body.customers).toEqual([]);
      expect(await auditActions(app, t.tenantId)).toEqual(auditBefore);
      const again = await t.client.post('/customers/add', { phone: '5550100', name: 'Ana Lima' });
      expect(again.status).toBe(200);
    }, 300_000);

    it("lets a super admin's tenant delete run past the limit: the purge may take long and must not fail half-way", async () => {
      const t = await createTenant(app);
      expect((await t.client.post('/customers/add', { phone: '5550100', name: 'Ana Lima' })).status).toBe(
        200,
      );
      const sa = app.client();
      expect((await sa.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
      // The purge waits on the held table for half as long again as the limit, counted from when it
      // is seen waiting (not from when it was sent, which a slow machine may take long to reach).
      const release = await holdTable('customers');
      const answer = sa.request('DELETE', `/superadmin/tenants/delete/${t.tenantId}`);
      try {
        await waitingOnLock(database, false);
        await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 1.5));
      } finally {
        await release();
      }
      expect((await answer).status).toBe(200);
      // Gone whole: a second delete finds no such tenant.
      expect((await sa.request('DELETE', `/superadmin/tenants/delete/${t.tenantId}`)).status).toBe(404);
    }, 300_000);

    it('sets no limit of its own when told 0, so a limit the operator set on the database applies', async () => {
      const operated = await openTestDatabase({
        statementTimeoutMs: 0,
        databaseSettings: { statement_timeout: '1234ms' },
      });
      try {
        // Any tenant id will do: only the session's setting is read.
        const tenantId = 1;
        expect({
          inTenant: setting(
            await operated.inTenant(tenantId, (tx) => tx.execute(sql`show statement_timeout`)),
          ),
          asSystem: setting(await operated.asSystem((tx) => tx.execute(sql`show statement_timeout`))),
          statement: setting(
            await operated.statementAsSystem((db) => db.execute(sql`show statement_timeout`)),
          ),
        }).toEqual({ inTenant: '1234ms', asSystem: '1234ms', statement: '1234ms' });
      } finally {
        await operated.close();
      }
    }, 300_000);

    it('answers 503 for a request whose connection PostgreSQL ends under it, and serves the next one', async () => {
      // Without the 1 s limit, the request waits on the lock until its backend is ended, however long
      // a busy machine takes to find it (with the limit it had to be found within that second).
      const patient = await openTestDatabase({ statementTimeoutMs: 0 });
      const patientApp = await startTestApp({}, { database: patient });
      try {
        const t = await createTenant(patientApp);
        const release = await holdTable('customers', patient);
        try {
          const add = t.client.post('/customers/add', { phone: '5550100', name: 'Ana Lima' });
          // The request's backend, waiting on the held table: ended as a restart or an operator would.
          expect(await waitingOnLock(patient, true)).toBe(1);
          expect(await add).toMatchObject({ status: 503, body: { code: 'database_unavailable' } });
        } finally {
          await release();
        }
        const list = await t.client.get<{ customers: unknown[] }>('/customers?perPage=100');
        expect(list).toMatchObject({ status: 200, body: { customers: [] } });
      } finally {
        await patientApp.close();
        await patient.close();
      }
    }, 300_000);

    it('cancels a session check left waiting on a lock, then checks sessions again once it is free', async () => {
      const t = await createTenant(app);
      const release = await holdTable('devices');
      try {
        expect(await t.client.get('/customers')).toMatchObject({
          status: 503,
          body: { code: 'database_timeout' },
        });
      } finally {
        await release();
      }
      expect((await t.client.get('/customers')).status).toBe(200);
    }, 300_000);
  });
}
