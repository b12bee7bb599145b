/**
 * `npm run bench:pages`: page weight and first paint of the built web app in Debian's Chromium on a
 * throttled connection. It starts the real server (fresh database) serving apps/web/dist, signs a tenant up,
 * then loads the landing page (/), the login page (/login), the dashboard (/dashboard/home, signed in) and a
 * diner's QR menu of 40 items (/m/{code}, issue 11: its items must be on screen within 2.5 s)
 * `BENCH_PAGE_RUNS` times each in a fresh browser profile (cold cache), and once more in the same profile
 * (a repeat visit, to show what the cache saves). It writes bench/results/pages-<time>.json and
 * bench/results/pages-latest.json and prints a table.
 *
 * Any request to a host other than the server's fails the run: a POS behind a restaurant's firewall, or
 * offline, cannot reach one.
 *
 * Environment:
 *   BENCH_PAGE_RUNS   cold loads per page; the table shows the median first paint (default 3)
 *   BENCH_LABEL       a word stored in the result file (e.g. "before", "after")
 *   CHROMIUM_PATH     the browser (default /usr/bin/chromium)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type CDPSession, chromium } from 'playwright-core';
import { startServer, type BenchServer } from './server.ts';
import { resultStamp } from './api.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');

const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_PAGE_RUNS ?? '3')) || 3);
const LABEL = process.env.BENCH_LABEL ?? '';

/**
 * A slow mobile connection and a mid-range phone's CPU, as Lighthouse's mobile profile describes them:
 * 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, CPU 4x slower than this machine.
 */
const PROFILE = {
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  latencyMs: 150,
  cpuSlowdown: 4,
} as const;

interface Resource {
  url: string;
  type: string;
  status: number;
  /** Bytes on the wire, headers included (CDP encodedDataLength). */
  transferred: number;
  /** Body bytes after decompression. */
  decoded: number;
  contentEncoding: string | null;
  cacheControl: string | null;
  fromCache: boolean;
}

interface Totals {
  requests: number;
  transferredKB: number;
  decodedKB: number;
}

interface Load {
  firstPaintMs: number | null;
  firstContentfulPaintMs: number | null;
  domContentLoadedMs: number;
  loadMs: number;
  /** When the page's own content (its ready selector) was first in the document. */
  contentShownMs: number;
  /** Requests that went over the network (not answered from the browser cache). */
  network: { js: Totals; css: Totals; all: Totals };
  thirdPartyRequests: string[];
  resources: Resource[];
}

interface PageResult {
  name: string;
  path: string;
  cold: Load[];
  median: {
    firstPaintMs: number | null;
    firstContentfulPaintMs: number | null;
    loadMs: number;
    contentShownMs: number;
  };
  repeatVisit: Load;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function totals(resources: Resource[]): Totals {
  const onWire = resources.filter((r) => !r.fromCache);
  return {
    requests: onWire.length,
    transferredKB: kb(onWire.reduce((s, r) => s + r.transferred, 0)),
    decodedKB: kb(onWire.reduce((s, r) => s + r.decoded, 0)),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** Records every response of one navigation through CDP, where the transferred sizes are exact. */
function recordNetwork(cdp: CDPSession) {
  const byId = new Map<string, Resource>();
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    byId.set(e.requestId, {
      url: e.response.url,
      type: e.type ?? 'Other',
      status: e.response.status,
      transferred: 0,
      decoded: 0,
      contentEncoding: headers['content-encoding'] ?? null,
      cacheControl: headers['cache-control'] ?? null,
      fromCache: Boolean(e.response.fromDiskCache),
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = byId.get(e.requestId);
    if (r) r.transferred = e.encodedDataLength;
  });
  return () => [...byId.values()];
}

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.latencyMs,
    downloadThroughput: PROFILE.downloadBitsPerSecond / 8,
    uploadThroughput: PROFILE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
}

/**
 * One navigation in the given profile, measured until the page's own content is in the document and the
 * network has then been quiet for 500 ms.
 */
async function load(
  context: BrowserContext,
  origin: string,
  pathname: string,
  readySelector: string,
): Promise<Load> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const resources = recordNetwork(cdp);
    const thirdParty: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
      if (url.origin !== origin && url.origin !== origin.replace('http', 'ws')) thirdParty.push(req.url());
    });
    // Records when the page's own content first shows (set before any of the page's scripts run).
    await page.addInitScript(`(() => {
      const ready = ${JSON.stringify(readySelector)};
      const check = () => {
        if (window.__readyMs === undefined && document.querySelector(ready)) window.__readyMs = performance.now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    })()`);
    await page.goto(origin + pathname, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction('window.__readyMs !== undefined', undefined, { timeout: 120_000 });
    // Paint entries are queued after the frame is presented, which can trail the DOM change.
    await page
      .waitForFunction("performance.getEntriesByName('first-contentful-paint').length > 0", undefined, {
        timeout: 30_000,
      })
      .catch(() => undefined);
    // Whatever the page still fetches once its content shows (data, late chunks) counts too.
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // A string, not a function: tsx names inner functions with a helper that does not exist in the page.
    const timing = await page.evaluate<{
      firstPaintMs: number | null;
      firstContentfulPaintMs: number | null;
      domContentLoadedMs: number;
      loadMs: number;
      readyMs: number;
    }>(`(() => {
      const paints = performance.getEntriesByType('paint');
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        firstPaintMs: paints.find((p) => p.name === 'first-paint')?.startTime ?? null,
        firstContentfulPaintMs: paints.find((p) => p.name === 'first-contentful-paint')?.startTime ?? null,
        domContentLoadedMs: nav?.domContentLoadedEventEnd ?? 0,
        loadMs: nav?.loadEventEnd ?? 0,
        readyMs: window.__readyMs,
      };
    })()`);
    const all = resources().filter((r) => r.url.startsWith('http'));
    const round = (n: number | null) => (n === null ? null : Math.round(n));
    return {
      firstPaintMs: round(timing.firstPaintMs),
      firstContentfulPaintMs: round(timing.firstContentfulPaintMs),
      domContentLoadedMs: Math.round(timing.domContentLoadedMs),
      loadMs: Math.round(timing.loadMs),
      contentShownMs: Math.round(timing.readyMs),
      network: {
        js: totals(all.filter((r) => r.type === 'Script')),
        css: totals(all.filter((r) => r.type === 'Stylesheet')),
        all: totals(all),
      },
      thirdPartyRequests: thirdParty,
      resources: all.map((r) => ({ ...r, url: r.url.replace(origin, '') })),
    };
  } finally {
    await page.close();
  }
}

