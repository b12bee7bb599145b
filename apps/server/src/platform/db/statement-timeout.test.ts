import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import {
  type TestApp,
  type TestDatabase,
  auditActions,
  createTenant,
  openTestDatabase,
  rowsOf,
  startTestApp,
} from '../../../test/harness.ts';

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
  });
});

if (kind === 'postgres') {
  describe('statement timeout on PostgreSQL', () => {
    /** Another session (the owner, as a migration or an operator's script would) holds a table. */
    async function holdTable(table: string) {
      const owner = new pg.Client({ connectionString: database.ownerUrl });
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
    });

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
    });
  });
}
