import crypto from 'node:crypto';
import fs from 'node:fs';
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
// section line and its rows as JSON arrays, parents before children; a footer with the SHA-256 of
// every line before it, so a file cut short or altered restores nothing.

const FORMAT = 'comanda-backup';
const VERSION = 1;

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
  version: typeof VERSION;
  /** The newest migration of the database the file was made from. */
  schema: string;
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
 * one consistent snapshot. The file appears only once complete.
 */
export async function backup(owner: OwnerDatabase, opts: { tenant?: string; out: string }): Promise<Summary> {
  const partial = `${opts.out}.partial`;
  let summary: Summary | undefined;
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
        createdAt: new Date().toISOString(),
        scope: tenantId === undefined ? 'all' : 'tenant',
        ...(tenantId === undefined ? {} : { tenantId }),
      };
      let rows = 0;
      async function* lines() {
        const hash = crypto.createHash('sha256');
        const line = (text: string) => {
          hash.update(`${text}\n`);
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
        yield `${JSON.stringify({ end: true, sha256: hash.digest('hex') })}\n`;
      }
      const file = fs.createWriteStream(partial, { mode: 0o600 });
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
  } finally {
    fs.rmSync(partial, { force: true });
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
  if (h.version !== VERSION) {
    throw new BackupError(
      `The backup file has format version ${String(h.version)}; this Comanda reads version ${VERSION}`,
    );
  }
  if (typeof h.schema !== 'string' || (h.scope !== 'all' && h.scope !== 'tenant'))
    throw corrupt('an incomplete header');
  if (h.scope === 'tenant' && !Number.isSafeInteger(h.tenantId))
    throw corrupt('a tenant backup without its tenant');
  return h as Header;
}

/**
 * Brings the target to the file's schema level, or says why it cannot: answers the migrations to apply
 * once the rows are in (a fresh database takes an older file at the file's level, then upgrades).
 */
async function matchSchema(s: MigrationSession, header: Header): Promise<'upgrade' | 'none'> {
  const known = migrationFiles().map((m) => m.version);
  const newest = known[known.length - 1] ?? '';
  if (!known.includes(header.schema)) {
    throw new BackupError(
      header.schema > newest
        ? `The backup was made by a newer Comanda (schema ${header.schema}; this one is at ${newest}): restore it with that version or newer`
        : `The backup's schema level ${header.schema} is unknown to this Comanda`,
    );
  }
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
export async function restore(
  owner: OwnerDatabase,
  opts: { file: string; replace?: boolean },
): Promise<Summary> {
  return owner.transaction(async (s) => {
    await s.exec(
      `set local timezone = 'UTC'; set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres';`,
    );
    const lines = readLines(opts.file);
    const next = async () => {
      const r = await lines.next();
      return r.done ? undefined : r.value;
    };
    const hash = crypto.createHash('sha256');
    const first = await next();
    const header = checkHeader(parseJson(first, 'header'));
    hash.update(`${first}\n`);
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
      if ((value as { end?: unknown }).end === true) {
        footer = value;
        break;
      }
      hash.update(`${line}\n`);
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
        hash.update(`${line}\n`);
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
    if ((footer as { sha256?: unknown }).sha256 !== hash.digest('hex'))
      throw corrupt('its checksum does not match');
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
