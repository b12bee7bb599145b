import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_ROLE } from '../src/platform/db/client.ts';
import { freePort } from './harness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Pgbouncer {
  port: number;
  close(): Promise<void>;
}

/**
 * PgBouncer (Debian's `pgbouncer`) on a free loopback port in transaction pooling mode, in front of
 * the PostgreSQL server `serverUrl` names: any database, at most `poolSize` server connections per
 * database and role, which is what makes two tenants' transactions share connections. Trust
 * authentication, like the test server behind it.
 */
export async function startPgbouncer(serverUrl: string, poolSize = 2): Promise<Pgbouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-pgbouncer-'));
  // PgBouncer refuses to run as root; as root it is told to become the server's own user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chmodSync(dir, 0o755);
  // trust still wants each user named in the auth file; its password is what PgBouncer logs in with.
  const users = [decodeURIComponent(server.username || 'postgres'), LOGIN_ROLE];
  fs.writeFileSync(path.join(dir, 'users.txt'), users.map((u) => `"${u}" ""\n`).join(''));
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      "unix_socket_dir = ''",
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      'ignore_startup_parameters = extra_float_digits',
      'admin_users = postgres',
      '',
    ].join('\n'),
  );
  // Debian installs it in /usr/sbin, which a user's PATH may lack.
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin` },
  });
  let output = '';
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  child.once('error', (error) => (output += `${error.message} (apt-get install pgbouncer)`));
  for (const deadline = Date.now() + 10_000; ; await sleep(50)) {
    if (child.exitCode !== null || child.pid === undefined) throw new Error(`pgbouncer exited: ${output}`);
    if (await accepts(port)) break;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not start: ${output}`);
  }
  return {
    port,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
