import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { SIZES, checkScreen, launchBrowser, screenshot, uniqueEmail } from './browser.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';
import { payOrder, seedMenu } from './paid-order.ts';

// The super administrator's dashboard and reports (issue 13) over a known set of stores. These figures
// add up every tenant, so this file runs the built app (as `npm start` does) on a data dir of its own,
// with an exchange-rates file of its own: the other files' tenants on the shared server would move them.
// With E2E_DATABASE_URL it runs on a PostgreSQL database of its own on that server, like the shared one.
// Three stores pay now (so on their own today, whatever their zone): one in dollars, one in euros at
// 0.92 per dollar, one in Swiss francs, which the rates file lacks. `payOrder` takes 34.33 a bill.

const SUPERADMIN = { username: 'root@platform.e2e.test', password: 'super-secret-platform' };
const RATES = { base: 'USD', date: '2026-03-09', rates: { EUR: '0.92', JPY: '156.4' } };

let server: OwnServer;
let baseUrl = '';
let ratesDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function startServer() {
  ratesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-e2e-rates-'));
  const ratesFile = path.join(ratesDir, 'rates.json');
  fs.writeFileSync(ratesFile, JSON.stringify(RATES));
  server = await startOwnServer('platform', {
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    EXCHANGE_RATES_FILE: ratesFile,
  });
  baseUrl = server.url;
}

