import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  SIZES,
  launchBrowser,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
  socketAdmitted,
  uniqueEmail,
} from './browser.ts';

// The service rush (issue 31): two waiters' tablets and a kitchen tablet, all store devices at
// 1024x768 (touch), three staff switching on them by PIN; eight tables ordered in rounds from the live
// floor plan, an unsent ticket that survives a reload, another screen and a change of staff, and a QR
// order arriving from a diner's phone in the middle of it. Every order is recorded as the person's who
// sent it.

let browser: Browser;
let office: BrowserContext;
const tableIds = new Map<string, number>();
let qrcode = '';
let t8Token = '';

interface Tablet {
  context: BrowserContext;
  page: Page;
}
let tabletA: Tablet;
let tabletB: Tablet;
let kitchen: Tablet;

async function api<T>(method: 'get' | 'post', path: string, data?: unknown): Promise<T> {
  const res = await office.request[method](`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A tablet the owner signs in on once and makes a store device: it shows the PIN pad from then on. */
async function storeDevice(name: string, owner: { username: string; password: string }): Promise<Tablet> {
  const context = await newContext(browser, SIZES.tablet, { hasTouch: true });
  const page = await context.newPage();
  // Any window the POS opens (a receipt, a token slip) is not this suite's business.
  context.on('page', (p) => void p.close());
  await loginThroughUi(page, owner.username, owner.password);
  const made = await context.request.post('/api/v1/auth/store-devices', { data: { name, idleSeconds: 0 } });
  expect(made.status(), await made.text()).toBe(200);
  await page.goto('/pin');
  await page.getByText(`${name} · store device`).waitFor();
  return { context, page };
}

/** Taps a name on the pad, types the PIN on the keypad, and waits for that person's work screen. */
async function pinIn(page: Page, name: string, pin: string, lands: string) {
  await page.getByRole('button', { name: new RegExp(name) }).tap();
  await page.getByRole('heading', { name: `${name}, type your PIN` }).waitFor();
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).tap();
  await page.getByRole('button', { name: 'Sign in' }).tap();
  await page.waitForURL(`**${lands}`);
  await page.getByTestId('user-menu').filter({ hasText: name }).waitFor();
}

async function switchUser(page: Page) {
  await page.getByRole('button', { name: 'Switch user' }).tap();
  await page.waitForURL('**/pin');
}

const planTable = (page: Page, title: string) =>
  page.getByTestId('floor-plan').locator(`[data-testid="plan-table"][data-table="${title}"]`);
const item = (page: Page, title: string) => page.getByTestId('pos-item').filter({ hasText: title });
const lines = (page: Page) => page.getByTestId('cart-line');

/** Table Orders on the plan, with this tablet's socket admitted so it follows the others live. */
async function openPlan(page: Page) {
  const admitted = socketAdmitted(page);
  await page.goto('/dashboard/orders');
  await admitted;
  await page.getByTestId('floor-plan').waitFor();
}

async function send(page: Page) {
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/pos/create-order') && r.ok());
  await page.getByRole('button', { name: 'Send to Kitchen' }).tap();
  await sent;
  await expect.poll(() => lines(page).count()).toBe(0);
}

/** From the plan: a tap on a free table opens the POS with it; the items, Send, and back to the plan. */
async function orderAt(page: Page, table: string, items: string[]) {
  await planTable(page, table).and(page.locator('[data-state="free"]')).tap();
  await page.waitForURL(/\/dashboard\/pos/);
  await expect.poll(() => page.getByRole('textbox', { name: 'Table' }).inputValue()).toBe(`${table} · Sala`);
  for (const title of items) await item(page, title).tap();
  await expect.poll(() => lines(page).count()).toBe(items.length);
  await send(page);
  await openPlan(page);
}

/** The next round for a seated table, on the POS: the table chosen in the ticket's header. */
async function nextRound(page: Page, table: string, items: string[]) {
  await page.goto('/dashboard/pos');
  await page.getByRole('textbox', { name: 'Table' }).tap();
  await page.getByRole('option', { name: `${table} · Sala`, exact: true }).tap();
  for (const title of items) await item(page, title).tap();
  await send(page);
}

/** Who sent each open order, from the audit log the owner reads: table → names, oldest first. */
async function sentBy(): Promise<Record<string, string[]>> {
  const log = await api<{ entries: { user: string | null; target_id: string | null }[] }>(
    'get',
    '/audit-log?action=order.create&perPage=100',
  );
  const byOrder = new Map(log.entries.map((e) => [Number(e.target_id), (e.user ?? '').split(' (')[0] ?? '']));
  const open = await api<{ groups: { table_title: string; orders: { id: number }[] }[] }>('get', '/orders');
  return Object.fromEntries(
    open.groups.map((g) => [
      g.table_title,
      g.orders
        .map((o) => o.id)
        .sort((x, y) => x - y)
        .map((id) => byOrder.get(id) ?? '?'),
    ]),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  office = await newContext(browser, SIZES.desktop);
  const owner = await registerTenant(office, 'Tasca Cheia');
  await loginThroughUi(await office.newPage(), owner.username, owner.password);
  await api('post', '/settings/store-setting', {
    storeName: 'Tasca Cheia',
    currency: 'EUR',
    isQRMenuEnabled: true,
    isQROrderEnabled: true,
  });
  for (const [title, price] of [
    ['Bifana', '4.50'],
    ['Sopa', '3.00'],
    ['Vinho', '3.50'],
    ['Água', '1.50'],
  ])
    await api('post', '/menu-items/add', { title, price });
  for (let n = 1; n <= 8; n += 1)
    await api('post', '/settings/store-tables/add', { title: `T${n}`, floor: 'Sala', seatingCapacity: 4 });
  const tables = await api<{ id: number; table_title: string; encrypted_id: string }[]>(
    'get',
    '/settings/store-tables',
  );
  for (const t of tables) tableIds.set(t.table_title, t.id);
  t8Token = tables.find((t) => t.table_title === 'T8')?.encrypted_id ?? '';
  qrcode = (await api<{ uniqueQRCode: string }>('get', '/settings/store-setting')).uniqueQRCode;
  for (const [name, scopes, pin] of [
    ['Ana', ['POS', 'ORDERS'], '1111'],
    ['Rui', ['POS', 'ORDERS'], '2222'],
    ['Kim', ['KITCHEN'], '3333'],
  ] as const) {
    const username = uniqueEmail(name.toLowerCase());
    await api('post', '/users/add', { name, username, password: `pw-${name}-2026`, userScopes: scopes });
    await api('post', `/users/${encodeURIComponent(username)}/pin`, { pin });
  }
  tabletA = await storeDevice('Tablet A', owner);
  tabletB = await storeDevice('Tablet B', owner);
  kitchen = await storeDevice('Pass', owner);
}, 300_000);
afterAll(() => browser.close());

describe('a service rush on shared tablets', () => {
  it('three staff PIN in; eight tables in rounds; a ticket survives; a QR order mid-rush; the plan and kitchen follow', async () => {
    const [a, b, k] = [tabletA.page, tabletB.page, kitchen.page];
    await pinIn(a, 'Ana', '1111', '/dashboard/pos');
    // Ana clocks in from the header of the shared tablet: the clock is hers.
    await a.getByTestId('clock-in').tap();
    await expect
      .poll(
        async () =>
          ((await (await a.context().request.get('/api/v1/timeclock/me')).json()) as { entry: unknown })
            .entry,
      )
      .not.toBeNull();
    await pinIn(b, 'Rui', '2222', '/dashboard/pos');
    await pinIn(k, 'Kim', '3333', '/dashboard/kitchen');
    await openPlan(a);
    await openPlan(b);

    // Round one: Ana takes T1-T3, Rui T5-T7, turn about; each tablet's plan shows the other's table
    // seated without a reload.
    for (const [ana, rui] of [
      ['T1', 'T5'],
      ['T2', 'T6'],
      ['T3', 'T7'],
    ] as const) {
      await orderAt(a, ana, ['Bifana', 'Vinho']);
      await planTable(b, ana).and(b.locator('[data-state="ordered"]')).waitFor();
      await orderAt(b, rui, ['Sopa', 'Água']);
      await planTable(a, rui).and(a.locator('[data-state="ordered"]')).waitFor();
    }
    await screenshot(a, 'rush-plan-round-one-tablet', false);

    // Mid-rush, a diner at T8 orders from their phone: both tablets show it with its table and age.
    const phone = await (
      await newContext(browser, SIZES.phone, { hasTouch: true, isMobile: true })
    ).newPage();
    await phone.goto(`/m/${qrcode}?table=${encodeURIComponent(t8Token)}`);
    await phone.getByRole('button', { name: 'Add Bifana' }).tap();
    await phone.getByRole('link', { name: 'View Cart' }).tap();
    await phone.getByRole('button', { name: 'Checkout' }).tap();
    await phone.getByTestId('checkout-dialog').getByRole('button', { name: 'Place Order' }).tap();
    await phone.waitForURL(/\/m\/order-success/);
    for (const page of [a, b]) {
      const chip = page.getByTestId('qr-waiting').filter({ hasText: 'Table T8' });
      await chip.waitFor();
      expect(await chip.getByTestId('qr-age').textContent()).toMatch(/^(just now|\d+ min)$/);
    }

    // Ana starts T4's ticket, looks at Table Orders (keeping the ticket), comes back, reloads: it is all
    // there. Then she hands the tablet over: Rui PINs in, finds the same ticket and sends it.
    await a.goto(`/dashboard/pos?table=${tableIds.get('T4')}`);
    await expect.poll(() => a.getByRole('textbox', { name: 'Table' }).inputValue()).toBe('T4 · Sala');
    await item(a, 'Bifana').tap();
    await item(a, 'Bifana').tap();
    await item(a, 'Sopa').tap();
    await expect.poll(() => lines(a).count()).toBe(2);
    await a.getByTestId('page-actions').getByRole('link', { name: 'Table Orders' }).tap();
    const prompt = a.getByRole('dialog', { name: 'This ticket is not sent yet' });
    await prompt.getByText('T4 · 3 items · €12.00').waitFor();
    await prompt.getByRole('button', { name: 'Keep ticket' }).tap();
    await a.waitForURL('**/dashboard/orders');
    await a.getByTestId('floor-plan').waitFor();
    await a.goto('/dashboard/pos');
    await expect.poll(() => lines(a).count()).toBe(2);
    a.once('dialog', (dialog) => void dialog.accept());
    await a.reload();
    await expect.poll(() => lines(a).count()).toBe(2);
    expect(await a.getByTestId('payable-total').textContent()).toBe('€12.00');
    await switchUser(a);
    await pinIn(a, 'Rui', '2222', '/dashboard/pos');
    await expect.poll(() => lines(a).count()).toBe(2);
    await expect(a.getByRole('textbox', { name: 'Table' }).inputValue()).resolves.toBe('T4 · Sala');
    await send(a);

    // Rui, still on Tablet A, accepts the diner's order from Table Orders: T8 is seated everywhere.
    await openPlan(a);
    await a.getByTestId('qr-waiting').filter({ hasText: 'Table T8' }).tap();
    await a.waitForURL('**/dashboard/pos');
    await lines(a).filter({ hasText: 'Bifana' }).waitFor();
    await send(a);
    await openPlan(a);
    for (const page of [a, b]) {
      await planTable(page, 'T8').and(page.locator('[data-state="ordered"]')).waitFor();
      await page.getByTestId('qr-strip').waitFor({ state: 'detached' });
    }

    // Ana takes her tablet back; round two: wine for four tables, two from each tablet.
    await switchUser(a);
    await pinIn(a, 'Ana', '1111', '/dashboard/pos');
    for (const table of ['T1', 'T2']) await nextRound(a, table, ['Vinho']);
    for (const table of ['T5', 'T6']) await nextRound(b, table, ['Vinho']);

    // The kitchen has every table's tickets (a round is a ticket of its own); Kim bumps T1's first:
    // T1 reads "Food ready" on both plans, a dish to carry while its wine is still to come.
    const tickets = k.getByTestId('ticket');
    await expect.poll(() => tickets.count()).toBe(12);
    for (const table of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8'])
      await tickets.filter({ hasText: table }).first().waitFor();
    await screenshot(k, 'rush-kitchen-tablet', false);
    const open = await api<{ orders: { table_title: string; token_no: number }[] }>('get', '/kitchen');
    const firstT1 = Math.min(...open.orders.filter((o) => o.table_title === 'T1').map((o) => o.token_no));
    const card = k.locator(`[data-testid="ticket"][data-token="${firstT1}"]`);
    await card.getByRole('button', { name: 'Bump' }).tap();
    await card.waitFor({ state: 'detached' });
    await expect.poll(() => tickets.count()).toBe(11);
    await openPlan(a);
    await openPlan(b);
    for (const page of [a, b])
      await planTable(page, 'T1').and(page.locator('[data-state="food_ready"]')).waitFor();
    // Seated and waiting (or, on a machine slow enough, waiting long): none free, none ready.
    for (const table of ['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8'])
      expect(['ordered', 'waiting_long']).toContain(await planTable(a, table).getAttribute('data-state'));
    await screenshot(a, 'rush-plan-tablet', false);

    // Who sent what: the person whose PIN was in, each time.
    expect(await sentBy()).toEqual({
      T1: ['Ana', 'Ana'],
      T2: ['Ana', 'Ana'],
      T3: ['Ana'],
      T4: ['Rui'],
      T5: ['Rui', 'Rui'],
      T6: ['Rui', 'Rui'],
      T7: ['Rui'],
      T8: ['Rui'],
    });
  }, 600_000);
});
