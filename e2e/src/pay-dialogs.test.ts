import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  SIZES,
  checkScreen,
  launchBrowser,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
} from './browser.ts';

// The pay and refund dialogs and what interrupted a waiter (issue 31, pay slice): the refund dialog's
// defaults and amount, the status toast, the token popup only where a guest waits with it, and Split &
// pay starting from Pay & Complete. One owner on a 1024x768 touch tablet, one store.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { burger: 0, wine: 0, water: 0, cash: 0, card: 0, t1: 0, t2: 0, t3: 0, t4: 0 };
// Every tab that opens (the print popups), in order.
const popups: Page[] = [];

async function post<T>(path: string, data?: unknown): Promise<T> {
  const res = await context.request.post(`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
async function get<T>(path: string): Promise<T> {
  const res = await context.request.get(`/api/v1${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sends a dine-in order the way the POS does, each line with its seat (or none). */
async function sendOrder(tableId: number, lines: { item: number; seat?: number }[]) {
  return post<{ orderId: number }>('/pos/create-order', {
    uuid: crypto.randomUUID(),
    cart: lines.map((l) => ({
      uuid: crypto.randomUUID(),
      item_id: l.item,
      quantity: 1,
      seat: l.seat ?? null,
    })),
    deliveryType: 'dinein',
    tableId,
  });
}

/** Pays an order as one bill with these payments (pay-split, whole). */
async function payWhole(orderId: number, tenders: { paymentTypeId: number; amount: string }[]) {
  return post<{ invoiceId: number }>('/orders/pay-split', {
    orderIds: [orderId],
    split: { mode: 'whole' },
    parts: [{ tenders }],
  });
}

const print = (printTokenDineIn?: boolean) => ({
  pageFormat: 80,
  header: '',
  footer: '',
  showNotes: true,
  isEnablePrint: true,
  showStoreDetails: true,
  showCustomerDetails: true,
  printToken: true,
  ...(printTokenDineIn === undefined ? {} : { printTokenDineIn }),
});

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.tablet, { hasTouch: true });
  context.on('page', (p) => popups.push(p));
  page = await context.newPage();
  const owner = await registerTenant(context, 'Pay Dialogs Cafe');
  await loginThroughUi(page, owner.username, owner.password);
  const item = async (title: string, price: string) =>
    (await post<{ id: number }>('/menu-items/add', { title, price })).id;
  ids.burger = await item('Burger', '10');
  ids.wine = await item('Wine', '6.50');
  ids.water = await item('Water', '2');
  for (const title of ['T1', 'T2', 'T3', 'T4'])
    await post('/settings/store-tables/add', { title, floor: 'Main', seatingCapacity: 4 });
  const init = await get<{
    storeTables: { id: number; table_title: string }[];
    paymentTypes: { id: number; title: string }[];
  }>('/pos/init');
  const table = (title: string) => init.storeTables.find((t) => t.table_title === title)?.id ?? 0;
  [ids.t1, ids.t2, ids.t3, ids.t4] = [table('T1'), table('T2'), table('T3'), table('T4')];
  ids.cash = init.paymentTypes.find((p) => p.title === 'Cash')?.id ?? 0;
  ids.card = init.paymentTypes.find((p) => p.title === 'Card')?.id ?? 0;
});
afterAll(() => browser.close());

const group = (name: string) => page.getByTestId('table-group').filter({ hasText: name });

/** Opens an invoice's refund dialog from Invoices. */
async function openRefunds(invoiceId: number) {
  await page.goto('/dashboard/invoices');
  const open = page.getByRole('button', { name: `Refunds of invoice #${invoiceId}` });
  await open.tap();
  const dialog = page.getByRole('dialog', { name: `Refunds of invoice #${invoiceId}` });
  await dialog.getByTestId('refund-submit').waitFor();
  return dialog;
}