/** A store signed up, in `timezone` and `currency`, with the seeded menu, paying `bills` bills now. */
async function storePaying(name: string, timezone: string, currency: string, bills: number) {
  const owner = await browser.newContext({ baseURL: baseUrl });
  const request: APIRequestContext = owner.request;
  const username = uniqueEmail();
  const password = 'pw-' + crypto.randomBytes(4).toString('hex');
  expect(
    (await request.post('/api/v1/auth/signup', { data: { biz_name: name, username, password } })).status(),
  ).toBe(200);
  expect((await request.post('/api/v1/auth/signin', { data: { username, password } })).status()).toBe(200);
  const store = (await (await request.get('/api/v1/settings/store-setting')).json()) as Record<
    string,
    unknown
  >;
  const saved = await request.post('/api/v1/settings/store-setting', {
    data: { ...store, storeName: name, currency, timezone },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const menu = await seedMenu(request, name);
  for (let i = 0; i < bills; i += 1) await payOrder(request, menu);
  return { owner, request };
}

/** A tile's figure: its group is named by its label. */
const tile = (name: string) => page.getByRole('group', { name, exact: true }).getByTestId(/-value$/);

beforeAll(async () => {
  await startServer();
  browser = await launchBrowser();
  const lisbon = await storePaying('Casa Lisboa', 'Europe/Lisbon', 'USD', 2);
  // A customer added today, at the first store.
  expect(
    (
      await lisbon.request.post('/api/v1/customers/add', { data: { phone: '912 000 222', name: 'Rita' } })
    ).status(),
  ).toBe(200);
  await storePaying('Berlin Imbiss', 'Pacific/Kiritimati', 'EUR', 1);
  await storePaying('Zurich Stube', 'Pacific/Pago_Pago', 'CHF', 1);
  context = await browser.newContext({ baseURL: baseUrl, viewport: SIZES.tablet });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (ratesDir) fs.rmSync(ratesDir, { recursive: true, force: true });
});

describe('super-admin dashboard', () => {
  it('signs in and shows the figures of the set, with the rates in a tooltip', async () => {
    // The first answer is held back: the page says it is loading meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/v1/superadmin/dashboard',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.goto('/superadmin');
    await page.getByLabel('Email').fill(SUPERADMIN.username);
    await page.getByLabel('Password').fill(SUPERADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/superadmin/dashboard/home');
    await page.getByText('Please wait...').waitFor();
    release();

    // 3 active tenants × $5; USD 2 × 34.33 + EUR 34.33 / 0.92 (37.3152 → 37.32) = 105.98; CHF apart.
    await expect.poll(() => tile('Active Tenants').textContent()).toBe('3');
    await expect(tile('MRR').textContent()).resolves.toBe('$15');
    await expect(tile('ARR').textContent()).resolves.toBe('$180');
    await expect(tile('Store Sales Volume Today').textContent()).resolves.toBe('$106');
    await expect(tile('Orders Processed Today').textContent()).resolves.toBe('4');
    const sales = page.getByRole('group', { name: 'Store Sales Volume Today' });
    await sales.getByText('$105.98').waitFor();
    // Intl writes a no-break space between a currency code and its amount.
    await expect(sales.getByTestId('unconverted').textContent()).resolves.toBe(
      'not converted: CHF\u00a034.33',
    );
    await page.getByRole('button', { name: 'About this figure' }).hover();
    await expect(page.getByRole('tooltip').textContent()).resolves.toBe(
      "Paid bills of each store's day, converted to USD at the exchange rates of Mar 9, 2026 (base USD). Not converted (no rate in the rates file): CHF\u00a034.33.",
    );
    await page.getByText('Version 1.2.0').waitFor();
    await page.getByText('Comanda, built for small restaurants.').waitFor();

    await checkScreen(page, 'super-admin dashboard', { sizes: ['tablet', 'desktop'] });
    await page.mouse.move(0, 0);
    await page.setViewportSize(SIZES.tablet);
    await page.waitForTimeout(350);
    await screenshot(page, 'superadmin-dashboard-1024');
    await page.setViewportSize(SIZES.desktop);
    await page.waitForTimeout(350);
    await screenshot(page, 'superadmin-dashboard-1280');
  });

  it('says so when the figures cannot be loaded', async () => {
    await page.route('**/api/v1/superadmin/dashboard', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    try {
      await page.reload();
      await page.getByRole('alert').getByText('Error loading dashboard, Please try later...').waitFor();
    } finally {
      await page.unroute('**/api/v1/superadmin/dashboard');
    }
  });
});

describe('super-admin reports', () => {
  it('opens from the dashboard, lists the top sellers and follows the filter dialog', async () => {
    await page.goto('/superadmin/dashboard/home');
    await page.getByRole('link', { name: 'View Reports' }).click();
    await page.waitForURL('**/superadmin/dashboard/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await expect(page.getByTestId('report-filter').textContent()).resolves.toBe('Showing: Today');
    await expect.poll(() => tile('Orders Processed').textContent()).toBe('4');
    await expect(tile('Store Sales Volume').textContent()).resolves.toBe('$106');
    await expect(tile('Active Tenants').textContent()).resolves.toBe('3');
    await expect(tile("All Tenant's Customers").textContent()).resolves.toBe('1');
    // Per bill: 2 Burgers and 1 Water; Lisbon paid two. Ties go to the older store.
    const rows = page.getByTestId('top-items').locator('tbody tr');
    await expect(rows.count()).resolves.toBe(6);
    const cells = async (i: number) => rows.nth(i).locator('td').allTextContents();
    await expect(cells(0)).resolves.toEqual(['Casa Lisboa', 'Burger', '4']);
    await expect(cells(1)).resolves.toEqual(['Casa Lisboa', 'Water', '2']);
    await expect(cells(2)).resolves.toEqual(['Berlin Imbiss', 'Burger', '2']);
    await expect(cells(3)).resolves.toEqual(['Zurich Stube', 'Burger', '2']);
    await expect(cells(4)).resolves.toEqual(['Berlin Imbiss', 'Water', '1']);
    await expect(cells(5)).resolves.toEqual(['Zurich Stube', 'Water', '1']);
    await checkScreen(page, 'super-admin reports', { sizes: ['tablet', 'desktop'] });
    await page.setViewportSize(SIZES.tablet);
    await page.waitForTimeout(350);
    await screenshot(page, 'superadmin-reports-1024');
    await page.setViewportSize(SIZES.desktop);
    await page.waitForTimeout(350);
    await screenshot(page, 'superadmin-reports-1280');

    // Yesterday: nothing yet. The filter has no Tomorrow (SPEC §9).
    await page.getByRole('button', { name: 'Filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter reports' });
    await dialog.getByRole('textbox', { name: 'Show' }).click();
    await expect(page.getByRole('option', { name: 'Tomorrow' }).count()).resolves.toBe(0);
    await page.getByRole('option', { name: 'Yesterday', exact: true }).click();
    await checkScreen(page, 'super-admin reports filter', { sizes: ['tablet'] });
    await screenshot(page, 'superadmin-reports-filter-1280', false);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByTestId('report-filter').textContent()).toBe('Showing: Yesterday');
    await expect.poll(() => tile('Orders Processed').textContent()).toBe('0');
    await expect(tile('Store Sales Volume').textContent()).resolves.toBe('$0');
    await page.getByText('No items sold in this period.').waitFor();

    // Last 7 days take today's bills again.
    await page.getByRole('button', { name: 'Filter' }).click();
    await dialog.getByRole('textbox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Last 7 days', exact: true }).click();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => tile('Orders Processed').textContent()).toBe('4');
    await expect(page.getByTestId('report-filter').textContent()).resolves.toBe('Showing: Last 7 days');
  });

  it('is in the sidebar, which a tenant cannot reach', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/superadmin/dashboard/home');
    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/superadmin/dashboard/reports');
    const tenant = await browser.newContext({ baseURL: baseUrl });
    const res = await tenant.request.get('/api/v1/superadmin/reports');
    expect(res.status()).toBe(401);
    await tenant.close();
  });
});
