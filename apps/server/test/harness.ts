import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { inject, onTestFinished, vi } from 'vitest';
import type { Emit } from '@comanda/core';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import {
  type Database,
  type Db,
  type TenantIsolation,
  type Tx,
  openDatabase,
} from '../src/platform/db/client.ts';
import { insertUser } from '../src/modules/users/users.repo.ts';
import { COOKIES } from '../src/platform/session-tokens.ts';
import { deviceName } from '../src/platform/user-agent.ts';
import * as schema from '../src/platform/db/schema.ts';

export const SUPERADMIN = { username: 'root@comanda.test', password: 'super-secret-1' };

export interface TestDatabase extends Database {
  /**
   * Test set-up only: a transaction as the owner, which neither RLS nor grants limit (ageing a token,
   * deactivating a tenant). The app itself has no such path: asSystem is narrow on purpose.
   */
  asOwner<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The owner's connection URL (PostgreSQL only). */
  ownerUrl?: string;
}

/** A fresh PostgreSQL database copied from the migrated template (dropped by the global teardown). */
export async function copyTemplateDatabase(db: { url: string; template: string }): Promise<string> {
  const name = `comanda_t_${db.template.replace('comanda_tpl_', '')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${db.template}`);
  await admin.end();
  const u = new URL(db.url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * TEST_RLS=off runs the suite with row-level security out of the way (inTenant sets the tenant but
 * not the role), so a repo function that forgets its tenant_id filter fails a test. Test-only: nothing
 * in the app can select this mode.
 */
const tenantIsolation: TenantIsolation = process.env.TEST_RLS === 'off' ? 'filters-only' : 'rls';

/** The same database and role, reached through the PgBouncer on a loopback port (test/pgbouncer.ts). */
export function viaPgbouncer(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

/**
 * A fresh copy of the migrated database. Through a PgBouncer in transaction pooling mode (its port
 * given, or TEST_PGBOUNCER=1's) the app reaches it that way, migrations included; the tests' own owner
 * connection (asOwner) does not.
 */
export async function openTestDatabase(
  opts: {
    pgbouncerPort?: number;
    statementTimeoutMs?: number;
    /** PostgreSQL only: settings an operator made on the database (ALTER DATABASE … SET) before the start. */
    databaseSettings?: Record<string, string>;
  } = {},
): Promise<TestDatabase> {
  const db = inject('db');
  if (db.kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Blob([fs.readFileSync(db.file)]),
      tenantIsolation,
    });
    // The embedded session is a superuser; outside inTenant/asSystem nothing switches its role.
    const owner: Db = drizzlePglite({ client: database.pglite!, schema });
    return Object.assign(database, { asOwner: <T>(fn: (tx: Tx) => Promise<T>) => owner.transaction(fn) });
  }
  const ownerUrl = await copyTemplateDatabase(db);
  if (opts.databaseSettings) {
    const admin = new pg.Client({ connectionString: ownerUrl });
    await admin.connect();
    const name = new URL(ownerUrl).pathname.slice(1);
    for (const [key, value] of Object.entries(opts.databaseSettings)) {
      await admin.query(`alter database ${name} set ${key} = ${admin.escapeLiteral(value)}`);
    }
    await admin.end();
  }
  const pgbouncerPort = opts.pgbouncerPort ?? db.pgbouncerPort;
  const database = await openDatabase({
    kind: 'postgres',
    url: pgbouncerPort ? viaPgbouncer(ownerUrl, pgbouncerPort) : ownerUrl,
    poolSize: 4,
    tenantIsolation,
    statementTimeoutMs: opts.statementTimeoutMs,
    ...(pgbouncerPort ? { poolMode: 'transaction' as const } : {}),
  });
  const ownerPool = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  const owner: Db = drizzlePg({ client: ownerPool, schema });
  const closeApp = database.close.bind(database);
  return Object.assign(database, {
    ownerUrl,
    asOwner: <T>(fn: (tx: Tx) => Promise<T>) => owner.transaction(fn),
    close: async () => {
      await Promise.all([closeApp(), ownerPool.end()]);
    },
  });
}

