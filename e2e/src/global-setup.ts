import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from './own-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SUPERADMIN = { username: 'root@e2e.comanda.test', password: 'super-secret-e2e' };

/**
 * Starts the built app the way `npm start` runs it (one process, one port) on a fresh data dir, or on a
 * fresh PostgreSQL database when E2E_DATABASE_URL is set. Builds first if the build is missing.
 */
export default async function setup(project: TestProject) {
  if (
    !fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js')) ||
    !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))
  ) {
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-e2e-'));
  const port = await freePort();
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.E2E_DATABASE_URL) {
    const name = `comanda_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const u = new URL(process.env.E2E_DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    };
  }

  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      // The app makes its own login role; and the only origin it accepts is PUBLIC_URL's, which must be
      // the address the browser uses (the default, http://HOST:PORT).
      DATABASE_APP_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      SUPERADMIN_USERNAME: SUPERADMIN.username,
      SUPERADMIN_PASSWORD: SUPERADMIN.password,
      AUTH_RATE_LIMIT: '100',
      // Every browser of the run signs in from 127.0.0.1.
      AUTH_ADDRESS_RATE_LIMIT: '10000',
      // Every diner of the run orders from 127.0.0.1 too.
      QR_ORDER_ADDRESS_RATE_LIMIT: '1000',
      QR_STATUS_RATE_LIMIT: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('e2e', { baseUrl, dataDir, database: databaseUrl ? 'postgres' : 'pglite' });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseUrl: string; dataDir: string; database: 'pglite' | 'postgres' };
  }
}
