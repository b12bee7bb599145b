import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db/client.ts';
import { startPgbouncer } from './pgbouncer.ts';

/**
 * Migrates once, then every test file copies the result (STYLE §14): a dumped data dir on PGlite,
 * a template database on PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL). TEST_PGBOUNCER=1
 * (PostgreSQL only) starts a PgBouncer in transaction pooling mode that the test apps connect through.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_PGBOUNCER === '1' && process.env.TEST_DB !== 'postgres')
    throw new Error('TEST_PGBOUNCER=1 needs TEST_DB=postgres');
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `comanda_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openDatabase({ kind: 'postgres', url: u.toString() });
    await db.close();
    const pgbouncer = process.env.TEST_PGBOUNCER === '1' ? await startPgbouncer(url) : undefined;
    project.provide('db', { kind: 'postgres', url, template, pgbouncerPort: pgbouncer?.port });
    return async () => {
      await pgbouncer?.close();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname like 'comanda_t_${process.pid}_%'`,
      );
      const rows = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'comanda_t_${process.pid}_%' or datname = $1`,
        [template],
      );
      for (const r of rows.rows) await admin.query(`drop database if exists ${r.datname}`);
      await admin.end();
    };
  }
  const db = await openDatabase({ kind: 'pglite' });
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-tpl-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('db', { kind: 'pglite', file });
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    db:
      | { kind: 'pglite'; file: string }
      | {
          kind: 'postgres';
          url: string;
          template: string;
          /** TEST_PGBOUNCER=1: the port of the PgBouncer the test apps' connections go through. */
          pgbouncerPort?: number;
        };
  }
}
