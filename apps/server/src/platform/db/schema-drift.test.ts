import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './schema.ts';
import { type TestDatabase, openTestDatabase, rowsOf } from '../../../test/harness.ts';

// The migrations are the truth and schema.ts is a hand-kept mirror that types every query: this test
// fails when the two disagree, instead of a query failing in production.

// Tables the migrations create that no query reads through drizzle.
const NOT_MIRRORED = new Set(['schema_migrations', 'socket_io_attachments']);

/** drizzle's SQL type and information_schema's data_type name the same types differently. */
function normalise(type: string): string {
  const t = type.toLowerCase();
  if (t.startsWith('varchar') || t.startsWith('character varying')) return 'character varying';
  if (t === 'timestamp with time zone' || t === 'timestamptz') return 'timestamp with time zone';
  return t;
}

interface Column {
  type: string;
  notNull: boolean;
}

function mirroredTables(): Map<string, Map<string, Column>> {
  const tables = new Map<string, Map<string, Column>>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    tables.set(
      config.name,
      new Map(config.columns.map((c) => [c.name, { type: normalise(c.getSQLType()), notNull: c.notNull }])),
    );
  }
  return tables;
}

/** The rows of a raw query, whichever driver answered. */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('schema.ts mirrors the migrated database', () => {
  it('has the same tables, columns, types and nullability', async () => {
    interface ColumnRow {
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: 'YES' | 'NO';
    }
    // information_schema shows only the columns the asking role may use: ask as the owner.
    const result = await database.asOwner((tx) =>
      tx.execute(sql`
      select c.table_name, c.column_name, c.data_type, c.is_nullable
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
    );
    const rows = rowsOf<ColumnRow>(result);
    const migrated = new Map<string, Map<string, Column>>();
    for (const row of rows) {
      if (NOT_MIRRORED.has(row.table_name)) continue;
      const columns = migrated.get(row.table_name) ?? new Map<string, Column>();
      columns.set(row.column_name, { type: normalise(row.data_type), notNull: row.is_nullable === 'NO' });
      migrated.set(row.table_name, columns);
    }

    const mirrored = mirroredTables();
    expect([...mirrored.keys()].sort()).toEqual([...migrated.keys()].sort());
    for (const [table, columns] of migrated) {
      const mirror = Object.fromEntries(mirrored.get(table) ?? []);
      expect(mirror, `columns of ${table}`).toEqual(Object.fromEntries(columns));
    }
  });
});
