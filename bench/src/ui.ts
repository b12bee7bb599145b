/**
 * `npm run bench:ui`: the staff screens as a cheap 10-inch tablet runs them (issue 32). Debian's Chromium at
 * 1024x768 with touch and the CPU slowed down 4x (`BENCH_CPU_SLOWDOWN`), against the real server (fresh
 * database, apps/web/dist) seeded with 150 menu items (every fifth with variants and an addon) and 60 open
 * kitchen tickets. Beside the app, in the same run and the same browser, a bare page does the same work by
 * hand (a plain DOM grid of 150 cards and a cart, no framework), so a ratio means something on a busy
 * machine where the milliseconds alone do not.
 *
 * What it measures:
 *   - POS navigation → item grid painted, and → the first tap answered (cold: a fresh profile; warm: the
 *     same profile again, with its cache and service worker);
 *   - POS taps (input → next paint, Chrome's Event Timing, the figure behind INP): add an item, open the
 *     picker of an item with variants, Send to Kitchen (and send → cart cleared);
 *   - Kitchen with 60 tickets: navigation → every ticket painted, → interactive (the end of the last long
 *     task before a quiet second); idle cost (main thread busy share over 10 s, from CDP's TaskDuration);
 *     a new order → its card painted (from the POST leaving this process); Bump taps;
 *   - Landing, login and the diner's QR menu on a phone (412x823) on Lighthouse's mobile profile (1.6
 *     Mbit/s, 150 ms, CPU 4x): LCP and total blocking time;
 *   - API answers' bytes with and without Accept-Encoding (/pos/init, /kitchen, the QR menu).
 * Event Timing only reports interactions of 16 ms and more: a tap below that is counted as 16 (an upper
 * bound) and marked in `belowThreshold`.
 *
 * Writes bench/results/ui-<time>.json (and ui-latest.json) and prints a table.
 *
 * Environment:
 *   BENCH_CPU_SLOWDOWN  Chromium CPU throttling rate (default 4)
 *   BENCH_MENU_SIZE     menu items (default 150)
 *   BENCH_TICKETS       open kitchen tickets (default 60)
 *   BENCH_TAPS          add-item taps measured (default 40; pickers and sends are a quarter and an eighth)
 *   BENCH_LOADS         POS cold and warm loads, each in a fresh profile (default 3; medians reported)
 *   BENCH_LABEL         a word stored in the result file ("before", "after")
 *   BENCH_DATABASE_URL  run the server on this PostgreSQL database instead of its embedded one
 *   CHROMIUM_PATH       the browser (default /usr/bin/chromium)
 *   BENCH_UI_PROFILE    a folder: each scenario's main-thread CPU profile is written there as
 *                       <scenario>.cpuprofile (read them with bench/src/profile.ts); profiling slows
 *                       the page, so figures of such a run are not results
 *   BENCH_UI_TRACE      a folder: each scenario's Chrome trace (devtools.timeline: style, layout, paint,
 *                       scripts) is written there as <scenario>.json; `bench/src/trace-summary.ts` sums it
 *   WEB_DIST            serve this build of the web app (e.g. one built with `--minify false`, so a
 *                       profile names functions) instead of apps/web/dist
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { startServer, type BenchServer } from './server.ts';
import { expectOk, machine, openQrMenu, positiveNumber, resultStamp, runBench } from './api.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');

const SLOWDOWN = positiveNumber('BENCH_CPU_SLOWDOWN', 4);
const MENU_SIZE = Math.floor(positiveNumber('BENCH_MENU_SIZE', 150));
const TICKETS = Math.floor(positiveNumber('BENCH_TICKETS', 60));
const TAPS = Math.max(8, Math.floor(positiveNumber('BENCH_TAPS', 40)));
const LOADS = Math.max(1, Math.floor(positiveNumber('BENCH_LOADS', 3)));
const LABEL = process.env.BENCH_LABEL ?? '';
const PROFILE_DIR = process.env.BENCH_UI_PROFILE;
const TRACE_DIR = process.env.BENCH_UI_TRACE;
const WEB_DIST = process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 412, height: 823 };
const MOBILE_NETWORK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

/** Installed before any page script: collects Event Timing entries, long tasks and LCP candidates. */
const INSTRUMENT = `(() => {
  const b = (window.__bench = { events: [], longtasks: [], lcp: 0 });
  const watch = (type, fn, extra) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra }); } catch {} };
  watch('event', (e) => { if (e.interactionId) b.events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration }); }, { durationThreshold: 16 });
  watch('longtask', (e) => b.longtasks.push({ start: e.startTime, duration: e.duration }));
  watch('largest-contentful-paint', (e) => { b.lcp = e.startTime; });
})()`;

