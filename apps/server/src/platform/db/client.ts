import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { migrate } from './migrate.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: every repository function takes one, so all of a mutation commits together. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  /**
   * Runs fn in one transaction as the tenant: queries run as the unprivileged comanda_app role with
   * app.tenant_id set from the session, so row-level security hides every other tenant's rows.
   */
  inTenant<T>(tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The one explicit path that sees across tenants: sign-in lookups, session checks and super-admin work.
   * It runs as the connecting (owner) role; keep its callers few and obvious.
   */
  asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** pg's pool when on PostgreSQL (the realtime adapter shares it). */
  pool?: pg.Pool;
  /** The embedded database, for dumping a migrated copy in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

// pg answers bigint (int8) as strings; ids and counts fit in a double, so read them as numbers like PGlite does.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The connecting role runs migrations and the system path, so it must see every tenant's rows; a role
 * that cannot would start fine and then fail every sign-in. Refuse to start instead, in one line.
 */
async function checkConnectingRole(pool: pg.Pool) {
  const { rows } = await pool.query<{ ok: boolean }>(
    `select rolsuper or rolbypassrls as ok from pg_roles where rolname = current_user`,
  );
  if (!rows[0]?.ok) {
    throw new Error(
      'The DATABASE_URL role must be a superuser or have BYPASSRLS (tenant requests switch to comanda_app); see docs/database.md',
    );
  }
}

/** Opens the database (embedded PGlite or a PostgreSQL server) and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let db: Db;
  let close: () => Promise<void>;
  let pool: pg.Pool | undefined;
  let pglite: PGlite | undefined;
  if (options.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const p = pool;
    db = drizzlePg({ client: pool, schema });
    close = () => p.end();
  } else {
    if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
    pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    const client = pglite;
    db = drizzlePglite({ client, schema });
    close = () => client.close();
  }
  if (pool) {
    const p = pool;
    if (pool) await checkConnectingRole(pool);
    await migrate(async (fn) => {
      const c = await p.connect();
      try {
        await c.query('begin');
        await fn({
          exec: async (script) => void (await c.query(script)),
          query: async <R>(text: string, params?: unknown[]) => (await c.query(text, params)).rows as R[],
        });
        await c.query('commit');
      } catch (error) {
        await c.query('rollback');
        throw error;
      } finally {
        c.release();
      }
    });
  } else if (pglite) {
    const lite = pglite;
    await migrate((fn) =>
      lite.transaction(async (t) => {
        await fn({
          exec: async (script) => void (await t.exec(script)),
          query: async <R>(text: string, params?: unknown[]) => (await t.query<R>(text, params)).rows,
        });
      }),
    );
  }
  return {
    kind: options.kind,
    db,
    pool,
    pglite,
    close,
    inTenant: (tenantId, fn) =>
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'comanda_app', true)`,
        );
        return fn(tx);
      }),
    asSystem: (fn) => db.transaction((tx) => fn(tx)),
  };
}