describe('the refund dialog', () => {
  it('starts with nothing selected, reads the amount on its button and pays back to the card the bill was paid by', async () => {
    const { orderId } = await sendOrder(ids.t1, [{ item: ids.burger }, { item: ids.wine }]);
    const { invoiceId } = await payWhole(orderId, [{ paymentTypeId: ids.card, amount: '16.50' }]);
    const dialog = await openRefunds(invoiceId);
    const submit = dialog.getByTestId('refund-submit');
    expect(await dialog.getByRole('textbox', { name: 'Quantity of Burger to refund' }).inputValue()).toBe(
      '0',
    );
    expect(await dialog.getByRole('textbox', { name: 'Quantity of Wine to refund' }).inputValue()).toBe('0');
    expect([await submit.textContent(), await submit.isDisabled()]).toEqual(['Refund', true]);
    expect(await dialog.getByRole('textbox', { name: 'Paid back by' }).inputValue()).toBe('Card');

    await dialog.getByRole('textbox', { name: 'Quantity of Wine to refund' }).fill('1');
    await expect.poll(() => submit.textContent()).toBe('Refund $6.50');
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Select everything' }).tap();
    await expect.poll(() => submit.textContent()).toBe('Refund $16.50');
    await dialog.getByRole('textbox', { name: 'Quantity of Burger to refund' }).fill('0');
    await expect.poll(() => submit.textContent()).toBe('Refund $6.50');
    await dialog.getByRole('textbox', { name: 'Reason' }).tap();
    await page.getByRole('option', { name: 'Quality issue' }).tap();
    await checkScreen(page, 'refund dialog', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'pay-refund',
    });
    await submit.tap();
    await page.getByText('Refund recorded!').first().waitFor();
    const { refunds } = await get<{ refunds: { total: number; payment_type: string }[] }>(
      `/invoices/${invoiceId}/refunds`,
    );
    expect(refunds.map((r) => [r.total, r.payment_type])).toEqual([[6.5, 'Card']]);
  }, 300_000);

  it('shows a mixed bill its tenders and proposes the one it paid most by', async () => {
    const { orderId } = await sendOrder(ids.t1, [{ item: ids.burger }, { item: ids.wine }]);
    const { invoiceId } = await payWhole(orderId, [
      { paymentTypeId: ids.cash, amount: '4.50' },
      { paymentTypeId: ids.card, amount: '12' },
    ]);
    const dialog = await openRefunds(invoiceId);
    expect(await dialog.getByRole('textbox', { name: 'Paid back by' }).inputValue()).toBe('Card');
    await dialog.getByText('This bill was paid by Cash $4.50 + Card $12.00.').waitFor();
    await screenshot(page, 'pay-refund-mixed-tablet', false);
    await page.keyboard.press('Escape');
  });
});

describe('Table Orders', () => {
  it('says the status changed in a toast, not a dialog, that goes away by itself and leaves the page', async () => {
    await sendOrder(ids.t2, [{ item: ids.water }]);
    await page.goto('/dashboard/orders');
    const toasts = page.locator('.mantine-Notification-root');
    await group('T2').getByRole('button', { name: 'Set status of Water' }).tap();
    await page.getByRole('menuitem', { name: 'Preparing' }).tap();
    const toast = toasts.filter({ hasText: 'Order Item status successfully updated!' });
    await toast.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'pay-status-toast-tablet', false);
    await group('T2').locator('[data-testid="order-line"][data-status="preparing"]').waitFor();
    // No tap: the toast closes itself and is taken out of the page, not only hidden.
    await toast.waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => toasts.count(), { timeout: 30_000 }).toBe(0);
  });
});

describe('the token popup after Send', () => {
  const item = (title: string) => page.getByTestId('pos-item').filter({ hasText: title });
  const lastToken = async () =>
    (await page.getByTestId('last-token').count()) ? page.getByTestId('last-token').textContent() : null;
  async function send(dining: 'Dine-in' | 'Takeaway') {
    await item('Water').tap();
    await page.locator('label', { hasText: dining }).tap();
    // The table stays chosen after a Send; tapping it again would clear it.
    if (
      dining === 'Dine-in' &&
      (await page.getByRole('textbox', { name: 'Table' }).inputValue()) !== 'T4 · Main'
    ) {
      await page.getByRole('textbox', { name: 'Table' }).tap();
      await page.getByRole('option', { name: 'T4 · Main' }).tap();
    }
    const before = await lastToken();
    await page.getByRole('button', { name: 'Send to Kitchen' }).tap();
    await expect.poll(lastToken).not.toBe(before);
    return (await lastToken())?.replace('Token #', '');
  }

  it('prints for takeaway, not for dine-in, and for dine-in too once the owner switches it on', async () => {
    await page.goto('/dashboard/pos');
    const opened = popups.length;
    const dineIn = await send('Dine-in');
    const takeaway = await send('Takeaway');
    // Popups open in the order sent: the only one is the takeaway's.
    await expect.poll(() => popups.length).toBe(opened + 1);
    const slip = popups[opened];
    await slip?.waitForURL(/\/print-token/);
    await expect.poll(() => slip?.getByTestId('token-no').textContent()).toBe(takeaway);
    expect(dineIn).not.toBe(takeaway);
    await slip?.close();

    // The owner's switch, on Print Settings.
    await page.goto('/dashboard/settings/print-settings');
    const dineInSwitch = page.getByRole('switch', { name: 'Print token for dine-in' });
    expect(await dineInSwitch.isChecked()).toBe(false);
    await checkScreen(page, 'print settings', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'pay-print-settings',
    });
    await dineInSwitch.tap();
    await page.getByRole('button', { name: 'Save' }).tap();
    await page.getByText('Print settings saved!').first().waitFor();
    // A SPEC §7 save, without the new field, leaves it on.
    await post('/settings/print-setting', print());
    expect((await get<{ printTokenDineIn: boolean }>('/settings/print-setting')).printTokenDineIn).toBe(true);

    await page.goto('/dashboard/pos');
    const next = popups.length;
    const dineInAgain = await send('Dine-in');
    await expect.poll(() => popups.length).toBe(next + 1);
    await popups[next]?.waitForURL(/\/print-token/);
    await expect.poll(() => popups[next]?.getByTestId('token-no').textContent()).toBe(dineInAgain);
    await popups[next]?.close();
    await post('/settings/print-setting', print(false));
  }, 300_000);
});

