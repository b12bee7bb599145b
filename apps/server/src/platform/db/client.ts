import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import {
  type PgDatabase,
  type PgQueryResultHKT,
  PgTable,
  type PgTransaction,
  getTableConfig,
} from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import type { Emit, TenantEvent } from '@comanda/core';
import * as schema from './schema.ts';
import { type MigrationSession, migrate } from './migrate.ts';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: every repository function takes one, so all of a mutation commits together. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      /** The owner: runs migrations and, unless appUrl is given, provisions the login role. */
      url: string;
      /** A login role the operator made (DATABASE_APP_URL); without it the app makes comanda_login. */
      appUrl?: string;
      poolSize?: number;
      /**
       * 'transaction' when a pooler that hands out a server connection per transaction (PgBouncer's
       * pool_mode=transaction) stands between the app and PostgreSQL: no connection then starts as a
       * role of its own (startup options), and no LISTEN connection is opened (docs/scaling.md).
       */
      poolMode?: PoolMode;
      /** The longest one statement of a request may run, lock waits included; 0: the app sets none. */
      statementTimeoutMs?: number;
      tenantIsolation?: TenantIsolation;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; tenantIsolation?: TenantIsolation };

/**
 * 'rls' (the default, and the only mode production uses): inTenant runs as comanda_app, so row-level
 * security hides other tenants' rows. 'filters-only' is for tests alone: inTenant still sets
 * app.tenant_id but runs as a role RLS does not bind (the PGlite superuser session, or an owner
 * connection on PostgreSQL), so a repo function that forgets its tenant_id filter fails a test instead
 * of being saved by RLS; and every statement it runs must name the tenant (see requireTenantFilter).
 */
export type TenantIsolation = 'rls' | 'filters-only';

/** How the connections reach PostgreSQL: each its own session, or through a transaction pooler. */
export type PoolMode = 'session' | 'transaction';

/** Tables with a tenant_id column: Citus distributes them by it, so every query of one must name it. */
const TENANT_TABLES = (Object.values(schema) as unknown[])
  .flatMap((t) => (is(t, PgTable) ? [getTableConfig(t)] : []))
  .filter((t) => t.columns.some((c) => c.name === 'tenant_id'))
  .map((t) => new RegExp(`\\b${t.name}\\b`));

/**
 * filters-only: a select, update or delete in a tenant transaction that reads a tenant table must
 * compare a tenant_id with a value. Ids are unique across tenants, so a filter forgotten where the id
 * came from the session or an earlier filtered read changes no answer; this catches it anyway (and
 * a query Citus could not route to one shard). Inserts carry the tenant in their values.
 */
