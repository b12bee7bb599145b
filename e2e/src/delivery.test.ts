import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { baseUrl, launchBrowser, loginThroughUi, newContext, registerTenant } from './browser.ts';

// How the built app reaches the browser (issue 8, Delivery): every request stays on the app's own host,
// text assets arrive compressed, hashed assets are cached for good, the page itself never is, and no
// source map is published.

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every URL the browser asked for (pages and their workers) that is not on the app's origin. */
const elsewhere: string[] = [];
const responses: Response[] = [];

const appOrigin = new URL(baseUrl).origin;
const onAppHost = (url: string) => {
  const u = new URL(url);
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol)) return true; // data:, blob:
  return u.host === new URL(appOrigin).host;
};

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser);
  // Anything for another host is recorded and refused, so a test machine without internet behaves like a
  // till behind a restaurant's firewall.
  await context.route(
    (url) => !onAppHost(url.href),
    async (route) => {
      elsewhere.push(route.request().url());
      await route.abort();
    },
  );
  context.on('request', (request) => {
    if (!onAppHost(request.url())) elsewhere.push(request.url());
  });
  context.on('response', (response) => responses.push(response));
  page = await context.newPage();
});
afterAll(() => browser.close());

const assetResponses = () => responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));

describe('landing, login and dashboard', () => {
  it('load compressed, cacheable assets from the app alone', async () => {
    await page.goto('/');
    await page.locator('a[href="/login"]').first().waitFor();
    const owner = await registerTenant(context, 'Delivery Cafe');
    await loginThroughUi(page, owner.username, owner.password);
    await page.locator('main').getByRole('link').first().waitFor();

    const assets = assetResponses();
    expect(assets.length).toBeGreaterThan(5);
    for (const r of assets) {
      const headers = await r.allHeaders();
      expect(headers['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
      const text = /\.(js|css|json)$/.test(new URL(r.url()).pathname);
      const size = Number(headers['content-length'] ?? (await r.body()).length);
      // The build writes no compressed variant under 256 bytes; everything above arrives as brotli.
      if (text && (headers['content-encoding'] || size >= 256)) {
        expect(headers['content-encoding'], r.url()).toBe('br');
      }
    }
    expect(elsewhere).toEqual([]);
  });

  it('serve the page itself uncached, so a new build is picked up at once', async () => {
    for (const path of ['/', '/login', '/dashboard/home']) {
      const res = await context.request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers()['cache-control'], path).toBe('no-cache');
      expect(res.headers()['content-type'], path).toMatch(/^text\/html/);
    }
  });

  it('publishes no source map', async () => {
    const scripts = assetResponses().filter((r) => new URL(r.url()).pathname.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const r of scripts.slice(0, 10)) {
      const path = new URL(r.url()).pathname;
      expect(await (await context.request.get(path)).text(), path).not.toContain('sourceMappingURL');
      expect((await context.request.get(`${path}.map`)).status(), `${path}.map`).toBe(404);
    }
  });
});

describe('photo upload', () => {
  it('compresses in a worker whose script comes from the app, not a CDN', async () => {
    const added = await context.request.post('/api/v1/menu-items/add', {
      data: { title: 'Flat white', price: '3.2' },
      headers: { origin: appOrigin },
    });
    expect(added.status()).toBe(200);
    const { id } = (await added.json()) as { id: number };
    await page.goto(`/dashboard/settings/menu-items/${id}`);

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload Image' }).click(),
    ]);
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#6f4e37' } })
      .png()
      .toBuffer();
    await chooser.setFiles({ name: 'flat-white.png', mimeType: 'image/png', buffer: photo });
    await page.getByText('Image uploaded!').waitFor();
    // Without the bundled script the library asks cdn.jsdelivr.net, fails, and compresses on the main
    // thread instead, so the upload alone would not notice.
    expect(elsewhere).toEqual([]);
    const worker = responses.filter((r) =>
      /^\/assets\/browser-image-compression-[\w-]+\.js$/.test(new URL(r.url()).pathname),
    );
    expect(worker.map((r) => r.status())).toEqual([200]);
  });
});