describe('Split & pay from Pay & Complete', () => {
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };

  it('keeps the discount and tip typed, opens evenly in two without seats, and pays a split in two in 3 taps', async () => {
    // Burger 10.00 + Wine 6.50 = 16.50; 10 % off = 14.85, 7.43 and 7.42; a 2.00 tip, 1.00 a part.
    const { orderId } = await sendOrder(ids.t3, [{ item: ids.burger }, { item: ids.wine }]);
    await page.goto('/dashboard/orders');
    const t3 = group('T3');
    await t3.getByRole('button', { name: 'Pay & Complete' }).waitFor();
    await tap(t3.getByRole('button', { name: 'Pay & Complete' }));
    const pay = page.getByRole('dialog', { name: 'Pay & Complete' });
    // Typing is not tapping: the discount, its reason and the tip are what the guest asked for.
    await pay.getByTestId('discount-value').fill('10');
    await pay.getByLabel('Reason for the discount').fill('Regulars');
    await pay.getByLabel('Tip').fill('2');
    await tap(page.getByRole('button', { name: 'Split / several payments' }));

    const dialog = page.getByRole('dialog', { name: 'Split & pay' });
    await dialog.getByTestId('split-part').first().waitFor();
    expect(await dialog.getByRole('radio', { name: 'Evenly' }).isChecked()).toBe(true);
    expect(await dialog.getByTestId('split-count').textContent()).toBe('2');
    expect(await dialog.getByTestId('discount-value').inputValue()).toBe('10');
    expect(await dialog.getByLabel('Reason for the discount').inputValue()).toBe('Regulars');
    const tips = dialog.getByTestId('split-part-tip');
    expect([await tips.nth(0).inputValue(), await tips.nth(1).inputValue()]).toEqual(['1.00', '1.00']);
    await checkScreen(page, 'split dialog', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'pay-split-carried',
    });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/orders/pay-split')),
      tap(dialog.getByRole('button', { name: /^Pay .* in 2 parts$/ })),
    ]);
    await page.getByRole('dialog', { name: 'Payment received' }).getByText('Bill paid!').waitFor();
    // A split in two from Table Orders: Pay & Complete, Split / several payments, Pay.
    expect(taps).toBe(3);

    // The call carried them and the server priced the bill with them.
    const body = answer.request().postDataJSON() as {
      orderIds: number[];
      discounts: { kind: string; value: string | number; reason: string }[];
      parts: { tip?: string }[];
    };
    expect(body.orderIds).toEqual([orderId]);
    expect(body.discounts).toMatchObject([{ kind: 'percent', reason: 'Regulars' }]);
    expect(body.parts.map((p) => p.tip)).toEqual(['1.00', '1.00']);
    expect(await answer.json()).toMatchObject({ total: 14.85, discount: 1.65, tip: 2 });
    await page.keyboard.press('Escape');
  }, 300_000);

  it('opens by seat when the bill names two seats, and evenly when it names one', async () => {
    await sendOrder(ids.t2, [
      { item: ids.burger, seat: 1 },
      { item: ids.wine, seat: 2 },
    ]);
    await sendOrder(ids.t4, [{ item: ids.burger, seat: 1 }, { item: ids.wine }]);
    await page.goto('/dashboard/orders');
    for (const [table, mode, parts] of [
      ['T2', 'By seat', 2],
      ['T4', 'Evenly', 2],
    ] as const) {
      await group(table).getByRole('button', { name: 'Pay & Complete' }).tap();
      await page.getByRole('button', { name: 'Split / several payments' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Split & pay' });
      await dialog.getByTestId('split-part').first().waitFor();
      expect(await dialog.getByRole('radio', { name: mode }).isChecked()).toBe(true);
      expect(await dialog.getByTestId('split-part').count()).toBe(parts);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });
});
