import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  SIZES,
  checkScreen,
  loginThroughUi,
  newContext,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';

// Moving items and tables while the kitchen watches, and two waiters at one table (issue 15, MOVES).

let browser: Browser;
let owner: BrowserContext;
let kitchen: Page;
let ana: Page;
let rui: Page;
const ids = { t1: 0, t2: 0, t3: 0, bacalhau: 0, vinho: 0, pao: 0 };

async function post<T>(path: string, data?: unknown, context = owner): Promise<T> {
  const res = await context.request.post(`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sends an order to a table the way the POS does; answers its token. */
async function sendOrder(lines: { item: number; qty: number }[], tableId: number, context = owner) {
  const body = {
    uuid: crypto.randomUUID(),
    cart: lines.map((l) => ({ uuid: crypto.randomUUID(), item_id: l.item, quantity: l.qty })),
    deliveryType: 'dinein',
    tableId,
  };
  return (await post<{ tokenNo: number }>('/pos/create-order', body, context)).tokenNo;
}

/** A staff member signed in on a device of their own (a fresh browser context) at the tablet size. */
async function staff(name: string, scopes: string[], landing: string) {
  const login = { username: uniqueEmail(name.toLowerCase()), password: `pw-${name}-1` };
  await post('/users/add', { name, ...login, userScopes: scopes });
  const context = await newContext(browser, SIZES.tablet);
  const page = await context.newPage();
  // Printing a token opens a popup: not what these tests look at.
  context.on('page', (popup) => void popup.close());
  await loginThroughUi(page, login.username, login.password, landing);
  return page;
}

beforeAll(async () => {
  let page: Page;
  ({ browser, context: owner, page } = await signedInOwner('Tasca do Largo'));
  await page.close();
  await post('/settings/store-tables/add', { title: 'T1', floor: 'Sala', seatingCapacity: 4 });
  await post('/settings/store-tables/add', { title: 'T2', floor: 'Terrace', seatingCapacity: 4 });
  await post('/settings/store-tables/add', { title: 'T3', floor: 'Sala', seatingCapacity: 2 });
  ids.bacalhau = (await post<{ id: number }>('/menu-items/add', { title: 'Bacalhau', price: '14.50' })).id;
  ids.vinho = (await post<{ id: number }>('/menu-items/add', { title: 'Vinho', price: '4' })).id;
  ids.pao = (await post<{ id: number }>('/menu-items/add', { title: 'Pão', price: '1.20' })).id;
  const init = (await (await owner.request.get('/api/v1/pos/init')).json()) as {
    storeTables: { id: number; table_title: string }[];
  };
  const table = (title: string) => init.storeTables.find((t) => t.table_title === title)?.id ?? 0;
  [ids.t1, ids.t2, ids.t3] = [table('T1'), table('T2'), table('T3')];

  kitchen = await staff('Cook', ['KITCHEN'], '/dashboard/kitchen');
  ana = await staff('Ana', ['POS', 'ORDERS'], '/dashboard/pos');
  rui = await staff('Rui', ['POS', 'ORDERS'], '/dashboard/pos');
});
afterAll(() => browser.close());

const ticketsOf = (token: number) => kitchen.locator(`[data-testid="ticket"][data-token="${token}"]`);
const group = (page: Page, title: string) =>
  page.getByTestId('table-group').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

describe('moves while the kitchen watches', () => {
  let token = 0;

  it('moves one of two Bacalhau to T2: the kitchen shows it there live, same ticket, same stage, no chime', async () => {
    // The kitchen counts the notes its chime plays (as kitchen.test.ts does).
    await kitchen.addInitScript(() => {
      const w = window as unknown as { notes: number; AudioContext: typeof AudioContext };
      w.notes = 0;
      w.AudioContext = class extends w.AudioContext {
        override createOscillator() {
          w.notes += 1;
          return super.createOscillator();
        }
      };
    });
    const notes = () => kitchen.evaluate(() => (window as unknown as { notes: number }).notes);
    token = await sendOrder(
      [
        { item: ids.bacalhau, qty: 2 },
        { item: ids.vinho, qty: 1 },
      ],
      ids.t1,
    );
    await kitchen.goto('/dashboard/kitchen');
    await ticketsOf(token).getByText('T1 · Sala').waitFor();
    await kitchen.getByRole('button', { name: 'Tap to enable sound' }).click();
    await kitchen.getByRole('button', { name: 'Tap to enable sound' }).waitFor({ state: 'detached' });
    const bacalhau = ticketsOf(token).getByTestId('ticket-line').filter({ hasText: 'Bacalhau' });
    await bacalhau.getByRole('button', { name: 'Start Making' }).click();
    await bacalhau.getByTestId('line-state').getByText('Making').waitFor();
    const allDayBefore = await kitchen.getByTestId('all-day-row').allTextContents();
    expect(allDayBefore).toEqual([
      expect.stringMatching(/^2\s*Bacalhau/),
      expect.stringMatching(/^1\s*Vinho/),
    ]);

    await ana.goto('/dashboard/orders');
    const t1 = group(ana, 'T1');
    await t1.getByText('2 × Bacalhau').waitFor();
    await t1.getByRole('button', { name: 'Set status of Bacalhau' }).click();
    await ana.getByRole('menuitem', { name: 'Move to another table' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Move Bacalhau from T1' });
    await dialog.getByTestId('move-target').first().waitFor();
    expect(await dialog.getByTestId('move-quantity').textContent()).toBe('2');
    await dialog.getByRole('button', { name: 'One less' }).click();
    expect(await dialog.getByTestId('move-quantity').textContent()).toBe('1');
    // T1 is where it is: not a target.
    expect(await dialog.getByRole('button', { name: /^T1/ }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /^T2/ }).click();
    await screenshot(ana, 'moves-item-dialog-tablet', false);
    await checkScreen(ana, 'move item dialog', { staff: true, sizes: ['tablet'] });
    await dialog.getByRole('button', { name: 'Move to T2' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ana.locator('.mantine-Notification-root').filter({ hasText: 'Item moved!' }).waitFor();

    // Table Orders: the same token at both tables, one Bacalhau each, the moved one said so.
    const t2 = group(ana, 'T2');
    await t2.getByText('1 × Bacalhau').waitFor();
    await t2.getByTestId('order-moved').getByText('Moved from T1').waitFor();
    expect(await t2.getByTestId('order-token').textContent()).toBe(`#${token}`);
    await t1.getByText('1 × Bacalhau').waitFor();
    await screenshot(ana, 'moves-table-orders-after-item-tablet');

    // The kitchen, without a reload: the ticket now at two tables, nothing duplicated, nothing new.
    const atT2 = ticketsOf(token).filter({ hasText: 'T2 · Terrace' });
    await atT2.getByTestId('ticket-moved').getByText('Moved from T1').waitFor();
    await atT2.getByTestId('ticket-line').filter({ hasText: '1 × Bacalhau' }).getByText('Making').waitFor();
    const atT1 = ticketsOf(token).filter({ hasText: 'T1 · Sala' });
    await atT1.getByText('1 × Bacalhau').waitFor();
    expect(await ticketsOf(token).count()).toBe(2);
    expect(await kitchen.getByTestId('ticket').count()).toBe(2);
    expect(await kitchen.getByTestId('ticket-changed').count()).toBe(0);
    // Still two Bacalhau and one Vinho to make: the moved unit is not counted twice.
    expect(await kitchen.getByTestId('all-day-row').allTextContents()).toEqual(allDayBefore);
    // Both halves of the line started before the move are still being made.
    expect(await atT1.locator('[data-testid="ticket-line"][data-status="preparing"]').count()).toBe(1);
    expect(await atT2.locator('[data-testid="ticket-line"][data-status="preparing"]').count()).toBe(1);
    expect(await notes()).toBe(0);
    await screenshot(kitchen, 'moves-kitchen-after-item-tablet');
    await checkScreen(kitchen, 'kitchen after a move', { staff: true, sizes: ['tablet'] });
  });

  it('merges T1 into T3, which has an order: one group, the kitchen follows, nothing new', async () => {
    const atT3 = await sendOrder([{ item: ids.pao, qty: 2 }], ids.t3);
    await ticketsOf(atT3).waitFor();
    const before = await kitchen.getByTestId('ticket').count();
    await ana.goto('/dashboard/orders');
    await group(ana, 'T3').getByText('2 × Pão').waitFor();
    await group(ana, 'T1').getByRole('button', { name: 'Move' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Move T1' });
    await dialog.getByRole('button', { name: /^T3/ }).click();
    await dialog.getByTestId('move-merge-hint').getByText('T3 has open orders').waitFor();
    await screenshot(ana, 'moves-merge-dialog-tablet', false);
    await checkScreen(ana, 'merge dialog', { staff: true, sizes: ['tablet'] });
    await dialog.getByRole('button', { name: 'Merge with T3' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ana.locator('.mantine-Notification-root').filter({ hasText: 'Tables merged!' }).waitFor();
    await group(ana, 'T1').waitFor({ state: 'detached' });
    const t3 = group(ana, 'T3');
    await t3.getByText('1 × Bacalhau').waitFor();
    await t3.getByText('2 × Pão').waitFor();
    expect(await t3.getByTestId('order').count()).toBe(2);
    await screenshot(ana, 'moves-table-orders-after-merge-tablet');

    await ticketsOf(token).filter({ hasText: 'T3 · Sala' }).getByText('Moved from T1').waitFor();
    expect(await kitchen.getByTestId('ticket').count()).toBe(before);
    expect(await kitchen.getByTestId('ticket-changed').count()).toBe(0);
    await screenshot(kitchen, 'moves-kitchen-after-merge-tablet');
  });
});

describe('two waiters on one table', () => {
  it("send lines to T2 at the same moment from two devices; both orders survive and each sees the other's live", async () => {
    for (const [page, item] of [
      [ana, 'Vinho'],
      [rui, 'Pão'],
    ] as const) {
      await page.goto('/dashboard/pos');
      await page.getByTestId('pos-item').filter({ hasText: item }).click();
      await page.getByRole('textbox', { name: 'Table' }).click();
      await page.getByRole('option', { name: 'T2 · Terrace' }).click();
    }
    await Promise.all([
      ana.getByRole('button', { name: 'Send to Kitchen' }).click(),
      rui.getByRole('button', { name: 'Send to Kitchen' }).click(),
    ]);
    for (const page of [ana, rui]) await expect.poll(() => page.getByTestId('cart-line').count()).toBe(0);

    for (const page of [ana, rui]) {
      await page.goto('/dashboard/orders');
      const t2 = group(page, 'T2');
      await t2.getByText('1 × Vinho').waitFor();
      await t2.getByText('1 × Pão').waitFor();
    }
    // Live: Rui adds a line while Ana's Table Orders is open; it shows there without a reload.
    await rui.goto('/dashboard/pos');
    await rui.getByTestId('pos-item').filter({ hasText: 'Bacalhau' }).click();
    await rui.getByRole('textbox', { name: 'Table' }).click();
    await rui.getByRole('option', { name: 'T2 · Terrace' }).click();
    await rui.getByRole('button', { name: 'Send to Kitchen' }).click();
    await group(ana, 'T2').getByText('1 × Bacalhau').nth(1).waitFor();
    const lines = await group(ana, 'T2').getByTestId('order-line').allTextContents();
    expect(lines.filter((l) => l.includes('Vinho'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('Pão'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('Bacalhau'))).toHaveLength(2);
    await screenshot(ana, 'moves-two-waiters-tablet');
    await checkScreen(ana, 'table orders with moves', { staff: true, sizes: ['tablet'] });
  });

  it('disables Move while the device is offline, and says why', async () => {
    await ana.context().setOffline(true);
    const t2 = group(ana, 'T2');
    const move = t2.getByRole('button', { name: 'Move', exact: true });
    await expect.poll(() => move.getAttribute('aria-disabled')).toBe('true');
    // A tap on it says why (a tablet has no hover for the tooltip).
    await move.dispatchEvent('click');
    await ana.locator('.mantine-Notification-root').filter({ hasText: 'Moving needs the server' }).waitFor();
    expect(await ana.getByRole('dialog').count()).toBe(0);
    await t2.getByRole('button', { name: 'Set status of Pão' }).click();
    const item = ana.getByRole('menuitem', { name: /Move to another table/ });
    expect(await item.isDisabled()).toBe(true);
    await item.getByText('Moving needs the server: connect first.').waitFor();
    await ana.waitForTimeout(300);
    await screenshot(ana, 'moves-offline-tablet', false);
    await ana.keyboard.press('Escape');
    await ana.context().setOffline(false);
    await expect.poll(() => move.getAttribute('aria-disabled')).toBe(null);
  });
});
