import type { MigrationSession } from '../../platform/db/migrate.ts';

// Backup and restore read the tables from the database's own catalog, so a table a migration adds is
// covered without editing this module. They run as the owner (OwnerDatabase), whom RLS does not bind.

export interface Column {
  name: string;
  /** The declared type, as a cast names it (format_type): `timestamp with time zone`, `text[]`. */
  type: string;
  /** The base type's name (pg_type.typname): how the value is written to the file. */
  base: string;
  /** Filled by a sequence (identity or serial): advanced after a restore. */
  sequenced: boolean;
}

export interface Table {
  name: string;
  /** Every column but generated ones, in table order. */
  columns: Column[];
  primaryKey: string[];
  /** Tables this one has a foreign key to (itself excluded). */
  parents: string[];
}

/** A quoted identifier. Names come from the catalog or a file checked against it. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public schema's tables, by name. */
export async function readCatalog(s: MigrationSession): Promise<Map<string, Table>> {
  const columns = await s.query<{ table: string } & Column>(`
    select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
      t.typname as base,
      a.attidentity in ('a', 'd') or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false) as sequenced
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
      and a.attgenerated not in ('s', 'v')
    order by c.relname, a.attnum`);
  const tables = new Map<string, Table>();
  for (const { table, ...column } of columns) {
    let t = tables.get(table);
    if (!t) {
      t = { name: table, columns: [], primaryKey: [], parents: [] };
      tables.set(table, t);
    }
    t.columns.push(column);
  }
  const keys = await s.query<{ table: string; column: string }>(`
    select c.relname as "table", a.attname as "column"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
    where k.contype = 'p' and k.connamespace = 'public'::regnamespace
    order by c.relname, array_position(k.conkey, a.attnum)`);
  for (const k of keys) tables.get(k.table)?.primaryKey.push(k.column);
  const links = await s.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  for (const l of links) tables.get(l.child)?.parents.push(l.parent);
  return tables;
}

/** The newest migration applied; undefined on a database no Comanda has migrated yet. */
export async function schemaLevel(s: MigrationSession): Promise<string | undefined> {
  const [exists] = await s.query<{ ok: boolean }>(
    `select to_regclass('public.schema_migrations') is not null as ok`,
  );
  if (!exists?.ok) return undefined;
  const [row] = await s.query<{ version: string | null }>(
    'select max(version) as version from schema_migrations',
  );
  return row?.version ?? undefined;
}

/** The tenant with this id, or the tenant of the user with this username. */
export async function findTenant(s: MigrationSession, idOrUsername: string): Promise<number | undefined> {
  const [row] = /^\d+$/.test(idOrUsername)
    ? await s.query<{ id: number }>('select id from tenants where id = $1::text::bigint', [idOrUsername])
    : await s.query<{ id: number }>('select tenant_id as id from users where lower(username) = lower($1)', [
        idOrUsername,
      ]);
  return row ? Number(row.id) : undefined;
}

export async function tenantExists(s: MigrationSession, tenantId: number) {
  const rows = await s.query('select 1 from tenants where id = $1::text::bigint', [String(tenantId)]);
  return rows.length > 0;
}

/** Deletes a tenant and everything it owns, as the super admin's delete does (migration 0014). */
export async function purgeTenant(s: MigrationSession, tenantId: number) {
  await s.query('select purge_tenant($1::text::bigint)', [String(tenantId)]);
}

/** The filter that keeps a table's rows to one tenant (its own row in `tenants`); none for all. */
function tenantFilter(table: string, tenantId: number | undefined) {
  if (tenantId === undefined) return '';
  return `where ${table === 'tenants' ? 'id' : 'tenant_id'} = ${Math.trunc(tenantId)}`;
}

export async function countRows(s: MigrationSession, table: Table, tenantId: number | undefined) {
  const [row] = await s.query<{ n: number }>(
    `select count(*)::int as n from ${ident(table.name)} ${tenantFilter(table.name, tenantId)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A table's rows as JSON arrays in column order, in primary-key order, a batch at a time, through a
 * cursor so a large table is never held whole. Integers and booleans stay JSON numbers and booleans
 * (money is integer minor units), bytea is base64, everything else the database's text form, which
 * casts back exactly. The database writes the JSON, so no value passes through a JavaScript number.
 */
export async function* exportRows(s: MigrationSession, table: Table, tenantId: number | undefined) {
  const values = table.columns.map((c) =>
    ['int2', 'int4', 'int8', 'bool'].includes(c.base)
      ? ident(c.name)
      : c.base === 'bytea'
        ? `translate(encode(${ident(c.name)}, 'base64'), E'\\n', '')`
        : `${ident(c.name)}::text`,
  );
  const order = table.primaryKey.length ? `order by ${table.primaryKey.map(ident).join(', ')}` : '';
  await s.exec(
    `declare backup_rows no scroll cursor for select json_build_array(${values.join(', ')})::text as line
     from ${ident(table.name)} ${tenantFilter(table.name, tenantId)} ${order}`,
  );
  for (;;) {
    const rows = await s.query<{ line: string }>('fetch 500 from backup_rows');
    if (!rows.length) break;
    yield rows.map((r) => r.line);
  }
  await s.exec('close backup_rows');
}

/**
 * Inserts rows given as JSON array texts (as exportRows wrote them) into the named columns, keeping
 * their ids (OVERRIDING SYSTEM VALUE); each value is cast to the target column's type.
 */
export async function insertRows(s: MigrationSession, table: Table, columns: Column[], lines: string[]) {
  const values = columns.map((c, i) =>
    c.base === 'bytea' ? `decode(e->>${i}, 'base64')` : `(e->>${i})::${c.type}`,
  );
  await s.query(
    `insert into ${ident(table.name)} (${columns.map((c) => ident(c.name)).join(', ')}) overriding system value
     select ${values.join(', ')} from json_array_elements($1::text::json) e`,
    [`[${lines.join(',')}]`],
  );
}

export async function hasRows(s: MigrationSession, table: Table) {
  const [row] = await s.query<{ ok: boolean }>(`select exists (select 1 from ${ident(table.name)}) as ok`);
  return Boolean(row?.ok);
}

/**
 * Turns a table's own triggers off or on (not the foreign-key checks, which are the system's). A
 * restore turns them off: they would fill the sales rollups a second time, re-assign payments to
 * the open shift and make a new tenant's default settings. The change is transactional and the
 * table stays locked against writes until the restore commits, so no request ever sees it.
 */
export async function setTriggers(s: MigrationSession, table: Table, enabled: boolean) {
  await s.exec(`alter table ${ident(table.name)} ${enabled ? 'enable' : 'disable'} trigger user`);
}

/** Moves a table's sequences past the largest id it holds, so new rows get fresh ids. Never back. */
export async function advanceSequences(s: MigrationSession, table: Table) {
  for (const c of table.columns.filter((col) => col.sequenced)) {
    const [seq] = await s.query<{ name: string | null }>('select pg_get_serial_sequence($1, $2) as name', [
      `public.${ident(table.name)}`,
      c.name,
    ]);
    if (!seq?.name) continue;
    await s.query(
      `select setval($1::text::regclass, greatest(m, (select last_value from ${seq.name})))
       from (select max(${ident(c.name)}) as m from ${ident(table.name)}) x where m is not null`,
      [seq.name],
    );
  }
}
