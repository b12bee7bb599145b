import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startOwnServer } from './own-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SUPERADMIN = { username: 'root@e2e.comanda.test', password: 'super-secret-e2e' };

/**
 * Starts the run's shared server: the built app the way `npm start` runs it (one process, one port) on
 * a fresh data dir, or on a fresh PostgreSQL database when E2E_DATABASE_URL is set (startOwnServer).
 * Builds first if the build is missing.
 */
export default async function setup(project: TestProject) {
  if (
    !fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js')) ||
    !fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))
  ) {
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  }
  const server = await startOwnServer('run', {
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    AUTH_RATE_LIMIT: '100',
    // Every diner of the run orders from 127.0.0.1 too.
    QR_ORDER_ADDRESS_RATE_LIMIT: '1000',
    QR_STATUS_RATE_LIMIT: '10000',
  });
  project.provide('e2e', { baseUrl: server.url, dataDir: server.dataDir, database: server.database });
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseUrl: string; dataDir: string; database: 'pglite' | 'postgres' };
  }
}
