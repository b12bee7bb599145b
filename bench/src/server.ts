import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The real server, started by the bench as a child process on a loopback port. */
export interface BenchServer {
  origin: string;
  pid: number;
  dataDir: string;
  /** Seconds from spawning the process to the first 200 from GET /api/v1/health (0 until then). */
  startSeconds: number;
  /** The server's resident memory in MiB (Linux /proc), or null where that is not readable. */
  rssMiB(): number | null;
  /** The last lines the server printed, for a failure message. */
  output(): string;
  stop(): Promise<void>;
}

/** A port the kernel says is free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node --import tsx <script>` (the app by default) from the repository root with a fresh data directory,
 * then waits until GET /api/v1/health answers 200 (or fails after `startTimeoutMs`).
 */
export async function startServer(opts: {
  repoRoot: string;
  databaseUrl?: string;
  /** The entry point, from the repository root (default: the app's apps/server/src/main.ts). */
  script?: string;
  /** Extra node flags (e.g. --cpu-prof) and environment. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Keep the data directory at stop() (the PGlite baseline copies the app's database). */
  keepDataDir?: boolean;
  /** Start on this data directory (an earlier start's) instead of a fresh one. */
  dataDir?: string;
  startTimeoutMs?: number;
  /** Called as soon as the process exists, so a caller interrupted during start-up can still stop it. */
  onSpawn?: (server: BenchServer) => void;
}): Promise<BenchServer> {
  const port = await freePort();
  const spawnedAt = Date.now();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Sign-in is limited to 10/min per ip+username by default; the bench signs in thousands of times.
    AUTH_RATE_LIMIT: '100000',
    AUTH_ADDRESS_RATE_LIMIT: '100000',
    QR_ORDER_ADDRESS_RATE_LIMIT: '100000',
    QR_ORDER_TABLE_RATE_LIMIT: '100000',
    QR_ORDER_STORE_RATE_LIMIT: '100000',
    QR_STATUS_RATE_LIMIT: '100000',
    QR_MENU_RATE_LIMIT: '100000',
    IMAGE_RATE_LIMIT: '100000',
    WEBHOOK_RATE_LIMIT: '100000',
    // Settings from the caller's shell must not change what is measured.
    DATABASE_URL: opts.databaseUrl ?? '',
    DATABASE_APP_URL: '',
    PUBLIC_URL: '',
    API_DOCS: '',
    REDIS_URL: '',
    SMTP_URL: '',
    TRUST_PROXY: '',
    BILLING: 'off',
    SUPERADMIN_USERNAME: '',
    SUPERADMIN_PASSWORD: '',
    ...opts.env,
  };
  const script = opts.script ?? 'apps/server/src/main.ts';
  const args = [...(opts.nodeArgs ?? []), '--import', 'tsx', script];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: opts.repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const server: BenchServer = {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    dataDir,
    startSeconds: 0,
    rssMiB() {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
        return kb ? Math.round(Number(kb) / 1024) : null;
      } catch {
        return null;
      }
    },
    output: () => log.trim(),
    async stop() {
      if (!exited && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const done = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
        if (!done) {
          console.warn(`the server (pid ${child.pid}) did not stop within 10 s of SIGTERM; sending SIGKILL`);
          child.kill('SIGKILL');
          await Promise.race([exit, sleep(5_000)]);
        }
      }
      if (!opts.keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  opts.onSpawn?.(server);

  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await server.stop();
      const how = exited as { code: number | null; signal: NodeJS.Signals | null };
      throw new Error(
        `the server exited before answering (code ${how.code}, signal ${how.signal}):\n${log.trim()}`,
      );
    }
    try {
      const res = await fetch(`${server.origin}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) {
        server.startSeconds = Math.round((Date.now() - spawnedAt) / 100) / 10;
        return server;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer GET /api/v1/health with 200 in time:\n${log.trim()}`);
    }
    await sleep(200);
  }
}
