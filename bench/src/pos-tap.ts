/**
 * `npm run bench:pos-tap`: how long a tap on an item takes to show in the POS cart with a 300-item menu
 * (issue 10: "a tap shows in the cart within a frame"), in Debian's Chromium at 1024x768, with the CPU
 * slowed down like a cheap tablet. It starts the real server (fresh database) serving apps/web/dist,
 * signs a tenant up, adds the menu through the API, opens /dashboard/pos and taps items one after the
 * other. Each tap is timed in the page from its click (the finger lifted) to the first animation frame after the
 * cart changed (the frame that paints it). Writes bench/results/pos-tap-<time>.json and prints a line.
 *
 * Environment:
 *   BENCH_TAPS          taps measured (default 60)
 *   BENCH_MENU_SIZE     menu items (default 300; every fifth has variants and addons)
 *   BENCH_CPU_SLOWDOWN  Chromium CPU throttling rate (default 4: a mid-range tablet)
 *   BENCH_TAP_PROFILE   a path: the page's JavaScript CPU profile of the measured taps is written there
 *                       (a .cpuprofile that bench/src/profile.ts and Chrome's DevTools read)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { startServer, type BenchServer } from './server.ts';
import { resultStamp } from './api.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const resultsDir = path.resolve(here, '../results');
const TAPS = Math.max(5, Math.floor(Number(process.env.BENCH_TAPS ?? '60')) || 60);
const MENU_SIZE = Math.max(10, Math.floor(Number(process.env.BENCH_MENU_SIZE ?? '300')) || 300);
const SLOWDOWN = Math.max(1, Number(process.env.BENCH_CPU_SLOWDOWN ?? '4') || 4);

async function api(origin: string, cookie: string, pathname: string, body: unknown) {
  const res = await fetch(`${origin}/api/v1${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { id?: number; user?: unknown };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first');
  }
  let server: BenchServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({ repoRoot });
    const { origin } = server;
    const account = {
      biz_name: 'Bench Cafe Tap',
      username: `tap-${Date.now()}@bench.comanda.test`,
      password: 'bench-password-tap',
    };
    await api(origin, '', '/auth/signup', account);
    const signin = await fetch(`${origin}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    if (!signin.ok) throw new Error(`sign-in answered ${signin.status}`);
    const cookie = signin.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { user } = (await signin.json()) as { user: unknown };

    for (let i = 1; i <= MENU_SIZE; i++) {
      const item = await api(origin, cookie, '/menu-items/add', {
        title: `Dish ${i}`,
        price: `${(i % 40) + 2}.50`,
      });
      if (i % 5 === 0) {
        await api(origin, cookie, `/menu-items/variants/${item.id}/add`, { title: 'Large', price: '9' });
        await api(origin, cookie, `/menu-items/addons/${item.id}/add`, { title: 'Extra', price: '1' });
      }
    }

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
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      bypassCSP: true,
      // The staff service worker's precache download would run beside what is measured (docs/offline.md).
      serviceWorkers: 'block',
    });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return { name, value, url: origin };
      }),
    );
    await context.addInitScript(
      `localStorage.setItem('comanda.user', ${JSON.stringify(JSON.stringify(user))})`,
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${origin}/dashboard/pos`);
    await page.getByTestId('pos-item').first().waitFor();
    const shown = await page.getByTestId('pos-item').count();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });

    // Times one tap in the page: the tap (its click, on release) → the payable total changes → the next frame is painted.
    await page.evaluate(`(() => {
      window.__taps = [];
      let start = 0;
      let before = '';
      const total = () => document.querySelector('[data-testid="payable-total"]')?.textContent ?? '';
      document.addEventListener('click', () => { start = performance.now(); before = total(); }, true);
      new MutationObserver(() => {
        if (!start || total() === before) return;
        const began = start;
        start = 0;
        requestAnimationFrame(() => window.__taps.push(performance.now() - began));
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    })()`);

    // Items without options, spread over the grid (each fifth opens the picker instead).
    const simple = [...Array(shown).keys()].filter((i) => (i + 1) % 5 !== 0);
    const profilePath = process.env.BENCH_TAP_PROFILE;
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    for (let t = 0; t < TAPS; t++) {
      const index = simple[(t * 7) % simple.length] ?? 0;
      await page.getByTestId('pos-item').nth(index).click();
      await page.waitForFunction(`window.__taps.length >= ${t + 1}`);
    }
    if (profilePath) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(profilePath, JSON.stringify(profile));
      console.log(`page CPU profile: ${profilePath}`);
    }
    const taps = await page.evaluate<number[]>('window.__taps');
    const sorted = [...taps].sort((a, b) => a - b);
    const result = {
      date: new Date().toISOString(),
      command: 'npm run bench:pos-tap',
      machine: {
        cpuModel: os.cpus()[0]?.model.trim(),
        cpuCount: os.cpus().length,
        browser: browser.version(),
      },
      menuItems: MENU_SIZE,
      itemsShown: shown,
      cpuSlowdown: SLOWDOWN,
      taps: taps.length,
      ms: {
        p50: Math.round(percentile(sorted, 50) * 10) / 10,
        p95: Math.round(percentile(sorted, 95) * 10) / 10,
        max: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
      },
      frameMs: 16.7,
      loadAverage: os.loadavg()[0],
    };
    console.log(
      `POS tap to painted cart, ${MENU_SIZE} items, CPU ${SLOWDOWN}x slower: p50 ${result.ms.p50} ms, p95 ${result.ms.p95} ms, max ${result.ms.max} ms (${taps.length} taps)`,
    );
    fs.mkdirSync(resultsDir, { recursive: true });
    const stamp = resultStamp(result.date);
    fs.writeFileSync(path.join(resultsDir, `pos-tap-${stamp}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`\nbench:pos-tap failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

declare global {
  interface Window {
    __taps: number[];
  }
}
