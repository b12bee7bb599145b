import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Invoices, OrderPaid } from '@comanda/core';
import {
  type TestApp,
  type TestClient,
  download,
  openTestDatabase,
  rowsOf,
  startTestApp,
} from '../../../test/harness.ts';
import { type OwnerDatabase, openDatabase, openOwnerDatabase } from '../../platform/db/client.ts';
import { applyMigrations, migrationFiles } from '../../platform/db/migrate.ts';
import { imageForm, postForm } from '../menu/menu.fixtures.ts';
import { type Store, createStore, payBody, sendOrder } from '../orders/orders.fixtures.ts';
import { schemaLevel } from './backup.repo.ts';
import { BackupError, backup, backupKey, restore } from './backup.service.ts';

// Round trips through the app's own answers: a store made over HTTP is backed up, restored into a
// fresh database (by the command an operator runs) or back into its own, and a second app on the
// restored database must answer sign-in, the menu, the photo, the invoices and the reports exactly
// as the first did, and take new orders. Both apps read one fixed clock, so "today" is one day.

const clock = new Date();
const now = () => clock;
const CLI = path.resolve('apps/server/src/modules/backup/backup-cli.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-backup-'));
const db = inject('db');
// The operator's key (BACKUP_KEY): files are signed with it, and restore checks them against it.
const KEY = 'test-backup-key-0123456789abcdef0123456789';
const key = Buffer.from(KEY);

let app: TestApp;
let a: Store;
let b: Store;
beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: 'silent' }, { now });
  a = await storeWithHistory();
  b = await storeWithHistory();
}, 300_000);
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A store with a photographed dish and a customer added over HTTP, a paid bill in a closed shift and an open order. */
async function storeWithHistory() {
  const s = await createStore(app);
  const add = await s.owner.client.post<{ id: number }>('/menu-items/add', { title: 'Tart', price: '4.50' });
  expect(add.status).toBe(200);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer();
  expect(
    (await postForm(s.owner.client, `/menu-items/update/${add.body.id}/upload-photo`, imageForm(photo)))
      .status,
  ).toBe(200);
  const customer = await s.owner.client.post<{ customer: { id: number } }>('/customers/add', {
    phone: '555-0199',
    name: 'Bea',
  });
  expect(customer.status).toBe(200);
  // A closed shift holding the paid bill, and an open one: restored payments keep their shift.
  const shift = await s.owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: 10 });
  expect(shift.status).toBe(200);
  const paid = await s.owner.client.post<OrderPaid>(
    '/pos/create-order-and-invoice',
    payBody(s, { customerType: 'CUSTOMER', customerId: customer.body.customer.id }),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const close = await s.owner.client.post(`/shifts/${shift.body.shift.id}/close`, {
    counts: [{ key: `type:${s.cash}`, counted: 57.63 }],
  });
  expect(close.status, JSON.stringify(close.body)).toBe(200);
  expect((await s.owner.client.post('/shifts/open', { float: 5 })).status).toBe(200);
  await sendOrder(app, s);
  return s;
}

/** What the store's screens show: compared before the backup and after the restore. */
async function answers(client: TestClient) {
  const paths = [
    '/auth/me',
    '/menu-items',
    '/customers?perPage=100',
    '/invoices?type=today',
    '/orders',
    '/reports?type=today',
    '/dashboard',
    '/settings/store-setting',
    '/shifts',
    '/shifts/current',
  ];
  const out: Record<string, unknown> = {};
  for (const p of paths) {
    const res = await client.get(p);
    expect(res.status, `${p}: ${JSON.stringify(res.body)}`).toBe(200);
    out[p] = res.body;
  }
  const items = out['/menu-items'] as { image: string | null }[];
  const photo = items.find((i) => i.image)?.image;
  expect(photo).toBeTruthy();
  out.photo = crypto
    .createHash('sha256')
    .update((await download(client, photo!)).bytes)
    .digest('hex');
  return out;
}

