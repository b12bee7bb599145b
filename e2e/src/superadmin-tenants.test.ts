import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TENANT_CSV_COLUMNS, type TenantCounts, type TenantRow } from '@comanda/core';
import { SUPERADMIN } from './global-setup.ts';
import { SIZES, checkScreen, launchBrowser, loginThroughUi, newContext, screenshot } from './browser.ts';
import { parseCsv } from './csv.ts';

// The super administrator's tenant management (issue 13): add, find, deactivate while the tenant's
// admin has a dashboard open in another browser profile, export the tab, open the history, delete.
// Other suites make tenants on the same server, so figures are compared with what the API says now.

let browser: Browser;
let sa: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  sa = await newContext(browser, SIZES.desktop);
  page = await sa.newPage();
  await page.goto('/superadmin');
  await page.getByLabel('Email').fill(SUPERADMIN.username);
  await page.getByLabel('Password').fill(SUPERADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/superadmin/dashboard/home');
});
afterAll(() => browser.close());

const api = async <T>(url: string) => {
  const res = await sa.request.get(`/api/v1${url}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
};

const shownCounts = async () => {
  const count = async (id: string) => Number(await page.getByTestId(id).textContent());
  return {
    all: await count('count-all'),
    active: await count('count-active'),
    inactive: await count('count-inactive'),
  };
};

const rows = () => page.getByTestId('tenant-row');
const dialog = () => page.getByRole('dialog');

describe('tenants', () => {
  const tag = crypto.randomBytes(3).toString('hex');
  const name = `Bistro ${tag}, "Central"`;
  const email = `bistro-${tag}@e2e.test`;
  const password = 'bistro-pw-1';

  it('adds a tenant, checking the form with the spec messages', async () => {
    const before = await api<TenantCounts>('/superadmin/tenantsData');
    await page.getByRole('link', { name: 'Tenants' }).first().click();
    await page.waitForURL('**/superadmin/dashboard/tenants');
    await page.getByRole('heading', { level: 1, name: 'Tenants' }).waitFor();
    await page.getByTestId('count-all').waitFor();
    const shown = await shownCounts();
    const after = await api<TenantCounts>('/superadmin/tenantsData');
    // Other suites sign up active tenants meanwhile: the page shows a figure between the two reads.
    expect(shown.all).toBeGreaterThanOrEqual(before.allTenants);
    expect(shown.all).toBeLessThanOrEqual(after.allTenants);
    expect(shown.active).toBeGreaterThanOrEqual(before.activeTenants);
    expect(shown.active).toBeLessThanOrEqual(after.activeTenants);
    expect(shown.inactive).toBe(after.inactiveTenants);
    await checkScreen(page, 'super-admin tenants');

    await page.getByRole('button', { name: 'Add Tenant' }).click();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Please provide name!').waitFor();
    await dialog().getByText('Please provide Email!').waitFor();
    await dialog().getByText('Please provide password!').waitFor();
    await dialog().getByLabel('Name').fill(name);
    await dialog().getByLabel('Email').fill('not-an-email');
    await dialog().getByLabel('Password').fill(password);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Please provide valid email!').waitFor();
    await checkScreen(page, 'add tenant dialog');
    await dialog().getByLabel('Email').fill(email);
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tenant added successfully!').first().waitFor();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(async () => (await shownCounts()).all).toBeGreaterThan(shown.all);
  });

  it('pages 5 at a time and finds it by search, after the debounce, on page 1', async () => {
    // More than a page of active tenants, whatever else this server holds (none matches the search).
    const filler = crypto.randomBytes(3).toString('hex');
    for (let i = 1; i <= 5; i += 1) {
      const res = await sa.request.post('/api/v1/superadmin/tenants/add', {
        data: {
          name: `Filler ${filler} ${i}`,
          email: `filler-${i}-${filler}@e2e.test`,
          password,
          isActive: true,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const before = (await api<TenantCounts>('/superadmin/tenantsData')).activeTenants;
    await page.reload();
    await expect.poll(() => page.getByTestId('showing').textContent()).toMatch(/^Showing 5 of \d+$/);
    const active = Number((await page.getByTestId('showing').textContent())!.replace('Showing 5 of ', ''));
    expect(active).toBeGreaterThanOrEqual(before);
    expect(active).toBeLessThanOrEqual((await api<TenantCounts>('/superadmin/tenantsData')).activeTenants);
    const last = Math.ceil(active / 5);
    expect(await rows().count()).toBe(5);
    await page.getByRole('button', { name: 'Last page' }).click();
    await page.getByTestId('page-current').getByText(`Page ${last}`).waitFor();
    await page.getByRole('button', { name: 'First page' }).click();
    await page.getByTestId('page-current').getByText('Page 1').waitFor();
    // Another page first: the search must bring the list back to page 1.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('page-current').getByText('Page 2').waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByTestId('page-current').getByText('Page 1').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('page-current').getByText('Page 2').waitFor();
    await page.getByLabel('Search tenants').fill(tag.toUpperCase());
    await expect.poll(() => page.getByTestId('showing').textContent()).toBe('Showing 1 of 1');
    expect(await rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(name);
    expect(await rows().first().textContent()).toContain(email);
    expect(await rows().first().textContent()).toContain('$5.00');
    expect(await page.getByTestId('page-current').textContent()).toBe('Page 1');
    await page.setViewportSize(SIZES.tablet);
    await screenshot(page, 'superadmin-tenants-1024');
    await page.setViewportSize(SIZES.desktop);
    await screenshot(page, 'superadmin-tenants-1280');
  });

  it('deactivates it while its admin has the dashboard open: that page lands on the inactive page', async () => {
    const tenantContext = await newContext(browser, SIZES.tablet);
    const tenantPage = await tenantContext.newPage();
    await loginThroughUi(tenantPage, email, password);
    await tenantPage.getByRole('heading', { level: 1 }).waitFor();
    // Marks the document, and refuses its API calls from now on: only the socket event, not a reload
    // or a later call's 402, may move it.
    await tenantPage.evaluate(() => Object.assign(window, { sameDocument: true }));
    await tenantPage.route('**/api/v1/**', (route) => route.abort());

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog().getByLabel('Active').uncheck();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Tenant updated successfully!').first().waitFor();

    // The page's API calls are blocked, so only the socket's notice can move it.
    await tenantPage.waitForURL('**/dashboard/inactive-subscription', { timeout: 60_000 });
    await tenantPage.getByText('Subscription required').waitFor();
    expect(await tenantPage.evaluate(() => 'sameDocument' in window)).toBe(true);
    await screenshot(tenantPage, 'tenant-deactivated-1024', false);
    // Its next call meets 402 as well.
    await tenantPage.unroute('**/api/v1/**');
    expect((await tenantContext.request.get('/api/v1/auth/devices')).status()).toBe(402);
    await tenantContext.close();

    await expect.poll(() => rows().count()).toBe(0);
    await page.getByText('No Tenants Found!').waitFor();
    await page.getByTestId('tab-inactive').click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().getByTestId('tenant-status').textContent()).toBe('Inactive');
  }, 300_000);

  it("exports the tab's CSV", async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await page.getByText('Data exported successfully !').first().waitFor();
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(download.suggestedFilename()).toMatch(/^tenants-inactive-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...body] = parseCsv(text);
    expect(header).toEqual([...TENANT_CSV_COLUMNS]);
    const { tenants } = await api<{ tenants: TenantRow[] }>('/superadmin/tenantsData/inactive');
    // The whole tab, not the searched page, in the list's order.
    expect(body.map((r) => r[0])).toEqual(tenants.map((t) => String(t.id)));
    expect(body.find((r) => r[2] === email)).toEqual([
      expect.stringMatching(/^\d+$/),
      name,
      email,
      'inactive',
      '',
      '',
      '5.00',
    ]);
    expect(body.every((r) => r[3] === 'inactive')).toBe(true);
  });

  it('filters by the subscription end in a dialog', async () => {
    await page.getByRole('button', { name: 'Filter' }).click();
    await dialog().getByRole('textbox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Tomorrow', exact: true }).click();
    await checkScreen(page, 'tenant filter dialog');
    await dialog().getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('filter-note').getByText('Subscription ends: Tomorrow').waitFor();
    // A tenant added by hand has no subscription period yet.
    await page.getByText('No Tenants Found!').waitFor();
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect.poll(() => rows().count()).toBe(1);
  });

  it('opens the subscription history with the details and the audit log', async () => {
    await page.getByRole('link', { name: `Subscription history of ${name}` }).click();
    await page.waitForURL(/\/superadmin\/dashboard\/tenants\/\d+\/subscription-history$/);
    const details = page.getByTestId('tenant-details');
    await details.getByText(name).waitFor();
    const text = await details.textContent();
    for (const part of ['Inactive', 'Users1', email, 'CurrencyUSD', 'QR MenuDisabled'])
      expect(text).toContain(part);
    await page.getByTestId('history-empty').waitFor();
    await page.getByTestId('audit-table').getByText('tenant.signup').waitFor();
    await page.getByText('Super admin actions').click();
    await page.getByTestId('audit-table').getByText('tenant.update').waitFor();
    await page.getByTestId('audit-table').getByText('isActive: true → false').waitFor();
    await page.getByTestId('audit-table').getByText('tenant.add').waitFor();
    await checkScreen(page, 'tenant subscription history');
    await page.setViewportSize(SIZES.tablet);
    await screenshot(page, 'superadmin-tenant-history-1024');
    await page.setViewportSize(SIZES.desktop);
    await screenshot(page, 'superadmin-tenant-history-1280');
    await page.getByRole('link', { name: 'Back to tenants' }).click();
    await page.waitForURL('**/superadmin/dashboard/tenants');
  });

  it('deletes it after a confirmation naming it', async () => {
    await page.getByTestId('tab-all').click();
    await page.getByLabel('Search tenants').fill(tag);
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Delete ${name}?`).waitFor();
    await confirm.getByText(email, { exact: false }).waitFor();
    await confirm.getByText('Are you sure! This process is irreversible!').waitFor();
    // The dialog's opening transition, finished.
    await page.waitForTimeout(300);
    await screenshot(page, 'superadmin-tenant-delete', false);
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Tenant deleted successfully!').first().waitFor();
    await page.getByText('No Tenants Found!').waitFor();
    const { tenants } = await api<{ tenants: TenantRow[] }>('/superadmin/tenantsData/all');
    expect(tenants.some((t) => t.email === email)).toBe(false);
    // Its admin can no longer sign in.
    const stranger = await newContext(browser);
    const res = await stranger.request.post('/api/v1/auth/signin', { data: { username: email, password } });
    expect(res.status()).toBe(401);
    await stranger.close();
  });
});
