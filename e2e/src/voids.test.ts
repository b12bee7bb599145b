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
import { type SeededMenu, payOrder, seedMenu } from './paid-order.ts';

// Voids, refunds and the audit log (issue 15, VOIDS): a waiter voids a sent line with a reason while the
// cook's kitchen display watches; the owner refunds part of a paid invoice and the reports drop by it;
// both are found in the audit log.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cookContext: BrowserContext;
let cook: Page;
let menu: SeededMenu;
let tableId = 0;

async function post<T>(path: string, data: unknown): Promise<T> {
  const res = await context.request.post(`/api/v1${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
async function get<T>(path: string): Promise<T> {
  return (await (await context.request.get(`/api/v1${path}`)).json()) as T;
}

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Tasca do Vale'));
  await page.setViewportSize(SIZES.tablet);
  menu = await seedMenu(context.request, 'Tasca do Vale');
  await post('/settings/store-tables/add', { title: 'Mesa 2', floor: 'Sala', seatingCapacity: 4 });
  tableId = (await get<{ id: number }[]>('/settings/store-tables'))[0]?.id ?? 0;

  const cookLogin = { username: uniqueEmail('cook'), password: 'pw-cook-2026' };
  await post('/users/add', { name: 'Rita Cook', ...cookLogin, userScopes: ['KITCHEN'] });
  cookContext = await newContext(browser, SIZES.tablet);
  cook = await cookContext.newPage();
  await loginThroughUi(cook, cookLogin.username, cookLogin.password, '/dashboard/kitchen');
});
afterAll(() => browser.close());

const tile = (name: string) => page.getByRole('group', { name, exact: true }).getByTestId(/-value$/);

/** Sends an unpaid dine-in order of a Burger and two Waters to the table; answers its token. */
async function sendOrder() {
  return post<{ tokenNo: number }>('/pos/create-order', {
    uuid: crypto.randomUUID(),
    cart: [
      { uuid: crypto.randomUUID(), item_id: menu.burger, quantity: 1 },
      { uuid: crypto.randomUUID(), item_id: menu.water, quantity: 2 },
    ],
    deliveryType: 'dinein',
    tableId,
  });
}

describe('voids, refunds and the audit log', () => {
  it('the owner switches on "Require a reason to cancel or void" beside the reasons (issue 30)', async () => {
    await page.goto('/dashboard/settings/void-reasons');
    const rule = page.getByRole('switch', { name: 'Require a reason to cancel or void' });
    // Off in a new store: SPEC §7 cancels and voids without a reason.
    await expect.poll(() => rule.isEnabled()).toBe(true);
    expect(await rule.isChecked()).toBe(false);
    await rule.click();
    await page.getByText('Void settings saved!').first().waitFor();
    await expect.poll(() => rule.isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => rule.isEnabled()).toBe(true);
    expect(await rule.isChecked()).toBe(true);
    await checkScreen(page, 'void reasons with the reason rule', { sizes: ['tablet'] });
  });

  it('a waiter voids a sent line with a reason; the kitchen sees it voided live', async () => {
    await cook.goto('/dashboard/kitchen');
    await cook.getByText('Nothing to make').waitFor();
    const sent = await post<{ tokenNo: number }>('/pos/create-order', {
      uuid: crypto.randomUUID(),
      cart: [
        { uuid: crypto.randomUUID(), item_id: menu.burger, quantity: 1 },
        { uuid: crypto.randomUUID(), item_id: menu.water, quantity: 2 },
      ],
      deliveryType: 'dinein',
      tableId,
    });
    const ticket = cook.locator(`[data-testid="ticket"][data-token="${sent.tokenNo}"]`);
    await ticket.waitFor();
    await cook.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.goto('/dashboard/orders');
    await page.getByRole('button', { name: 'Set status of Water' }).click();
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void 2 × Water?' });
    await dialog.getByText('The item leaves the bill and the kitchen sees it voided. Why?').waitFor();
    // No reason chosen: the dialog says so and voids nothing.
    await dialog.getByRole('button', { name: 'Void item' }).click();
    await dialog.getByText('Please select a void reason!').waitFor();
    await dialog.getByRole('radio', { name: 'Wrong item' }).click();
    await checkScreen(page, 'void dialog', { sizes: ['tablet'] });
    await screenshot(page, 'voids-void-dialog-1024', false);
    await dialog.getByRole('button', { name: 'Void item' }).click();
    const line = page.locator('[data-testid="order-line"][data-status="cancelled"]');
    await line.getByText('Void: Wrong item').waitFor();

    // The kitchen display, open all along, shows the line voided with its reason, without a reload.
    const voided = ticket.locator('[data-testid="ticket-line"][data-status="cancelled"]');
    await voided.getByTestId('line-void').waitFor();
    await voided.getByText('Wrong item').waitFor();
    expect(
      await voided.getByText('2 × Water').evaluate((el) => getComputedStyle(el).textDecorationLine),
    ).toBe('line-through');
    expect(await cook.evaluate(() => 'sameDocument' in window)).toBe(true);
    await screenshot(cook, 'voids-kitchen-1024', false);
  });

  it('the owner refunds part of a paid invoice and the reports drop by exactly that', async () => {
    // 2 × Burger Large + Cheese 33.33 (15.50 each, 7.5 % on top) and a Water 1.00: 34.33.
    const paid = await payOrder(context.request, menu);
    expect(paid.total).toBe(34.33);
    await page.goto('/dashboard/reports');
    await expect.poll(() => tile('Revenue Total').textContent()).toBe('$34.33');

    await page.goto('/dashboard/invoices');
    await page.getByRole('button', { name: `Refunds of invoice #${paid.invoiceId}` }).waitFor();
    await screenshot(page, 'voids-invoices-1024', false);
    await page.getByRole('button', { name: `Refunds of invoice #${paid.invoiceId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Refunds of invoice #${paid.invoiceId}` });
    await dialog.getByText('Nothing refunded on this invoice yet.').waitFor();
    await dialog.getByRole('textbox', { name: 'Quantity of Burger to refund' }).fill('1');
    await dialog.getByRole('textbox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Quality issue' }).click();
    await checkScreen(page, 'refund dialog', { sizes: ['tablet'] });
    await screenshot(page, 'voids-refund-dialog-1024', false);
    await dialog.getByRole('button', { name: 'Refund $16.66' }).click();
    await page.getByText('Refund recorded!').first().waitFor();

    await page.getByRole('button', { name: `Refunds of invoice #${paid.invoiceId}` }).click();
    const history = page.getByRole('dialog').getByTestId('refund');
    await history.getByText('1 × Burger').waitFor();
    await history.getByText('Reason: Quality issue').waitFor();
    // One Burger of 33.33: 15.50 + 1.16 tax = 16.66.
    await history.getByText('−$16.66').waitFor();
    await screenshot(page, 'voids-refund-history-1024', false);
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/reports');
    await expect.poll(() => tile('Revenue Total').textContent()).toBe('$17.67');
    await expect(tile('Net Revenue').textContent()).resolves.toBe('$16.50');
    await expect(tile('Tax Total').textContent()).resolves.toBe('$1.17');
  });

  it('the owner finds the void and the refund in the audit log, by action and by text', async () => {
    await page.goto('/dashboard/settings/audit-log');
    await page.getByRole('heading', { level: 1, name: 'Audit Log' }).waitFor();
    const rows = page.getByTestId('audit-row');
    const voidRow = rows.and(page.locator('[data-action="order_item.void"]'));
    const refundRow = rows.and(page.locator('[data-action="invoice.refund"]'));
    await voidRow.getByText('Item voided').waitFor();
    await voidRow.getByText('Reason: Wrong item').waitFor();
    await refundRow.getByText('Reason: Quality issue').waitFor();
    await refundRow.getByText('$16.66').waitFor();
    await checkScreen(page, 'audit log', { sizes: ['tablet', 'desktop'] });
    await screenshot(page, 'voids-audit-log-1024');

    await page.getByRole('textbox', { name: 'Search' }).fill('Wrong item');
    await expect.poll(() => rows.count()).toBe(1);
    await voidRow.waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.getByRole('textbox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Invoices and refunds' }).click();
    await refundRow.waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await voidRow.count()).toBe(0);
  });

  it('an accountant with INVOICES sees the refunds but may not refund, nor open the audit log', async () => {
    const login = { username: uniqueEmail('accountant'), password: 'pw-accounts-2026' };
    await post('/users/add', { name: 'Tomas', ...login, userScopes: ['INVOICES'] });
    const staff = await newContext(browser, SIZES.tablet);
    const tab = await staff.newPage();
    await loginThroughUi(tab, login.username, login.password, '/dashboard/profile');
    await tab.goto('/dashboard/invoices');
    await tab.getByRole('button', { name: /^Refunds of invoice #/ }).click();
    const dialog = tab.getByRole('dialog');
    await dialog.getByTestId('refund').getByText('1 × Burger').waitFor();
    await dialog.getByText('Only a manager can make a refund.').waitFor();
    expect(await dialog.getByRole('button', { name: /^Refund/ }).count()).toBe(0);
    expect((await staff.request.get('/api/v1/audit-log')).status()).toBe(403);
    await tab.goto('/dashboard/settings/audit-log');
    await tab.waitForURL('**/no-access');
    await staff.close();
  });

  it('the owner edits the void reasons list', async () => {
    await page.goto('/dashboard/settings/void-reasons');
    const rows = page.getByTestId('void-reason-row');
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole('button', { name: 'Add Void Reason' }).click();
    await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('Spilled');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Void reason added!').first().waitFor();
    await rows.filter({ hasText: 'Spilled' }).waitFor();
    await checkScreen(page, 'void reasons', { sizes: ['tablet'] });
    await screenshot(page, 'voids-reasons-1024');
  });

  it('with the rule off, a waiter may void without a reason; the reasons are still offered', async () => {
    await page.goto('/dashboard/settings/void-reasons');
    const rule = page.getByRole('switch', { name: 'Require a reason to cancel or void' });
    await expect.poll(() => rule.isChecked()).toBe(true);
    await rule.click();
    await expect.poll(() => rule.isChecked()).toBe(false);
    await page.getByText('Void settings saved!').first().waitFor();

    const sent = await sendOrder();
    await page.goto('/dashboard/orders');
    const order = page.locator(`[data-testid="order"][data-token="${sent.tokenNo}"]`);
    await order.getByRole('button', { name: 'Set status of Burger' }).click();
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void 1 × Burger?' });
    await dialog.getByRole('radio', { name: 'Wrong item' }).waitFor();
    await dialog.getByText('Reason (optional)').waitFor();
    await dialog.getByRole('button', { name: 'Void item' }).click();
    const line = order.locator('[data-testid="order-line"][data-status="cancelled"]');
    await line.getByText('1 × Burger').waitFor();
    expect(await line.getByTestId('line-void-reason').count()).toBe(0);
  });

  it('the pickup board (ORDER_STATUS_DISPLAY) reads Table Orders without a button that voids, pays or discounts (issue 29)', async () => {
    const sent = await sendOrder();
    const login = { username: uniqueEmail('board'), password: 'pw-board-2026' };
    await post('/users/add', { name: 'Counter TV', ...login, userScopes: ['ORDER_STATUS_DISPLAY'] });
    const board = await newContext(browser, SIZES.tablet);
    const tab = await board.newPage();
    await loginThroughUi(tab, login.username, login.password, '/dashboard/order-status');
    await tab.goto('/dashboard/orders');
    const order = tab.locator(`[data-testid="order"][data-token="${sent.tokenNo}"]`);
    await order.getByText('1 × Burger').waitFor();
    const group = tab.getByTestId('table-group').filter({ has: order });
    await group.getByRole('button', { name: 'Print Receipt' }).waitFor();
    for (const name of ['Pay & Complete', 'Cancel', 'Complete', 'Move'])
      expect([name, await group.getByRole('button', { name, exact: true }).count()]).toEqual([name, 0]);
    expect(await tab.getByRole('button', { name: /^Set status of / }).count()).toBe(0);
    await checkScreen(tab, 'table orders for the pickup board', { sizes: ['tablet'] });
    await screenshot(tab, 'voids-orders-display-user-1024', false);
    // The server says the same: the pay call is refused.
    const paid = await board.request.post('/api/v1/orders/complete-and-pay-order', {
      data: { orderIds: [1], subTotal: 0, taxTotal: 0, total: 0, payment: { paymentTypeId: 1 } },
    });
    expect([paid.status(), ((await paid.json()) as { code: string }).code]).toEqual([403, 'forbidden']);
    await board.close();
  });
});
