import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, loginThroughUi, newContext, registerTenant, screenshot } from './browser.ts';

const STAFF_SCREEN = { width: 1024, height: 768 };

let browser: Browser;
let context: BrowserContext;
let owner: { username: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, STAFF_SCREEN);
  owner = await registerTenant(context, 'Osteria Due');
});
afterAll(() => browser.close());

/** Adds a category from the categories screen of this tab. */
async function addCategory(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Category added!').first().waitFor();
}

describe('one copy of server state', () => {
  it("shows another tab's new category without a reload, through the tenant's socket event", async () => {
    const tabA = await context.newPage();
    await loginThroughUi(tabA, owner.username, owner.password);
    const tabB = await context.newPage();
    await tabB.goto('/dashboard/settings/menu-items/categories');
    await tabB.getByRole('button', { name: 'Add Category' }).waitFor();
    // Marks tab B's document: a reload would drop it.
    await tabB.evaluate(() => Object.assign(window, { sameDocument: true }));

    await tabA.goto('/dashboard/settings/menu-items/categories');
    await addCategory(tabA, 'Antipasti');
    // Tab B neither reloads nor gets focus; only the socket event can tell it.
    await tabB.getByTestId('category-row').filter({ hasText: 'Antipasti' }).waitFor({ timeout: 60_000 });
    expect(await tabB.evaluate(() => 'sameDocument' in window)).toBe(true);
    await screenshot(tabB, 'realtime-categories', false);

    await tabA.close();
    await tabB.close();
  }, 300_000);
});

describe('error boundary per area', () => {
  it('keeps the sidebar and header when one back-office page fails, with a way back', async () => {
    const page = await context.newPage();
    await page.route(/\/assets\/DevicesPage-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/dashboard/home');
    await page.goto('/dashboard/devices');
    await page.getByTestId('area-error').waitFor();
    await page.getByText('Unexpected Application Error!').waitFor();
    // The frame stays: sidebar and search are still there.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page
      .getByRole('button', { name: /Search/ })
      .first()
      .waitFor();
    await screenshot(page, 'area-error-dashboard', false);

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL('**/dashboard/home');
    await page.getByTestId('area-error').waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('alias routes', () => {
  it('redirect to the one address of their page', async () => {
    const page = await context.newPage();
    await page.goto('/superadmin/login');
    await page.waitForURL(/\/superadmin$/);
    await page.goto('/dashboard/settings');
    await page.waitForURL('**/dashboard/settings/details');
    await page.goto('/dashboard');
    await page.waitForURL('**/dashboard/home');
    await page.close();
  });
});
