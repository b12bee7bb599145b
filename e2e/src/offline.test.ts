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
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
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
  await post('/menu-items/add', { title: 'Espresso', price: '2.5' });
  await post('/menu-items/add', { title: 'Croissant', price: '1.75' });
  await post('/settings/payment-types/add', { title: 'Cash' });
  // The kitchen is another device of the store, on the wired network.
  const kitchenContext = await newContext(browser, SIZES.tablet);
  kitchen = await kitchenContext.newPage();
  await loginThroughUi(kitchen, owner.username, owner.password);
  await kitchen.goto('/dashboard/kitchen');
  // Closing or reloading with calls on the device asks first; the tests answer "leave".
  page.on('dialog', (dialog) => void dialog.accept());
});
afterAll(() => browser.close());

describe('offline POS', () => {
  it('takes 5 orders and a payment offline, through a reload, and the server gets each once', async () => {
    await openPosControlled(page);
    await expect.poll(() => badge(page).textContent()).toBe('Online');

    await setOffline(pos, true);
    await expect.poll(() => badge(page).textContent()).toBe('Offline');

    // Four orders to the kitchen: each gets a provisional token at once, printed as such.
    for (let i = 1; i <= 4; i += 1) {
      const slip = await send(page, 'Espresso');
      await expect.poll(() => slip.getByTestId('token-no').textContent()).toBe(`P${i}`);
      await slip.getByTestId('token-provisional').waitFor();
      await slip.close();
      await expect.poll(() => page.getByTestId('last-token').textContent()).toBe(`Token #P${i}`);
    }
    // The fifth is paid at once in cash: the receipt prints from the device's figures, marked provisional.
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
    expect(await receipt.getByTestId('receipt-token').textContent()).toContain('P5');
    await screenshot(receipt, 'offline-receipt');
    await receipt.close();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => badge(page).textContent()).toBe('Offline · 5 unsynced');
    await checkScreen(page, 'offline POS', { staff: true, sizes: ['tablet'] });
    await screenshot(page, 'offline-pos-tablet', false);
    await badge(page).click();
    const list = page.getByRole('dialog', { name: 'Connection and sync' });
    await expect.poll(() => list.getByTestId('sync-entry').count()).toBe(5);
    // The dialog's opening transition, finished.
    await page.waitForTimeout(300);
    await screenshot(page, 'offline-sync-list-tablet', false);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });

    // Reloaded with no network: the app and the POS data come from the worker, the outbox from IndexedDB.
    await page.reload();
    await item(page, 'Espresso').waitFor();
    await expect.poll(() => badge(page).textContent()).toBe('Offline · 5 unsynced');
    // Nothing reached the server.
    expect(await openTokens()).toEqual([]);
    expect(await paidToday()).toHaveLength(0);

    await setOffline(pos, false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => badge(page).textContent()).toBe('Online');

    // Exactly those orders, each once, with the server's tokens 1-5: four open, one paid.
    expect(await openTokens()).toEqual([1, 2, 3, 4]);
    const invoices = await paidToday();
    expect(invoices).toHaveLength(1);
    // The kitchen, which never went offline, shows each order once, live.
    const tokens = kitchen.getByTestId('ticket-token');
    await expect.poll(() => tokens.count(), { timeout: 15_000 }).toBe(5);
    expect((await tokens.allTextContents()).map((t) => t.replace(/\D/g, '')).sort()).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

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

    await setOffline(pos, false);
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => pending(second), { timeout: 30_000 }).toBe(0);
    const after = await openTokens();
    expect(after).toHaveLength(before.length + 3);
    expect(new Set(after).size).toBe(after.length);
    await second.close();
  });

  it('resumes a sync killed after the server took an order, and creates nothing twice', async () => {
    const before = await openTokens();
    await setOffline(pos, true);
    for (let i = 0; i < 2; i += 1) await (await send(page, 'Croissant')).close();
    // The first replayed call reaches the server, which commits it; the tab dies before the answer.
    let committed = 0;
    await page.route('**/api/v1/pos/create-order', async (route) => {
      await route.fetch();
      committed += 1;
      await route.abort('connectionreset');
      await page.close({ runBeforeUnload: false });
    });
    await setOffline(pos, false);
    await expect.poll(() => committed, { timeout: 30_000 }).toBe(1);
    expect(await openTokens()).toHaveLength(before.length + 1);

    // The tablet opens the POS again: the same call goes first, is answered with the order already
    // made, and the second follows.
    page = await pos.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/dashboard/pos');
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    const after = await openTokens();
    expect(after).toHaveLength(before.length + 2);
    expect(new Set(after).size).toBe(after.length);
  });
});
