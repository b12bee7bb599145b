import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { expectAccessible, newContext, SIZES, screenshot, signedInOwner } from './browser.ts';

// The diners' side (issue 11, SPEC §2 Public QR menu): a phone at 390x844 with no session scans a
// table's link, browses, orders as a guest and with a phone, and lands on the live status page. The
// POS / kitchen / pickup-board flow across contexts is in its own suite.

let browser: Browser;
let owner: BrowserContext;
let diner: BrowserContext;
let page: Page;
let qrcode = '';
let tableToken = '';

async function post<T>(path: string, data?: unknown): Promise<T> {
  const res = await owner.request.post(`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
async function get<T>(path: string): Promise<T> {
  const res = await owner.request.get(`/api/v1${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
const store = (ordering: boolean, menu = true) =>
  post('/settings/store-setting', {
    storeName: 'Cafe Mesa',
    address: '12 Harbour Street',
    phone: '555 0100',
    email: 'hello@mesa.test',
    currency: 'USD',
    isQRMenuEnabled: menu,
    isQROrderEnabled: ordering,
  });

/**
 * A USD store with its QR menu and ordering on: Latte (Small 3.00 / Large 4.00, addon Oat milk 0.50)
 * under a 10 % exclusive tax, Croissant 2.00 untaxed, Water 1.50 untaxed; table T4 on the Terrace.
 */
beforeAll(async () => {
  ({ browser, context: owner } = await signedInOwner('Cafe Mesa'));
  await store(true);
  await post('/settings/categories/add', { title: 'Coffee' });
  await post('/settings/categories/add', { title: 'Bakery' });
  await post('/settings/taxes/add', { title: 'VAT', rate: '10', type: 'exclusive' });
  const categories = await get<{ id: number; title: string }[]>('/settings/categories');
  const coffee = categories.find((c) => c.title === 'Coffee')?.id;
  const bakery = categories.find((c) => c.title === 'Bakery')?.id;
  const vat = (await get<{ id: number }[]>('/settings/taxes'))[0]?.id;
  const latte = await post<{ id: number }>('/menu-items/add', {
    title: 'Latte',
    price: '3',
    categoryId: coffee,
    taxId: vat,
  });
  await post(`/menu-items/variants/${latte.id}/add`, { title: 'Small', price: '3' });
  await post(`/menu-items/variants/${latte.id}/add`, { title: 'Large', price: '4' });
  await post(`/menu-items/addons/${latte.id}/add`, { title: 'Oat milk', price: '0.5' });
  await post('/menu-items/add', { title: 'Croissant', price: '2', categoryId: bakery });
  await post('/menu-items/add', { title: 'Water', price: '1.5' });
  await post('/settings/store-tables/add', { title: 'T4', floor: 'Terrace', seatingCapacity: 4 });
  qrcode = (await get<{ uniqueQRCode: string }>('/settings/store-setting')).uniqueQRCode;
  tableToken = (await get<{ encrypted_id: string }[]>('/settings/store-tables'))[0]?.encrypted_id ?? '';
  // The diner's phone: another browser profile, no session.
  diner = await newContext(browser, SIZES.phone);
  page = await diner.newPage();
});
afterAll(() => browser.close());

/**
 * Every visible control of a diner's page is at least 44 px tall (icon buttons also wide). A card's
 * title button is exempt: its tap target is the whole card (a stretched ::after).
 */
async function expectTouchTargets(label: string) {
  const small = await page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[class*="button"], input:not([type="radio"]):not([type="checkbox"]), textarea, label:has(input)',
    )) {
      if (el.closest('[class*="cardTitle"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.height < 43.5) out.push(`${el.tagName} "${el.getAttribute('aria-label') ?? el.textContent}"`);
    }
    return out;
  });
  expect(small, label).toEqual([]);
}

const tableLink = () => `/m/${qrcode}?table=${encodeURIComponent(tableToken)}`;
const card = (title: string) => page.getByTestId('menu-item').filter({ hasText: title });
const totals = async () => ({
  items: await page.getByTestId('items-total').textContent(),
  tax: await page.getByTestId('tax-total').textContent(),
  payable: await page.getByTestId('payable-total').textContent(),
});

describe('QR menu: a diner at a table', () => {
  it('gets the menu with at most 100 KB of script (gzip), none of the back office', async () => {
    const scripts: { url: string; body: Promise<Buffer> }[] = [];
    const onResponse = (r: Response) => {
      if (new URL(r.url()).pathname.endsWith('.js')) scripts.push({ url: r.url(), body: r.body() });
    };
    page.on('response', onResponse);
    await page.goto(tableLink());
    await card('Latte').waitFor();
    page.off('response', onResponse);
    let gzip = 0;
    for (const s of scripts) gzip += zlib.gzipSync(await s.body, { level: 9 }).length;
    const urls = scripts.map((s) => new URL(s.url).pathname).join(', ');
    expect(gzip / 1024, urls).toBeLessThanOrEqual(100);
    // No Mantine, router or back-office catalogs on the diners' first view.
    expect(urls).not.toMatch(/AppProviders|DashboardLayout|locale-en-(errors|dashboard)/);
  });

  it('shows the store, the table, the tax note, search and categories; passes axe', async () => {
    await page.goto(tableLink());
    await page.getByRole('heading', { level: 1, name: 'Cafe Mesa' }).waitFor();
    await page.getByText('Table T4 · Terrace').waitFor();
    await page.getByText('Taxes are added to the prices shown.').waitFor();
    await expect(card('Latte').textContent()).resolves.toContain('$3.00');
    await expect(card('Latte').textContent()).resolves.toContain('2 variants · 1 addon');
    await expect(card('Latte').getByText('Customisable').count()).resolves.toBe(1);
    await expectAccessible(page, 'QR menu');
    await expectTouchTargets('QR menu');
    await screenshot(page, 'qrmenu-menu', false);

    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('  croi ');
    await expect(page.getByTestId('menu-item').count()).resolves.toBe(1);
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('');
    await page.getByRole('button', { name: 'Bakery' }).click();
    await expect(page.getByTestId('menu-item').allTextContents()).resolves.toEqual([
      expect.stringContaining('Croissant'),
    ]);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('menu-item').count()).resolves.toBe(3);

    await page.getByRole('button', { name: 'Store details' }).click();
    const details = page.getByTestId('store-dialog');
    await details.getByText('hello@mesa.test').waitFor();
    await expectAccessible(page, 'store details dialog');
    await expectTouchTargets('store details dialog');
    await details.getByRole('button', { name: 'Close' }).click();
  });

  it('adds items with a variant and an addon; the cart totals come from the one totals function', async () => {
    await page.goto(tableLink());
    await card('Latte').getByRole('button', { name: 'Add Latte' }).click();
    const dialog = page.getByTestId('item-dialog');
    await expect(dialog.getByRole('radio', { name: /Small/ }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('radio', { name: /Large/ }).check();
    await dialog.getByRole('checkbox', { name: /Oat milk/ }).check();
    await expectAccessible(page, 'item dialog');
    await screenshot(page, 'qrmenu-item-dialog', false);
    await dialog.getByRole('button', { name: /ADD TO CART/ }).click();
    await card('Croissant').getByRole('button', { name: 'Add Croissant' }).click();
    await card('Croissant').getByRole('button', { name: 'Add Croissant' }).click();
    await page.getByTestId('cart-bar').getByText('3 Items Added').waitFor();

    await page.getByRole('link', { name: 'View Cart' }).click();
    await page.waitForURL(`**/m/${qrcode}/cart?table=*`);
    await page.getByText('Cafe Mesa · Table T4 · Terrace').waitFor();
    await expect(page.getByTestId('cart-line').count()).resolves.toBe(2);
    // Latte Large + Oat milk 4.50 (+10 % = 0.45), two Croissants 4.00 untaxed.
    await expect(totals()).resolves.toEqual({ items: '$8.50', tax: '$0.45', payable: '$8.95' });

    await page.reload();
    await page.getByTestId('cart-line').first().waitFor();
    await expect(totals()).resolves.toEqual({ items: '$8.50', tax: '$0.45', payable: '$8.95' });

    const croissant = page.getByTestId('cart-line').filter({ hasText: 'Croissant' });
    await croissant.getByRole('button', { name: 'One less Croissant' }).click();
    await expect(totals()).resolves.toEqual({ items: '$6.50', tax: '$0.45', payable: '$6.95' });
    await page.getByRole('button', { name: 'Notes for Latte' }).click();
    await page.getByLabel('Notes for the kitchen').fill('Extra hot');
    await expectAccessible(page, 'notes dialog');
    await page.getByRole('button', { name: 'Save notes' }).click();
    await page.getByTestId('cart-line').filter({ hasText: 'Extra hot' }).waitFor();
    await expectAccessible(page, 'QR cart');
    await expectTouchTargets('QR cart');
    await screenshot(page, 'qrmenu-cart', false);
  });

  it('orders as a guest: the success page follows the order, and the cart is empty', async () => {
    await page.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByTestId('checkout-dialog');
    await checkout.getByRole('heading', { name: 'Continue as' }).waitFor();
    await expect(checkout.getByRole('radio', { name: 'Guest' }).isChecked()).resolves.toBe(true);
    await expectAccessible(page, 'checkout dialog');
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/m/order-success?order=*');
    const status = page.getByTestId('order-status');
    await status.waitFor();
    await expect(status.getAttribute('data-state')).resolves.toBe('received');
    await page.getByText('The restaurant has received your order.').waitFor();
    await expectAccessible(page, 'order status');
    await screenshot(page, 'qrmenu-order-success', false);

    await page.goto(`/m/${qrcode}/cart?table=${encodeURIComponent(tableToken)}`);
    await page.getByText('Your cart is empty.').waitFor();
  });

  it('orders with a phone number: name and phone are required first', async () => {
    await page.goto(tableLink());
    await card('Water').getByRole('button', { name: 'Add Water' }).click();
    await page.getByRole('link', { name: 'View Cart' }).click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByTestId('checkout-dialog');
    await checkout.getByRole('radio', { name: 'Using Phone Number' }).check();
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await checkout.getByText('Name is Required.').waitFor();
    await checkout.getByText('Enter a valid phone number.').waitFor();
    await expectAccessible(page, 'checkout errors');
    await expectTouchTargets('checkout');
    await checkout.getByRole('textbox', { name: 'Name' }).fill('Ana Lima');
    await checkout.getByRole('textbox', { name: 'Phone number' }).fill('+1 555 0101');
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/m/order-success?order=*');
    await page.getByTestId('order-status').waitFor();
  });

  it('shows the order failed page when placing fails, with the cart kept', async () => {
    await page.goto(tableLink());
    await card('Water').getByRole('button', { name: 'Add Water' }).click();
    await page.getByRole('link', { name: 'View Cart' }).click();
    await page.route('**/place-order', (route) => route.abort());
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.getByTestId('checkout-dialog').getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL('**/m/order-failed');
    await expectAccessible(page, 'order failed');
    await page.unroute('**/place-order');
    await page.getByRole('link', { name: 'Back to the cart' }).click();
    await page.getByTestId('cart-line').filter({ hasText: 'Water' }).waitFor();
  });
});

describe('QR menu: links and settings', () => {
  it('opens a read-only dialog when ordering is off', async () => {
    await store(false);
    await page.goto(tableLink());
    await card('Latte').waitFor();
    await expect(page.getByRole('button', { name: /^Add / }).count()).resolves.toBe(0);
    await card('Latte').getByRole('button', { name: 'Latte' }).click();
    const dialog = page.getByTestId('item-dialog');
    await dialog.getByText('Oat milk').waitFor();
    await expect(dialog.getByRole('button', { name: /ADD TO CART/ }).count()).resolves.toBe(0);
    await expect(dialog.getByRole('radio').count()).resolves.toBe(0);
    await expectAccessible(page, 'read-only item dialog');
    await screenshot(page, 'qrmenu-read-only-dialog', false);
    await store(true);
  });

  it("says 'Broken Link!' without a code and 'Menu Not Available!' for an unknown or disabled menu", async () => {
    await page.goto('/m');
    await page.getByRole('heading', { name: 'Broken Link!' }).waitFor();
    await expectAccessible(page, 'broken link');
    await page.goto('/m/no-such-menu');
    await page.getByRole('heading', { name: 'Menu Not Available!' }).waitFor();
    await store(false, false);
    await page.goto(`/m/${qrcode}`);
    await page.getByRole('heading', { name: 'Menu Not Available!' }).waitFor();
    await store(true);
  });
});
