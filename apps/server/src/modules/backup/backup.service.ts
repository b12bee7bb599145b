import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, pipeline as pipelineCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import type { OwnerDatabase } from '../../platform/db/client.ts';
import { type MigrationSession, applyMigrations, migrationFiles } from '../../platform/db/migrate.ts';
import {
  type Column,
  type Table,
  advanceSequences,
  countRows,
  exportRows,
  findTenant,
  hasRows,
  insertRows,
  purgeTenant,
  readCatalog,
  schemaLevel,
  setTriggers,
  tenantExists,
} from './backup.repo.ts';

// The file (docs/backup.md): JSON lines, gzipped when its name ends in .gz. A header; per table a
// section line and its rows as JSON arrays, parents before children; a footer with the HMAC-SHA-256
// of every line before it under the operator's backup key, so a file cut short, altered or sealed
// again by someone without the key restores nothing. Version 1 files (before signing) carry a plain
// SHA-256, which anyone can recompute: they restore only when the operator accepts unsigned files.

const FORMAT = 'comanda-backup';
const VERSION = 2;
const UNSIGNED_VERSION = 1;
const KEY_FILE = 'backup.key';
const MIN_KEY_LENGTH = 32;

/**
 * The key backups are signed with: BACKUP_KEY (`env`) when set, else the one in DATA_DIR/backup.key,
 * which `create` makes (32 random bytes as hex, mode 600) when there is none. `created`: the file was
 * made now, which the operator is told. The key is never in a backup file or the database.
 */