interface BenchWindow {
  __bench: {
    events: { id: number; name: string; start: number; duration: number }[];
    longtasks: { start: number; duration: number }[];
    lcp: number;
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { n: sorted.length, p50: round(at(50)), p95: round(at(95)), max: round(sorted.at(-1) ?? 0) };
}
const nextFrames = (page: Page) =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 60)))),
  );

/**
 * Taps `target` and answers the interaction's duration (input → next paint) from Event Timing, waiting for
 * `done` first (what the tap is for has happened). An interaction under 16 ms reports none: it counts as 16.
 */
async function timedTap(page: Page, tap: () => Promise<void>, done: () => Promise<unknown>) {
  const before = await page.evaluate(() => (window as unknown as BenchWindow).__bench.events.length);
  await tap();
  await done();
  await nextFrames(page);
  const entries = await page.evaluate(
    (from) => (window as unknown as BenchWindow).__bench.events.slice(from),
    before,
  );
  const duration = Math.max(0, ...entries.map((e) => e.duration));
  return { ms: duration || 16, below: duration === 0 };
}

interface Taps {
  ms: number[];
  below: number;
}
const taps = (): Taps => ({ ms: [], below: 0 });
const record = (into: Taps, r: { ms: number; below: boolean }) => {
  into.ms.push(r.ms);
  if (r.below) into.below += 1;
};
const tapStats = (t: Taps) => ({ ...stats(t.ms), belowThreshold: t.below });

/**
 * When the page became interactive, from navigation start: the end of the last long task before a quiet
 * `quietMs` (or the end of the wait), and never before `shownMs` (its content on screen).
 */
async function interactiveAt(page: Page, shownMs: number, quietMs = 1000, capMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    await page.waitForTimeout(250);
    const { now, last } = await page.evaluate(() => {
      const tasks = (window as unknown as BenchWindow).__bench.longtasks;
      const end = tasks.reduce((m, t) => Math.max(m, t.start + t.duration), 0);
      return { now: performance.now(), last: end };
    });
    if (now - last >= quietMs || Date.now() - started > capMs) return round(Math.max(shownMs, last));
  }
}

/** Records the page's main thread while `run` runs, into BENCH_UI_PROFILE/<name>.cpuprofile (when set). */
async function profiled<T>(cdp: CDPSession, name: string, run: () => Promise<T>): Promise<T> {
  if (TRACE_DIR && browser) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    await browser.startTracing(undefined, {
      path: path.join(TRACE_DIR, `${name}.json`),
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
    });
    try {
      return await run();
    } finally {
      await browser.stopTracing();
    }
  }
  if (!PROFILE_DIR) return run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

async function newTablet(browser: Browser, cookie: string, origin: string, user: unknown, slow = true) {
  const context = await browser.newContext({ viewport: TABLET, hasTouch: true, bypassCSP: true });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: origin };
    }),
  );
  await context.addInitScript(
    `localStorage.setItem('comanda.user', ${JSON.stringify(JSON.stringify(user))})`,
  );
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (slow) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  return { context, page, cdp };
}

/**
 * The bare page: 150 plain buttons in a grid and a cart list with a total, built and updated by hand. The
 * cart is opaque, like a real one: a transparent scroller in headless Chromium without a GPU delays every
 * paint once it overflows (taps of 1.6 s falling by a frame each, measured), which is not the work compared.
 */
