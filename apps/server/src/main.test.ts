import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { copyTemplateDatabase, freePort } from '../test/harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-shutdown-'));
let server: ChildProcess | undefined;
afterAll(() => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `npm start`'s server (src/main.ts through tsx) on a free port, answering health checks. */
async function startServer() {
  const db = inject('db');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: db.kind === 'postgres' ? await copyTemplateDatabase(db) : '',
      DATABASE_APP_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SUPERADMIN_USERNAME: '',
      SUPERADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 45_000; ;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await sleep(200);
  }
  return { child, url, exited, output: () => output };
}

// Starting a real process (tsx, migrations) takes most of this test's time on a busy machine.
describe('stopping a node (SIGTERM)', () => {
  it('finishes the request in flight, closes connections without one, sends sockets to reconnect, and exits 0 within 10 s', async () => {
    const s = await startServer();
    server = s.child;

    const socket = io(s.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    const notice = new Promise((resolve) => socket.once('server_shutdown', resolve));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    // A sign-in whose body is still arriving when the signal comes.
    const body = JSON.stringify({ username: 'nobody@cafe.test', password: 'not the password' });
    const u = new URL(s.url);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          method: 'POST',
          path: '/api/v1/auth/signin',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 1_000);
    });
    // A connection open with no request on it yet: a browser's preconnect, a proxy's warm pool.
    const idle = net.connect(Number(u.port), u.hostname);
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    await new Promise((resolve) => idle.once('connect', resolve));
    await sleep(300);
    const signalledAt = Date.now();
    s.child.kill('SIGTERM');

    await expect(notice).resolves.toBeDefined();
    // A transport close, not "io server disconnect": socket.io-client reconnects by itself.
    await expect(disconnected).resolves.toBe('transport close');
    expect(await answer).toEqual({
      status: 401,
      body: JSON.stringify({ message: 'Invalid username or password!', code: 'invalid_credentials' }),
    });
    const exit = await Promise.race([s.exited, sleep(12_000).then(() => null)]);
    expect(exit, s.output()).not.toBeNull();
    expect(exit?.code, s.output()).toBe(0);
    expect((exit?.at ?? Infinity) - signalledAt).toBeLessThan(10_000);
    await idleClosed;
    socket.close();
  }, 90_000);
});
