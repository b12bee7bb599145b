import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkScreen, SIZES, screenshot, signedInOwner } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { table: 0, pizza: 0, large: 0, espresso: 0 };

async function post<T>(path: string, data?: unknown): Promise<T> {
  const res = await context.request.post(`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sends an order the way the POS does; answers its token and id. */
async function sendOrder(
  lines: { item: number; qty: number; variant?: number; notes?: string }[],
  tableId?: number,
): Promise<{ tokenNo: number; orderId: number }> {
  return post('/pos/create-order', {
    uuid: crypto.randomUUID(),
    cart: lines.map((l) => ({
      uuid: crypto.randomUUID(),
      item_id: l.item,
      variant_id: l.variant ?? null,
      quantity: l.qty,
      notes: l.notes ?? null,
    })),
    ...(tableId ? { deliveryType: 'dinein', tableId } : { deliveryType: 'takeaway' }),
  });
}

/** An order's line ids as the kitchen lists them. */
async function lineIds(orderId: number): Promise<Record<string, number>> {
  const kitchen = (await (await context.request.get('/api/v1/kitchen')).json()) as {
    orders: { id: number; items: { id: number; item_title: string }[] }[];
  };
  const order = kitchen.orders.find((o) => o.id === orderId);
  return Object.fromEntries((order?.items ?? []).map((i) => [i.item_title, i.id]));
}

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Cucina Viva'));
  await page.setViewportSize(SIZES.tablet);
  await post('/settings/store-tables/add', { title: 'T3', floor: 'Main', seatingCapacity: 4 });
  ids.pizza = (await post<{ id: number }>('/menu-items/add', { title: 'Margherita', price: '9.50' })).id;
  await post(`/menu-items/variants/${ids.pizza}/add`, { title: 'Large', price: '12' });
  ids.espresso = (await post<{ id: number }>('/menu-items/add', { title: 'Espresso', price: '2.20' })).id;
  const init = (await (await context.request.get('/api/v1/pos/init')).json()) as {
    menuItems: { id: number; variants: { id: number }[] }[];
    storeTables: { id: number }[];
  };
  ids.large = init.menuItems.find((m) => m.id === ids.pizza)?.variants[0]?.id ?? 0;
  ids.table = init.storeTables[0]?.id ?? 0;
});
afterAll(() => browser.close());

const ticket = (token: number) => page.locator(`[data-testid="ticket"][data-token="${token}"]`);
const allDay = () => page.getByTestId('all-day-row');

describe('kitchen display', () => {
  it('is a dark screen, empty until an order is sent', async () => {
    await page.goto('/dashboard/kitchen');
    await page.getByRole('heading', { name: 'All caught up' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    await page.getByRole('button', { name: 'Tap to enable sound' }).waitFor();
    await page.getByText('Nothing to make').waitFor();
  });

  let first = { tokenNo: 0, orderId: 0 };
  it('shows an order sent while it is open, without a reload, with the all-day counts', async () => {
    first = await sendOrder(
      [
        { item: ids.pizza, qty: 2, variant: ids.large, notes: 'well done' },
        { item: ids.espresso, qty: 1 },
      ],
      ids.table,
    );
    await ticket(first.tokenNo).waitFor();
    const card = ticket(first.tokenNo);
    await card.getByText('T3 · Main').waitFor();
    await card.getByText('2 × Margherita').waitFor();
    await card.getByText('Note: well done').waitFor();
    expect(await card.getAttribute('data-lateness')).toBe('ok');
    await card.getByText('On time').waitFor();
    expect(await card.getByTestId('ticket-timer').textContent()).toMatch(/^0:\d\d$/);
    await expectAllDay({ 'Margherita (Large)': '2', Espresso: '1' });
  });

  it('highlights a ticket changed after it was sent and strikes its cancelled line', async () => {
    const second = await sendOrder([
      { item: ids.espresso, qty: 2 },
      { item: ids.pizza, qty: 1 },
    ]);
    await ticket(second.tokenNo).waitFor();
    const lines = await lineIds(second.orderId);
    const [reason] = (await (await context.request.get('/api/v1/void-reasons')).json()) as { id: number }[];
    await post(`/orders/update-status/${lines.Margherita}`, { status: 'cancelled', reasonId: reason?.id });
    const card = ticket(second.tokenNo);
    await card.getByTestId('ticket-changed').waitFor();
    const cancelled = card.locator('[data-testid="ticket-line"][data-status="cancelled"]');
    await cancelled.getByText('VOID', { exact: true }).waitFor();
    expect(
      await cancelled.getByText('1 × Margherita').evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe('line-through');
    await expectAllDay({ 'Margherita (Large)': '2', Espresso: '3' });

    await screenshot(page, 'kitchen-tablet');
    await page.setViewportSize(SIZES.desktop);
    await screenshot(page, 'kitchen');
    await page.setViewportSize(SIZES.tablet);
    await checkScreen(page, 'kitchen', { staff: true, sizes: ['tablet', 'desktop'] });
  });

  it('starts and completes each line; a finished ticket leaves', async () => {
    const card = ticket(first.tokenNo);
    for (const title of ['Margherita', 'Espresso']) {
      const line = card.getByTestId('ticket-line').filter({ hasText: title });
      await line.getByRole('button', { name: 'Start Making' }).click();
      await line.getByRole('button', { name: 'Complete' }).click();
    }
    await card.waitFor({ state: 'detached' });
    await expectAllDay({ Espresso: '2' });
  });

  it('bumps a ticket and recalls it', async () => {
    const order = await sendOrder([{ item: ids.espresso, qty: 1 }]);
    await ticket(order.tokenNo).getByRole('button', { name: 'Bump' }).click();
    await ticket(order.tokenNo).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Recall #${order.tokenNo}` }).click();
    await ticket(order.tokenNo).waitFor();
  });

  it('chimes when a new order arrives, once sound is enabled, and not for what was already there', async () => {
    const listening = await context.newPage();
    // Counts the chime's notes: the Web Audio oscillators the page creates.
    await listening.addInitScript(() => {
      const w = window as unknown as { notes: number; AudioContext: typeof AudioContext };
      w.notes = 0;
      w.AudioContext = class extends w.AudioContext {
        override createOscillator() {
          w.notes += 1;
          return super.createOscillator();
        }
      };
    });
    const notes = () => listening.evaluate(() => (window as unknown as { notes: number }).notes);
    await listening.goto('/dashboard/kitchen');
    await listening.getByTestId('ticket').first().waitFor();
    await listening.getByRole('button', { name: 'Tap to enable sound' }).click();
    await listening.getByRole('button', { name: 'Tap to enable sound' }).waitFor({ state: 'detached' });
    expect(await notes()).toBe(0);
    const order = await sendOrder([{ item: ids.espresso, qty: 1 }]);
    await listening.locator(`[data-testid="ticket"][data-token="${order.tokenNo}"]`).waitFor();
    await expect.poll(notes).toBe(2);
    await listening.close();
  });

  it('remembers the mute toggle', async () => {
    const mute = page.getByTestId('mute');
    expect(await mute.getAttribute('aria-pressed')).toBe('false');
    await mute.click();
    await page.getByRole('button', { name: 'Muted' }).waitFor();
    await page.reload();
    expect(await page.getByTestId('mute').getAttribute('aria-pressed')).toBe('true');
    // Muted: there is nothing to enable.
    expect(await page.getByRole('button', { name: 'Tap to enable sound' }).count()).toBe(0);
  });

  it('turns a ticket amber, then red, at the thresholds the owner sets', async () => {
    await page.getByRole('button', { name: 'Timer settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ticket timer' });
    await dialog.getByRole('textbox', { name: 'Amber after (minutes)' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Red after (minutes)' }).fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The red threshold must be later than the amber one!').waitFor();
    await screenshot(page, 'kitchen-settings-tablet', false);
    await checkScreen(page, 'kitchen settings', { staff: true, sizes: ['tablet'] });
    await dialog.getByRole('textbox', { name: 'Amber after (minutes)' }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Kitchen settings saved!').waitFor();

    // A second page on a clock the test moves: the ticket's timer runs on it.
    const order = await sendOrder([{ item: ids.espresso, qty: 1 }]);
    const timed = await context.newPage();
    // Only this page's clock moves, not the server's: its socket would miss its pings, reconnect and
    // refetch the tickets with the server's real time (right on a real tablet, not under a fake clock).
    await timed.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    await timed.route(/\/socket\.io\//, (route) => route.abort());
    await timed.clock.install();
    await timed.goto('/dashboard/kitchen');
    const card = timed.locator(`[data-testid="ticket"][data-token="${order.tokenNo}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-lateness')).toBe('ok');
    await timed.clock.fastForward('01:05');
    await card.getByText('Running late').waitFor();
    expect(await card.getAttribute('data-lateness')).toBe('warn');
    await screenshot(timed, 'kitchen-warn');
    await timed.clock.fastForward('01:00');
    await card.getByText('Late', { exact: true }).waitFor();
    expect(await card.getAttribute('data-lateness')).toBe('late');
    await screenshot(timed, 'kitchen-late-tablet');
    await timed.close();

    // Leaving the kitchen gives the other screens their light scheme back.
    await page.getByRole('link', { name: 'Table Orders' }).click();
    await page.getByRole('heading', { name: 'Table Orders' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');
  });
});

/** The all-day panel shows exactly these counts. */
async function expectAllDay(expected: Record<string, string>) {
  await expect
    .poll(async () => {
      const rows = await allDay().all();
      const got: Record<string, string> = {};
      for (const row of rows)
        got[(await row.getByTestId('all-day-title').textContent()) ?? ''] =
          (await row.getByTestId('all-day-qty').textContent()) ?? '';
      return got;
    })
    .toEqual(expected);
}