async function signUp(origin: string) {
  const account = {
    biz_name: 'Bench Cafe Pages',
    username: `pages-${Date.now()}@bench.comanda.test`,
    password: 'bench-password-pages',
  };
  const res = await fetch(`${origin}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return { username: account.username, password: account.password };
}

/** The signed-up store with its QR menu on and 40 items: answers the menu's code. */
async function dinerMenu(origin: string, account: { username: string; password: string }) {
  const signin = await fetch(`${origin}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(account),
  });
  if (!signin.ok) throw new Error(`sign-in answered ${signin.status}`);
  const cookie = signin.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method: 'GET' | 'POST', pathname: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1${pathname}`, {
      method,
      headers: { 'content-type': 'application/json', origin, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await call('POST', '/settings/store-setting', {
    storeName: 'Bench Cafe Pages',
    address: '1 Bench Street',
    phone: '555 0100',
    email: 'pages@bench.comanda.test',
    currency: 'USD',
    isQRMenuEnabled: true,
    isQROrderEnabled: true,
  });
  for (let i = 1; i <= 40; i++)
    await call('POST', '/menu-items/add', { title: `Dish ${i}`, price: `${i}.50` });
  return String((await call('GET', '/settings/store-setting')).uniqueQRCode);
}

async function newProfile(
  browser: Browser,
  origin: string,
  account: { username: string; password: string } | null,
): Promise<BrowserContext> {
  // The probes below are strings evaluated in the page, which the app's CSP (no eval) rightly refuses;
  // the bench measures weight and paint, and the e2e suite checks the CSP.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    bypassCSP: true,
    // The staff service worker's precache download would run beside what is measured (docs/offline.md).
    serviceWorkers: 'block',
  });
  if (account) {
    // Signing in through the API (not throttled) puts the session cookies in this profile; the app also
    // keeps the signed-in user in local storage, as its sign-in form does.
    const res = await context.request.post(`${origin}/api/v1/auth/signin`, {
      data: account,
      headers: { origin },
    });
    if (!res.ok()) throw new Error(`sign-in answered ${res.status()}: ${await res.text()}`);
    const { user } = (await res.json()) as { user: unknown };
    await context.addInitScript(
      `localStorage.getItem('comanda.user') || localStorage.setItem('comanda.user', ${JSON.stringify(JSON.stringify(user))})`,
    );
  }
  return context;
}

async function measurePage(
  browser: Browser,
  origin: string,
  name: string,
  pathname: string,
  readySelector: string,
  account: { username: string; password: string } | null,
): Promise<PageResult> {
  const cold: Load[] = [];
  let repeatVisit: Load | undefined;
  for (let i = 0; i < RUNS; i++) {
    const context = await newProfile(browser, origin, account);
    try {
      cold.push(await load(context, origin, pathname, readySelector));
      // The same profile coming back later (a new tab, not a reload, which would revalidate everything).
      if (i === RUNS - 1) repeatVisit = await load(context, origin, pathname, readySelector);
    } finally {
      await context.close();
    }
  }
  if (!repeatVisit) throw new Error('no repeat visit');
  const fcp = cold.map((l) => l.firstContentfulPaintMs).filter((n): n is number => n !== null);
  const fp = cold.map((l) => l.firstPaintMs).filter((n): n is number => n !== null);
  return {
    name,
    path: pathname,
    cold,
    median: {
      firstPaintMs: median(fp),
      firstContentfulPaintMs: median(fcp),
      loadMs: median(cold.map((l) => l.loadMs)) ?? 0,
      contentShownMs: median(cold.map((l) => l.contentShownMs)) ?? 0,
    },
    repeatVisit,
  };
}

function printTable(pages: PageResult[]) {
  const pad = (v: string | number | null, n: number) => String(v ?? '-').padStart(n);
  const head = `${'page'.padEnd(22)}${pad('JS KB', 8)}${pad('(raw)', 8)}${pad('CSS KB', 8)}${pad('(raw)', 8)}${pad('all KB', 8)}${pad('reqs', 6)}${pad('FP ms', 8)}${pad('FCP ms', 8)}${pad('load ms', 9)}${pad('shown ms', 10)}${pad('repeat KB', 11)}${pad('reqs', 6)}`;
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const p of pages) {
    const first = p.cold[0];
    if (!first) continue;
    const n = first.network;
    const r = p.repeatVisit.network.all;
    console.log(
      `${`${p.name} ${p.path}`.padEnd(22)}${pad(n.js.transferredKB, 8)}${pad(n.js.decodedKB, 8)}${pad(n.css.transferredKB, 8)}${pad(n.css.decodedKB, 8)}${pad(n.all.transferredKB, 8)}${pad(n.all.requests, 6)}${pad(p.median.firstPaintMs, 8)}${pad(p.median.firstContentfulPaintMs, 8)}${pad(p.median.loadMs, 9)}${pad(p.median.contentShownMs, 10)}${pad(r.transferredKB, 11)}${pad(r.requests, 6)}`,
    );
  }
  console.log(
    `(KB transferred over the network, headers included; raw = after decompression. FP/FCP/load/shown: median of ${RUNS} cold loads;\n` +
      " shown = when the page's own content was first in the document;\n" +
      ' repeat = the same profile opening the page again: what still goes over the network.)\n',
  );
}

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  }
  const started = new Date();
  const stamp = resultStamp(started);
  const load1 = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;
  const loadBefore = load1();
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ repoRoot });
    const origin = server.origin;
    const account = await signUp(origin);
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
    const pages = [
      // Each page's ready selector is an element only its own content has.
      await measurePage(browser, origin, 'landing', '/', 'a[href="#pricing"]', null),
      await measurePage(browser, origin, 'login', '/login', 'input[type="password"]', null),
      await measurePage(
        browser,
        origin,
        'dashboard',
        '/dashboard/home',
        'main a[href^="/dashboard/"]',
        account,
      ),
      await measurePage(
        browser,
        origin,
        'diner menu',
        `/m/${await dinerMenu(origin, account)}`,
        '[data-testid="menu-item"]',
        null,
      ),
    ];
    printTable(pages);
    const thirdParty = pages.flatMap((p) => [...p.cold, p.repeatVisit].flatMap((l) => l.thirdPartyRequests));

    const cpus = os.cpus();
    const report = {
      date: started.toISOString(),
      label: LABEL,
      command: 'npm run bench:pages',
      machine: {
        os: `${os.type()} ${os.release()} ${os.arch()}`,
        cpuModel: cpus[0]?.model.trim() ?? 'unknown',
        cpuCount: cpus.length,
        node: process.version,
        browser: browser.version(),
      },
      profile: PROFILE,
      runs: RUNS,
      // Timings under CPU throttling are sensitive to other programs on the machine; the 1-minute load
      // average says how busy it was (on cpuCount cores).
      loadAverage: { before: loadBefore, after: load1() },
      notes: [
        'Each cold load is a fresh browser profile; the page is measured once the network was idle for 500 ms.',
        'transferred = CDP encodedDataLength (headers included); decoded = body bytes after decompression.',
        'repeatVisit = the last profile opening the same page again in a new tab.',
      ],
      pages,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `pages-${stamp}.json`);
    const json = `${JSON.stringify(report, null, 2)}\n`;
    fs.writeFileSync(file, json);
    fs.writeFileSync(path.join(resultsDir, 'pages-latest.json'), json);
    console.log(`results: ${path.relative(repoRoot, file)} and bench/results/pages-latest.json`);
    if (thirdParty.length > 0) {
      throw new Error(`requests to another host: ${[...new Set(thirdParty)].join(', ')}`);
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`\nbench:pages failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

declare global {
  interface Window {
    /** Set by the init script when the page's ready selector first matches. */
    __readyMs?: number;
  }
}
