/**
 * `npm run bench:friday` (issue 16): a Friday night. Many tenants at once, each with POS terminals, a
 * kitchen screen and diners on the QR menu, all at a human pace, against the real server on a loopback
 * port with a fresh database. Reports the orders per second achieved, p50/p99/max and non-2xx per
 * endpoint, the socket delivery latency (order request sent to the event's arrival) and the events
 * missed, with the cores the server, PostgreSQL and other programs used. Writes
 * bench/results/friday-<time>.json, prints a table, and exits non-zero when more than
 * FRIDAY_TOLERANCE of the requests failed (5xx, other non-2xx, no answer) or of the events were missed.
 *
 * Each tenant (signed up through POST /auth/signup, its menu, tables, tax and QR menu
 * made through the settings API) has:
 *   - FRIDAY_POS terminals, each its own session (device) and socket: every FRIDAY_POS_INTERVAL
 *     seconds (±33 %) it sends an order, in turn a dine-in order at one of its two tables (paid 10 to
 *     30 s later: the bill's summary, then POST /orders/complete-and-pay-order) and a takeaway paid at
 *     once (POST /pos/create-order-and-invoice). The first terminal also takes the QR orders: on
 *     `new_qrorder` it lists them and, a second or two later, sends each as an order (the table paid
 *     later as above).
 *   - a kitchen screen: a socket; on `new_order` / `order_update` it refetches GET /kitchen (one at a
 *     time, as the screen's query does); each new ticket is started line by line 2 to 5 s after it shows
 *     and bumped 6 to 12 s later.
 *   - FRIDAY_DINERS diners at its tables: each opens the menu at a random moment of the run, reloads it
 *     every 10 to 30 s with its ETag (304s), places one order 3 to 15 s after opening, and opens the
 *     order's status page.
 *
 * Environment:
 *   BENCH_DATABASE_URL   run against PostgreSQL (a database comanda_bench_<time> is created and dropped,
 *                        as for `npm run bench`); unset means embedded PGlite
 *   FRIDAY_TENANTS       tenants (default 200)
 *   FRIDAY_DURATION      seconds of the evening measured (default 60)
 *   FRIDAY_POS           POS terminals per tenant (default 3)
 *   FRIDAY_DINERS        diners per tenant (default 12)
 *   FRIDAY_POS_INTERVAL  mean seconds between a terminal's orders (default 30)
 *   FRIDAY_SETUP_CONCURRENCY tenants set up at once (default 8)
 *   FRIDAY_TOLERANCE     the share of failed requests, and of missed events, that still passes (default 0.005)
 *   BENCH_CPU_PROF       a directory: the app runs with --cpu-prof and writes its profile there on exit
 *                        (profile.ts with the result file and "Friday night" reads the measured window)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import {
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
import { openBenchDatabase, type BenchDatabase } from './postgres.ts';
import { startServer, type BenchServer } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');

const TENANTS = Math.floor(positiveNumber('FRIDAY_TENANTS', 200));
const DURATION = positiveNumber('FRIDAY_DURATION', 60);
const POS = Math.floor(positiveNumber('FRIDAY_POS', 3));
const DINERS = Math.floor(positiveNumber('FRIDAY_DINERS', 12));
const POS_INTERVAL = positiveNumber('FRIDAY_POS_INTERVAL', 30);
const SETUP_CONCURRENCY = Math.floor(positiveNumber('FRIDAY_SETUP_CONCURRENCY', 8));
const TOLERANCE = positiveNumber('FRIDAY_TOLERANCE', 0.005);
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;
const ADMIN_URL = process.env.BENCH_DATABASE_URL || undefined;
/** An order's event later than this after its request was sent counts as missed. */
const EVENT_DEADLINE_MS = 5_000;
const MENU_ITEMS = 10;

let server: BenchServer | undefined;
let database: BenchDatabase | undefined;
const sockets: Socket[] = [];

async function cleanUp() {
  for (const s of sockets.splice(0)) s.close();
  const s = server;
  const d = database;
  server = undefined;
  database = undefined;
  if (s) await s.stop().catch((e: unknown) => console.error('stopping the server failed:', e));
  if (d) await d.drop().catch((e: unknown) => console.error(`dropping database ${d.name} failed:`, e));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);