function barePage(count: number) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>bare</title><style>
  body{margin:0;font:16px system-ui;display:flex;height:100vh}
  main{flex:1;overflow:auto;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;padding:8px}
  button{height:88px;border:1px solid #ccc;border-radius:8px;background:#fff;font:inherit}
  aside{width:340px;border-left:1px solid #ccc;display:flex;flex-direction:column}
  ul{flex:1;overflow:auto;margin:0;padding:8px;background:#fff} li{display:flex;justify-content:space-between;padding:8px 0}
  </style></head><body><main id="grid"></main><aside><ul id="cart"></ul><p id="total">$0.00</p></aside>
  <script>
  const grid = document.getElementById('grid'), cart = document.getElementById('cart'), total = document.getElementById('total');
  const lines = new Map(); let sum = 0;
  for (let i = 1; i <= ${count}; i++) {
    const b = document.createElement('button'); const price = (i % 40) * 100 + 250;
    b.textContent = 'Dish ' + i + ' $' + (price / 100).toFixed(2); b.dataset.testid = 'bare-item';
    b.addEventListener('click', () => {
      let line = lines.get(i);
      if (!line) { line = { q: 0, el: document.createElement('li') }; lines.set(i, line); cart.append(line.el); }
      line.q += 1; line.el.textContent = line.q + ' x Dish ' + i; sum += price;
      total.textContent = '$' + (sum / 100).toFixed(2);
    });
    grid.append(b);
  }
  </script></body></html>`;
}

async function api(origin: string, cookie: string, pathname: string, body?: unknown) {
  const res = await fetch(`${origin}/api/v1${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  await expectOk(res, pathname);
  return (await res.json()) as Record<string, unknown>;
}

/** The bytes of one GET as sent on the wire (node:http does not decode), with and without compression offered. */
function answerBytes(url: string, cookie: string) {
  const size = (encoding: string) =>
    new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
      http
        .get(url, { headers: { cookie, 'accept-encoding': encoding } }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () =>
            resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
          );
        })
        .on('error', reject);
    });
  return Promise.all([size('identity'), size('gzip, deflate, br')]).then(([plain, offered]) => ({
    plain,
    offered,
  }));
}

let server: BenchServer | undefined;
let browser: Browser | undefined;

