import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  checkScreen,
  loginThroughUi,
  newContext,
  SIZES,
  screenshot,
  signedInOwner,
  socketAdmitted,
  uniqueEmail,
} from './browser.ts';

// Issue 31, "QR orders wait silently": a diner orders from a phone; a POS tablet and a Table Orders
// tablet (1024x768, touch) chime and show the order with its table and age at once; a tap on Table
// Orders opens it on the POS to accept. Then the owner sends QR orders straight to the kitchen: the
// next diner's order lands on Table Orders and in the kitchen without anyone accepting it, and the
// POS chimes to say it was sent.

let browser: Browser;
let ownerContext: BrowserContext;
let kitchen: Page;
let pos: Page;
let floor: Page;
let diner: Page;
let qrcode = '';
let tableToken = '';

async function api<T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const res = await ownerContext.request[method](`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A touch tablet signed in as this user, counting the notes its pages' chimes play (Web Audio). */
async function tablet(username: string, password: string, landing: string) {
  const context = await newContext(browser, SIZES.tablet, { hasTouch: true });
  await context.addInitScript(() => {
    const w = window as unknown as { notes: number; AudioContext: typeof AudioContext };
    w.notes = 0;
    w.AudioContext = class extends w.AudioContext {
      override createOscillator() {
        w.notes += 1;
        return super.createOscillator();
      }
    };
  });
  const page = await context.newPage();
  // The token print window of a Send (when the store prints tokens) is not this suite's business.
  context.on('page', (p) => void p.close());
  await loginThroughUi(page, username, password, landing);
  return page;
}

const notes = (page: Page) => page.evaluate(() => (window as unknown as { notes: number }).notes);

/** Opens a screen, waits for its socket, and taps its title: browsers play sound only after a tap. */
async function open(page: Page, path: string, title: string) {
  const admitted = socketAdmitted(page);
  await page.goto(path);
  await admitted;
  // A click: the kitchen's screen here is a desktop without touch.
  await page.getByRole('heading', { name: title }).click();
}

/** The diner scans the table's code, adds a Bifana and places the order as a guest. */
async function dinerOrders() {
  await diner.goto(`/m/${qrcode}?table=${encodeURIComponent(tableToken)}`);
  await diner.getByRole('button', { name: 'Add Bifana' }).click();
  await diner.getByRole('link', { name: 'View Cart' }).click();
  await diner.getByRole('button', { name: 'Checkout' }).click();
  await diner.getByTestId('checkout-dialog').getByRole('button', { name: 'Place Order' }).click();
  await diner.waitForURL(/\/m\/order-success/);
}

const waiting = (page: Page) => page.getByTestId('qr-waiting').filter({ hasText: 'Table Mesa 4' });

beforeAll(async () => {
  let owner: { username: string; password: string };
  ({ browser, context: ownerContext, page: kitchen, owner } = await signedInOwner('Taberna Azul'));
  await kitchen.setViewportSize(SIZES.tablet);
  await api('post', '/settings/store-setting', {
    storeName: 'Taberna Azul',
    currency: 'EUR',
    isQRMenuEnabled: true,
    isQROrderEnabled: true,
  });
  await api('post', '/menu-items/add', { title: 'Bifana', price: '4.50' });
  await api('post', '/settings/store-tables/add', { title: 'Mesa 4', floor: 'Sala', seatingCapacity: 4 });
  qrcode = (await api<{ uniqueQRCode: string }>('get', '/settings/store-setting')).uniqueQRCode;
  tableToken = (await api<{ encrypted_id: string }[]>('get', '/settings/store-tables'))[0]?.encrypted_id ?? '';
  const waiter = { username: uniqueEmail('waiter'), password: 'pw-waiter-2026' };
  await api('post', '/users/add', { name: 'Nuno', ...waiter, userScopes: ['POS'] });

  pos = await tablet(owner.username, owner.password, '/dashboard/home');
  floor = await tablet(waiter.username, waiter.password, '/dashboard/pos');
  diner = await (await newContext(browser, SIZES.phone, { hasTouch: true, isMobile: true })).newPage();
});
afterAll(() => browser.close());

describe('QR orders never wait silently', () => {
  it('a diner orders: the POS and Table Orders chime and show the table and its age', async () => {
    await open(pos, '/dashboard/pos', 'POS - Point of Sale');
    await open(floor, '/dashboard/orders', 'Table Orders');
    expect(await pos.getByTestId('qr-strip').count()).toBe(0);

    await dinerOrders();
    for (const page of [pos, floor]) {
      const chip = waiting(page);
      await chip.waitFor();
      expect(await chip.getByTestId('qr-age').textContent()).toMatch(/^(just now|\d+ min)$/);
      await chip.getByText('Guest · 1 item').waitFor();
      // The chime: three notes.
      await expect.poll(() => notes(page)).toBe(3);
    }
    await pos.getByTestId('qr-strip').getByText('1 QR order waiting').waitFor();
    await checkScreen(pos, 'POS with a QR order waiting', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'qr-strip-pos',
    });
    await checkScreen(floor, 'Table Orders with a QR order waiting', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'qr-strip-orders',
    });
  });

  it('a tap on Table Orders opens it on the POS to accept; once sent, it leaves every strip', async () => {
    await waiting(floor).tap();
    await floor.waitForURL('**/dashboard/pos');
    await floor.getByTestId('cart-line').filter({ hasText: 'Bifana' }).waitFor();
    await floor.getByRole('button', { name: 'Send to Kitchen' }).tap();
    await floor.getByTestId('last-token').waitFor();
    await pos.getByTestId('qr-strip').waitFor({ state: 'detached' });
    await floor.getByTestId('qr-strip').waitFor({ state: 'detached' });
  });

  it('sent straight to the kitchen: on Table Orders and the kitchen without accepting; the POS chimes "sent"', async () => {
    await open(pos, '/dashboard/settings/details', 'Store Details');
    await pos.getByTestId('qr-flow-accept').waitFor();
    expect(await pos.getByRole('radio', { name: /Accept at the POS first/ }).isChecked()).toBe(true);
    await pos.getByRole('radio', { name: /Send straight to the kitchen/ }).tap();
    await checkScreen(pos, 'Store details, QR orders', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'qr-flow-setting',
    });
    await pos.getByRole('button', { name: 'Save' }).tap();
    await pos.getByText('Store settings saved!').waitFor();

    await open(pos, '/dashboard/pos', 'POS - Point of Sale');
    await open(floor, '/dashboard/orders', 'Table Orders');
    await open(kitchen, '/dashboard/kitchen', 'Kitchen');
    const before = await notes(pos);

    await dinerOrders();
    const sent = pos.getByTestId('qr-sent').filter({ hasText: 'Table Mesa 4' });
    await sent.getByText(/^Sent to kitchen · #\d+$/).waitFor();
    const token = /#(\d+)/.exec((await sent.textContent()) ?? '')?.[1] ?? '';
    await expect.poll(() => notes(pos)).toBe(before + 3);
    expect(await pos.getByTestId('qr-waiting').count()).toBe(0);

    // Nobody accepted it: it is on Table Orders and in the kitchen already, with its token.
    await floor.locator(`[data-testid="order"][data-token="${token}"]`).getByText('Bifana').waitFor();
    await kitchen.locator(`[data-testid="ticket"][data-token="${token}"]`).getByText('Mesa 4').waitFor();
    await diner.getByTestId('order-token').filter({ hasText: token }).waitFor();
    await screenshot(pos, 'qr-strip-pos-sent-tablet', false);
    await checkScreen(floor, 'Table Orders with a QR order sent', {
      sizes: ['tablet'],
      screenshot: 'qr-strip-orders-sent',
    });
  });
});