/** A cart line as the POS and the QR menu send it. */
interface MenuLine {
  itemId: number;
  variantId: number | null;
  addonId: number | null;
}

interface Tenant {
  index: number;
  qrCode: string;
  paymentTypeId: number;
  menu: MenuLine[];
  tables: { id: number; token: string }[];
  /** Cookie headers: one signed-in device per POS terminal, and the kitchen screen's. */
  pos: string[];
  kitchen: string;
}

// ---------------------------------------------------------------------------------------------------
// Set-up: every tenant through the API, as its owner would make it on the settings screens.

async function setUpTenant(origin: string, index: number): Promise<Tenant> {
  const account = {
    username: `friday${index + 1}@bench.comanda.test`,
    password: `bench-password-friday${index + 1}`,
  };
  await expectOk(
    await post(origin, '/api/v1/auth/signup', { biz_name: `Friday Bistro ${index + 1}`, ...account }),
    `sign-up of ${account.username}`,
  );
  const owner = await signIn(origin, account);
  const send = async (pathname: string, body: unknown) =>
    (await expectOk(
      await fetch(`${origin}/api/v1${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      }),
      `POST ${pathname}`,
    ).then((res) => res.json())) as { id?: number };
  const read = async <T>(pathname: string) =>
    (await expectOk(
      await fetch(`${origin}/api/v1${pathname}`, {
        headers: { cookie: owner },
        signal: AbortSignal.timeout(60_000),
      }),
      `GET ${pathname}`,
    ).then((res) => res.json())) as T;

  await send('/settings/taxes/add', { title: 'VAT', rate: '10', type: 'exclusive' });
  const taxId = (await read<{ id: number }[]>('/settings/taxes'))[0]?.id;
  if (taxId === undefined) throw new Error('no tax after adding one');
  // Ten dishes, the tax on most; the first four with two sizes and an extra.
  for (let i = 0; i < MENU_ITEMS; i++) {
    const { id } = await send('/menu-items/add', {
      title: `Dish ${i + 1}`,
      price: `${6 + i}.50`,
      ...(i % 5 === 4 ? {} : { taxId }),
    });
    if (i < 4) {
      await send(`/menu-items/variants/${id}/add`, { title: 'Regular', price: `${6 + i}.50` });
      await send(`/menu-items/variants/${id}/add`, { title: 'Large', price: `${9 + i}.00` });
      await send(`/menu-items/addons/${id}/add`, { title: 'Extra cheese', price: '1.50' });
    }
  }
  // Two tables per terminal.
  for (let i = 0; i < 2 * POS; i++)
    await send('/settings/store-tables/add', { title: `T${i + 1}`, floor: 'Main', seatingCapacity: 4 });
  const qrCode = await openQrMenu(origin, owner);
  const tables = (await read<{ id: number; encrypted_id: string }[]>('/settings/store-tables')).map((t) => ({
    id: t.id,
    token: t.encrypted_id,
  }));
  const init = await read<{
    menuItems: { id: number; variants: { id: number }[]; addons: { id: number }[] }[];
    paymentTypes: { id: number }[];
  }>('/pos/init');
  const paymentTypeId = init.paymentTypes[0]?.id;
  if (paymentTypeId === undefined) throw new Error('a new store has no Cash');
  const menu = init.menuItems.map((m) => ({
    itemId: m.id,
    variantId: m.variants[0]?.id ?? null,
    addonId: m.addons[0]?.id ?? null,
  }));
  // Each terminal and the kitchen screen sign in on their own device, as staff tablets do.
  const pos = [owner];
  for (let i = 1; i < POS; i++) pos.push(await signIn(origin, account));
  const kitchen = await signIn(origin, account);
  return { index, qrCode, paymentTypeId, menu, tables, pos, kitchen };
}

// ---------------------------------------------------------------------------------------------------
// Measurement: every request the actors send, by endpoint; every order's socket event.

interface Calls {
  ms: number[];
  statuses: Record<string, number>;
}
const calls = new Map<string, Calls>();
/** Requests still on their way: the run waits for them before it counts. */
const inFlight = new Set<Promise<unknown>>();

/**
 * One request of an actor, timed from sending to the whole answer read, recorded under `name` (the
 * route with its parameters as names). Answers the status (0: no answer within 30 s), the body and
 * the ETag.
 */
function call(
  name: string,
  origin: string,
  pathname: string,
  opts: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown; etag: string | null; sentAt: number; answeredAt: number }> {
  const sentAt = performance.now();
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const done = (async () => {
    let status = 0;
    let json: unknown = null;
    let etag: string | null = null;
    try {
      const res = await fetch(`${origin}/api/v1${pathname}`, {
        method: name.split(' ')[0],
        headers,
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      status = res.status;
      etag = res.headers.get('etag');
      if (status === 200 && text) json = JSON.parse(text);
    } catch {
      status = 0;
    }
    const answeredAt = performance.now();
    const entry = calls.get(name) ?? { ms: [], statuses: {} };
    calls.set(name, entry);
    entry.ms.push(answeredAt - sentAt);
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    return { status, json, etag, sentAt, answeredAt };
  })();
  inFlight.add(done);
  void done.finally(() => inFlight.delete(done));
  return done;
}

/** An event we wait for: the request that should cause it was sent at `sentAt`, answered at `answeredAt`. */
interface OrderEvent {
  kind: 'pos' | 'qr-accept' | 'qr';
  sentAt: number;
  answeredAt: number;
}
/** Orders answered 200, by `<tenant>:<order id>`, and when the kitchen socket heard their `new_order`. */
const ordersSent = new Map<string, OrderEvent>();
const ordersHeard = new Map<string, number>();
/** QR orders placed (answered 200), by `<tenant>:<diner name>`; the QR order id the POS saw for each. */
const qrPlaced = new Map<string, OrderEvent>();
const qrIdOf = new Map<string, number>();
/** When the first terminal's socket heard `new_qrorder`, by `<tenant>:<qr order id>`. */
const qrHeard = new Map<string, number>();
const counts = {
  posOrders: 0,
  qrPlaced: 0,
  qrAccepted: 0,
  takeawayPaid: 0,
  tablesPaid: 0,
  socketDisconnects: 0,
};

/** Set false at the end of the measured time: actors start nothing after it. */
let running = false;
let runStart = 0;

/** Runs fn after `ms` if the evening is still on. */
function later(ms: number, fn: () => Promise<void> | void) {
  setTimeout(() => {
    if (running) void fn();
  }, ms);
}

function connect(origin: string, cookie: string): Promise<Socket> {
  const socket = io(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: true,
  });
  sockets.push(socket);
  socket.on('disconnect', () => {
    if (running) counts.socketDisconnects += 1;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a socket was not admitted within 30 s')), 30_000);
    socket.once('authenticated', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

const cartLine = (line: MenuLine, quantity: number, dressed: boolean) => ({
  item_id: line.itemId,
  quantity,
  ...(dressed && line.variantId ? { variant_id: line.variantId } : {}),
  ...(dressed && line.addonId ? { addons_ids: [line.addonId] } : {}),
});

/** A 2- or 3-line cart from the tenant's menu, the first line with a size and an extra where it has them. */
function cart(t: Tenant) {
  const pick = () => t.menu[Math.floor(Math.random() * t.menu.length)] as MenuLine;
  const lines = [cartLine(pick(), 1, true), cartLine(pick(), 2, false)];
  if (Math.random() < 0.5) lines.push(cartLine(pick(), 1, false));
  return lines;
}

/** A terminal pays a table's order the way the pay dialog does: the bill's summary, then the payment. */
async function payTable(origin: string, t: Tenant, cookie: string, orderId: number) {
  const summary = await call(
    'POST /orders/complete-order-payment-summary',
    origin,
    '/orders/complete-order-payment-summary',
    {
      cookie,
      body: { orderIds: [orderId] },
    },
  );
  if (summary.status !== 200 || !running) return;
  const bill = summary.json as { subtotal: number; taxTotal: number; total: number };
  const paid = await call('POST /orders/complete-and-pay-order', origin, '/orders/complete-and-pay-order', {
    cookie,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: {
      orderIds: [orderId],
      subTotal: bill.subtotal,
      taxTotal: bill.taxTotal,
      total: bill.total,
      payment: { paymentTypeId: t.paymentTypeId },
    },
  });
  if (paid.status === 200) counts.tablesPaid += 1;
}

function orderAnswered(
  t: Tenant,
  kind: OrderEvent['kind'],
  r: { status: number; json: unknown; sentAt: number; answeredAt: number },
) {
  if (r.status !== 200) return null;
  const { orderId } = r.json as { orderId: number };
  ordersSent.set(`${t.index}:${orderId}`, { kind, sentAt: r.sentAt, answeredAt: r.answeredAt });
  return orderId;
}

/** A POS terminal: an order every POS_INTERVAL s (±33 %), in turn at a table (paid later) and a paid takeaway. */
function terminal(origin: string, t: Tenant, n: number) {
  const cookie = t.pos[n] as string;
  const tables = [t.tables[2 * n], t.tables[2 * n + 1]];
  let turn = 0;
  const tick = async () => {
    const mine = turn++;
    later(POS_INTERVAL * 1000 * between(0.67, 1.33), tick);
    if (mine % 2 === 0) {
      const table = tables[(mine / 2) % 2];
      const r = await call('POST /pos/create-order', origin, '/pos/create-order', {
        cookie,
        body: {
          uuid: crypto.randomUUID(),
          cart: withUuids(cart(t)),
          deliveryType: 'dinein',
          tableId: table?.id,
        },
      });
      const orderId = orderAnswered(t, 'pos', r);
      if (orderId === null) return;
      counts.posOrders += 1;
      later(between(10_000, 30_000), () => payTable(origin, t, cookie, orderId));
    } else {
      const r = await call('POST /pos/create-order-and-invoice', origin, '/pos/create-order-and-invoice', {
        cookie,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: {
          uuid: crypto.randomUUID(),
          cart: withUuids(cart(t)),
          deliveryType: 'takeaway',
          // The client's totals are only compared with the server's; ample cash tendered.
          netTotal: '0',
          taxTotal: '0',
          total: '0',
          payment: { paymentTypeId: t.paymentTypeId, tendered: '500' },
        },
      });
      if (orderAnswered(t, 'pos', r) === null) return;
      counts.posOrders += 1;
      counts.takeawayPaid += 1;
    }
  };
  later(Math.random() * POS_INTERVAL * 1000, tick);
}

const withUuids = (lines: object[]) => lines.map((l) => ({ uuid: crypto.randomUUID(), ...l }));

interface QrOrder {
  id: number;
  customer_name: string | null;
  delivery_type: string;
  table_id: number | null;
  items: {
    item_id: number;
    variant_id: number | null;
    addons_ids: number[];
    quantity: number;
    notes: string | null;
  }[];
}

/** The first terminal's QR list: on `new_qrorder`, it lists them and sends each (a second or two later). */
function qrDesk(origin: string, t: Tenant, socket: Socket) {
  const cookie = t.pos[0] as string;
  const taken = new Set<number>();
  socket.on('new_qrorder', (payload: { orderId: number }) => {
    qrHeard.set(`${t.index}:${payload.orderId}`, performance.now());
    if (!running) return;
    void (async () => {
      const r = await call('GET /pos/qrorders', origin, '/pos/qrorders', { cookie });
      if (r.status !== 200) return;
      for (const qr of (r.json as { qrOrders: QrOrder[] }).qrOrders) {
        qrIdOf.set(`${t.index}:${qr.customer_name}`, qr.id);
        if (taken.has(qr.id)) continue;
        taken.add(qr.id);
        later(between(1_000, 2_000), async () => {
          const sent = await call('POST /pos/create-order', origin, '/pos/create-order', {
            cookie,
            body: {
              uuid: crypto.randomUUID(),
              cart: withUuids(qr.items),
              deliveryType: qr.delivery_type,
              ...(qr.table_id ? { tableId: qr.table_id } : {}),
              selectedQrOrderItem: qr.id,
            },
          });
          const orderId = orderAnswered(t, 'qr-accept', sent);
          if (orderId === null) return;
          counts.qrAccepted += 1;
          later(between(10_000, 30_000), () => payTable(origin, t, cookie, orderId));
        });
      }
    })();
  });
}

interface Ticket {
  id: number;
  items: { id: number; status: string }[];
}

/** The kitchen screen: refetches on events, starts each new ticket's lines, then bumps it. */
function kitchen(origin: string, t: Tenant, socket: Socket) {
  const cookie = t.kitchen;
  const seen = new Set<number>();
  let fetching = false;
  let again = false;
  const refresh = async () => {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        const r = await call('GET /kitchen', origin, '/kitchen', { cookie });
        if (r.status !== 200) continue;
        for (const ticket of (r.json as { orders: Ticket[] }).orders) {
          if (seen.has(ticket.id)) continue;
          seen.add(ticket.id);
          later(between(2_000, 5_000), () => cook(ticket));
        }
      } while (again && running);
    } finally {
      fetching = false;
    }
  };
  const cook = async (ticket: Ticket) => {
    for (const line of ticket.items.filter((i) => i.status === 'created')) {
      if (!running) return;
      await call('POST /kitchen/{id}', origin, `/kitchen/${line.id}`, {
        cookie,
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: { status: 'preparing' },
      });
    }
    later(between(6_000, 12_000), async () => {
      await call('POST /kitchen/orders/{id}/bump', origin, `/kitchen/orders/${ticket.id}/bump`, {
        cookie,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
    });
  };
  socket.on('new_order', (payload: { orderId: number }) => {
    ordersHeard.set(`${t.index}:${payload.orderId}`, performance.now());
    if (running) void refresh();
  });
  socket.on('order_update', () => {
    if (running) void refresh();
  });
}

/** A diner: opens the menu at their table, reloads it now and then, orders once, opens the status page. */
function diner(origin: string, t: Tenant, n: number) {
  const table = t.tables[n % t.tables.length] as { token: string };
  const name = `Diner ${n + 1}`;
  const menuPath = `/qrmenu/${t.qrCode}?tableId=${encodeURIComponent(table.token)}`;
  let etag: string | undefined;
  const open = async () => {
    const r = await call('GET /qrmenu/{code}', origin, menuPath, {
      headers: etag ? { 'if-none-match': etag } : {},
    });
    // A 304 has no body; the phone keeps the ETag it had.
    if (r.status === 200) etag = r.etag ?? undefined;
    later(between(10_000, 30_000), open);
  };
  const order = async () => {
    const line = t.menu[(n * 3) % t.menu.length] as MenuLine;
    const other = t.menu[(n * 7 + 1) % t.menu.length] as MenuLine;
    const r = await call('POST /qrmenu/{code}/place-order', origin, `/qrmenu/${t.qrCode}/place-order`, {
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        deliveryType: 'dinein',
        tableId: table.token,
        cartItems: [cartLine(line, 1, true), cartLine(other, 1, false)],
        customerType: 'WALKIN',
        customer: { name, phone: '' },
      },
    });
    if (r.status !== 200) return;
    counts.qrPlaced += 1;
    qrPlaced.set(`${t.index}:${name}`, { kind: 'qr', sentAt: r.sentAt, answeredAt: r.answeredAt });
    const { statusToken } = r.json as { statusToken: string };
    await call('GET /qrmenu/order-status/{token}', origin, `/qrmenu/order-status/${statusToken}`);
  };
  const opensAt = Math.random() * DURATION * 750;
  later(opensAt, open);
  later(opensAt + between(3_000, 15_000), order);
}

/**
 * PostgreSQL's side of the app's connections, once a second while the evening runs: how many are
 * running a statement (and what those wait on: a lock, I/O, nothing), how many sit in an open
 * transaction waiting for the app's next statement, and how many are idle in the pool. Averages.
 */
async function watchConnections(url: string, until: Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sums = new Map<string, number>();
  let samples = 0;
  let over = false;
  void until.finally(() => {
    over = true;
  });
  try {
    while (!over) {
      const { rows } = await client.query<{ state: string; wait: string; n: number }>(
        `select coalesce(state, '?') as state, coalesce(wait_event_type || ':' || wait_event, '') as wait, count(*)::int as n
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          group by 1, 2`,
      );
      samples += 1;
      for (const r of rows) {
        const key = r.state === 'active' && r.wait ? `active (waiting on ${r.wait})` : r.state;
        sums.set(key, (sums.get(key) ?? 0) + r.n);
      }
      await Promise.race([sleep(1_000), until]);
    }
  } finally {
    await client.end();
  }
  return Object.fromEntries(
    [...sums]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => [k, Math.round((v / Math.max(1, samples)) * 10) / 10]),
  );
}

// ---------------------------------------------------------------------------------------------------
// Figures

function percentile(sorted: number[], p: number) {
  const v = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return Math.round(v * 10) / 10;
}

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: percentile(sorted, 100) };
};

/** 2xx, and the 304 a diner's phone gets for an unchanged menu. */
const answered = (name: string, status: string) =>
  status.startsWith('2') || (status === '304' && name === 'GET /qrmenu/{code}');

/**
 * Each order's event: ms from sending its request (the figure asked for), and from its answer (the
 * socket's own part: negative when the event came before the answer). Missed: no event within 5 s of
 * sending; never: no event at all (the others came late).
 */
function deliveries(sent: Map<string, OrderEvent>, heardAt: (key: string) => number | undefined) {
  const ms: number[] = [];
  const afterAnswer: number[] = [];
  let missed = 0;
  let never = 0;
  for (const [key, s] of sent) {
    const at = heardAt(key);
    if (at === undefined) {
      missed += 1;
      never += 1;
    } else {
      ms.push(at - s.sentAt);
      afterAnswer.push(at - s.answeredAt);
      if (at - s.sentAt > EVENT_DEADLINE_MS) missed += 1;
    }
  }
  return {
    events: sent.size,
    heard: ms.length,
    missed,
    never,
    ms: spread(ms),
    afterAnswerMs: spread(afterAnswer),
  };
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

async function main() {
  const started = new Date();
  const stamp = resultStamp(started);
  const m = machine();
  const loadBefore = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  console.log(
    `Comanda Friday night ${stamp}: ${m.cpuCount} x ${m.cpuModel}, ${m.totalMemoryGiB} GiB, Node ${m.node}, load ${loadBefore}`,
  );
  database = await openBenchDatabase(ADMIN_URL, `friday${stamp}`);
  if (CPU_PROF) fs.mkdirSync(CPU_PROF, { recursive: true });
  const s = await startServer({
    repoRoot,
    databaseUrl: database?.url,
    nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [],
    onSpawn: (spawned) => {
      server = spawned;
    },
  });
  console.log(`server: pid ${s.pid} at ${s.origin}; healthy after ${s.startSeconds} s`);

  process.stdout.write(
    `set-up: ${TENANTS} tenants, ${MENU_ITEMS} dishes, ${2 * POS} tables, ${POS + 1} devices each, ${SETUP_CONCURRENCY} at a time ... `,
  );
  const setupStart = Date.now();
  const setupCpu = sampleCpu(s.pid);
  const tenants: Tenant[] = [];
  await inBatches(
    Array.from({ length: TENANTS }, (_, i) => i),
    SETUP_CONCURRENCY,
    async (i) => {
      tenants.push(await setUpTenant(s.origin, i));
    },
  );
  tenants.sort((a, b) => a.index - b.index);
  const setupSeconds = Math.round((Date.now() - setupStart) / 100) / 10;
  const setupUse = cpuBetween(setupCpu, sampleCpu(s.pid));
  console.log(`${setupSeconds} s`);

  process.stdout.write(`sockets: ${TENANTS * (POS + 1)} (each terminal and kitchen screen) ... `);
  const socketStart = Date.now();
  const screens = new Map<number, { kitchen: Socket; pos: Socket[] }>();
  await inBatches(tenants, SETUP_CONCURRENCY, async (t) => {
    const pos: Socket[] = [];
    for (const cookie of t.pos) pos.push(await connect(s.origin, cookie));
    screens.set(t.index, { kitchen: await connect(s.origin, t.kitchen), pos });
  });
  console.log(`${((Date.now() - socketStart) / 1000).toFixed(1)} s`);

  // The evening: every actor on its own clock, from now for DURATION seconds.
  console.log(
    `run: ${DURATION} s, ${TENANTS * POS} terminals (an order every ~${POS_INTERVAL} s), ${TENANTS} kitchens, ${TENANTS * DINERS} diners (one order each) ...`,
  );
  running = true;
  runStart = performance.now();
  const before = sampleCpu(s.pid);
  const startUs = Number(process.hrtime.bigint() / 1000n);
  for (const t of tenants) {
    const screen = screens.get(t.index);
    if (!screen) throw new Error(`tenant ${t.index} has no screens`);
    kitchen(s.origin, t, screen.kitchen);
    qrDesk(s.origin, t, screen.pos[0] as Socket);
    for (let n = 0; n < POS; n++) terminal(s.origin, t, n);
    for (let n = 0; n < DINERS; n++) diner(s.origin, t, n);
  }
  const progress = setInterval(() => {
    const done = [...calls.values()].reduce((a, c) => a + c.ms.length, 0);
    console.log(
      `  ${Math.round((performance.now() - runStart) / 1000)} s: ${done} requests answered, ${inFlight.size} in flight, ${counts.posOrders} POS orders, ${counts.qrPlaced} QR orders`,
    );
  }, 15_000);
  const evening = sleep(DURATION * 1000);
  const connections = database ? watchConnections(database.url, evening) : Promise.resolve(null);
  await evening;
  running = false;
  const cpu = cpuBetween(before, sampleCpu(s.pid));
  const endUs = Number(process.hrtime.bigint() / 1000n);
  const rssMiB = s.rssMiB();
  clearInterval(progress);
  const drainStart = performance.now();
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  const drainSeconds = Math.round((performance.now() - drainStart) / 100) / 10;
  // The last orders' events get their 5 s.
  await sleep(EVENT_DEADLINE_MS);
  // QR orders placed at the very end are still waiting at the POS: their ids, from a listing not measured.
  await inBatches(tenants, SETUP_CONCURRENCY, async (t) => {
    const res = await expectOk(
      await fetch(`${s.origin}/api/v1/pos/qrorders`, { headers: { cookie: t.pos[0] as string } }),
      'GET /pos/qrorders',
    );
    for (const qr of ((await res.json()) as { qrOrders: QrOrder[] }).qrOrders)
      qrIdOf.set(`${t.index}:${qr.customer_name}`, qr.id);
  });
  const loadAfter = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

  const endpoints = [...calls]
    .map(([name, c]) => {
      const failed = Object.entries(c.statuses)
        .filter(([status]) => !answered(name, status))
        .reduce((a, [, n]) => a + n, 0);
      return {
        name,
        requests: c.ms.length,
        perSecond: Math.round((c.ms.length / DURATION) * 100) / 100,
        ms: spread(c.ms),
        non2xx: Object.entries(c.statuses)
          .filter(([status]) => !status.startsWith('2'))
          .reduce((a, [, n]) => a + n, 0),
        failed,
        statusCodes: c.statuses,
      };
    })
    .sort((a, b) => b.requests - a.requests);
  const kitchenDelivery = deliveries(ordersSent, (key) => ordersHeard.get(key));
  const qrDelivery = deliveries(qrPlaced, (key) => {
    const id = qrIdOf.get(key);
    return id === undefined ? undefined : qrHeard.get(`${key.split(':')[0]}:${id}`);
  });
  const perSecond = (n: number) => Math.round((n / DURATION) * 100) / 100;
  const ordersPerSecond = {
    pos: perSecond(counts.posOrders),
    qrPlaced: perSecond(counts.qrPlaced),
    qrAccepted: perSecond(counts.qrAccepted),
    all: perSecond(counts.posOrders + counts.qrPlaced),
    payments: perSecond(counts.takeawayPaid + counts.tablesPaid),
  };

  const head = `${'endpoint'.padEnd(44)}${pad('requests', 9)}${pad('req/s', 8)}${pad('p50', 8)}${pad('p99', 8)}${pad('max', 8)}${pad('non2xx', 8)}${pad('failed', 8)}`;
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const e of endpoints) {
    console.log(
      `${e.name.padEnd(44)}${pad(e.requests, 9)}${pad(e.perSecond, 8)}${pad(e.ms.p50, 8)}${pad(e.ms.p99, 8)}${pad(e.ms.max, 8)}${pad(e.non2xx, 8)}${pad(e.failed, 8)}`,
    );
  }
  console.log("(ms from sending to the whole answer; non2xx counts the QR menu's 304s, failed does not)\n");
  console.log(
    `orders/s: ${ordersPerSecond.all} (POS ${ordersPerSecond.pos}, QR placed ${ordersPerSecond.qrPlaced}, QR sent to the kitchen ${ordersPerSecond.qrAccepted}); payments/s ${ordersPerSecond.payments}`,
  );
  const line = (what: string, d: ReturnType<typeof deliveries>) =>
    console.log(
      `${what}: ${d.events} orders, p50 ${d.ms.p50} ms, p99 ${d.ms.p99}, max ${d.ms.max} (after the answer: p50 ${d.afterAnswerMs.p50}, p99 ${d.afterAnswerMs.p99}); missed ${d.missed} (no event within ${EVENT_DEADLINE_MS / 1000} s; ${d.never} never came)`,
    );
  line('kitchen new_order  ', kitchenDelivery);
  line('POS new_qrorder    ', qrDelivery);
  console.log(
    `cores: server ${cpu?.serverCores ?? '-'}, postgres ${cpu?.postgresCores ?? '-'}, bench ${cpu?.benchCores ?? '-'}, other programs ${cpu?.otherCores ?? '-'}; load ${loadBefore} before, ${loadAfter} after; server RSS ${rssMiB ?? '-'} MiB; ${counts.socketDisconnects} socket disconnects; the last requests took ${drainSeconds} s after the end`,
  );
  const pool = await connections;
  if (pool)
    console.log(
      `PostgreSQL connections of the app, on average (sampled each second): ${JSON.stringify(pool)}`,
    );
  const serverOutput = s.output();
  if (serverOutput) console.log(`server output during the run (LOG_LEVEL=warn):\n${serverOutput}\n`);

  const requests = endpoints.reduce((a, e) => a + e.requests, 0);
  const failed = endpoints.reduce((a, e) => a + e.failed, 0);
  const serverErrors = endpoints.reduce(
    (a, e) =>
      a +
      Object.entries(e.statusCodes)
        .filter(([c]) => c === '0' || c.startsWith('5'))
        .reduce((b, [, n]) => b + n, 0),
    0,
  );
  const events = kitchenDelivery.events + qrDelivery.events;
  const missed = kitchenDelivery.missed + qrDelivery.missed;
  const report = {
    date: started.toISOString(),
    command: ADMIN_URL ? 'BENCH_DATABASE_URL=<url> npm run bench:friday' : 'npm run bench:friday',
    machine: m,
    database: database
      ? { kind: 'postgres' as const, version: database.serverVersion }
      : { kind: 'pglite' as const, version: null },
    loadAverage: { before: loadBefore, after: loadAfter },
    settings: {
      tenants: TENANTS,
      durationSeconds: DURATION,
      posPerTenant: POS,
      dinersPerTenant: DINERS,
      posIntervalSeconds: POS_INTERVAL,
      menuItems: MENU_ITEMS,
      tables: 2 * POS,
      setupConcurrency: SETUP_CONCURRENCY,
      tolerance: TOLERANCE,
      cpuProfile: CPU_PROF ? true : false,
      // The server's own settings that change what is measured, when the shell set them.
      databasePoolSize: process.env.DATABASE_POOL_SIZE || 'default',
      statementTimeoutMs: process.env.DATABASE_STATEMENT_TIMEOUT_MS || 'default',
    },
    setup: { seconds: setupSeconds, cpu: setupUse },
    server: { startSeconds: s.startSeconds, rssMiBAfterRun: rssMiB },
    ordersPerSecond,
    counts,
    endpoints,
    socketDelivery: { kitchenNewOrder: kitchenDelivery, posNewQrOrder: qrDelivery },
    cpu,
    // PostgreSQL only: the app's connections by state, averaged over the run (watchConnections).
    connections: pool,
    drainSeconds,
    requests,
    failed,
    serverErrors,
    // The measured window on the monotonic clock, as profile.ts reads a scenario's.
    scenarios: [{ name: 'Friday night', monotonicUs: { start: startUs, end: endUs } }],
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `friday-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`results: ${path.relative(repoRoot, file)}`);

  const problems: string[] = [];
  if (requests === 0) problems.push('no request was answered');
  if (failed > TOLERANCE * requests)
    problems.push(`${failed} of ${requests} requests failed (${serverErrors} of them 5xx or unanswered)`);
  if (missed > TOLERANCE * events) problems.push(`${missed} of ${events} order events missed`);
  if (problems.length) throw new Error(`${problems.join('; ')} (FRIDAY_TOLERANCE ${TOLERANCE})`);
}

// How long the whole run may take before the watchdog ends it: set-up grows with the tenants.
const budgetMs = (900 + TENANTS * 5 + DURATION * 3) * 1000;
runBench({ main, cleanUp, budgetMs, serverOutput: () => server?.output() });
