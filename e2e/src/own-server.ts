import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export interface OwnServer {
  url: string;
  /** Its data directory (images and, on PGlite, the database). */
  dataDir: string;
  database: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The built app (as `npm start` runs it) on a port and data dir of its own, and on a PostgreSQL
 * database of its own when the run is on PostgreSQL (E2E_DATABASE_URL). global-setup.ts starts the
 * run's shared server with it; suites the shared server cannot host start their own, because they need
 * other settings (billing on) or add up every tenant (the super admin's figures). `env` is added to the
 * defaults below.
 */
export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comanda-e2e-${name}-`));
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (adminUrl) {
    const database = `comanda_e2e_${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
    dropDatabase = async () => {
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
        database,
      ]);
      await admin.query(`drop database if exists ${database}`);
      await admin.end();
    };
    const u = new URL(adminUrl);
    u.pathname = `/${database}`;
    databaseUrl = u.toString();
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // The app makes its own login role; and the only origin it accepts is PUBLIC_URL's, which must be
      // the address the browser uses (the default, http://HOST:PORT).
      DATABASE_APP_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      SUPERADMIN_USERNAME: '',
      SUPERADMIN_PASSWORD: '',
      // Every browser of the run signs in, reads menus and loads photos from 127.0.0.1.
      AUTH_ADDRESS_RATE_LIMIT: '10000',
      QR_MENU_RATE_LIMIT: '10000',
      IMAGE_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const close = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`the ${name} server exited with ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok)
        return { url, dataDir, database: adminUrl ? 'postgres' : 'pglite', close };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`the ${name} server did not become healthy in 180 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