function requireTenantFilter(query: string) {
  if (!/^\s*(select|update|delete|with)\b/i.test(query)) return;
  if (!TENANT_TABLES.some((table) => table.test(query))) return;
  if (/tenant_id"?\s*=\s*\$\d+/.test(query)) return;
  throw new Error(`A tenant query without a tenant_id filter: ${query}`);
}
const tenantFilterCheck = { logQuery: requireTenantFilter };

/**
 * A request's statement that runs longer is cancelled and the request answers 503: a runaway query
 * or a lock held too long then frees its pooled connection instead of holding it (docs/scaling.md).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/** The role requests log in as when the operator provides none (docs/database.md). */
export const LOGIN_ROLE = 'comanda_login';

export interface Database {
  kind: 'postgres' | 'pglite';
  /**
   * Plain queries on the request pool. On PostgreSQL it logs in as a role that owns nothing and has
   * no rights of its own: only inTenant and asSystem can read or write a table.
   */
  db: Db;
  /**
   * Runs fn in one transaction as the tenant: queries run as the unprivileged comanda_app role with
   * app.tenant_id set from the session, so row-level security hides every other tenant's rows.
   * Events fn emits are sent to the tenant's screens once the transaction has committed, and never
   * if it rolls back: this is the only way a tenant event leaves the server.
   */
  inTenant<T>(tenantId: number, fn: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
  /** Where committed events go; the app attaches its realtime server at start. */
  publishTo(sink: EventSink): void;
  /**
   * Hears a pooled connection PostgreSQL closed while it sat idle (a restart, a failover, an operator
   * ending sessions). The pool has already dropped it and the next query opens a new one: this is for
   * the log. Unheard, pg's pools would raise it as an uncaught error and stop the node.
   */
  onConnectionError(handler: (error: Error) => void): void;
  /**
   * The one explicit path that sees across tenants: sign-in lookups, session checks and super-admin
   * work. It runs as comanda_system, which may read and write only what those need (migration 0003).
   */
  asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement as comanda_system, outside any transaction, for the checks requests make before
   * their own work: the session check, a public menu code's or status token's tenant, a rate-limit
   * count. On PostgreSQL it runs on connections that logged in straight into that role: one round trip
   * instead of a transaction's four, on a pool of its own, so these never queue for the request pool.
   * On PGlite it is a plain statement on the one superuser session, as it was before the roles: a
   * transaction there would queue every request's check behind the others, and the embedded
   * database's roles catch our bugs, not attackers (the grants are tested on PostgreSQL).
   */
  statementAsSystem<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** The key that signs access tokens, shared by every node; read by the owner at start. */
  accessTokenKey: Uint8Array;
  /**
   * Names this deployment (its database) wherever it shares a service with others: the Redis channels
   * of its realtime events, where another deployment's tenant 5 must not hear this one's.
   */
  deploymentId: string;
  /**
   * On PostgreSQL (not behind a transaction pooler): a small pool whose connections run as
   * comanda_system, for the realtime adapter's LISTEN.
   */
  systemPool?: pg.Pool;
  /** The embedded database, for dumping a migrated copy in tests. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** Receives the events of one committed tenant transaction. */
export type EventSink = (tenantId: number, events: TenantEvent[]) => void;

// pg answers bigint (int8) as strings; ids and counts fit in a double, so read them as numbers like PGlite does.
pg.types.setTypeParser(20, (v) => Number(v));

// Any constant: serialises concurrent starts' provisioning within one database.
const PROVISION_LOCK = 727_002;

/**
 * The owner runs migrations and writes rows in every tenant (forced RLS still applies to an owner
 * without BYPASSRLS); a role that cannot would silently migrate nothing. Refuse to start instead.
 */
async function checkOwnerRole(client: pg.Client) {
  const { rows } = await client.query<{ ok: boolean }>(
    `select rolsuper or rolbypassrls as ok from pg_roles where rolname = current_user`,
  );
  if (!rows[0]?.ok) {
    throw new Error(
      'The DATABASE_URL role must be a superuser or have BYPASSRLS: it runs the migrations; see docs/database.md',
    );
  }
}

/**
 * The request pool's role must gain nothing from RESET ROLE: no superuser, no BYPASSRLS, no inherited
 * rights, and it must be able to switch to the two roles the app uses.
 */
async function checkLoginRole(pool: pg.Pool) {
  const { rows } = await pool.query<{
    rolname: string;
    unsafe: boolean;
    inherits: boolean;
    can_switch: boolean;
    owns: boolean;
    other_roles: boolean;
  }>(`
    select r.rolname,
      r.rolsuper or r.rolbypassrls as unsafe,
      pg_has_role(current_user, 'comanda_app', 'USAGE') or pg_has_role(current_user, 'comanda_system', 'USAGE') as inherits,
      pg_has_role(current_user, 'comanda_app', 'MEMBER') and pg_has_role(current_user, 'comanda_system', 'MEMBER') as can_switch,
      exists (select 1 from pg_class c where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace) as owns,
      exists (select 1 from pg_auth_members m join pg_roles g on g.oid = m.roleid
              where m.member = r.oid and g.rolname not in ('comanda_app', 'comanda_system')) as other_roles
    from pg_roles r where r.rolname = current_user`);
  const r = rows[0];
  const problem = !r
    ? 'is unknown'
    : r.unsafe
      ? 'must be NOSUPERUSER and NOBYPASSRLS'
      : r.inherits
        ? 'must be NOINHERIT (it would use comanda_app or comanda_system rights without switching)'
        : !r.can_switch
          ? 'must be granted comanda_app and comanda_system'
          : r.owns
            ? 'must own no tables'
            : r.other_roles
              ? 'must be a member of comanda_app and comanda_system only (SET ROLE would reach the others)'
              : undefined;
  if (problem) throw new Error(`The request role ${r?.rolname ?? ''} ${problem}; see docs/database.md`);
}

/** The owner's one connection, as a migration session (a transaction per call). */
function ownerSession(client: pg.Client) {
  return async <T>(fn: (s: MigrationSession) => Promise<T>): Promise<T> => {
    await client.query('begin');
    try {
      const result = await fn({
        exec: async (script) => void (await client.query(script)),
        query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback');
      throw error;
    }
  };
}

/** A secret shared by every node of one database, made by the first start; only the owner reads it. */
async function ensureSecret(s: MigrationSession, name: string): Promise<string> {
  await s.query(`insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing`, [
    name,
    crypto.randomBytes(32).toString('base64url'),
  ]);
  const [row] = await s.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes comanda_login (LOGIN, owns nothing, NOINHERIT, may SET ROLE to comanda_app and comanda_system)
 * and answers the URL to connect as it. Roles are cluster-wide and other databases of the cluster
 * (parallel test copies, a second site) may be doing the same right now: every step tolerates having
 * lost that race, and the whole is retried on the errors concurrent catalog writes raise.
 */
async function provisionLoginRole(owner: pg.Client, ownerUrl: string): Promise<string> {
  let password = '';
  for (let attempt = 1; ; attempt += 1) {
    try {
      await ownerSession(owner)(async (s) => {
        await s.query('select pg_advisory_xact_lock($1)', [PROVISION_LOCK]);
        password = await ensureSecret(s, 'database_login_password');
        await s.exec(`
          DO $$
          BEGIN
            CREATE ROLE ${LOGIN_ROLE} LOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE;
          EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
          END $$;
          GRANT comanda_app, comanda_system TO ${LOGIN_ROLE};`);
      });
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // unique_violation, duplicate_object, "tuple concurrently updated", deadlock, serialization
      if (attempt >= 5 || !['23505', '42710', 'XX000', '40P01', '40001'].includes(code ?? '')) throw error;
      await sleep(50 + Math.random() * 200);
    }
  }
  const u = new URL(ownerUrl);
  u.username = LOGIN_ROLE;
  u.password = password;
  const loginUrl = u.toString();
  // The password lives in this database; another database of the cluster may have set its own. Set
  // ours only when it does not work, so nodes of one database never lock each other out.
  const probe = new pg.Client({ connectionString: loginUrl });
  try {
    await probe.connect();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== '28P01' && code !== '28000') throw error;
    await owner.query(`ALTER ROLE ${LOGIN_ROLE} PASSWORD ${owner.escapeLiteral(password)}`);
  } finally {
    await probe.end().catch(() => undefined);
  }
  return loginUrl;
}

/**
 * The statement timeout the app sets, or none for 0: then a timeout the operator set on the role or
 * the database applies (the app's own setting would override it).
 */
const statementTimeoutOf = (options: Extract<DatabaseOptions, { kind: 'postgres' }>) => {
  const ms = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  return ms > 0 ? String(ms) : undefined;
};

/** Opens a PostgreSQL database: the owner migrates, then requests run on the login role's pool. */
async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>) {
  const owner = new pg.Client({ connectionString: options.url });
  await owner.connect();
  let accessTokenKey: string;
  let deploymentId: string;
  let appUrl: string;
  try {
    await checkOwnerRole(owner);
    await migrate(ownerSession(owner));
    accessTokenKey = await ownerSession(owner)((s) => ensureSecret(s, 'access_token_key'));
    deploymentId = await ownerSession(owner)((s) => ensureSecret(s, 'deployment_id'));
    appUrl = options.appUrl ?? (await provisionLoginRole(owner, options.url));
  } finally {
    await owner.end();
  }
  let connectionError: (error: Error) => void = () => undefined;
  // Each connection, idle in the pool or checked out by a transaction, reports its own loss; the
  // pool's own 'error' (the idle case again) needs a listener only so that it is not thrown.
  const heard = (p: pg.Pool) =>
    p
      .on('connect', (client) =>
        client.on('error', (error) => {
          connectionError(error);
          // The realtime adapter's LISTEN connection, lost: the adapter opens a new one but never gives
          // the lost one back, which would leave its pool of two one short for every loss.
          if (client.listenerCount('notification') > 0) client.release(error);
        }),
      )
      .on('error', () => undefined);
  const pool = heard(new pg.Pool({ connectionString: appUrl, max: options.poolSize ?? 10 }));
  try {
    await checkLoginRole(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  // Behind a transaction pooler a connection is not ours between transactions: it cannot start as a
  // role (PgBouncer refuses startup options) and cannot LISTEN. The system statements then switch
  // role inside a transaction, and realtime goes through Redis (config.ts requires REDIS_URL).
  const pooled = options.poolMode === 'transaction';
  const timeout = statementTimeoutOf(options);
  // The realtime adapter runs its own queries (LISTEN, its attachments table) outside any
  // transaction: its connections start as comanda_system (the server checks the membership).
  const systemPool = pooled
    ? undefined
    : heard(new pg.Pool({ connectionString: appUrl, max: 2, options: '-c role=comanda_system' }));
  // The system statements (statementAsSystem) likewise. These connections start as comanda_system, so
  // RESET ROLE on them returns to comanda_system: nothing more than what they already are.
  const sessionPool = heard(
    new pg.Pool({
      connectionString: appUrl,
      max: Math.max(2, Math.ceil((options.poolSize ?? 10) / 2)),
      ...(pooled
        ? {}
        : { options: `-c role=comanda_system${timeout ? ` -c statement_timeout=${timeout}` : ''}` }),
    }),
  );
  // Test-only (filters-only): the request role has no table rights of its own, so tenant
  // transactions run on the owner, whom RLS does not bind.
  const ownerPool =
    options.tenantIsolation === 'filters-only'
      ? heard(new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 }))
      : undefined;
  return {
    db: drizzlePg({ client: pool, schema }) as Db,
    systemDb: drizzlePg({ client: sessionPool, schema }) as Db,
    systemDbStartsAsSystem: !pooled,
    ...(ownerPool
      ? { unboundDb: drizzlePg({ client: ownerPool, schema, logger: tenantFilterCheck }) as Db }
      : {}),
    systemPool,
    accessTokenKey,
    deploymentId,
    onConnectionError: (handler: (error: Error) => void) => {
      connectionError = handler;
    },
    close: async () => {
      // The realtime adapter may still be acquiring its LISTEN connection when it is closed (a node
      // stopped right after starting); it then never gives it back and end() would wait for ever.
      await Promise.all([
        pool.end(),
        sessionPool.end(),
        ownerPool?.end(),
        systemPool && Promise.race([systemPool.end(), sleep(1_000)]),
      ]);
    },
  };
}

/** The embedded database's one session, as a migration session (a transaction per call). */
function pgliteSession(lite: PGlite) {
  return <T>(fn: (s: MigrationSession) => Promise<T>) =>
    lite.transaction((t) =>
      fn({
        exec: async (script) => void (await t.exec(script)),
        query: async <R>(text: string, params?: unknown[]) => (await t.query<R>(text, params)).rows,
      }),
    );
}

/**
 * The owner's own transactions, which neither row-level security nor the grants limit: for the
 * operator's tools (backup and restore), never for requests. Opening it migrates nothing.
 */
export interface OwnerDatabase {
  kind: 'postgres' | 'pglite';
  transaction<T>(fn: (s: MigrationSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the owner's session: the DATABASE_URL role (checked as for a start), or the embedded
 * database's one session, from its data dir or an instance already open (closed by its opener).
 */
export async function openOwnerDatabase(
  options:
    | { kind: 'postgres'; url: string }
    | { kind: 'pglite'; dataDir: string }
    | { kind: 'pglite'; pglite: PGlite },
): Promise<OwnerDatabase> {
  if (options.kind === 'postgres') {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      await checkOwnerRole(client);
    } catch (error) {
      await client.end();
      throw error;
    }
    return { kind: 'postgres', transaction: ownerSession(client), close: () => client.end() };
  }
  if ('pglite' in options) {
    return { kind: 'pglite', transaction: pgliteSession(options.pglite), close: async () => undefined };
  }
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const lite = await PGlite.create({ dataDir: options.dataDir });
  return { kind: 'pglite', transaction: pgliteSession(lite), close: () => lite.close() };
}

/** Opens the embedded database (one superuser session) and applies pending migrations. */
async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>) {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const lite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const session = pgliteSession(lite);
  await migrate(session);
  const accessTokenKey = await session((s) => ensureSecret(s, 'access_token_key'));
  const deploymentId = await session((s) => ensureSecret(s, 'deployment_id'));
  return {
    db: drizzlePglite({ client: lite, schema }) as Db,
    pglite: lite,
    accessTokenKey,
    deploymentId,
    close: () => lite.close(),
  };
}

/** Opens the database (embedded PGlite or a PostgreSQL server) and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const opened = options.kind === 'postgres' ? await openPostgres(options) : await openPglite(options);
  const { db } = opened;
  // Set per transaction beside the tenant, so it costs no round trip and holds behind a transaction
  // pooler. PostgreSQL only: the embedded database's one session cannot interrupt a statement.
  const timeout = options.kind === 'postgres' ? statementTimeoutOf(options) : undefined;
  const limits = timeout ? sql`, set_config('statement_timeout', ${timeout}, true)` : sql``;
  // The same path on both drivers: SET LOCAL ROLE, undone at commit. On PGlite the session is a
  // superuser, so these switches are what make RLS and the grants apply there at all.
  const as = <T>(role: 'comanda_app' | 'comanda_system', tenantId: string, fn: (tx: Tx) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.tenant_id', ${tenantId}, true), set_config('role', ${role}, true)${limits}`,
      );
      return fn(tx);
    });
  // filters-only (tests): tenant transactions set app.tenant_id without the role switch, as the
  // PGlite superuser session or the PostgreSQL owner, so only the repos' own filters separate tenants.
  const unbound =
    options.tenantIsolation !== 'filters-only'
      ? undefined
      : 'pglite' in opened
        ? (drizzlePglite({ client: opened.pglite, schema, logger: tenantFilterCheck }) as Db)
        : opened.unboundDb;
  const asTenant = <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) =>
    unbound
      ? unbound.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)${limits}`);
          return fn(tx);
        })
      : as('comanda_app', tenantId, fn);
  let sink: EventSink = () => undefined;
  return {
    kind: options.kind,
    db,
    publishTo: (next) => {
      sink = next;
    },
    // The embedded database has no connections to lose.
    onConnectionError: 'onConnectionError' in opened ? opened.onConnectionError : () => undefined,
    accessTokenKey: Buffer.from(opened.accessTokenKey, 'base64url'),
    deploymentId: opened.deploymentId,
    systemPool: 'systemPool' in opened ? opened.systemPool : undefined,
    pglite: 'pglite' in opened ? opened.pglite : undefined,
    close: opened.close,
    inTenant: async (tenantId, fn) => {
      const queued: TenantEvent[] = [];
      const emit: Emit = (name, payload) => void queued.push({ name, payload } as TenantEvent);
      const result = await asTenant(String(tenantId), (tx) => fn(tx, emit));
      if (queued.length) sink(tenantId, queued);
      return result;
    },
    asSystem: (fn) => as('comanda_system', '', fn),
    statementAsSystem: (fn) => {
      if (!('systemDb' in opened)) return fn(db);
      if (opened.systemDbStartsAsSystem) return fn(opened.systemDb);
      // Behind a transaction pooler: the role lasts as long as the transaction holding the connection.
      return opened.systemDb.transaction(async (tx) => {
        await tx.execute(sql`select set_config('role', 'comanda_system', true)${limits}`);
        return fn(tx);
      });
    },
  };
}
