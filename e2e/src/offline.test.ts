import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import {
  SIZES,
  checkScreen,
  launchBrowser,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
} from './browser.ts';

// Issue 14: the POS rides out a Wi-Fi drop. A tablet (its own browser profile, with the service worker
// on) goes offline, takes orders and a payment, reloads, comes back; the server must then hold each
// order once and the kitchen show each once. Chromium's offline emulation does not reach a service
// worker's own fetches, so those are aborted by hand as the dead network would.

let browser: Browser;
let pos: BrowserContext;
let page: Page;
let kitchen: Page;
let owner: { username: string; password: string };

async function api<T>(path: string, data?: object): Promise<T> {
  // The kitchen's profile stays online throughout: the server's view of things.
  const res = data
    ? await kitchen.context().request.post(`/api/v1${path}`, { data })
    : await kitchen.context().request.get(`/api/v1${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

interface OpenOrders {
  groups: { orders: { id: number; token_no: number; items: { item_title: string }[] }[] }[];
}
const openTokens = async () =>
  (await api<OpenOrders>('/orders')).groups
    .flatMap((g) => g.orders.map((o) => o.token_no))
    .sort((a, b) => a - b);
const paidToday = async () => (await api<{ invoices: { id: number }[] }>('/invoices?type=today')).invoices;

const abortWorkerFetches = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();
async function setOffline(context: BrowserContext, offline: boolean) {
  if (offline) {
    await context.route('**/*', abortWorkerFetches);
    await context.setOffline(true);
  } else {
    await context.unroute('**/*', abortWorkerFetches);
    await context.setOffline(false);
  }
  // As a real Wi-Fi drop does, every open page hears it (TanStack Query pauses its fetches on it).
  for (const open of context.pages())
    await open
      .evaluate((type) => window.dispatchEvent(new Event(type)), offline ? 'offline' : 'online')
      // A page a test closes meanwhile (the killed sync) hears nothing.
      .catch(() => undefined);
}

const item = (p: Page, title: string) => p.getByTestId('pos-item').filter({ hasText: title });
const badge = (p: Page) => p.getByTestId('sync-badge');
/** The calls the tab's outbox holds, once it has read it; refused ones count too (there should be none). */
const pending = async (p: Page) => {
  const b = badge(p);
  if ((await b.getAttribute('data-loaded')) !== 'true') return -1;
  return Number(await b.getAttribute('data-pending')) + Number(await b.getAttribute('data-refused'));
};

/** Sends the cart to the kitchen; printing is on, so the token slip's popup opens and is closed. */
async function send(p: Page, title: string) {
  await item(p, title).click();
  // A dine-in ticket sent without a table is asked for one (issue 31): these counter orders go as takeaway.
  const table = p.getByRole('textbox', { name: 'Table' });
  if ((await table.isVisible()) && (await table.inputValue()) === '')
    await p.locator('label', { hasText: 'Takeaway' }).click();
  const [slip] = await Promise.all([
    p.context().waitForEvent('page'),
    p.getByRole('button', { name: 'Send to Kitchen' }).click(),
  ]);
  await slip.waitForURL(/\/print-token/);
  return slip;
}

/** Opens the POS and waits until the service worker controls it and has seen the POS data once. */
async function openPosControlled(p: Page) {
  await p.goto('/dashboard/pos');
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
  // Loaded again under the worker: its data is now in the worker's cache.
  await p.reload();
  await item(p, 'Espresso').waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  pos = await newContext(browser, SIZES.tablet, { serviceWorkers: 'allow' });
  page = await pos.newPage();
  owner = await registerTenant(pos, 'Cafe Sem Rede');
  await loginThroughUi(page, owner.username, owner.password);
  const post = async (path: string, data: object) => {
    const res = await pos.request.post(`/api/v1${path}`, { data });
    if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  };
  // The POS's default dining option is dine-in, whose token prints only with this switch (issue 31):
  // the provisional tokens are read off the slips.
  await post('/settings/print-setting', {
    pageFormat: 80,
    header: '',
    footer: '',
    showNotes: true,
    isEnablePrint: true,
    showStoreDetails: true,
    showCustomerDetails: true,
    printToken: true,
    printTokenDineIn: true,
  });
  await post('/menu-items/add', { title: 'Espresso', price: '2.5' });
  await post('/menu-items/add', { title: 'Croissant', price: '1.75' });
  // Cash the store has from the start (migration 0031).
  await post('/settings/store-tables/add', { title: 'T1', floor: 'Terrace', seatingCapacity: 4 });
  // The kitchen is another device of the store, on the wired network.
  const kitchenContext = await newContext(browser, SIZES.tablet);
  kitchen = await kitchenContext.newPage();
  await loginThroughUi(kitchen, owner.username, owner.password);
  await kitchen.goto('/dashboard/kitchen');
  // Closing or reloading with calls on the device asks first; the tests answer "leave".
  page.on('dialog', (dialog) => void dialog.accept());
});
afterAll(async () => {
  // Closing a profile fails the suite if the page broke the CSP (newContext), the worker's included.
  await pos.close();
  await kitchen.context().close();
  await browser.close();
});

describe('offline POS', () => {
  it('sends 5 orders and pays one offline, through a reload, and the server gets each once', async () => {
    await openPosControlled(page);
    await expect.poll(() => badge(page).textContent()).toBe('Online');
    // Table Orders seen once online: its data is in the worker's cache too.
    await page.goto('/dashboard/orders');
    await page.getByText('No Orders Pending!').waitFor();
    await page.goto('/dashboard/pos');
    await item(page, 'Espresso').waitFor();

    await setOffline(pos, true);
    await expect.poll(() => badge(page).textContent()).toBe('Offline');

    // Four takeaway-or-counter orders, then a fifth at table T1: each gets a provisional token at
    // once, printed as such.
    for (let i = 1; i <= 5; i += 1) {
      if (i === 5) {
        await page.locator('label', { hasText: 'Dine-in' }).click();
        await page.getByRole('textbox', { name: 'Table' }).click();
        await page.getByRole('option', { name: 'T1 · Terrace' }).click();
      }
      const slip = await send(page, i === 5 ? 'Croissant' : 'Espresso');
      await expect.poll(() => slip.getByTestId('token-no').textContent()).toBe(`P${i}`);
      await slip.getByTestId('token-provisional').waitFor();
      await slip.close();
      await expect.poll(() => page.getByTestId('last-token').textContent()).toBe(`Token #P${i}`);
    }
    await expect.poll(() => badge(page).textContent()).toBe('Offline · 5 unsynced');
    await checkScreen(page, 'offline POS', { staff: true, sizes: ['tablet'] });
    await screenshot(page, 'offline-pos-tablet', false);

    // Table Orders, still offline: the orders wait on this device, marked so; T1 is paid from here.
    await page.getByRole('link', { name: 'Table Orders' }).first().click();
    const t1 = page.getByTestId('table-group').filter({ hasText: 'T1' });
    await t1.waitFor();
    await expect.poll(() => page.getByTestId('order-unsynced').count()).toBe(5);
    await screenshot(page, 'offline-table-orders-tablet', false);
    await t1.getByRole('button', { name: 'Pay & Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay & Complete' });
    expect(await dialog.getByTestId('pay-summary').textContent()).toBe('Subtotal$1.75Tax$0.00Total$1.75');
    await dialog.getByRole('textbox', { name: 'Payment type' }).click();
    await page.getByRole('option', { name: 'Cash' }).click();
    await dialog.getByRole('textbox', { name: 'Amount tendered' }).fill('5');
    await dialog.getByRole('button', { name: 'Pay $1.75' }).click();
    const done = page.getByRole('dialog', { name: 'Payment received' });
    await done.getByText('saved on this device', { exact: false }).waitFor();
    expect(await done.getByTestId('pay-change').textContent()).toBe('$3.25');
    await done.getByRole('button', { name: 'Close' }).last().click();
    await t1.waitFor({ state: 'detached' });
    await expect.poll(() => badge(page).textContent()).toBe('Offline · 6 unsynced');

    await badge(page).click();
    const list = page.getByRole('dialog', { name: 'Connection and sync' });
    await expect.poll(() => list.getByTestId('sync-entry').count()).toBe(6);
    // The dialog's opening transition, finished.
    await page.waitForTimeout(300);
    await screenshot(page, 'offline-sync-list-tablet', false);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // Reloaded with no network: the app and its data come from the worker, the outbox from IndexedDB.
    await page.reload();
    await expect.poll(() => page.getByTestId('order-unsynced').count()).toBe(4);
    await expect.poll(() => badge(page).textContent()).toBe('Offline · 6 unsynced');
    await page.goto('/dashboard/pos');
    await item(page, 'Espresso').waitFor();
    // Nothing reached the server.
    expect(await openTokens()).toEqual([]);
    expect(await paidToday()).toHaveLength(0);

    await setOffline(pos, false);
    await expect.poll(() => pending(page), { timeout: 120_000 }).toBe(0);
    await expect.poll(() => badge(page).textContent()).toBe('Online');

    // Exactly those orders, each once, with the server's tokens 1-5: four open, T1's paid, one invoice.
    expect(await openTokens()).toEqual([1, 2, 3, 4]);
    expect(await paidToday()).toHaveLength(1);
    // The kitchen, which never went offline, shows each order once, live.
    const tokens = kitchen.getByTestId('ticket-token');
    await expect.poll(() => tokens.count(), { timeout: 60_000 }).toBe(5);
    expect((await tokens.allTextContents()).map((t) => t.replace(/\D/g, '')).sort()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    // Table Orders shows the server's tokens now.
    await page.goto('/dashboard/orders');
    await expect
      .poll(() => page.getByTestId('order-token').allTextContents())
      .toEqual(expect.arrayContaining(['#1', '#2', '#3', '#4']));
    expect(await page.getByTestId('order-unsynced').count()).toBe(0);
  }, 300_000);

  it('pays at the POS offline: a provisional receipt, then the bill at the server once', async () => {
    const paidBefore = (await paidToday()).length;
    await page.goto('/dashboard/pos');
    await item(page, 'Espresso').waitFor();
    await setOffline(pos, true);
    await item(page, 'Croissant').click();
    await page.getByRole('button', { name: 'Create Receipt & Pay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Receipt & Pay' });
    await dialog.getByRole('radio', { name: 'Cash' }).click();
    await dialog.getByRole('textbox', { name: 'Amount tendered' }).fill('5');
    const [receipt] = await Promise.all([
      pos.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Pay', exact: true }).click(),
    ]);
    await receipt.waitForURL(/\/print-receipt/);
    await receipt.getByTestId('receipt-provisional').waitFor();
    expect(await receipt.getByTestId('receipt-token').textContent()).toContain('P6');
    await screenshot(receipt, 'offline-receipt');
    await receipt.close();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('last-token').textContent()).toBe('Token #P6');

    await setOffline(pos, false);
    await expect.poll(() => pending(page), { timeout: 120_000 }).toBe(0);
    // Synced: the cart's last token turns into the server's.
    await expect.poll(() => page.getByTestId('last-token').textContent()).toBe('Token #6');
    expect(await paidToday()).toHaveLength(paidBefore + 1);
  }, 300_000);

  it('resumes a sync killed after the server took an order, and creates nothing twice', async () => {
    const before = await openTokens();
    await setOffline(pos, true);
    for (let i = 0; i < 2; i += 1) await (await send(page, 'Croissant')).close();
    // The first replayed call reaches the server, which commits it; the tab dies before the answer.
    let committed = 0;
    const doomed = page;
    await doomed.route('**/api/v1/pos/create-order', async (route) => {
      await route.fetch();
      committed += 1;
      await route.abort('connectionreset').catch(() => undefined);
      await doomed.close({ runBeforeUnload: false });
    });
    await setOffline(pos, false);
    await expect.poll(() => committed, { timeout: 120_000 }).toBe(1);
    expect(await openTokens()).toHaveLength(before.length + 1);

    // The tablet opens the POS again: the same call goes first, is answered with the order already
    // made, and the second follows.
    page = await pos.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/dashboard/pos');
    await expect.poll(() => pending(page), { timeout: 120_000 }).toBe(0);
    const after = await openTokens();
    expect(after).toHaveLength(before.length + 2);
    expect(new Set(after).size).toBe(after.length);
  }, 300_000);

  it('shows a call the server refuses, with why and what to do, until the cashier dismisses it', async () => {
    // A dish of the day, taken off the menu at the server while the tablet is offline.
    const { id } = await api<{ id: number }>('/menu-items/add', { title: 'Soup', price: '4' });
    await page.goto('/dashboard/pos');
    await item(page, 'Soup').waitFor();
    await setOffline(pos, true);
    await (await send(page, 'Soup')).close();
    const removed = await kitchen.context().request.delete(`/api/v1/menu-items/delete/${id}`);
    expect(removed.status()).toBe(200);
    await setOffline(pos, false);

    await expect.poll(() => badge(page).getAttribute('data-refused'), { timeout: 120_000 }).toBe('1');
    expect(await badge(page).textContent()).toBe('1 refused');
    await badge(page).click();
    const list = page.getByRole('dialog', { name: 'Connection and sync' });
    const refused = list.locator('[data-testid="sync-entry"][data-state="refused"]');
    await refused.getByText('The server refused it: Menu item not found!').waitFor();
    await refused
      .getByText('Nothing of this order reached the kitchen or the bill', { exact: false })
      .waitFor();
    await page.waitForTimeout(300);
    await checkScreen(page, 'refused call', { staff: true, sizes: ['tablet'] });
    await screenshot(page, 'offline-refused-tablet', false);
    // Retry sends it again and it is refused again; Dismiss is the cashier's acknowledgement.
    const tries = Number(await refused.getAttribute('data-attempts'));
    await refused.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(async () => Number(await refused.getAttribute('data-attempts')), { timeout: 60_000 })
      .toBe(tries + 1);
    await refused.getByRole('button', { name: 'Dismiss' }).click();
    await list.getByTestId('sync-empty').waitFor();
    await page.keyboard.press('Escape');
    expect(await badge(page).textContent()).toBe('Online');
  }, 300_000);

  it("opens the kitchen offline: a cook's step shows at once and reaches the server once", async () => {
    // Seen once online (its data cached), then reloaded with no network.
    await page.goto('/dashboard/kitchen');
    const first = page.getByTestId('ticket').first();
    const token = (await first.getByTestId('ticket-token').textContent()) ?? '';
    await setOffline(pos, true);
    await page.reload();
    await expect.poll(() => first.getByTestId('ticket-token').textContent()).toBe(token);
    await first.getByRole('button', { name: 'Start Making' }).first().click();
    await expect.poll(() => first.getByTestId('line-state').first().textContent()).toBe('Making');
    await expect.poll(() => badge(page).textContent()).toBe('Offline · 1 unsynced');
    await screenshot(page, 'offline-kitchen-tablet', false);

    await setOffline(pos, false);
    await expect.poll(() => pending(page), { timeout: 120_000 }).toBe(0);
    const board = await api<{ orders: { token_no: number; items: { status: string }[] }[] }>('/kitchen');
    const order = board.orders.find((o) => o.token_no === Number(token.replace(/\D/g, '')));
    expect(order?.items.map((i) => i.status)).toEqual(['preparing']);
  }, 300_000);

  // Last: it takes Web Locks away from this profile for good.
  it('replays one outbox from two tabs at once (no lock between them) and creates nothing twice', async () => {
    const before = await openTokens();
    // Both tabs replay whenever they can; without Web Locks only the server's keys keep them apart.
    await pos.addInitScript(() => {
      Object.defineProperty(navigator, 'locks', { value: undefined });
    });
    await openPosControlled(page);
    await setOffline(pos, true);
    for (let i = 0; i < 3; i += 1) await (await send(page, 'Espresso')).close();
    const second = await pos.newPage();
    second.on('dialog', (dialog) => void dialog.accept());
    await second.goto('/dashboard/pos');
    await item(second, 'Espresso').waitFor();
    await expect.poll(() => pending(second)).toBe(3);

    // Each answer is held back a moment, so both tabs are sure to send the same calls.
    let sent = 0;
    let inFlight = 0;
    await pos.route('**/api/v1/pos/create-order', async (route) => {
      sent += 1;
      inFlight += 1;
      try {
        const answer = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({ response: answer });
      } finally {
        inFlight -= 1;
      }
    });
    await setOffline(pos, false);
    await expect.poll(() => pending(page), { timeout: 120_000 }).toBe(0);
    await expect.poll(() => pending(second), { timeout: 120_000 }).toBe(0);
    // The slower tab's copies of calls the other already completed are still answered, not cut off.
    await expect.poll(() => inFlight).toBe(0);
    await pos.unroute('**/api/v1/pos/create-order');
    expect(sent).toBeGreaterThan(3);
    const after = await openTokens();
    expect(after).toHaveLength(before.length + 3);
    expect(new Set(after).size).toBe(after.length);
    await second.close();
  }, 300_000);
});
