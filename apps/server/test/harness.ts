import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type Database, openDatabase } from '../src/platform/db/client.ts';

export const SUPERADMIN = { username: 'root@comanda.test', password: 'super-secret-1' };

/** A fresh copy of the migrated database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const db = inject('db');
  if (db.kind === 'pglite') {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(db.file)]) });
  }
  const name = `comanda_t_${db.template.replace('comanda_tpl_', '')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${db.template}`);
  await admin.end();
  const u = new URL(db.url);
  u.pathname = `/${name}`;
  return openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 4 });
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** The real application on a loopback port with its own database and data dir (and a web build to serve). */
export async function startTestApp(env: Record<string, string> = {}, opts: { webDist?: string } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    ...env,
  });
  const database = await openTestDatabase();
  const { app, ctx } = await buildApp({ config, database, logger: false, webDist: opts.webDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    ctx,
    database,
    url,
    dataDir,
    /** A new browser-like client with its own cookie jar. */
    client: (userAgent?: string) => new TestClient(url, userAgent),
    async close() {
      await app.close();
      await database.close();
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
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
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

/** Factory: a fresh tenant with its admin signed in on a new client (tests isolate by tenancy). */
export async function createTenant(app: TestApp, opts: { bizName?: string; password?: string } = {}) {
  const username = uniqueUsername();
  const password = opts.password ?? 'correct horse battery';
  const bizName = opts.bizName ?? 'Cafe Test';
  const client = app.client();
  const signup = await client.post('/auth/signup', { biz_name: bizName, username, password });
  if (signup.status !== 200) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const signin = await client.post<{ user: { tenant_id: number } }>('/auth/signin', { username, password });
  if (signin.status !== 200) throw new Error(`signin failed: ${JSON.stringify(signin.body)}`);
  return { client, username, password, tenantId: signin.body.user.tenant_id };
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