async function signIn(target: TestApp, s: Store) {
  const client = target.client();
  const res = await client.post('/auth/signin', { username: s.owner.username, password: s.owner.password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

/** The owner's session on the source app's database. */
function sourceOwner(): Promise<OwnerDatabase> {
  const database = app.database;
  return database.ownerUrl
    ? openOwnerDatabase({ kind: 'postgres', url: database.ownerUrl })
    : openOwnerDatabase({ kind: 'pglite', pglite: database.pglite! });
}

async function backupTo(file: string, tenant?: string) {
  const owner = await sourceOwner();
  try {
    return await backup(owner, { out: file, key, ...(tenant ? { tenant } : {}) });
  } finally {
    await owner.close();
  }
}

/**
 * A database no Comanda has touched, as `npm start` would find it: its environment for the
 * commands, and a way to open it once restored.
 */
async function emptyTarget() {
  if (db.kind === 'postgres') {
    const name = `comanda_t_${db.template.replace('comanda_tpl_', '')}_r${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(db.url);
    u.pathname = `/${name}`;
    const url = u.toString();
    return {
      env: { DATABASE_URL: url, DATA_DIR: fs.mkdtempSync(path.join(dir, 'data-')), BACKUP_KEY: KEY },
      owner: () => openOwnerDatabase({ kind: 'postgres', url }),
      open: () => openDatabase({ kind: 'postgres', url, poolSize: 4 }),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
  return {
    env: { DATABASE_URL: '', DATA_DIR: dataDir, BACKUP_KEY: KEY },
    owner: () => openOwnerDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
    open: () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }),
  };
}

type Target = Awaited<ReturnType<typeof emptyTarget>>;

/** Runs `npm run backup|restore -- args` as an operator would, in a target's environment. */
async function command(target: Target, args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, ...target.env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A second app on a restored database (closed when the test is over). */
async function appOn(target: Target) {
  const database = await target.open();
  const restored = await startTestApp(
    { LOG_LEVEL: 'silent' },
    { now, database: Object.assign(database, { asOwner: () => Promise.reject(new Error('not used')) }) },
  );
  return {
    app: restored,
    close: async () => {
      await restored.close();
      await database.close();
    },
  };
}

/** How many rows of each table the target holds, by the owner; `undefined` if it has no tables. */
async function tablesOf(target: Target) {
  const owner = await target.owner();
  try {
    return await owner.transaction(async (s) => {
      const [t] = await s.query<{ ok: boolean }>(`select to_regclass('public.tenants') is not null as ok`);
      if (!t?.ok) return undefined;
      const [n] = await s.query<{ n: number }>('select count(*)::int as n from tenants');
      return n?.n;
    });
  } finally {
    await owner.close();
  }
}

/** The lines of a backup file, gunzipped. */
function linesOf(file: string) {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8').trimEnd().split('\n');
}

describe('a full backup', () => {
  it('restores into an empty database, where every store answers as before and takes new orders', async () => {
    const before = { a: await answers(a.owner.client), b: await answers(b.owner.client) };
    const file = path.join(dir, 'all.jsonl.gz');
    const made = await backupTo(file);
    expect(made).toMatchObject({ scope: 'all' });

    const target = await emptyTarget();
    const res = await command(target, ['restore', '--in', file]);
    expect(res, res.stderr).toMatchObject({ code: 0 });
    expect(res.stdout).toContain(`Restored all tenants: ${made.rows} rows of ${made.tables} tables`);

    const restored = await appOn(target);
    try {
      // Passwords survive; sessions do not (they are not in the file): everyone signs in again.
      expect((await restored.app.client().get('/auth/me')).status).toBe(401);
      const ca = await signIn(restored.app, a);
      const cb = await signIn(restored.app, b);
      expect(await answers(ca)).toEqual(before.a);
      expect(await answers(cb)).toEqual(before.b);

      // The ids go on from the restored ones: a new bill is paid and shows beside the old one.
      const paid = await ca.post<OrderPaid>('/pos/create-order-and-invoice', payBody(a));
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const invoices = (await ca.get<Invoices>('/invoices?type=today')).body.invoices;
      expect(invoices).toHaveLength(2);
      expect(new Set(invoices.map((i) => i.invoice_id)).size).toBe(2);
      const report = await ca.get<Record<string, unknown>>('/reports?type=today');
      expect(report.body).not.toEqual(before.a['/reports?type=today']);
    } finally {
      await restored.close();
    }

    // A database that is no longer empty takes no full backup, and keeps what it has.
    const owner = await target.owner();
    try {
      await expect(restore(owner, { file, key })).rejects.toThrow('The database is not empty');
    } finally {
      await owner.close();
    }
    expect(await tablesOf(target)).toBe(2);
  }, 300_000);
});

describe('a tenant backup', () => {
  it('holds that tenant only, and restores it after it was deleted without touching the other', async () => {
    const file = path.join(dir, 'tenant-a.jsonl');
    const made = await backupTo(file, a.owner.username);
    expect(made).toMatchObject({ scope: 'tenant', tenantId: a.owner.tenantId });
    const lines = linesOf(file).map((l) => JSON.parse(l) as unknown);
    expect(lines[0]).toMatchObject({ format: 'comanda-backup', scope: 'tenant', tenantId: a.owner.tenantId });
    let columns: string[] = [];
    let table = '';
    const tables = new Set<string>();
    for (const line of lines.slice(1, -1)) {
      if (!Array.isArray(line)) {
        ({ table, columns } = line as { table: string; columns: string[] });
        tables.add(table);
        continue;
      }
      const owner = line[columns.indexOf(table === 'tenants' ? 'id' : 'tenant_id')] as unknown;
      expect([table, owner]).toEqual([table, a.owner.tenantId]);
    }
    expect(tables).toContain('images');
    expect(tables).toContain('sales_hourly');
    expect(tables).not.toContain('devices');
    expect(tables).not.toContain('app_secrets');

    const beforeA = await answers(a.owner.client);
    const beforeB = await answers(b.owner.client);
    const source = await sourceOwner();
    try {
      await expect(restore(source, { file, key })).rejects.toThrow(
        `Tenant ${a.owner.tenantId} exists in this database: add --replace`,
      );
      await app.database.asOwner((tx) => tx.execute(sql`select purge_tenant(${a.owner.tenantId})`));
      expect(
        (await app.client().post('/auth/signin', { username: a.owner.username, password: a.owner.password }))
          .status,
      ).toBe(401);
      expect(await restore(source, { file, key })).toEqual({
        scope: 'tenant',
        tenantId: a.owner.tenantId,
        tables: made.tables,
        rows: made.rows,
      });
    } finally {
      await source.close();
    }
    const client = await signIn(app, a);
    expect(await answers(client)).toEqual({ ...beforeA });
    expect(await answers(b.owner.client)).toEqual(beforeB);

    // --replace puts the backup's data back over what changed since.
    expect((await client.post('/pos/create-order-and-invoice', payBody(a))).status).toBe(200);
    expect(await answers(client)).not.toEqual(beforeA);
    const again = await sourceOwner();
    try {
      await restore(again, { file, key, replace: true });
    } finally {
      await again.close();
    }
    expect(await answers(await signIn(app, a))).toEqual(beforeA);
    expect(await answers(b.owner.client)).toEqual(beforeB);
  }, 300_000);
});

describe('a file that must not be restored', () => {
  it('changes nothing when damaged, cut short, or made by a newer Comanda', async () => {
    const file = path.join(dir, 'all-for-damage.jsonl');
    await backupTo(file);
    const lines = linesOf(file);
    const row = lines.findIndex((l) => l.startsWith('[') && /\d/.test(l));
    const altered = [...lines];
    altered[row] = lines[row]!.replace(/\d/, (d) => String((Number(d) + 1) % 10));
    const gz = path.join(dir, 'cut.jsonl.gz');
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(file)).subarray(0, 2000));
    const cases = {
      altered: altered.join('\n') + '\n',
      'cut short': lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n',
      'not JSON': [...lines.slice(0, -3), '[1, 2', ...lines.slice(-2)].join('\n') + '\n',
    };
    // Into a migrated empty database (a copy of the tests' template, quicker than migrating each time).
    const empty = await openTestDatabase();
    const copy = empty.ownerUrl
      ? await openOwnerDatabase({ kind: 'postgres', url: empty.ownerUrl })
      : await openOwnerDatabase({ kind: 'pglite', pglite: empty.pglite! });
    try {
      for (const [name, text] of [...Object.entries(cases), ['gzip cut short', undefined] as const]) {
        const damaged = text === undefined ? gz : path.join(dir, `${name.replace(/\W/g, '-')}.jsonl`);
        if (text !== undefined) fs.writeFileSync(damaged, text);
        await expect(restore(copy, { file: damaged, key }), name).rejects.toThrow(
          text === undefined ? 'unexpected end of file' : BackupError,
        );
        const counts = await copy.transaction((s) =>
          s.query<{ n: number }>('select (select count(*) from tenants) + (select count(*) from users) as n'),
        );
        expect(Number(counts[0]?.n), name).toBe(0);
      }
    } finally {
      await copy.close();
      await empty.close();
    }

    const target = await emptyTarget();
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    const newer = path.join(dir, 'newer.jsonl');
    fs.writeFileSync(
      newer,
      [JSON.stringify({ ...header, schema: '9999_future' }), ...lines.slice(1)].join('\n') + '\n',
    );
    const res = await command(target, ['restore', '--in', newer]);
    expect(res.code).toBe(1);
    const newest = migrationFiles().at(-1)!.version;
    expect(res.stderr.trim()).toBe(
      `The backup was made by a newer Comanda (schema 9999_future; this one is at ${newest}): restore it with that version or newer`,
    );
    expect(await tablesOf(target)).toBeUndefined();
  }, 300_000);

  it('leaves a tenant as it was when a --replace restore fails at its last line', async () => {
    const file = path.join(dir, 'tenant-b.jsonl');
    await backupTo(file, String(b.owner.tenantId));
    const before = await answers(b.owner.client);
    expect((await b.owner.client.post('/pos/create-order-and-invoice', payBody(b))).status).toBe(200);
    const changed = await answers(b.owner.client);
    const lines = linesOf(file);
    fs.writeFileSync(file, [...lines.slice(0, -1), '{"end":true,"sha256":"0"}'].join('\n') + '\n');
    const owner = await sourceOwner();
    try {
      await expect(restore(owner, { file, key, replace: true })).rejects.toThrow(
        'does not match its signature',
      );
    } finally {
      await owner.close();
    }
    expect(await answers(b.owner.client)).toEqual(changed);
    expect(changed).not.toEqual(before);
    const rows = rowsOf<{ n: number }>(
      await app.database.asOwner((tx) =>
        tx.execute(sql`select count(*)::int as n from tenants where id = ${b.owner.tenantId}`),
      ),
    );
    expect(rows[0]?.n).toBe(1);
  }, 300_000);
});

describe('a backup made by an older Comanda', () => {
  it('restores into an empty database at its own schema level, which is then brought up to date', async () => {
    const [older, newest] = migrationFiles()
      .slice(-2)
      .map((m) => m.version);
    const source = await emptyTarget();
    const file = path.join(dir, 'older.jsonl');
    let owner = await source.owner();
    try {
      await owner.transaction(async (s) => {
        await applyMigrations(s, older);
        await s.exec(`insert into tenants (name, email) values ('Old Cafe', 'old@cafe.test')`);
      });
      expect(await backup(owner, { out: file, key })).toMatchObject({ scope: 'all' });
    } finally {
      await owner.close();
    }
    expect(JSON.parse(linesOf(file)[0]!)).toMatchObject({ schema: older });

    const target = await emptyTarget();
    owner = await target.owner();
    try {
      // Cut short, it leaves not even the tables: the migrations ran in the restore's transaction.
      const cut = path.join(dir, 'older-cut.jsonl');
      fs.writeFileSync(cut, linesOf(file).slice(0, -1).join('\n') + '\n');
      await expect(restore(owner, { file: cut, key })).rejects.toThrow('it ends before its last line');
      expect(await owner.transaction((s) => schemaLevel(s))).toBeUndefined();
      await restore(owner, { file, key });
      const [row] = await owner.transaction((s) =>
        s.query<{ level: string; name: string; settings: number }>(
          `select (select max(version) from schema_migrations) as level, t.name,
             (select count(*)::int from store_settings where tenant_id = t.id) as settings
           from tenants t`,
        ),
      );
      // The tenant's settings row came from the file (the trigger that makes one was off), once.
      expect(row).toEqual({ level: newest, name: 'Old Cafe', settings: 1 });
    } finally {
      await owner.close();
    }
  }, 300_000);
});

describe('a file someone changed and sealed again', () => {
  /** A full backup in which tenant a's owner has tenant b's owner's password hash (b's owner knows that password). */
  async function hijacked() {
    const file = path.join(dir, `hijack-${crypto.randomBytes(4).toString('hex')}.jsonl`);
    await backupTo(file);
    const lines = linesOf(file);
    const start = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    const { columns } = JSON.parse(lines[start]!) as { columns: string[] };
    const [username, hash] = [columns.indexOf('username'), columns.indexOf('password_hash')];
    const rows = lines.map((l, i) => (i > start && l.startsWith('[') ? (JSON.parse(l) as unknown[]) : null));
    const rowOf = (name: string) => rows.findIndex((r, i) => i > start && r?.[username] === name);
    const [victim, attacker] = [rowOf(a.owner.username), rowOf(b.owner.username)];
    expect(victim).toBeGreaterThan(start);
    rows[victim]![hash] = rows[attacker]![hash];
    lines[victim] = JSON.stringify(rows[victim]);
    return lines;
  }
  const seal = (body: string[], footer: Record<string, unknown>) =>
    [...body, JSON.stringify(footer)].join('\n') + '\n';
  const sha256 = (body: string[]) =>
    crypto
      .createHash('sha256')
      .update(body.map((l) => `${l}\n`).join(''))
      .digest('hex');

  it('refuses it and restores nothing (the swapped password hash never reaches the database)', async () => {
    const lines = await hijacked();
    const body = lines.slice(0, -1);
    const footer = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    // Every seal the attacker can make again: the SHA-256, and a MAC under a key of their own.
    const theirs = crypto.createHmac('sha256', 'the-attackers-own-key-0123456789abcdef');
    const resealed = {
      ...footer,
      sha256: sha256(body),
      ...('hmac' in footer ? { hmac: theirs.update(body.map((l) => `${l}\n`).join('')).digest('hex') } : {}),
    };
    const file = path.join(dir, 'resealed.jsonl');
    fs.writeFileSync(file, seal(body, resealed));
    const target = await emptyTarget();
    const res = await command(target, ['restore', '--in', file]);
    expect(res.code, res.stdout).toBe(1);
    expect(res.stderr.trim()).toBe(
      'The backup file does not match its signature: it was changed after it was made, or signed with another backup key; nothing was restored',
    );
    expect(await tablesOf(target)).toBeUndefined();
  }, 300_000);

  it('refuses it passed off as an unsigned file of an older Comanda, unless the operator accepts unsigned files', async () => {
    const lines = await hijacked();
    const header = JSON.parse(lines[0]!) as Record<string, unknown>;
    delete header.key;
    const body = [JSON.stringify({ ...header, version: 1 }), ...lines.slice(1, -1)];
    const file = path.join(dir, 'unsigned.jsonl');
    fs.writeFileSync(file, seal(body, { end: true, sha256: sha256(body) }));
    const target = await emptyTarget();
    const res = await command(target, ['restore', '--in', file]);
    expect(res.code, res.stdout).toBe(1);
    expect(res.stderr.trim()).toBe(
      'The backup file is not signed (made by a Comanda before signed backups, or its signature was removed); nothing was restored. Restore it with --accept-unsigned only if it never left your hands',
    );
    expect(await tablesOf(target)).toBeUndefined();

    // An unsigned file of an older Comanda the operator vouches for: its SHA-256 is still checked.
    const cut = path.join(dir, 'unsigned-cut.jsonl');
    fs.writeFileSync(cut, seal(body.slice(0, -1), { end: true, sha256: sha256(body) }));
    const refused = await command(target, ['restore', '--in', cut, '--accept-unsigned']);
    expect(refused.stderr).toContain('its checksum does not match');
    expect(await tablesOf(target)).toBeUndefined();
    const accepted = await command(target, ['restore', '--in', file, '--accept-unsigned']);
    expect(accepted, accepted.stderr).toMatchObject({ code: 0 });
    expect(await tablesOf(target)).toBe(2);
  }, 300_000);

  it('is refused without the key it was signed with', async () => {
    const file = path.join(dir, 'other-key.jsonl');
    await backupTo(file, String(a.owner.tenantId));
    const target = await emptyTarget();
    const other = await command({ ...target, env: { ...target.env, BACKUP_KEY: 'x'.repeat(40) } }, [
      'restore',
      '--in',
      file,
    ]);
    expect(other.code).toBe(1);
    expect(other.stderr.trim()).toBe(
      'The backup file was signed with another backup key: set BACKUP_KEY to the key it was made with (or use the DATA_DIR whose backup.key made it); nothing was restored',
    );
    expect(await tablesOf(target)).toBeUndefined();
  }, 300_000);
});

describe('the file a backup writes', () => {
  it('is created anew and private: a file or link already at <out>.partial is never written through', async () => {
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    const linked = path.join(dir, 'linked.jsonl');
    fs.symlinkSync(victim, `${linked}.partial`);
    const planted = path.join(dir, 'planted.jsonl');
    fs.writeFileSync(`${planted}.partial`, 'not yours', { mode: 0o644 });
    for (const out of [linked, planted]) {
      await expect(backupTo(out)).rejects.toThrow(
        `${out}.partial exists: another backup is writing it, or one stopped before it finished. Check it is no one else's, remove it and run the backup again`,
      );
      expect(fs.existsSync(out)).toBe(false);
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    expect(fs.lstatSync(`${linked}.partial`).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(`${planted}.partial`, 'utf8')).toBe('not yours');

    const out = path.join(dir, 'private.jsonl');
    await backupTo(out);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${out}.partial`)).toBe(false);
  }, 300_000);
});

describe('the backup key', () => {
  it('is BACKUP_KEY, or DATA_DIR/backup.key made private at the first backup', () => {
    const dataDir = fs.mkdtempSync(path.join(dir, 'key-'));
    const file = path.join(dataDir, 'backup.key');
    expect(() => backupKey({ dataDir, create: false })).toThrow(
      `No backup key: set BACKUP_KEY, or restore with the DATA_DIR whose ${file} the backup was made with`,
    );
    const made = backupKey({ dataDir, create: true });
    expect(made.created).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = backupKey({ dataDir, create: true });
    expect(again.created).toBeUndefined();
    expect(again.key.equals(made.key)).toBe(true);
    // The file holds a BACKUP_KEY value: copied to another machine's environment, it is the same key.
    expect(backupKey({ dataDir: dir, create: false, env: fs.readFileSync(file, 'utf8').trim() }).key).toEqual(
      made.key,
    );
    expect(backupKey({ dataDir, create: true, env: KEY }).key).toEqual(key);
    expect(() => backupKey({ dataDir, create: true, env: 'short' })).toThrow(
      'BACKUP_KEY must be at least 32 characters',
    );
    const linkedDir = fs.mkdtempSync(path.join(dir, 'key-'));
    fs.symlinkSync(file, path.join(linkedDir, 'backup.key'));
    expect(() => backupKey({ dataDir: linkedDir, create: true })).toThrow(
      `${path.join(linkedDir, 'backup.key')} is not a plain file`,
    );
  }, 300_000);
});
