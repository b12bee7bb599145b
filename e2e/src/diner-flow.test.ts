import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  expectAccessible,
  loginThroughUi,
  newContext,
  SIZES,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';

// Issue 11's "Done means" across four screens: diners at their table (390x844) order from the QR menu
// as a guest and with a phone; the cashier's POS (1024x768) sees the QR badge rise live and loads an
// order; the cook's kitchen display starts it and the diner's page says Preparing without a reload; the
// pickup board on the counter's TV shows the token move from Preparing to Ready.

let browser: Browser;
let cashierContext: BrowserContext;
let cashier: Page;
let cook: Page;
let board: Page;
let guest: Page;
let regular: Page;
let qrcode = '';
let tableToken = '';

async function post<T>(path: string, data?: unknown): Promise<T> {
  const res = await cashierContext.request.post(`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
async function get<T>(path: string): Promise<T> {
  const res = await cashierContext.request.get(`/api/v1${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A colleague with these scopes, signed in on a tablet of their own. */
async function colleague(name: string, scopes: string[], landing: string) {
  const login = { username: uniqueEmail(name.toLowerCase()), password: `pw-${name}-2026` };
  await post('/users/add', { name, ...login, userScopes: scopes });
  const context = await newContext(browser, SIZES.tablet);
  const page = await context.newPage();
  await loginThroughUi(page, login.username, login.password, landing);
  return page;
}

beforeAll(async () => {
  ({ browser, context: cashierContext, page: cashier } = await signedInOwner('Pastelaria Central'));
  await cashier.setViewportSize(SIZES.tablet);
  await post('/settings/store-setting', {
    storeName: 'Pastelaria Central',
    address: '3 Rua Augusta',
    phone: '555 0199',
    email: 'ola@central.test',
    currency: 'EUR',
    isQRMenuEnabled: true,
    isQROrderEnabled: true,
  });
  await post('/menu-items/add', { title: 'Pastel de Nata', price: '1.40' });
  await post('/menu-items/add', { title: 'Galao', price: '1.90' });
  await post('/settings/store-tables/add', { title: 'Mesa 7', floor: 'Sala', seatingCapacity: 2 });
  qrcode = (await get<{ uniqueQRCode: string }>('/settings/store-setting')).uniqueQRCode;
  tableToken = (await get<{ encrypted_id: string }[]>('/settings/store-tables'))[0]?.encrypted_id ?? '';

  // Each lands on its work screen (issue 31).
  cook = await colleague('Rita', ['KITCHEN'], '/dashboard/kitchen');
  board = await colleague('Counter', ['ORDER_STATUS_DISPLAY'], '/dashboard/order-status');
  // Two diners, each on a phone of their own with no session.
  guest = await (await newContext(browser, SIZES.phone)).newPage();
  regular = await (await newContext(browser, SIZES.phone)).newPage();
});
afterAll(() => browser.close());

/** A diner scans the table's code, adds one item and places the order; answers on the status page. */
async function order(diner: Page, item: string, who: { name: string; phone: string } | 'guest') {
  await diner.goto(`/m/${qrcode}?table=${encodeURIComponent(tableToken)}`);
  await diner
    .getByTestId('menu-item')
    .filter({ hasText: item })
    .getByRole('button', { name: `Add ${item}` })
    .click();
  await diner.getByRole('link', { name: 'View Cart' }).click();
  await diner.getByText('Table Mesa 7 · Sala', { exact: false }).waitFor();
  await diner.getByRole('button', { name: 'Checkout' }).click();
  const checkout = diner.getByTestId('checkout-dialog');
  if (who !== 'guest') {
    await checkout.getByRole('radio', { name: 'Using Phone Number' }).check();
    await checkout.getByRole('textbox', { name: 'Name' }).fill(who.name);
    await checkout.getByRole('textbox', { name: 'Phone number' }).fill(who.phone);
  }
  await checkout.getByRole('button', { name: 'Place Order' }).click();
  await diner.waitForURL(/\/m\/order-success/);
  await diner.locator('[data-testid="order-status"][data-state="received"]').waitFor();
}

const stateOf = (diner: Page) => diner.getByTestId('order-status').getAttribute('data-state');
const boardTokens = async (column: 'board-preparing' | 'board-ready') =>
  (await board.getByTestId(column).locator('li').allTextContents()).map((t) => t.trim());

describe('a diner orders from the table; the POS, the kitchen and the pickup board follow live', () => {
  let token = '';

  it('the POS badge rises live as diners order as a guest and with a phone', async () => {
    await cashier.goto('/dashboard/pos');
    await cashier.getByTestId('pos-item').first().waitFor();
    await expect(cashier.getByTestId('qr-count').count()).resolves.toBe(0);

    await order(guest, 'Galao', 'guest');
    await cashier.getByTestId('qr-count').filter({ hasText: '1' }).waitFor();

    await order(regular, 'Pastel de Nata', { name: 'Joana Reis', phone: '+351 555 0142' });
    await cashier.getByTestId('qr-count').filter({ hasText: '2' }).waitFor();
    await screenshot(regular, 'diner-flow-received', false);

    // The diner who gave a phone is now one of the store's customers.
    const { customers } = await get<{ customers: { name: string; phone: string }[] }>('/customers');
    expect(customers.map((c) => c.name)).toContain('Joana Reis');
  });

  it('the cashier loads the phone order into the cart and sends it; the diner sees the token', async () => {
    await cashier.getByRole('button', { name: 'QR Menu Orders' }).click();
    const card = cashier.getByTestId('qr-order').filter({ hasText: 'Joana Reis' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain('Mesa 7');
    await card.getByRole('button', { name: 'Load' }).click();
    await cashier.getByTestId('cart-line').filter({ hasText: 'Pastel de Nata' }).waitFor();

    // A table's order prints no token slip (issue 31: only takeaway and delivery, unless the owner says).
    await cashier.getByRole('button', { name: 'Send to Kitchen' }).click();
    await cashier.getByTestId('last-token').waitFor();
    token = ((await cashier.getByTestId('last-token').textContent()) ?? '').replace('Token #', '');
    expect(token).toMatch(/^\d+$/);
    // The loaded order left the list: one diner is still waiting.
    await cashier.getByTestId('qr-count').filter({ hasText: '1' }).waitFor();

    // The diner's page was open all along: the token arrives over its socket.
    await regular.getByTestId('order-token').filter({ hasText: token }).waitFor();
    expect(await stateOf(regular)).toBe('received');
  });

  it('the kitchen starts it: the diner sees Preparing without a reload, the board lists the token', async () => {
    await board.goto('/dashboard/order-status');
    await board.getByTestId('board-preparing').waitFor();
    await expect.poll(() => boardTokens('board-preparing')).toContain(token);

    await cook.goto('/dashboard/kitchen');
    const line = cook
      .locator(`[data-testid="ticket"][data-token="${token}"]`)
      .getByTestId('ticket-line')
      .filter({ hasText: 'Pastel de Nata' });
    await line.getByRole('button', { name: 'Start Making' }).click();

    await regular.locator('[data-testid="order-status"][data-state="preparing"]').waitFor();
    await screenshot(regular, 'diner-flow-preparing', false);
    await expectAccessible(regular, 'Order status, preparing');
    // The guest's order is still waiting at the POS: their page has not moved.
    expect(await stateOf(guest)).toBe('received');
  });

  it('the cook completes it: the token moves to Ready on the board and the diner sees Ready', async () => {
    await cook
      .locator(`[data-testid="ticket"][data-token="${token}"]`)
      .getByTestId('ticket-line')
      .filter({ hasText: 'Pastel de Nata' })
      .getByRole('button', { name: 'Complete' })
      .click();

    await expect.poll(() => boardTokens('board-ready')).toContain(token);
    expect(await boardTokens('board-preparing')).not.toContain(token);
    await regular.locator('[data-testid="order-status"][data-state="ready"]').waitFor();
    await screenshot(board, 'diner-flow-board', false);
    await expectAccessible(board, 'Pickup board');

    // A diner back from the lock screen (a reload) sees the same state.
    await regular.reload();
    await regular.locator('[data-testid="order-status"][data-state="ready"]').waitFor();
  });
});
