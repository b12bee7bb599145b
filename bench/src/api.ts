import os from 'node:os';

/** The bench's own calls to the app during set-up (the measured traffic goes through measure.ts or friday.ts). */

export async function post(origin: string, pathname: string, body: unknown) {
  return fetch(origin + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

export async function expectOk(res: Response, what: string) {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Runs fn over items with at most `limit` in flight. */
export async function inBatches<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/** Turns a tenant's public QR menu on (ordering too) and answers its code. */
export async function openQrMenu(origin: string, cookie: string): Promise<string> {
  const store = (await (
    await expectOk(
      await fetch(`${origin}/api/v1/settings/store-setting`, { headers: { cookie } }),
      'GET /settings/store-setting',
    )
  ).json()) as Record<string, unknown> & { uniqueQRCode: string };
  const { uniqueQRCode, image: _image, ...rest } = store;
  await expectOk(
    await fetch(`${origin}/api/v1/settings/store-setting`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...rest, isQRMenuEnabled: true, isQROrderEnabled: true }),
      signal: AbortSignal.timeout(30_000),
    }),
    'POST /settings/store-setting',
  );
  return uniqueQRCode;
}

export interface Account {
  username: string;
  password: string;
}

/** The session cookies a sign-in (or sign-up) set, as a Cookie header. */
function sessionCookies(res: Response, what: string): string {
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.includes('='));
  if (!cookies.some((c) => c.startsWith('comanda_at='))) {
    throw new Error(
      `${what} set no comanda_at cookie (set-cookie: ${JSON.stringify(res.headers.getSetCookie())})`,
    );
  }
  return cookies.join('; ');
}

/** Signs in once (a device of its own) and answers the session cookies as a Cookie header. */
export async function signIn(origin: string, account: Account): Promise<string> {
  const what = `sign-in of ${account.username}`;
  return sessionCookies(await expectOk(await post(origin, '/api/v1/auth/signin', account), what), what);
}

export function machine() {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
  };
}

/** A positive number from the environment (zero too when allowZero), or the fallback when unset. */
export function positiveNumber(name: string, fallback: number, allowZero = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0))
    throw new Error(`${name} must be a positive number`);
  return n;
}

/**
 * Runs a bench to its end: cleanUp (the server, the database the bench made) runs however it ends, and
 * the exit status says whether it passed. A step that hangs ends the run after budgetMs instead of
 * waiting for ever; the timer stays referenced, so a hang on nothing cannot exit 0 either. On failure
 * the server's last output is printed, which is usually where the cause is.
 */
export function runBench(bench: {
  main: () => Promise<void>;
  cleanUp: () => Promise<void>;
  budgetMs: number;
  serverOutput: () => string | undefined;
}) {
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${bench.budgetMs / 1000} s; stopping`);
    void bench.cleanUp().finally(() => process.exit(1));
  }, bench.budgetMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`bench: ${signal}; stopping the server`);
      void bench.cleanUp().finally(() => process.exit(130));
    });
  }
  bench
    .main()
    .then(async () => {
      await bench.cleanUp();
      clearTimeout(watchdog);
      process.exit(0);
    })
    .catch(async (error: unknown) => {
      console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
      const output = bench.serverOutput();
      if (output) console.error(`\nlast server output:\n${output}`);
      await bench.cleanUp();
      process.exit(1);
    });
}

/** A time as the result files are named: 2026-11-26T19-15-25Z (no milliseconds, no colons). */
export function resultStamp(date: Date | string): string {
  return new Date(date)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}
