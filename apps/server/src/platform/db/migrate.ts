import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

// Beside this file in the sources; beside the bundle (dist/migrations) once built.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant shared by every node: it serialises concurrent starts against one PostgreSQL.
const MIGRATION_LOCK = 727_001;

/** What a migration run needs of a driver: a script runner and a parameterised query, in one transaction. */
export interface MigrationSession {
  exec(script: string): Promise<void>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

/** The numbered SQL files, in order. */
export function migrationFiles(dir = MIGRATIONS_DIR): { version: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: fs.readFileSync(dir + f, 'utf8') }));
}

/** Applies the numbered migrations not yet applied, in order, forward only, in one locked transaction. */
export async function migrate(inTransaction: (fn: (s: MigrationSession) => Promise<void>) => Promise<void>) {
  await inTransaction((s) => applyMigrations(s));
}

/**
 * Applies, inside the caller's transaction, the migrations not yet applied up to and including
 * `until` (all when unset). A restore uses `until` to load an older backup at its own level first.
 */
export async function applyMigrations(s: MigrationSession, until?: string) {
  await s.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await s.exec(
    'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
  );
  const done = new Set(
    (await s.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version),
  );
  for (const m of migrationFiles()) {
    if (until !== undefined && m.version > until) break;
    if (done.has(m.version)) continue;
    await s.exec(m.sql);
    await s.query('insert into schema_migrations (version) values ($1)', [m.version]);
  }
}
