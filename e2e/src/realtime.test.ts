import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import {
  launchBrowser,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
  socketAdmitted,
} from './browser.ts';

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
    const admitted = socketAdmitted(tabB);
    await tabB.goto('/dashboard/settings/menu-items/categories');
    await tabB.getByRole('button', { name: 'Add Category' }).waitFor();
    await admitted;
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

describe('a signed-in screen whose access cookie ran out while it sat quiet (issue 30)', () => {
  it("is the tenant's again after its connection drops, and still hears of new orders", async () => {
    // A context of its own: its cookies are the ones this test takes away.
    const tablet = await newContext(browser, STAFF_SCREEN);
    const page = await tablet.newPage();
    await loginThroughUi(page, owner.username, owner.password);
    const added = await tablet.request.post('/api/v1/menu-items/add', {
      data: { title: 'Focaccia', price: '4' },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const itemId = ((await added.json()) as { id: number }).id;
    // Each connection of the page's socket goes through here, so the test can drop one.
    const connections: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      connections.push({ page: ws, server: ws.connectToServer() });
    });
    await page.goto('/dashboard/kitchen');
    await page.getByRole('heading', { name: 'All caught up' }).waitFor();
    await expect.poll(() => connections.length).toBe(1);

    // The access cookie is gone (15 minutes without a call), then the Wi-Fi drops: socket.io reconnects
    // by itself with no access cookie, and the reconnect's refetch renews the session.
    await tablet.clearCookies({ name: 'comanda_at' });
    const refetched = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/kitchen' && r.status() === 200,
    );
    const [dropped] = connections;
    await dropped?.page.close();
    await dropped?.server.close();
    await refetched;

    // An order sent now reaches the screen through its socket alone.
    const res = await tablet.request.post('/api/v1/pos/create-order', {
      data: {
        uuid: crypto.randomUUID(),
        cart: [{ uuid: crypto.randomUUID(), item_id: itemId, quantity: 1 }],
        deliveryType: 'takeaway',
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { tokenNo } = (await res.json()) as { tokenNo: number };
    await page.locator(`[data-testid="ticket"][data-token="${tokenNo}"]`).waitFor({ timeout: 20_000 });
    await tablet.close();
  });
});

describe('error boundary per area', () => {
  it('keeps the sidebar and header when one back-office page fails, with a way back', async () => {
    const page = await context.newPage();
    await page.route(/\/assets\/InvoicesPage-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/dashboard/home');
    await page.goto('/dashboard/invoices');
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