async function main() {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST} is missing: run \`npm run build -w apps/web\` first`);
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  server = await startServer({
    repoRoot,
    startTimeoutMs: 180_000,
    env: { WEB_DIST },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const { origin } = server;
  const account = {
    biz_name: 'Bench Cafe UI',
    username: `ui-${Date.now()}@bench.comanda.test`,
    password: 'bench-password-ui',
  };
  await expectOk(
    await fetch(`${origin}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(account),
    }),
    'sign-up',
  );
  const signin = await expectOk(
    await fetch(`${origin}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: account.username, password: account.password }),
    }),
    'sign-in',
  );
  const cookie = signin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await signin.json()) as { user: unknown };

  console.log(`seeding ${MENU_SIZE} items and ${TICKETS} tickets…`);
  // No print popups: they would open windows beside what is measured.
  await api(origin, cookie, '/settings/print-setting', {
    pageFormat: 80,
    header: '',
    footer: '',
    showNotes: false,
    isEnablePrint: false,
    showStoreDetails: false,
    showCustomerDetails: false,
    printToken: false,
  });
  const itemIds: number[] = [];
  for (let i = 1; i <= MENU_SIZE; i++) {
    const item = (await api(origin, cookie, '/menu-items/add', {
      title: `Dish ${i}`,
      price: `${(i % 40) + 2}.50`,
    })) as { id: number };
    itemIds.push(item.id);
    if (i % 5 === 0) {
      await api(origin, cookie, `/menu-items/variants/${item.id}/add`, { title: 'Large', price: '9' });
      await api(origin, cookie, `/menu-items/addons/${item.id}/add`, { title: 'Extra', price: '1' });
    }
  }
  const simpleIds = itemIds.filter((_, i) => (i + 1) % 5 !== 0);
  const order = (n: number) =>
    api(origin, cookie, '/pos/create-order', {
      cart: [0, 1, 2].map((k) => ({ id: simpleIds[(n * 3 + k) % simpleIds.length], quantity: 1 + (k % 2) })),
      deliveryType: 'takeaway',
      customerType: 'WALKIN',
    });
  for (let n = 0; n < TICKETS; n++) await order(n);
  const qrCode = await openQrMenu(origin, cookie);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  // The bare page: its grid painted and its taps.
  const bare = await newTablet(browser, cookie, origin, user);
  await bare.page.setContent(barePage(MENU_SIZE));
  const bareTaps = taps();
  for (let t = 0; t < TAPS; t++) {
    const item = bare.page.locator('[data-testid="bare-item"]').nth((t * 7) % MENU_SIZE);
    const before = await bare.page.locator('#total').textContent();
    record(
      bareTaps,
      await timedTap(
        bare.page,
        () => item.tap(),
        () => bare.page.waitForFunction((b) => document.querySelector('#total')?.textContent !== b, before),
      ),
    );
  }
  await bare.context.close();

  // POS, cold then warm, BENCH_LOADS times (a fresh profile each time): one load varies by a third from
  // run to run on this machine, so the medians are reported.
  type Tablet = Awaited<ReturnType<typeof newTablet>>;
  const posLoad = async (tab: Tablet) => {
    await tab.page.goto(`${origin}/dashboard/pos`);
    const first = tab.page.getByTestId('pos-item').first();
    await first.waitFor();
    await nextFrames(tab.page);
    const painted = await tab.page.evaluate(() => performance.now());
    const before = await tab.page.getByTestId('payable-total').textContent();
    await first.tap();
    await tab.page.waitForFunction(
      (b) => document.querySelector('[data-testid="payable-total"]')?.textContent !== b,
      before,
    );
    await nextFrames(tab.page);
    const answered = await tab.page.evaluate(() => performance.now());
    return { gridPaintedMs: round(painted), firstTapAnsweredMs: round(answered) };
  };
  const colds: Awaited<ReturnType<typeof posLoad>>[] = [];
  const warms: typeof colds = [];
  let pos: Tablet | undefined;
  for (let n = 0; n < LOADS; n++) {
    await pos?.context.close();
    const tab = await newTablet(browser, cookie, origin, user);
    pos = tab;
    colds.push(await profiled(tab.cdp, 'pos-cold', () => posLoad(tab)));
    // Let the service worker finish installing (its precache) before the warm visit.
    await tab.page.waitForTimeout(3000);
    await tab.page.evaluate(() => localStorage.clear());
    await tab.context.addInitScript(
      `localStorage.setItem('comanda.user', ${JSON.stringify(JSON.stringify(user))})`,
    );
    warms.push(await profiled(tab.cdp, 'pos-warm', () => posLoad(tab)));
  }
  if (!pos) throw new Error('BENCH_LOADS must be at least 1');
  const median = (loads: typeof colds) => ({
    gridPaintedMs: stats(loads.map((l) => l.gridPaintedMs)).p50,
    firstTapAnsweredMs: stats(loads.map((l) => l.firstTapAnsweredMs)).p50,
  });
  const posCold = median(colds);
  const posWarm = median(warms);

  const posAdd = taps();
  const posPicker = taps();
  const posSend = taps();
  const sendCleared: number[] = [];
  const items = pos.page.getByTestId('pos-item');
  const shown = await items.count();
  const total = () => pos.page.getByTestId('payable-total').textContent();
  const totalChanged = (before: string | null) =>
    pos.page.waitForFunction(
      (b) => document.querySelector('[data-testid="payable-total"]')?.textContent !== b,
      before,
    );
  const simpleIndexes = [...Array(shown).keys()].filter((i) => (i + 1) % 5 !== 0);
  const variantIndexes = [...Array(shown).keys()].filter((i) => (i + 1) % 5 === 0);
  await profiled(pos.cdp, 'pos-add', async () => {
    for (let t = 0; t < TAPS; t++) {
      const before = await total();
      const item = items.nth(simpleIndexes[(t * 7) % simpleIndexes.length] ?? 0);
      record(
        posAdd,
        await timedTap(
          pos.page,
          () => item.tap(),
          () => totalChanged(before),
        ),
      );
    }
  });
  await profiled(pos.cdp, 'pos-picker', async () => {
    for (let t = 0; t < Math.max(4, TAPS / 4); t++) {
      const item = items.nth(variantIndexes[(t * 3) % variantIndexes.length] ?? 4);
      const dialog = pos.page.getByRole('dialog');
      record(
        posPicker,
        await timedTap(
          pos.page,
          () => item.tap(),
          () => dialog.waitFor(),
        ),
      );
      await pos.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });
  // Sends: a takeaway ticket of two items each time.
  const takeaway = () =>
    pos.page
      .locator('label', { hasText: /^Takeaway$/ })
      .first()
      .tap();
  await profiled(pos.cdp, 'pos-send', async () => {
    for (let s = 0; s < Math.max(3, TAPS / 8); s++) {
      for (const k of [0, 1]) {
        const before = await total();
        await items.nth(simpleIndexes[(s * 5 + k) % simpleIndexes.length] ?? 0).tap();
        await totalChanged(before);
      }
      await takeaway();
      const send = pos.page.getByRole('button', { name: 'Send to Kitchen' });
      const started = Date.now();
      record(
        posSend,
        await timedTap(
          pos.page,
          () => send.tap(),
          () => pos.page.getByTestId('cart-line').first().waitFor({ state: 'detached' }),
        ),
      );
      sendCleared.push(Date.now() - started);
    }
  });
  await pos.context.close();

  // Kitchen: 60 tickets (and the sends above).
  const kitchen = await newTablet(browser, cookie, origin, user);
  await profiled(kitchen.cdp, 'kitchen-load', async () => {
    await kitchen.page.goto(`${origin}/dashboard/kitchen`);
    await kitchen.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="ticket"]').length >= n,
      TICKETS,
    );
    await nextFrames(kitchen.page);
  });
  const kitchenRendered = round(await kitchen.page.evaluate(() => performance.now()));
  const kitchenInteractive = await interactiveAt(kitchen.page, kitchenRendered);
  const busy = async (cdp: CDPSession) => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  };
  await kitchen.cdp.send('Performance.enable');
  await kitchen.page.waitForTimeout(2000);
  const idleFrom = await busy(kitchen.cdp);
  const idleLongFrom = await kitchen.page.evaluate(
    () => (window as unknown as BenchWindow).__bench.longtasks.length,
  );
  const idleWall = Date.now();
  await profiled(kitchen.cdp, 'kitchen-idle', () => kitchen.page.waitForTimeout(10_000));
  const idleShare = (await busy(kitchen.cdp)) - idleFrom;
  const idleSeconds = (Date.now() - idleWall) / 1000;
  const idleLongTasks =
    (await kitchen.page.evaluate(() => (window as unknown as BenchWindow).__bench.longtasks.length)) -
    idleLongFrom;

  // New orders → card painted, timed from the POST leaving this process (same machine clock).
  const arrivals: number[] = [];
  const posts: number[] = [];
  await profiled(kitchen.cdp, 'kitchen-new-order', async () => {
    for (let n = 0; n < 10; n++) {
      const count = await kitchen.page.locator('[data-testid="ticket"]').count();
      const sent = Date.now();
      await order(TICKETS + n);
      posts.push(Date.now() - sent);
      await kitchen.page.waitForFunction(
        (c) => document.querySelectorAll('[data-testid="ticket"]').length > c,
        count,
        {
          timeout: 60_000,
        },
      );
      await kitchen.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      arrivals.push(Date.now() - sent);
    }
  });

  const bumps = taps();
  await profiled(kitchen.cdp, 'kitchen-bump', async () => {
    for (let b = 0; b < 10; b++) {
      const ticket = kitchen.page.getByTestId('ticket').first();
      const token = await ticket.getAttribute('data-token');
      const bump = ticket.getByRole('button', { name: /bump/i });
      record(
        bumps,
        await timedTap(
          kitchen.page,
          () => bump.tap(),
          () =>
            kitchen.page
              .locator(`[data-testid="ticket"][data-token="${token}"]`)
              .waitFor({ state: 'detached' }),
        ),
      );
    }
  });
  await kitchen.context.close();

  // Public pages on a phone, Lighthouse's mobile profile.
  const publicPage = async (pathname: string, ready: string) => {
    const context = await browser!.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE_NETWORK });
    await page.goto(origin + pathname);
    await page.locator(ready).first().waitFor({ state: 'attached', timeout: 120_000 });
    const quietEnd = await interactiveAt(page, 0, 2000);
    const { lcp, tbt, fcp } = await page.evaluate(() => {
      const b = (window as unknown as BenchWindow).__bench;
      const fcpEntry = performance.getEntriesByName('first-contentful-paint')[0];
      const from = fcpEntry?.startTime ?? 0;
      const blocking = b.longtasks
        .filter((t) => t.start >= from)
        .reduce((s, t) => s + Math.max(0, t.duration - 50), 0);
      return { lcp: b.lcp, tbt: blocking, fcp: from };
    });
    await context.close();
    return { lcpMs: round(lcp), fcpMs: round(fcp), totalBlockingMs: round(tbt), interactiveMs: quietEnd };
  };
  const landing = await publicPage('/', 'a[href="#pricing"]');
  const login = await publicPage('/login', 'input[type="password"]');
  const qrMenu = await publicPage(`/m/${qrCode}`, '[data-testid="menu-item"]');

  const apiBytes = {
    posInit: await answerBytes(`${origin}/api/v1/pos/init`, cookie),
    kitchen: await answerBytes(`${origin}/api/v1/kitchen`, cookie),
    qrMenu: await answerBytes(`${origin}/api/v1/qrmenu/${qrCode}`, ''),
  };

  const bareStats = tapStats(bareTaps);
  const addStats = tapStats(posAdd);
  const result = {
    date: new Date().toISOString(),
    command: 'npm run bench:ui',
    label: LABEL,
    machine: { ...machine(), browser: browser.version(), loadAverage: os.loadavg() },
    database: databaseUrl ? 'postgres' : 'pglite',
    cpuSlowdown: SLOWDOWN,
    menuItems: MENU_SIZE,
    tickets: TICKETS,
    bare: { tapMs: bareStats },
    pos: {
      cold: posCold,
      warm: posWarm,
      loads: { cold: colds, warm: warms },
      addTapMs: addStats,
      pickerTapMs: tapStats(posPicker),
      sendTapMs: tapStats(posSend),
      sendToClearedMs: stats(sendCleared),
      addTapP95OverBare: round(addStats.p95 / Math.max(1, bareStats.p95)),
    },
    kitchen: {
      renderedMs: kitchenRendered,
      interactiveMs: kitchenInteractive,
      idle: {
        seconds: round(idleSeconds),
        mainThreadBusyPercent: round((idleShare / idleSeconds) * 100),
        longTasks: idleLongTasks,
      },
      newOrderToCardMs: stats(arrivals),
      newOrderPostMs: stats(posts),
      bumpTapMs: tapStats(bumps),
    },
    phone: { landing, login, qrMenu },
    apiBytes,
  };

  const rows: [string, string][] = [
    ['bare page: tap → paint p50 / p95', `${bareStats.p50} / ${bareStats.p95} ms`],
    [
      'POS cold: grid painted / first tap answered',
      `${posCold.gridPaintedMs} / ${posCold.firstTapAnsweredMs} ms`,
    ],
    [
      'POS warm: grid painted / first tap answered',
      `${posWarm.gridPaintedMs} / ${posWarm.firstTapAnsweredMs} ms`,
    ],
    [
      'POS add tap p50 / p95 (× bare p95)',
      `${addStats.p50} / ${addStats.p95} ms (${result.pos.addTapP95OverBare}×)`,
    ],
    ['POS picker tap p50 / p95', `${result.pos.pickerTapMs.p50} / ${result.pos.pickerTapMs.p95} ms`],
    [
      'POS send tap p50 / p95; send → cart cleared p50',
      `${result.pos.sendTapMs.p50} / ${result.pos.sendTapMs.p95} ms; ${result.pos.sendToClearedMs.p50} ms`,
    ],
    [`kitchen ${TICKETS} tickets: rendered / interactive`, `${kitchenRendered} / ${kitchenInteractive} ms`],
    [
      'kitchen idle: main thread busy, long tasks in 10 s',
      `${result.kitchen.idle.mainThreadBusyPercent} %, ${idleLongTasks}`,
    ],
    [
      'kitchen new order → card p50 / p95 (POST p50)',
      `${result.kitchen.newOrderToCardMs.p50} / ${result.kitchen.newOrderToCardMs.p95} ms (${result.kitchen.newOrderPostMs.p50} ms)`,
    ],
    ['kitchen bump tap p50 / p95', `${result.kitchen.bumpTapMs.p50} / ${result.kitchen.bumpTapMs.p95} ms`],
    ['phone LCP landing / login / QR menu', `${landing.lcpMs} / ${login.lcpMs} / ${qrMenu.lcpMs} ms`],
    [
      'phone TBT landing / login / QR menu',
      `${landing.totalBlockingMs} / ${login.totalBlockingMs} / ${qrMenu.totalBlockingMs} ms`,
    ],
    ...Object.entries(apiBytes).map(([name, b]): [string, string] => [
      `API ${name}: plain / offered compression`,
      `${b.plain.bytes} B / ${b.offered.bytes} B ${b.offered.encoding}`,
    ]),
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nbench:ui, CPU ${SLOWDOWN}x, ${MENU_SIZE} items, ${TICKETS} tickets (${result.database})`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  fs.mkdirSync(resultsDir, { recursive: true });
  const text = `${JSON.stringify(result, null, 2)}\n`;
  fs.writeFileSync(path.join(resultsDir, `ui-${resultStamp(result.date)}.json`), text);
  fs.writeFileSync(path.join(resultsDir, 'ui-latest.json'), text);
}

runBench({
  main,
  cleanUp: async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  },
  budgetMs: 30 * 60_000,
  serverOutput: () => server?.output(),
});

declare global {
  interface Window {
    __bench: BenchWindow['__bench'];
  }
}