export function backupKey(opts: { env?: string; dataDir: string; create: boolean }): {
  key: Buffer;
  created?: string;
} {
  if (opts.env !== undefined) {
    if (opts.env.length < MIN_KEY_LENGTH)
      throw new BackupError(`BACKUP_KEY must be at least ${MIN_KEY_LENGTH} characters`);
    return { key: Buffer.from(opts.env) };
  }
  const file = path.join(opts.dataDir, KEY_FILE);
  const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW = 0 } = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new BackupError(`${file} is not a plain file: remove it or set BACKUP_KEY`);
    if (code !== 'ENOENT') throw error;
    if (!opts.create) {
      throw new BackupError(
        `No backup key: set BACKUP_KEY, or restore with the DATA_DIR whose ${file} the backup was made with`,
      );
    }
    const made = crypto.randomBytes(32).toString('hex');
    fs.mkdirSync(opts.dataDir, { recursive: true });
    // Exclusive: a file or link someone put there first is refused, never written through.
    const out = fs.openSync(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
    try {
      fs.writeFileSync(out, `${made}\n`);
    } finally {
      fs.closeSync(out);
    }
    return { key: Buffer.from(made), created: file };
  }
  try {
    if (!fs.fstatSync(fd).isFile())
      throw new BackupError(`${file} is not a plain file: remove it or set BACKUP_KEY`);
    const text = fs.readFileSync(fd, 'utf8').trim();
    if (text.length < MIN_KEY_LENGTH)
      throw new BackupError(`${file} holds no key (at least ${MIN_KEY_LENGTH} characters)`);
    return { key: Buffer.from(text) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Names the key in the header without revealing it, so a file made with another key is told apart from an altered one. */
const keyId = (key: Buffer) =>
  crypto.createHmac('sha256', key).update('comanda-backup key id').digest('hex').slice(0, 16);

/**
 * Tables never written to a backup, and why. Every other table is, so a new one is covered
 * (idempotency_keys too: they record which requests the restored rows already applied, so a POS
 * replaying its offline queue after a restore does not apply one twice).
 */
export const NOT_BACKED_UP: Record<string, string> = {
  schema_migrations: 'the header carries the schema level; the target database keeps its own',
  app_secrets: "the database's own keys and login password; a restored database makes its own",
  rate_limit_counters: 'counters that expire within minutes',
  socket_io_attachments: 'realtime messages in flight',
  devices:
    'sessions: a file that travels must not carry sign-ins, and a restore must not revive sessions signed out since',
  superadmin_devices: 'sessions, like devices',
  password_reset_tokens: 'live credentials: reset links, valid for an hour',
};

/** What an operator did wrong or must decide: the command prints the message and exits 1. */
export class BackupError extends Error {}

export interface Header {
  format: typeof FORMAT;
  version: typeof VERSION | typeof UNSIGNED_VERSION;
  /** The newest migration of the database the file was made from. */
  schema: string;
  /** Which backup key signed the file (keyId); absent in an unsigned file. */
  key?: string;
  createdAt: string;
  scope: 'all' | 'tenant';
  tenantId?: number;
}

interface Section {
  table: string;
  columns: string[];
  rows: number;
}

export interface Summary {
  scope: 'all' | 'tenant';
  tenantId?: number;
  tables: number;
  rows: number;
}

/** The tables in the order rows must be inserted: every table after those it has a foreign key to. */
export function dependencyOrder(tables: Table[]): Table[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const order: Table[] = [];
  const visit = (t: Table) => {
    if (done.has(t.name)) return;
    if (visiting.has(t.name))
      throw new BackupError(`The foreign keys of ${t.name} form a cycle: no order to restore them in`);
    visiting.add(t.name);
    for (const p of t.parents) {
      const parent = byName.get(p);
      if (parent) visit(parent);
    }
    visiting.delete(t.name);
    done.add(t.name);
    order.push(t);
  };
  [...tables].sort((a, b) => a.name.localeCompare(b.name)).forEach(visit);
  return order;
}

/** The tables a backup of this scope holds: for one tenant, its row in `tenants` and every table with a tenant_id. */
function tablesInScope(catalog: Map<string, Table>, tenant: boolean) {
  return dependencyOrder(
    [...catalog.values()].filter(
      (t) =>
        !(t.name in NOT_BACKED_UP) &&
        (!tenant || t.name === 'tenants' || t.columns.some((c) => c.name === 'tenant_id')),
    ),
  );
}

/**
 * Writes every table's rows, or one tenant's (`tenant`: its id or a user's username), to `out` from
 * one consistent snapshot, signed with `key`. The file appears only once complete.
 */
export async function backup(
  owner: OwnerDatabase,
  opts: { tenant?: string; out: string; key: Buffer },
): Promise<Summary> {
  const partial = `${opts.out}.partial`;
  let summary: Summary | undefined;
  // A new private file of our own: one already there (a link planted in a shared directory, another
  // backup's) is refused, never followed or written through, and never removed.
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW = 0 } = fs.constants;
  let fd: number;
  try {
    fd = fs.openSync(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new BackupError(
      `${partial} exists: another backup is writing it, or one stopped before it finished. Check it is no one else's, remove it and run the backup again`,
    );
  }
  // The stream owns the descriptor from here: it closes it when it ends, fails or is destroyed.
  const file = fs.createWriteStream(partial, { fd });
  try {
    await owner.transaction(async (s) => {
      // One snapshot for every table, so the file is consistent while the app keeps writing.
      await s.exec(
        `set transaction isolation level repeatable read, read only;
         set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres';`,
      );
      const level = await schemaLevel(s);
      if (!level) throw new BackupError('This database has no Comanda tables: nothing to back up');
      let tenantId: number | undefined;
      if (opts.tenant !== undefined) {
        tenantId = await findTenant(s, opts.tenant);
        if (tenantId === undefined)
          throw new BackupError(`No tenant ${opts.tenant} (give its id or a user's username)`);
      }
      const tables = tablesInScope(await readCatalog(s), tenantId !== undefined);
      const header: Header = {
        format: FORMAT,
        version: VERSION,
        schema: level,
        key: keyId(opts.key),
        createdAt: new Date().toISOString(),
        scope: tenantId === undefined ? 'all' : 'tenant',
        ...(tenantId === undefined ? {} : { tenantId }),
      };
      let rows = 0;
      async function* lines() {
        const mac = crypto.createHmac('sha256', opts.key);
        const line = (text: string) => {
          mac.update(`${text}\n`);
          return `${text}\n`;
        };
        yield line(JSON.stringify(header));
        for (const table of tables) {
          const section: Section = {
            table: table.name,
            columns: table.columns.map((c) => c.name),
            rows: await countRows(s, table, tenantId),
          };
          yield line(JSON.stringify(section));
          for await (const batch of exportRows(s, table, tenantId)) {
            rows += batch.length;
            yield batch.map(line).join('');
          }
        }
        yield `${JSON.stringify({ end: true, hmac: mac.digest('hex') })}\n`;
      }
      if (opts.out.endsWith('.gz')) await pipeline(Readable.from(lines()), zlib.createGzip(), file);
      else await pipeline(Readable.from(lines()), file);
      summary = {
        scope: header.scope,
        ...(tenantId === undefined ? {} : { tenantId }),
        tables: tables.length,
        rows,
      };
    });
    fs.renameSync(partial, opts.out);
  } catch (error) {
    file.destroy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  if (!summary) throw new Error('backup wrote no summary');
  return summary;
}

/** The file's lines, gunzipped when it starts with gzip's magic bytes. */
async function* readLines(file: string): AsyncGenerator<string> {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  const raw = fs.createReadStream(file);
  // pipeline destroys the gunzip stream with the error of either, so reading it throws that error.
  const input =
    head[0] === 0x1f && head[1] === 0x8b ? pipelineCallback(raw, zlib.createGunzip(), () => undefined) : raw;
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of input) {
    const parts = (rest + decoder.write(chunk as Buffer)).split('\n');
    rest = parts.pop() ?? '';
    yield* parts;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

const corrupt = (why: string) =>
  new BackupError(`The backup file is damaged or not a Comanda backup (${why}); nothing was restored`);

function parseJson(line: string | undefined, what: string): unknown {
  if (line === undefined) throw corrupt(`it ends before its ${what}`);
  try {
    return JSON.parse(line);
  } catch {
    throw corrupt(`a line that is not JSON where its ${what} should be`);
  }
}

function checkHeader(value: unknown): Header {
  const h = value as Partial<Header> | null;
  if (!h || h.format !== FORMAT) throw corrupt('no Comanda backup header');
  if (h.version !== VERSION && h.version !== UNSIGNED_VERSION) {
    throw new BackupError(
      `The backup file has format version ${String(h.version)}; this Comanda reads versions ${UNSIGNED_VERSION} and ${VERSION}`,
    );
  }
  if (typeof h.schema !== 'string' || (h.scope !== 'all' && h.scope !== 'tenant'))
    throw corrupt('an incomplete header');
  if (h.scope === 'tenant' && !Number.isSafeInteger(h.tenantId))
    throw corrupt('a tenant backup without its tenant');
  // A file made by a newer Comanda is refused before its seal is checked: this one could not say why.
  const known = migrationFiles().map((m) => m.version);
  const newest = known[known.length - 1] ?? '';
  if (!known.includes(h.schema)) {
    throw new BackupError(
      h.schema > newest
        ? `The backup was made by a newer Comanda (schema ${h.schema}; this one is at ${newest}): restore it with that version or newer`
        : `The backup's schema level ${h.schema} is unknown to this Comanda`,
    );
  }
  return h as Header;
}

export interface RestoreOptions {
  file: string;
  /** With a tenant backup: delete the tenant's data first. */
  replace?: boolean;
  /** The backup key (backupKey); a signed file is refused without it. */
  key?: Buffer;
  /** Restore a file without a signature (format version 1, made before signed backups). */
  acceptUnsigned?: boolean;
}

/** Checks a file's seal line by line: the HMAC of a signed file, the SHA-256 of an accepted unsigned one. */
function sealOf(header: Header, opts: RestoreOptions) {
  if (header.version === UNSIGNED_VERSION) {
    if (!opts.acceptUnsigned) {
      throw new BackupError(
        'The backup file is not signed (made by a Comanda before signed backups, or its signature was removed); nothing was restored. Restore it with --accept-unsigned only if it never left your hands',
      );
    }
    const hash = crypto.createHash('sha256');
    return {
      update: (line: string) => hash.update(`${line}\n`),
      check(footer: { sha256?: unknown }) {
        if (footer.sha256 !== hash.digest('hex')) throw corrupt('its checksum does not match');
      },
    };
  }
  if (!opts.key) throw new BackupError('No backup key: set BACKUP_KEY to the key the backup was made with');
  if (header.key !== keyId(opts.key)) {
    throw new BackupError(
      'The backup file was signed with another backup key: set BACKUP_KEY to the key it was made with (or use the DATA_DIR whose backup.key made it); nothing was restored',
    );
  }
  const mac = crypto.createHmac('sha256', opts.key);
  return {
    update: (line: string) => mac.update(`${line}\n`),
    check(footer: { hmac?: unknown }) {
      const expected = mac.digest();
      const given =
        typeof footer.hmac === 'string' && /^[0-9a-f]{64}$/.test(footer.hmac)
          ? Buffer.from(footer.hmac, 'hex')
          : undefined;
      if (!given || !crypto.timingSafeEqual(given, expected)) {
        throw new BackupError(
          'The backup file does not match its signature: it was changed after it was made, or signed with another backup key; nothing was restored',
        );
      }
    },
  };
}

const isFooter = (value: unknown): value is { end: true } =>
  typeof value === 'object' && value !== null && (value as { end?: unknown }).end === true;

/**
 * Reads the whole file once and checks its seal, before anything of it reaches the database: a
 * file someone changed is refused without its rows ever being inserted.
 */
async function verifyFile(opts: RestoreOptions) {
  const lines = readLines(opts.file);
  const first = await lines.next();
  const header = checkHeader(parseJson(first.done ? undefined : first.value, 'header'));
  const seal = sealOf(header, opts);
  seal.update(first.value as string);
  let footer: unknown;
  for await (const line of lines) {
    if (footer !== undefined) throw corrupt('lines after its last line');
    if (!line.startsWith('[')) {
      const value = parseJson(line, 'next table');
      if (isFooter(value)) {
        footer = value;
        continue;
      }
    }
    seal.update(line);
  }
  if (!footer) throw corrupt('it ends before its last line');
  seal.check(footer);
}

/**
 * Brings the target to the file's schema level, or says why it cannot: answers the migrations to apply
 * once the rows are in (a fresh database takes an older file at the file's level, then upgrades).
 */
async function matchSchema(s: MigrationSession, header: Header): Promise<'upgrade' | 'none'> {
  const newest = migrationFiles().at(-1)?.version;
  const level = await schemaLevel(s);
  if (level === undefined) {
    await applyMigrations(s, header.schema);
    return header.schema === newest ? 'none' : 'upgrade';
  }
  if (level !== header.schema) {
    throw new BackupError(
      header.schema > level
        ? `The backup was made at schema ${header.schema}, newer than this database's ${level}: start the newer Comanda on it first`
        : `The backup was made at schema ${header.schema}, older than this database's ${level}: restore it into an empty database, which is brought up to date after the restore`,
    );
  }
  return 'none';
}

/**
 * Restores a backup in one transaction: into an empty database (a full backup), or one tenant into a
 * database where it does not exist (or, with `replace`, where its rows are deleted first). Any
 * problem, from a refused file to its last line, leaves the database as it was.
 */
export async function restore(owner: OwnerDatabase, opts: RestoreOptions): Promise<Summary> {
  await verifyFile(opts);
  return owner.transaction(async (s) => {
    await s.exec(
      `set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres';`,
    );
    const lines = readLines(opts.file);
    const next = async () => {
      const r = await lines.next();
      return r.done ? undefined : r.value;
    };
    // The seal is checked again as the rows go in: the file may have changed since verifyFile read it.
    const first = await next();
    const header = checkHeader(parseJson(first, 'header'));
    const seal = sealOf(header, opts);
    seal.update(first!);
    const upgrade = await matchSchema(s, header);
    const catalog = await readCatalog(s);
    const tenantId = header.scope === 'tenant' ? header.tenantId : undefined;

    if (tenantId === undefined) {
      for (const table of tablesInScope(catalog, false)) {
        if (await hasRows(s, table)) {
          throw new BackupError(
            `The database is not empty (${table.name} has rows): a full backup restores into an empty database`,
          );
        }
      }
    } else if (await tenantExists(s, tenantId)) {
      if (!opts.replace) {
        throw new BackupError(
          `Tenant ${tenantId} exists in this database: add --replace to delete its data and restore the backup's`,
        );
      }
      await purgeTenant(s, tenantId);
    }

    const touched: Table[] = [];
    let rows = 0;
    let footer: unknown;
    let line = await next();
    while (line !== undefined) {
      const value = parseJson(line, 'next table');
      if (isFooter(value)) {
        footer = value;
        break;
      }
      seal.update(line);
      const section = value as Partial<Section>;
      if (
        typeof section.table !== 'string' ||
        !Array.isArray(section.columns) ||
        !Number.isSafeInteger(section.rows)
      ) {
        throw corrupt('a table line without its table, columns and row count');
      }
      const table = catalog.get(section.table);
      if (!table || section.table in NOT_BACKED_UP) {
        throw corrupt(`rows for ${section.table}, which this database does not restore`);
      }
      const columns = section.columns.map((name: unknown) => {
        const column = table.columns.find((c) => c.name === name);
        if (!column) throw corrupt(`a column ${String(name)} that ${table.name} does not have`);
        return column;
      });
      // A tenant file holds its own rows only: refuse anything else rather than restore it into another tenant.
      const tenantColumn =
        tenantId === undefined ? -1 : section.columns.indexOf(table.name === 'tenants' ? 'id' : 'tenant_id');
      if (tenantId !== undefined && tenantColumn < 0)
        throw corrupt(`${table.name}, which has no tenant, in a tenant backup`);

      await setTriggers(s, table, false);
      touched.push(table);
      let batch: string[] = [];
      let size = 0;
      let count = 0;
      const flush = async (cols: Column[]) => {
        if (!batch.length) return;
        try {
          await insertRows(s, table, cols, batch);
        } catch (error) {
          // A value the column refuses, or a row that collides with one the database holds.
          const e = error as { message: string; detail?: string };
          throw new BackupError(
            `Rows of ${table.name} cannot be restored (${e.message}${e.detail ? `: ${e.detail}` : ''}); nothing was restored`,
          );
        }
        batch = [];
        size = 0;
      };
      for (line = await next(); line !== undefined; line = await next()) {
        if (!line.startsWith('[')) break;
        const row = parseJson(line, `row of ${table.name}`);
        if (!Array.isArray(row) || row.length !== columns.length)
          throw corrupt(`a row of ${table.name} with the wrong number of values`);
        if (tenantId !== undefined && row[tenantColumn] !== tenantId) {
          throw corrupt(`a row of ${table.name} that belongs to another tenant`);
        }
        seal.update(line);
        batch.push(line);
        size += line.length;
        count += 1;
        if (batch.length >= 500 || size >= 8_000_000) await flush(columns);
      }
      await flush(columns);
      if (count !== section.rows)
        throw corrupt(`${table.name} has ${count} rows where ${section.rows} were written`);
      rows += count;
    }
    if (!footer) throw corrupt('it ends before its last line');
    seal.check(footer);
    if ((await next()) !== undefined) throw corrupt('lines after its last line');

    for (const table of touched) {
      await setTriggers(s, table, true);
      await advanceSequences(s, table);
    }
    if (upgrade === 'upgrade') await applyMigrations(s);
    return {
      scope: header.scope,
      ...(tenantId === undefined ? {} : { tenantId }),
      tables: touched.length,
      rows,
    };
  });
}
