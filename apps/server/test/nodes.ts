import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Node {
  child: ChildProcess;
  url: string;
  port: number;
  /** Resolves when the process ends, with its exit code and when it ended. */
  exited: Promise<{ code: number | null; at: number }>;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** Ends the process if it still runs and removes its data dir. */
  kill(): Promise<void>;
}

/**
 * `npm start`'s server (src/main.ts through tsx) as a child process on a free port, with its own data
 * dir, once it answers health checks. `env` adds to or overrides the test's environment: a node of
 * several passes the same DATABASE_URL.
 */
export async function startNode(env: Record<string, string> = {}): Promise<Node> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-node-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_APP_URL: '',
      PUBLIC_URL: '',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SUPERADMIN_USERNAME: '',
      SUPERADMIN_PASSWORD: '',
      // Every test signs in from 127.0.0.1.
      AUTH_ADDRESS_RATE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const node: Node = {
    child,
    url: `http://127.0.0.1:${port}`,
    port,
    exited,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (const deadline = Date.now() + 45_000; ;) {
    if (child.exitCode !== null) throw new Error(`node exited: ${output}`);
    try {
      if ((await fetch(`${node.url}/api/v1/health`)).ok) return node;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await node.kill();
      throw new Error(`node did not start: ${output}`);
    }
    await sleep(200);
  }
}

/**
 * A load balancer in front of nodes: each new TCP connection goes to the first node that accepts it,
 * so once a node refuses connections (stopping), clients that reconnect land on the next one.
 */
export async function startBalancer(nodes: Node[]) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    const tryNode = (i: number) => {
      const node = nodes[i];
      if (!node) return client.destroy();
      const upstream = net.connect(node.port, '127.0.0.1');
      let connected = false;
      upstream.on('error', () => (connected ? client.destroy() : tryNode(i + 1)));
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
    };
    client.on('error', () => client.destroy());
    tryNode(0);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
