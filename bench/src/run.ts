/**
 * `npm run bench`: starts the real Comanda server on a loopback port with a fresh database, measures
 * sign-in, authenticated GETs and the health check with autocannon, writes bench/results/<time>.json and
 * bench/results/latest.json, and prints a table. Any failed step (including a non-2xx answer during a
 * measurement) exits non-zero. The server (and the PostgreSQL database the bench created) is removed at
 * the end, also on failure.
 *
 * Environment:
 *   BENCH_DATABASE_URL  run against PostgreSQL: a database comanda_bench_<time> is created on that server
 *                       (the URL's role needs CREATEDB) and dropped afterwards; unset means embedded PGlite
 *   BENCH_DURATION      seconds per measured scenario (default 10)
 *   BENCH_WARMUP        seconds of unrecorded warm-up before each scenario (default 2; 0 to skip)
 *   BENCH_TENANTS       tenants signed up, and cycled over by the sign-in scenario (default 20)
 *   BENCH_MENU_ITEMS    the reader's menu items for the POS scenarios (default 30)
 *   BENCH_KITCHEN_ORDERS orders sent for the order-to-kitchen latency (default 300), at
 *   BENCH_KITCHEN_RATE  orders per second (default 20)
 *   BENCH_SCENARIOS     only the scenarios whose name contains one of these comma-separated words
 *                       (e.g. `create-order` for a profile); default all
 *   BENCH_CPU_PROF      a directory: the app runs with --cpu-prof and writes its profile there on exit
 *   BENCH_HISTORY_ORDERS    the reports owner's orders over the past year (default 100000), with
 *   BENCH_HISTORY_CUSTOMERS customers (default 3000), beside
 *   BENCH_HISTORY_TENANTS   other tenants (default 50) with
 *   BENCH_HISTORY_TENANT_ORDERS orders each (default 2000); PostgreSQL only (sales-history.ts)
 *   BENCH_REPORT_SAMPLES    sequential requests per report range for the single-request latency (default 50)
 *   BENCH_KEEP_DATABASE=1   keep the PostgreSQL bench database at the end instead of dropping it
 *
 * The POS scenarios and the order-to-kitchen latency run on the app and then on the bare baseline
 * (baseline.ts: node:http + pg or PGlite + socket.io) in turn, with the same connections, on the same
 * data (PGlite: a copy of the app's database); each POS figure is reported with its ratio to the
 * baseline's.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  type Account,
  expectOk,
  inBatches,
  machine,
  openQrMenu,
  positiveNumber,
  post,
  resultStamp,
  runBench,
  signIn,
} from './api.ts';
import { cpuBetween, sampleCpu } from './cpu.ts';
import { kitchenLatency, type KitchenLatency } from './latency.ts';
import { measure, problems, type Scenario, type ScenarioResult } from './measure.ts';
import { explainReport, type PlanSummary } from './explain.ts';
import { openBenchDatabase, type BenchDatabase } from './postgres.ts';
import { addDays, seedSalesHistory, storeToday, type SalesHistory } from './sales-history.ts';
import { startServer, type BenchServer } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');

const DURATION = positiveNumber('BENCH_DURATION', 10);
const WARMUP = positiveNumber('BENCH_WARMUP', 2, true);
const TENANTS = Math.floor(positiveNumber('BENCH_TENANTS', 20));
const GUESTS = Math.floor(positiveNumber('BENCH_CUSTOMERS', 1000));
const BOOKINGS = Math.floor(positiveNumber('BENCH_RESERVATIONS', 300));
const MENU_ITEMS = Math.floor(positiveNumber('BENCH_MENU_ITEMS', 30));
const KITCHEN_ORDERS = Math.floor(positiveNumber('BENCH_KITCHEN_ORDERS', 300));
const KITCHEN_RATE = positiveNumber('BENCH_KITCHEN_RATE', 20);
const HISTORY_ORDERS = Math.floor(positiveNumber('BENCH_HISTORY_ORDERS', 100_000));
const HISTORY_CUSTOMERS = Math.floor(positiveNumber('BENCH_HISTORY_CUSTOMERS', 3_000));
const HISTORY_TENANTS = Math.floor(positiveNumber('BENCH_HISTORY_TENANTS', 50, true));
const HISTORY_TENANT_ORDERS = Math.floor(positiveNumber('BENCH_HISTORY_TENANT_ORDERS', 2_000));
const REPORT_SAMPLES = Math.floor(positiveNumber('BENCH_REPORT_SAMPLES', 50));
/** The reports owner's store clock: not UTC, so day and hour boundaries are the store's. */
const OWNER_TIMEZONE = 'America/New_York';
const ONLY = (process.env.BENCH_SCENARIOS ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((w) => name.includes(w));
/** The reports scenarios (issue 12): the word `reports` selects the dashboard's too. */
const REPORT_SCENARIOS = [
  'GET /reports (today)',
  'GET /reports (this_month)',
  'GET /reports (custom 366 days)',
  'GET /dashboard',
].filter((name) => wanted(name) || ONLY.includes('reports'));
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const ADMIN_URL = process.env.BENCH_DATABASE_URL || undefined;
/** Leave the PostgreSQL bench database in place at the end (to EXPLAIN or try an index on the seeded data). */
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';
/** The scenarios measured again on the bare baseline. */
const POS_SCENARIOS = [
  'GET /menu-items',
  'GET /pos/init',
  'POST /pos/create-order',
  'POST /pos/create-order-and-invoice',
  'GET /qrmenu/{code}',
];

let server: BenchServer | undefined;
let database: BenchDatabase | undefined;
/** The app's data directory, kept after it stops for the PGlite baseline and removed at the end. */
let appDataDir: string | undefined;
let baseline: BenchServer | undefined;
/** The PGlite baseline's copy of the app's database. */
let baselineDir: string | undefined;

/** Stops the server and drops the bench database; safe to call twice. */
async function cleanUp() {
  const s = server;
  const d = database;
  server = undefined;
  database = undefined;
  if (s) await s.stop().catch((e: unknown) => console.error('stopping the server failed:', e));
  const b = baseline;
  baseline = undefined;
  if (b) await b.stop().catch((e: unknown) => console.error('stopping the baseline failed:', e));
  if (baselineDir) fs.rmSync(baselineDir, { recursive: true, force: true });
  baselineDir = undefined;
  if (appDataDir) fs.rmSync(appDataDir, { recursive: true, force: true });
  appDataDir = undefined;
  if (d && KEEP_DATABASE) console.log(`kept database ${d.name} (BENCH_KEEP_DATABASE): drop it when done`);
  else if (d) await d.drop().catch((e: unknown) => console.error(`dropping database ${d.name} failed:`, e));
}

/**
 * The reader's guest book: `customers` customers and `bookings` reservations spread over the coming
 * month (no table), through the API as the back office makes them.
 */
async function seedGuestBook(origin: string, cookie: string, customers: number, bookings: number) {
  const send = (pathname: string, body: unknown) =>
    fetch(origin + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  const ids: number[] = [];
  await inBatches(
    Array.from({ length: customers }, (_, i) => i),
    8,
    async (i) => {
      const res = await expectOk(
        await send('/api/v1/customers/add', {
          phone: `555 ${String(i).padStart(6, '0')}`,
          name: `Guest ${i}`,
        }),
        'POST /customers/add',
      );
      ids.push(((await res.json()) as { customer: { id: number } }).customer.id);
    },
  );
  const init = await expectOk(
    await fetch(`${origin}/api/v1/reservations/init`, { headers: { cookie } }),
    'init',
  );
  const { today } = (await init.json()) as { today: string };
  await inBatches(
    Array.from({ length: bookings }, (_, i) => i),
    8,
    async (i) => {
      const day = new Date(`${today}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() + 1 + (i % 28));
      const date = `${day.toISOString().slice(0, 10)}T${String(12 + (i % 10)).padStart(2, '0')}:00`;
      await expectOk(
        await send('/api/v1/reservations/add', { customerId: ids[i % ids.length], date, peopleCount: 2 }),
        'POST /reservations/add',
      );
    },
  );
}

/** The POS menu of a cart line: an item with its first variant and first addon. */
interface PosLine {
  itemId: number;
  variantId: number;
  addonId: number;
}

/**
 * The reader's menu: `items` items with a 7.5 % tax, 2 variants and 2 addons each, through the API as
 * the settings screens make them; answers each item's first variant and addon (from GET /pos/init).
 */
async function seedMenu(
  origin: string,
  cookie: string,
  items: number,
): Promise<{ lines: PosLine[]; paymentTypeId: number }> {
  const send = (pathname: string, body: unknown) =>
    fetch(origin + pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  await expectOk(
    await send('/api/v1/settings/taxes/add', { title: 'VAT', rate: '7.5', type: 'exclusive' }),
    'POST /settings/taxes/add',
  );
  const taxes = (await (
    await expectOk(
      await fetch(`${origin}/api/v1/settings/taxes`, { headers: { cookie } }),
      'GET /settings/taxes',
    )
  ).json()) as { id: number }[];
  const taxId = taxes[0]?.id;
  if (taxId === undefined) throw new Error('no tax after adding one');
  await inBatches(
    Array.from({ length: items }, (_, i) => i),
    4,
    async (i) => {
      const res = await expectOk(
        await send('/api/v1/menu-items/add', { title: `Dish ${i + 1}`, price: `${5 + (i % 10)}.50`, taxId }),
        'POST /menu-items/add',
      );
      const { id } = (await res.json()) as { id: number };
      for (const [kind, title, price] of [
        ['variants', 'Regular', '6.00'],
        ['variants', 'Large', '8.25'],
        ['addons', 'Cheese', '1.50'],
        ['addons', 'Sauce', '0.75'],
      ] as const) {
        await expectOk(
          await send(`/api/v1/menu-items/${kind}/${id}/add`, { title, price }),
          `POST /menu-items/${kind}`,
        );
      }
    },
  );
  const init = (await (
    await expectOk(await fetch(`${origin}/api/v1/pos/init`, { headers: { cookie } }), 'GET /pos/init')
  ).json()) as {
    menuItems: { id: number; variants: { id: number }[]; addons: { id: number }[] }[];
    paymentTypes: { id: number }[];
  };
  const paymentTypeId = init.paymentTypes[0]?.id;
  if (paymentTypeId === undefined) throw new Error('a new store has no Cash');
  const lines = init.menuItems.map((item) => {
    const variantId = item.variants[0]?.id;
    const addonId = item.addons[0]?.id;
    if (variantId === undefined || addonId === undefined) throw new Error(`item ${item.id} has no options`);
    return { itemId: item.id, variantId, addonId };
  });
  return { lines, paymentTypeId };
}

/** Signs up `count` tenants (each with its admin user) and answers their credentials. */
async function signUpTenants(origin: string, count: number, prefix: string): Promise<Account[]> {
  const accounts = Array.from({ length: count }, (_, i) => ({
    biz_name: `Bench Cafe ${prefix}${i + 1}`,
    username: `${prefix}${i + 1}@bench.comanda.test`,
    password: `bench-password-${prefix}${i + 1}`,
  }));
  // Sign-up hashes the password (argon2id); a few at a time keeps the set-up short without queueing.
  await inBatches(accounts, 4, async (a) => {
    await expectOk(await post(origin, '/api/v1/auth/signup', a), `sign-up of ${a.username}`);
  });
  return accounts.map(({ username, password }) => ({ username, password }));
}

/** A scenario, warmed up (unrecorded) and then measured, with the server's memory afterwards. */
async function run(s: BenchServer, scenario: Scenario, label = ''): Promise<ScenarioResult> {
  // Requests a previous scenario left queued (its clients are gone, the server still works them off)
  // must not count against this one: one health check waits behind them.
  await expectOk(
    await fetch(`${s.origin}/api/v1/health`, { signal: AbortSignal.timeout(120_000) }),
    'health',
  );
  if (WARMUP > 0) {
    const warm = await measure(s.origin, { ...scenario, durationSeconds: WARMUP });
    const problem = problems(warm);
    if (problem) throw new Error(`warm-up of ${problem}`);
  }
  process.stdout.write(
    `  ${scenario.name}${label}: ${scenario.connections} connections, ${scenario.durationSeconds} s ... `,
  );
  const before = sampleCpu(s.pid);
  // The monotonic clock V8's profiler stamps samples with: profile.ts picks the scenario's samples.
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const measured = await measure(s.origin, scenario);
  const result: ScenarioResult = {
    ...measured,
    monotonicUs: { start: startUs, end: Number(process.hrtime.bigint() / 1000n) },
    serverRssMiB: s.rssMiB(),
    cpu: cpuBetween(before, sampleCpu(s.pid)),
  };
  console.log(`${result.requestsPerSecond.mean} req/s`);
  if (result.cpu && result.cpu.otherCores > 0.25) {
    console.warn(
      `    note: other programs used ${result.cpu.otherCores} cores meanwhile; this figure may be low`,
    );
  }
  const problem = problems(result);
  if (problem) throw new Error(`the bench measured errors, not work: ${problem}`);
  return result;
}

/** The first path where two JSON values differ (object keys in any order), or null. */
function firstDifference(a: unknown, b: unknown, at: string): string | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at || '/'} (length ${a.length} against ${b.length})`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${at}/${i}`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${at}/${k}`,
      );
      if (d) return d;
    }
    return null;
  }
  return Object.is(a, b) ? null : `${at || '/'} (${JSON.stringify(a)} against ${JSON.stringify(b)})`;
}

interface SingleLatency {
  name: string;
  path: string;
  samples: number;
  ms: { p50: number; p95: number; max: number; mean: number };
}

/**
 * One owner opening a report: `samples` requests one after another (after 5 unrecorded), each timed
 * from sending to the last byte of the answer, on one kept-alive connection.
 */
async function singleRequests(origin: string, pathname: string, cookie: string, name: string) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(origin + pathname, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REPORT_SAMPLES; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  const r1 = (v: number) => Math.round(v * 10) / 10;
  const result: SingleLatency = {
    name,
    path: pathname,
    samples: times.length,
    ms: {
      p50: r1(at(0.5)),
      p95: r1(at(0.95)),
      max: r1(times[times.length - 1] ?? 0),
      mean: r1(times.reduce((a, b) => a + b, 0) / times.length),
    },
  };
  return result;
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

/** The kitchen latency of one server, with the cores it used meanwhile. */
async function latency(s: BenchServer, cookie: string, body: () => unknown, label: string) {
  process.stdout.write(
    `  order-to-kitchen latency${label}: ${KITCHEN_ORDERS} orders at ${KITCHEN_RATE}/s ... `,
  );
  const before = sampleCpu(s.pid);
  const measured = await kitchenLatency(s.origin, cookie, body, KITCHEN_ORDERS, KITCHEN_RATE);
  const result = { ...measured, cpu: cpuBetween(before, sampleCpu(s.pid)) };
  console.log(`p50 ${result.eventMs.p50} ms, p99 ${result.eventMs.p99} ms`);
  return result;
}

function printTable(results: ScenarioResult[]) {
  const head = `${'scenario'.padEnd(36)}${pad('conn', 6)}${pad('req/s', 10)}${pad('p50', 8)}${pad('p97.5', 8)}${pad('p99', 8)}${pad('max', 8)}${pad('non2xx', 8)}${pad('errors', 8)}${pad('RSS MiB', 9)}${pad('srv cpu', 9)}${pad('pg cpu', 8)}${pad('other', 7)}`;
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(36)}${pad(r.connections, 6)}${pad(r.requestsPerSecond.mean, 10)}${pad(r.latencyMs.p50, 8)}${pad(r.latencyMs.p97_5, 8)}${pad(r.latencyMs.p99, 8)}${pad(r.latencyMs.max, 8)}${pad(r.non2xx, 8)}${pad(r.errors, 8)}${pad(r.serverRssMiB ?? '-', 9)}${pad(r.cpu?.serverCores ?? '-', 9)}${pad(r.cpu?.postgresCores ?? '-', 8)}${pad(r.cpu?.otherCores ?? '-', 7)}`,
    );
  }
  console.log(
    '(latencies in ms; RSS = server resident memory after the scenario; cores busy during the scenario in:\n' +
      ' srv cpu = the server, pg cpu = local postgres processes, other = programs other than those and the bench)\n',
  );
}

async function main() {
  const started = new Date();
  const stamp = resultStamp(started);
  const m = machine();
  const loadBefore = os.loadavg().map((n) => Math.round(n * 100) / 100);
  console.log(
    `Comanda bench ${stamp}: ${m.cpuCount} x ${m.cpuModel}, ${m.totalMemoryGiB} GiB, Node ${m.node}, load ${loadBefore[0]}`,
  );

  database = await openBenchDatabase(ADMIN_URL, stamp);

  if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
  const s = await startServer({
    repoRoot,
    databaseUrl: database?.url,
    keepDataDir: true,
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
    onSpawn: (spawned) => {
      server = spawned;
      appDataDir = spawned.dataDir;
    },
  });
  const startRssMiB = s.rssMiB();
  console.log(
    `server: pid ${s.pid} at ${s.origin}; healthy after ${s.startSeconds} s, RSS ${startRssMiB ?? '-'} MiB`,
  );

  const setupStart = Date.now();
  const accounts = await signUpTenants(s.origin, TENANTS, 't');
  // A tenant of its own for the GET scenarios, so its device list is one row, not every bench sign-in.
  const [reader] = await signUpTenants(s.origin, 1, 'reader');
  if (!reader) throw new Error('no reader account');
  const cookie = await signIn(s.origin, reader);
  for (const p of ['/api/v1/auth/me', '/api/v1/auth/devices']) {
    await expectOk(await fetch(s.origin + p, { headers: { cookie } }), `GET ${p} with the session cookie`);
  }
  const guestBook = wanted('GET /customers') || wanted('GET /reservations');
  if (guestBook) await seedGuestBook(s.origin, cookie, GUESTS, BOOKINGS);
  const { lines: menu, paymentTypeId } = await seedMenu(s.origin, cookie, MENU_ITEMS);
  const qrCode = await openQrMenu(s.origin, cookie);
  console.log(
    `set-up: ${TENANTS + 1} tenants signed up, ${guestBook ? `the reader's ${GUESTS} customers, ${BOOKINGS} reservations and ` : "the reader's "}${MENU_ITEMS} menu items added in ${((Date.now() - setupStart) / 1000).toFixed(1)} s\n`,
  );
  // The reports' year of sales (issue 12): one owner signed up through the API (a real session), its
  // history and 50 other tenants' written straight to PostgreSQL by sales-history.ts.
  let history: (SalesHistory & { ownerTenantId: number }) | null = null;
  const owner: Account = {
    username: 'owner@bench.comanda.test',
    password: 'bench-password-owner',
  };
  if (REPORT_SCENARIOS.length > 0 && !database) {
    console.log(
      "reports: skipped on embedded PGlite (the bench cannot write the history into the running app's database; the target is PostgreSQL: set BENCH_DATABASE_URL)\n",
    );
  } else if (REPORT_SCENARIOS.length > 0 && database) {
    await expectOk(
      await post(s.origin, '/api/v1/auth/signup', {
        biz_name: 'Bench Owner Bistro',
        ...owner,
        timezone: OWNER_TIMEZONE,
      }),
      'sign-up of the reports owner',
    );
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client
      .query<{ tenant_id: string }>('select tenant_id from users where username = $1', [owner.username])
      .finally(() => client.end());
    const ownerTenantId = Number(rows[0]?.tenant_id);
    process.stdout.write(
      `reports: seeding ${HISTORY_ORDERS} orders over a year for tenant ${ownerTenantId} and ${HISTORY_TENANTS} other tenants with ${HISTORY_TENANT_ORDERS} each ... `,
    );
    const seeded = await seedSalesHistory(database.url, {
      ownerTenantId,
      orders: HISTORY_ORDERS,
      customers: HISTORY_CUSTOMERS,
      otherTenants: HISTORY_TENANTS,
      otherOrders: HISTORY_TENANT_ORDERS,
      otherCustomers: 100,
    });
    history = { ...seeded, ownerTenantId };
    console.log(`${seeded.seconds} s (VACUUM ANALYZE included): ${JSON.stringify(seeded.counts)}\n`);
  }
  const ownerToday = storeToday(OWNER_TIMEZONE);
  const yearBack = addDays(ownerToday, -365);
  const reportScenarios: Scenario[] = history
    ? REPORT_SCENARIOS.map((name) => ({
        name,
        method: 'GET' as const,
        path:
          name === 'GET /dashboard'
            ? '/api/v1/dashboard'
            : name === 'GET /reports (today)'
              ? '/api/v1/reports?type=today'
              : name === 'GET /reports (this_month)'
                ? '/api/v1/reports?type=this_month'
                : `/api/v1/reports?type=custom&from=${yearBack}&to=${ownerToday}`,
        // A back office read: a few owners and managers at once, not a till's rate.
        connections: 10,
        durationSeconds: DURATION,
        headers: {},
      }))
    : [];

  let cart = 0;
  /** A 3-line cart (a variant with an addon, a plain item twice, a third item) with fresh UUIDs. */
  const orderBody = () => {
    const line = (n: number) => menu[(cart + n) % menu.length] as PosLine;
    cart += 1;
    return {
      uuid: crypto.randomUUID(),
      deliveryType: 'takeaway',
      cart: [
        {
          uuid: crypto.randomUUID(),
          item_id: line(0).itemId,
          variant_id: line(0).variantId,
          addons_ids: [line(0).addonId],
          quantity: 1,
        },
        { uuid: crypto.randomUUID(), item_id: line(1).itemId, quantity: 2 },
        { uuid: crypto.randomUUID(), item_id: line(2).itemId, quantity: 1, notes: 'no salt' },
      ],
    };
  };

  /** The same cart taken and paid cash (the client's totals are only compared; ample tendered). */
  const paidOrderBody = () => ({
    ...orderBody(),
    netTotal: '0',
    taxTotal: '0',
    total: '0',
    payment: { paymentTypeId, tendered: '1000' },
  });

  let next = 0;
  const scenarios: Scenario[] = [
    {
      name: 'POST /auth/signin',
      method: 'POST',
      path: '/api/v1/auth/signin',
      connections: 10,
      durationSeconds: DURATION,
      headers: { 'user-agent': 'comanda-bench' },
      body: () => accounts[next++ % accounts.length],
    },
    {
      name: 'GET /auth/devices',
      method: 'GET',
      path: '/api/v1/auth/devices',
      connections: 50,
      durationSeconds: DURATION,
      headers: { cookie },
    },
    {
      name: 'GET /auth/me',
      method: 'GET',
      path: '/api/v1/auth/me',
      connections: 50,
      durationSeconds: DURATION,
      headers: { cookie },
    },
    {
      // Page 1 of the customer list: the page and the count of all the tenant's customers.
      name: 'GET /customers',
      method: 'GET',
      path: '/api/v1/customers?sort=created_at&page=1&perPage=10',
      connections: 50,
      durationSeconds: DURATION,
      headers: { cookie },
    },
    {
      // A month of bookings (the custom range's default), each with its guest and table.
      name: 'GET /reservations (month)',
      method: 'GET',
      path: '/api/v1/reservations?type=custom',
      connections: 50,
      durationSeconds: DURATION,
      headers: { cookie },
    },
    {
      // The back office's menu list (issue 16's "menu list"): the items with their category, tax,
      // picture, variants and addons.
      name: 'GET /menu-items',
      method: 'GET',
      path: '/api/v1/menu-items',
      connections: 20,
      durationSeconds: DURATION,
      headers: { cookie },
    },
    {
      // The whole POS screen: categories, the menu with its variants, addons and taxes, tables, settings.
      name: 'GET /pos/init',
      method: 'GET',
      path: '/api/v1/pos/init',
      connections: 50,
      durationSeconds: DURATION,
      headers: { cookie },
    },
    {
      // Prices a 3-line cart, takes the day's next token (one counter row per tenant and day: every
      // order of the tenant queues on it), inserts the order, its lines and an audit row.
      name: 'POST /pos/create-order',
      method: 'POST',
      path: '/api/v1/pos/create-order',
      connections: 10,
      durationSeconds: DURATION,
      headers: { cookie },
      body: orderBody,
    },
    {
      // The same, paid at once: plus the Idempotency-Key claimed and answered, the payment type, the
      // invoice, its payment, the order marked paid, a second audit row, and the order read back.
      name: 'POST /pos/create-order-and-invoice',
      method: 'POST',
      path: '/api/v1/pos/create-order-and-invoice',
      connections: 10,
      durationSeconds: DURATION,
      headers: { cookie },
      body: paidOrderBody,
      headersPerRequest: () => ({ 'idempotency-key': crypto.randomUUID() }),
    },
    {
      // A diner opening the reader's public menu (issue 11): the code looked up on the system path, then
      // the store, items with their category, tax and picture, variants, addons and categories, and
      // the answer's ETag. No session.
      name: 'GET /qrmenu/{code}',
      method: 'GET',
      path: `/api/v1/qrmenu/${qrCode}`,
      connections: 50,
      durationSeconds: DURATION,
    },
    {
      name: 'GET /health',
      method: 'GET',
      path: '/api/v1/health',
      connections: 50,
      durationSeconds: DURATION,
    },
  ];
  const posScenarios = scenarios.filter((x) => POS_SCENARIOS.includes(x.name) && wanted(x.name));
  const kitchen = wanted('kitchen');
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    if (wanted(scenario.name) && !posScenarios.includes(scenario)) results.push(await run(s, scenario));
  }

  // The POS scenarios, each on the app and then on the bare baseline, so both see the same machine.
  // The baseline works on the same data: PostgreSQL serves both at once; PGlite belongs to one
  // process, so the app stops, its database is copied for the baseline, and the app starts again.
  let app = s;
  const baselineResults: ScenarioResult[] = [];
  let appKitchen: Awaited<ReturnType<typeof latency>> | null = null;
  let baselineKitchen: Awaited<ReturnType<typeof latency>> | null = null;
  let baselineStartSeconds: number | null = null;
  const singleLatency: { app: SingleLatency; baseline: SingleLatency }[] = [];
  let plans: { file: string; statements: PlanSummary[] } | null = null;
  if (posScenarios.length > 0 || kitchen || reportScenarios.length > 0) {
    // A fresh cookie (access tokens live 15 minutes), before the PGlite copy so the copy knows its device.
    const fresh = await signIn(s.origin, reader);
    let baselineEnv: Record<string, string> = {};
    if (!database) {
      server = undefined;
      await s.stop();
      baselineDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-bench-baseline-'));
      fs.cpSync(path.join(s.dataDir, 'pglite'), path.join(baselineDir, 'pglite'), { recursive: true });
      baselineEnv = { PGLITE_DIR: path.join(baselineDir, 'pglite') };
      app = await startServer({
        repoRoot,
        dataDir: s.dataDir,
        keepDataDir: true,
        nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
        onSpawn: (spawned) => {
          server = spawned;
        },
      });
    }
    const b = await startServer({
      repoRoot,
      script: 'bench/src/baseline.ts',
      databaseUrl: database?.url,
      env: baselineEnv,
      onSpawn: (spawned) => {
        baseline = spawned;
      },
    });
    baselineStartSeconds = b.startSeconds;
    console.log(
      `\nbare baseline (bench/src/baseline.ts: node:http + ${database ? 'pg' : 'PGlite'} + socket.io): pid ${b.pid}, healthy after ${b.startSeconds} s`,
    );
    for (const scenario of posScenarios) {
      // A fresh cookie for the signed-in scenarios; the public menu's diner has none.
      const withCookie = scenario.headers?.cookie
        ? { ...scenario, headers: { ...scenario.headers, cookie: fresh } }
        : scenario;
      results.push(await run(app, withCookie));
      baselineResults.push(await run(b, withCookie, ' (baseline)'));
    }
    if (kitchen) {
      appKitchen = await latency(app, fresh, orderBody, '');
      baselineKitchen = await latency(b, fresh, orderBody, ' (baseline)');
    }
    if (reportScenarios.length > 0 && history && database) {
      const ownerCookie = await signIn(app.origin, owner);
      // The baseline must answer what the app answers, figure for figure, or the ratio compares other work.
      for (const scenario of reportScenarios) {
        const answer = async (origin: string) =>
          (await expectOk(
            await fetch(origin + scenario.path, { headers: { cookie: ownerCookie } }),
            scenario.name,
          ).then((res) => res.json())) as unknown;
        const difference = firstDifference(await answer(app.origin), await answer(b.origin), '');
        if (difference)
          throw new Error(`the baseline's ${scenario.name} differs from the app's at ${difference}`);
      }
      for (const scenario of reportScenarios) {
        const withCookie = { ...scenario, headers: { cookie: ownerCookie } };
        results.push(await run(app, withCookie));
        baselineResults.push(await run(b, withCookie, ' (baseline)'));
      }
      console.log(`\n  single requests, ${REPORT_SAMPLES} one after another (ms):`);
      for (const scenario of reportScenarios) {
        const appOne = await singleRequests(app.origin, scenario.path, ownerCookie, scenario.name);
        const baseOne = await singleRequests(b.origin, scenario.path, ownerCookie, scenario.name);
        singleLatency.push({ app: appOne, baseline: baseOne });
        console.log(
          `  ${scenario.name.padEnd(34)} app p50 ${appOne.ms.p50}, p95 ${appOne.ms.p95}, max ${appOne.ms.max}; baseline p50 ${baseOne.ms.p50}, p95 ${baseOne.ms.p95}, max ${baseOne.ms.max}`,
        );
      }
      const planFile = path.join(resultsDir, `${stamp}-explain.txt`);
      fs.mkdirSync(resultsDir, { recursive: true });
      const statements = await explainReport(
        database.url,
        history.ownerTenantId,
        { from: yearBack, to: ownerToday },
        planFile,
      );
      plans = { file: path.relative(repoRoot, planFile), statements };
      console.log(`\n  EXPLAIN ANALYZE of the year's report (${plans.file}):`);
      for (const st of statements) {
        console.log(
          `  ${st.name.padEnd(34)} ${String(st.executionMs ?? '-').padStart(8)} ms  ${st.scans.map((x) => x.replace(/\s+\(cost.*$/, '')).join('; ')}`,
        );
      }
    }
    const baselineOutput = b.output();
    if (baselineOutput) console.log(`baseline output:\n${baselineOutput}\n`);
  }

  printTable(results);
  const serverOutput = app.output();
  if (serverOutput) console.log(`server output during the run (LOG_LEVEL=warn):\n${serverOutput}\n`);
  /** Server CPU per request in ms: less sensitive to a busy machine than req/s. */
  const cpuMs = (r: ScenarioResult) =>
    r.cpu && r.requestsPerSecond.mean > 0
      ? Math.round(((r.cpu.serverCores * 1000) / r.requestsPerSecond.mean) * 100) / 100
      : null;
  const ratios = baselineResults.map((base) => {
    const app = results.find((r) => r.name === base.name);
    const rps = app
      ? Math.round((app.requestsPerSecond.mean / base.requestsPerSecond.mean) * 1000) / 1000
      : null;
    const side = (r: ScenarioResult) => ({
      rps: r.requestsPerSecond.mean,
      p99: r.latencyMs.p99,
      serverCpuMsPerRequest: cpuMs(r),
      otherCores: r.cpu?.otherCores ?? null,
    });
    return { name: base.name, app: app ? side(app) : null, baseline: side(base), ratio: rps };
  });
  if (ratios.length) {
    console.log(
      `\n${'scenario'.padEnd(36)}${pad('app req/s', 11)}${pad('p99', 7)}${pad('cpu ms', 8)}${pad('base req/s', 12)}${pad('p99', 7)}${pad('cpu ms', 8)}${pad('ratio', 8)}`,
    );
    for (const r of ratios) {
      console.log(
        `${r.name.padEnd(36)}${pad(r.app?.rps ?? '-', 11)}${pad(r.app?.p99 ?? '-', 7)}${pad(r.app?.serverCpuMsPerRequest ?? '-', 8)}${pad(r.baseline.rps, 12)}${pad(r.baseline.p99, 7)}${pad(r.baseline.serverCpuMsPerRequest ?? '-', 8)}${pad(r.ratio ?? '-', 8)}`,
      );
    }
    console.log('(cpu ms = server CPU time per request; ratio = app req/s over baseline req/s)');
  }
  const kitchenLine = (k: KitchenLatency | null, who: string) =>
    k &&
    console.log(
      `order-to-kitchen ${who}: p50 ${k.eventMs.p50} ms, p95 ${k.eventMs.p95}, p99 ${k.eventMs.p99}, max ${k.eventMs.max} (answer p50 ${k.answerMs.p50}, p99 ${k.answerMs.p99})`,
    );
  kitchenLine(appKitchen, 'app     ');
  kitchenLine(baselineKitchen, 'baseline');

  const report = {
    date: started.toISOString(),
    command: ADMIN_URL ? 'BENCH_DATABASE_URL=<url> npm run bench' : 'npm run bench',
    machine: m,
    database: database
      ? { kind: 'postgres' as const, version: database.serverVersion }
      : { kind: 'pglite' as const, version: null },
    // 1-minute load averages (they lag: a previous run still shows); each scenario's cpu.otherCores is sharper.
    loadAverage: { before: loadBefore[0], after: Math.round((os.loadavg()[0] ?? 0) * 100) / 100 },
    settings: {
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      tenants: TENANTS,
      kitchenOrders: KITCHEN_ORDERS,
      kitchenPerSecond: KITCHEN_RATE,
      scenarios: ONLY.length ? ONLY : 'all',
      cpuProfile: CPU_PROF ? true : false,
    },
    server: {
      command: 'node --import tsx apps/server/src/main.ts',
      // Spawn to first healthy answer: Node + tsx start, opening the database, migrations on an empty one.
      startSeconds: s.startSeconds,
      rssMiBAtStart: startRssMiB,
    },
    notes: [
      'Server and autocannon run on the same machine and share its cores.',
      'Sign-in verifies an argon2id hash (19 MiB, 2 passes) and writes a device row and an audit row.',
      'Authenticated GETs verify the access JWT and look the session up in the database on every request.',
      'GET /health runs select 1 on the database.',
      `The reader tenant has ${GUESTS} customers and ${BOOKINGS} reservations over the coming month.`,
      `The reader tenant has ${MENU_ITEMS} menu items, each with a 7.5 % tax, 2 variants and 2 addons; create-order sends a 3-line cart with fresh UUIDs.`,
      "GET /qrmenu/{code} is the reader's public menu, QR menu on, no table, no session (a diner's first load).",
      ...(history
        ? [
            `Reports: the owner tenant (${OWNER_TIMEZONE}) has ${HISTORY_ORDERS} orders over the past 365 days (about 2% cancelled and 1% unpaid, left out of reports), ${HISTORY_CUSTOMERS} customers, 40 items in 6 categories, 3 payment types; ${HISTORY_TENANTS} other tenants have ${HISTORY_TENANT_ORDERS} orders each; seeded set-based through the rollup triggers (sales-history.ts).`,
            'Report scenarios run at 10 connections; singleRequests are one request at a time, the latency of one owner opening the report.',
          ]
        : []),
    ],
    scenarios: results,
    kitchenLatency: appKitchen,
    reports: history
      ? {
          ownerTenantId: history.ownerTenantId,
          ownerTimezone: OWNER_TIMEZONE,
          seed: {
            seconds: history.seconds,
            orders: HISTORY_ORDERS,
            customers: HISTORY_CUSTOMERS,
            otherTenants: HISTORY_TENANTS,
            otherTenantOrders: HISTORY_TENANT_ORDERS,
            rows: history.counts,
          },
          singleRequests: singleLatency,
          explain: plans,
        }
      : null,
    baseline: {
      command: 'node --import tsx bench/src/baseline.ts',
      startSeconds: baselineStartSeconds,
      scenarios: baselineResults,
      kitchenLatency: baselineKitchen,
    },
    // App req/s over the baseline's, per POS scenario, measured in this run with the same connections.
    ratios,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${stamp}.json`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  fs.writeFileSync(file, json);
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), json);
  console.log(`results: ${path.relative(repoRoot, file)} and bench/results/latest.json`);
}

// How long the whole run may take before the watchdog ends it. The reports add their seed (about 3 minutes), 8 scenario runs and the single requests.
const budgetMs =
  (12 * (DURATION + WARMUP) +
    2 * (KITCHEN_ORDERS / KITCHEN_RATE) +
    600 +
    (REPORT_SCENARIOS.length > 0 ? 600 + 8 * (DURATION + WARMUP) : 0)) *
  1000;
runBench({ main, cleanUp, budgetMs, serverOutput: () => server?.output() });