const appDatabaseOf = new WeakMap<TestDatabase, TestDatabase>();

/**
 * The database as tests see it: their own set-up and inspection in a tenant (app.database.inTenant)
 * always runs behind RLS, as comanda_app, so it needs no tenant filter of its own. Only the app runs
 * filters-only under TEST_RLS=off: a filter it forgets then shows in what it answers or changes.
 */
function behindRls(database: TestDatabase): TestDatabase {
  if (tenantIsolation === 'rls') return database;
  const tests: TestDatabase = {
    ...database,
    inTenant: async (tenantId, fn) => {
      const queued: Parameters<Emit>[] = [];
      const result = await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'comanda_app', true)`,
        );
        return fn(tx, (...event: Parameters<Emit>) => void queued.push(event));
      });
      // Committed: its events leave the one way events leave, through the app's own inTenant.
      if (queued.length)
        await database.inTenant(tenantId, async (_tx, emit) => queued.forEach((e) => emit(...e)));
      return result;
    },
  };
  appDatabaseOf.set(tests, database);
  return tests;
}

export type TestApp = Awaited<ReturnType<typeof bootTestApp>>;

/** A port the kernel says is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

interface TestAppOptions {
  logStream?: { write(line: string): void };
  /** A fixed or moving clock for the app (time-zone edges of "today"). */
  now?: () => Date;
  /** How often an open socket reads its session again, for a session end brought about on `now`. */
  sessionRecheckMs?: number;
  database?: TestDatabase;
  webDist?: string;
}

// Booting an app and copying the database is most of a small file's time: every file of a worker
// (the server project runs with isolate: false) shares one default app. Tests keep apart by tenant
// (createTenant), so none may count rows across tenants. The worker's exit ends it.
let sharedApp: Promise<TestApp> | undefined;

/**
 * The real application on a loopback port. With no env and no options: the worker's shared app, whose
 * close() does nothing. With either: an app of its own, with its own database (unless given) and data
 * dir, closed by close().
 */
export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  if (Object.keys(env).length > 0 || Object.keys(opts).length > 0) return bootTestApp(env, opts);
  sharedApp ??= bootTestApp({}, {});
  return { ...(await sharedApp), close: async () => undefined };
}

/**
 * The real application on a loopback port with its own database and data dir (and a web build
 * to serve, when given). The port is chosen
 * first so that PUBLIC_URL (unless a test sets one) is the URL the server really answers on, as in
 * production: the Origin checks compare with it.
 */
async function bootTestApp(env: Record<string, string>, opts: TestAppOptions) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-test-'));
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: opts.logStream ? 'info' : 'silent',
    HOST: '127.0.0.1',
    PORT: String(port),
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    // Every test signs in from 127.0.0.1, and the files of a worker share one app and one super admin;
    // the rate-limit tests set their own, low budget.
    AUTH_RATE_LIMIT: '100000',
    AUTH_ADDRESS_RATE_LIMIT: '100000',
    QR_ORDER_ADDRESS_RATE_LIMIT: '100000',
    QR_ORDER_TABLE_RATE_LIMIT: '100000',
    QR_ORDER_STORE_RATE_LIMIT: '100000',
    QR_STATUS_RATE_LIMIT: '100000',
    QR_MENU_RATE_LIMIT: '100000',
    IMAGE_RATE_LIMIT: '100000',
    WEBHOOK_RATE_LIMIT: '100000',
    ...env,
  });
  // A second app on another's database is a second node of one deployment.
  const database = opts.database
    ? (appDatabaseOf.get(opts.database) ?? opts.database)
    : await openTestDatabase();
  const { app, ctx, auth, routes } = await buildApp({
    config,
    database,
    ...(opts.webDist ? { webDist: opts.webDist } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.sessionRecheckMs ? { sessionRecheckMs: opts.sessionRecheckMs } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    ctx,
    auth,
    /** Every API route with its access rule, as registered. */
    routes,
    database: behindRls(database),
    url,
    dataDir,
    /** A new browser-like client with its own cookie jar. */
    client: (userAgent?: string) => new TestClient(url, userAgent),
    async close() {
      await app.close();
      if (!opts.database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Real HTTP with a cookie jar, like a browser tab. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Another tab or a thief with a copy of this client's cookies. */
  copy(): TestClient {
    const c = new TestClient(this.baseUrl, this.userAgent);
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const raw = typeof body === 'string' || body instanceof Uint8Array;
    const res = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers: {
        'user-agent': this.userAgent,
        ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? (body as string) : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      const expired = attrs.some(
        (a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()),
      );
      if (!name) continue;
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}

let seq = 0;
/** A unique e-mail style username. */
export function uniqueUsername(prefix = 'owner'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}-${crypto.randomBytes(3).toString('hex')}@cafe.test`;
}

// argon2 is deliberately slow; a factory that hashed per tenant would spend most of the suite on it.
const passwordHashes = new Map<string, Promise<string>>();
function passwordHashOf(app: TestApp, password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = app.ctx.passwords.hash(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** Puts a freshly started session's cookies in a client's jar, as a sign-in answer would. */
function adoptSession(client: TestClient, session: { access: string; refresh: string }) {
  client.cookies.set(COOKIES.tenant.access, session.access);
  client.cookies.set(COOKIES.tenant.refresh, session.refresh);
  client.cookies.set(COOKIES.tenant.marker, '1');
}

/**
 * Factory: a fresh tenant with its admin signed in on a new client (tests isolate by tenancy). It goes
 * through the same service code as sign-up and sign-in, minus HTTP and a fresh password hash: only the
 * auth tests sign up and sign in over HTTP.
 */
export async function createTenant(app: TestApp, opts: { bizName?: string; password?: string } = {}) {
  const username = uniqueUsername();
  const password = opts.password ?? 'correct horse battery';
  const client = app.client();
  const user = await app.auth.createTenantWithAdmin({
    bizName: opts.bizName ?? 'Cafe Test',
    username,
    passwordHash: await passwordHashOf(app, password),
    timezone: 'UTC',
  });
  adoptSession(
    client,
    await app.auth.startSession(user, { ip: '127.0.0.1', deviceName: deviceName(client.userAgent) }),
  );
  return { client, username, password, tenantId: user.tenantId };
}

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

/**
 * Factory: a staff user (named Rui unless told) in the owner's tenant, signed in on a new client. Like
 * createTenant it writes the row and starts the session directly, with the cached password hash: only
 * the tests of sign-in and of /users/add go through HTTP for that.
 */
export async function createColleague(
  app: TestApp,
  owner: { tenantId: number },
  opts: {
    scopes: string[];
    name?: string;
    password?: string;
    designation?: string;
    phone?: string;
  },
) {
  const username = uniqueUsername('staff');
  const password = opts.password ?? 'staff pw';
  const passwordHash = await passwordHashOf(app, password);
  const user = await app.database.inTenant(owner.tenantId, (tx) =>
    insertUser(tx, owner.tenantId, {
      username,
      passwordHash,
      name: opts.name ?? 'Rui',
      role: 'staff',
      scope: opts.scopes.join(','),
      designation: opts.designation ?? null,
      phone: opts.phone ?? null,
    }),
  );
  const client = app.client();
  adoptSession(
    client,
    await app.auth.startSession(user, { ip: '127.0.0.1', deviceName: deviceName(client.userAgent) }),
  );
  return { client, username, password, userId: user.id };
}

/** The rows of a raw `tx.execute(sql...)`: both drivers answer them as `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const fingerprintQueries = new WeakMap<TestDatabase, ReturnType<typeof sql>>();

/**
 * A fingerprint of every row in the app's database, in one query: each table's row count and newest
 * row version (xmin). An insert or a delete changes the count, an update writes a newer version. The
 * rate-limit counters are left out: they count every attempt, refused or not, which is their point.
 */
export async function databaseFingerprint(app: TestApp): Promise<string> {
  return app.database.asOwner(async (tx) => {
    let query = fingerprintQueries.get(app.database);
    if (!query) {
      const tables = rowsOf<{ name: string }>(
        await tx.execute(sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name <> 'rate_limit_counters'
          order by table_name`),
      );
      query = sql.join(
        tables.map(
          ({ name }) =>
            sql`select ${name} as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as f from ${sql.identifier(name)}`,
        ),
        sql` union all `,
      );
      fingerprintQueries.set(app.database, query);
    }
    const rows = rowsOf<{ t: string; f: string }>(await tx.execute(query));
    return rows.map((r) => `${r.t}=${r.f}`).join(' ');
  });
}

/** The tenant's audit actions, oldest first. */
export async function auditActions(app: TestApp, tenantId: number): Promise<string[]> {
  const rows = await app.database.inTenant(tenantId, (tx) =>
    tx.select({ action: schema.auditLog.action }).from(schema.auditLog).orderBy(asc(schema.auditLog.id)),
  );
  return rows.map((r) => r.action);
}

/** A GET answered with bytes (QR codes, images), read raw rather than as JSON; path is from the origin. */
export async function download(client: TestClient, path: string) {
  const res = await fetch(`${client.baseUrl}${path}`, {
    headers: client.cookies.size ? { cookie: client.cookieHeader() } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/**
 * A socket.io client carrying a browser client's cookies (none: a public socket), connected and
 * settled: `authenticated` says whether the server put it in its tenant's room. Closed when the test ends.
 */
export async function connectSocket(
  app: { url: string },
  client?: TestClient,
  headers: Record<string, string> = {},
): Promise<{ socket: Socket; authenticated: boolean }> {
  const socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { ...(client ? { cookie: client.cookieHeader() } : {}), ...headers },
    reconnection: false,
  });
  onTestFinished(() => void socket.close());
  let authenticated = false;
  socket.once('authenticated', () => (authenticated = true));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The server sends `authenticated` as it admits the socket, so before it answers anything the
  // socket says: once this acknowledgement is back, no `authenticated` means a public socket.
  await socket.timeout(5000).emitWithAck('authenticate', {});
  return { socket, authenticated };
}

/** Every payload of one event a socket receives, from now on. */
export function record(socket: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  socket.on(event, (payload: unknown) => got.push(payload));
  return got;
}

/** The next payload of an event on a socket: the positive control that makes "nothing else came" mean something. */
export function next(socket: Socket, event: string): Promise<unknown> {
  return new Promise((resolve) => socket.once(event, resolve));
}

/** Reads the newest reset link written to the outbox for a recipient (no SMTP in tests). */
export function lastResetToken(app: TestApp, to: string): string {
  const dir = path.join(app.dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  for (const f of files.reverse()) {
    const mail = fs.readFileSync(path.join(dir, f), 'utf8');
    if (!mail.includes(`To: ${to}`)) continue;
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /reset-password\?token=([^\s]+)/.exec(unfolded);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no reset mail for ${to}`);
}

/**
 * Waits for a reset link mailed to a recipient: forgot-password answers first and mails afterwards,
 * so the mail lands a moment after the answer. `other` skips a link already seen.
 */
export async function waitForResetToken(app: TestApp, to: string, other?: string): Promise<string> {
  return vi.waitFor(
    () => {
      const token = lastResetToken(app, to);
      if (token === other) throw new Error(`no new reset mail for ${to}`);
      return token;
    },
    { timeout: 5000, interval: 20 },
  );
}
