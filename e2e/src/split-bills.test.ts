import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SIZES, checkScreen, screenshot, signedInOwner } from './browser.ts';

// Split bills and mixed tenders (issue 15, docs/bills.md) on the Table Orders screen.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { t4: 0, t5: 0, steak: 0, pasta: 0, wine: 0, water: 0, cash: 0, card: 0 };

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

/** Sends an order the way the POS does, each line with its seat (or none). */
async function sendOrder(tableId: number, lines: { item: number; seat: number | null }[]) {
  return post<{ orderId: number }>('/pos/create-order', {
    uuid: crypto.randomUUID(),
    cart: lines.map((l) => ({ uuid: crypto.randomUUID(), item_id: l.item, quantity: 1, seat: l.seat })),
    deliveryType: 'dinein',
    tableId,
  });
}

interface Invoices {
  invoices: {
    invoice_id: number;
    total: number;
    table_title: string | null;
    payments: { payment_type: string; amount: number; tendered: number | null; change: number | null }[];
  }[];
}

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Split Bistro'));
  await page.setViewportSize(SIZES.tablet);
  await post('/settings/taxes/add', { title: 'VAT', rate: '10', type: 'exclusive' });
  const [vat] = await get<{ id: number }[]>('/settings/taxes');
  const item = async (title: string, price: string, taxId?: number) =>
    (await post<{ id: number }>('/menu-items/add', { title, price, taxId })).id;
  ids.steak = await item('Steak', '18', vat?.id);
  ids.pasta = await item('Pasta', '12.50', vat?.id);
  ids.wine = await item('Wine', '7', vat?.id);
  ids.water = await item('Water', '2');
  // Cash and Card come with the store from sign-up (migrations 0031, 0039).
  await post('/settings/store-tables/add', { title: 'T4', floor: 'Main', seatingCapacity: 4 });
  await post('/settings/store-tables/add', { title: 'T5', floor: 'Main', seatingCapacity: 2 });
  await post('/settings/store-tables/add', { title: 'T6', floor: 'Main', seatingCapacity: 2 });
  const init = await get<{
    storeTables: { id: number; table_title: string }[];
    paymentTypes: { id: number; title: string }[];
  }>('/pos/init');
  ids.t4 = init.storeTables.find((t) => t.table_title === 'T4')?.id ?? 0;
  ids.t5 = init.storeTables.find((t) => t.table_title === 'T5')?.id ?? 0;
  ids.cash = init.paymentTypes.find((p) => p.title === 'Cash')?.id ?? 0;
  ids.card = init.paymentTypes.find((p) => p.title === 'Card')?.id ?? 0;
});
afterAll(() => browser.close());

const group = (name: string) => page.getByTestId('table-group').filter({ hasText: name });

describe('split bills', () => {
  it('splits a table of four by seat and pays it, one seat part cash and part card', async () => {
    // Steak (18.00 + 1.80 VAT) on seat 1, a Pasta (12.50 + 1.25) on seats 2 and 3, Wine (7.00 + 0.70)
    // on seat 4 and a Water for the table (2.00, no tax): 57.00, the Water 0.50 a seat.
    await sendOrder(ids.t4, [
      { item: ids.steak, seat: 1 },
      { item: ids.pasta, seat: 2 },
      { item: ids.pasta, seat: 3 },
      { item: ids.wine, seat: 4 },
      { item: ids.water, seat: null },
    ]);
    await page.goto('/dashboard/orders');
    const t4 = group('T4');
    await t4.getByTestId('line-seat').first().waitFor();
    expect(await t4.getByTestId('line-seat').allTextContents()).toEqual([
      'Seat 1',
      'Seat 2',
      'Seat 3',
      'Seat 4',
    ]);

    await t4.getByRole('button', { name: 'Pay & Complete' }).click();
    await page.getByRole('button', { name: 'Split / several payments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Split & pay' });
    await dialog.getByTestId('split-part').first().waitFor();
    const parts = dialog.getByTestId('split-part');
    expect(await parts.count()).toBe(4);
    expect(await dialog.getByTestId('split-part-total').allTextContents()).toEqual([
      '$20.30',
      '$14.25',
      '$14.25',
      '$8.20',
    ]);
    expect(await parts.nth(0).textContent()).toContain('Part 1 · Seat 1');
    expect(await parts.nth(3).textContent()).toContain('Wine, Water (1/4)');
    await screenshot(page, 'split-by-seat-tablet', false);

    // Part 1: 10.00 cash from a 20.00 note, the rest on the card.
    const first = parts.nth(0);
    await first.getByLabel('Amount 1, Part 1 · Seat 1').fill('10');
    expect(await first.getByTestId('split-remaining').textContent()).toBe('$10.30 left to pay');
    const pay = dialog.getByRole('button', { name: 'Pay $57.00 in 4 parts' });
    expect(await pay.isDisabled()).toBe(true);
    await first.getByLabel('Cash given 1, Part 1 · Seat 1').fill('20');
    await first.getByTestId('split-tender-change').getByText('Change $10.00').waitFor();
    await first.getByRole('button', { name: 'Add payment' }).click();
    expect(await first.getByLabel('Amount 2, Part 1 · Seat 1').inputValue()).toBe('10.30');
    await first.getByLabel('Payment type 2, Part 1 · Seat 1').click();
    await page.getByRole('option', { name: 'Card' }).click();
    expect(await first.getByTestId('split-remaining').textContent()).toBe('Paid in full');
    await screenshot(page, 'split-mixed-tenders-tablet', false);
    await checkScreen(page, 'split dialog', { staff: true, sizes: ['tablet', 'desktop'] });

    await pay.click();
    const done = page.getByRole('dialog', { name: 'Payment received' });
    await done.getByText('Bill paid!').waitFor();
    expect(await done.getByTestId('split-change').textContent()).toBe('$10.00');
    expect(await done.getByTestId('split-done-part').count()).toBe(4);
    await screenshot(page, 'split-paid-tablet', false);

    // Part 1's receipt: its share of the lines, its totals and both payments.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      done.getByRole('button', { name: 'Print part 1' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/print-receipt');
    await popup.getByTestId('receipt-total').waitFor();
    expect(await popup.getByTestId('receipt-total').textContent()).toContain('20.30');
    expect(await popup.getByTestId('receipt-line').allTextContents()).toEqual([
      expect.stringContaining('Steak'),
      expect.stringContaining('Water (1/4)'),
    ]);
    expect(await popup.getByTestId('receipt-payment').textContent()).toContain('Cash $10.00 + Card $10.30');
    await screenshot(popup, 'split-part-receipt', true);
    await popup.close();
    await done.getByRole('button', { name: 'Done' }).click();
    await t4.waitFor({ state: 'detached' });

    // One invoice, each seat's payments, part 1 with two.
    const { invoices } = await get<Invoices>('/invoices?type=today');
    const bill = invoices.find((i) => i.table_title === 'T4');
    expect(bill?.total).toBe(57);
    expect(bill?.payments).toEqual([
      { payment_type: 'Cash', amount: 10, tendered: 20, change: 10 },
      { payment_type: 'Card', amount: 10.3, tendered: null, change: null },
      { payment_type: 'Cash', amount: 14.25, tendered: null, change: null },
      { payment_type: 'Cash', amount: 14.25, tendered: null, change: null },
      { payment_type: 'Cash', amount: 8.2, tendered: null, change: null },
    ]);
  });

  it('refuses a split with one part paid short and changes nothing', async () => {
    const { orderId } = await sendOrder(ids.t5, [
      { item: ids.steak, seat: 1 },
      { item: ids.wine, seat: 2 },
    ]);
    const before = (await get<Invoices>('/invoices?type=today')).invoices.length;
    const res = await context.request.post('/api/v1/orders/pay-split', {
      data: {
        orderIds: [orderId],
        split: { mode: 'seat' },
        parts: [
          { tenders: [{ paymentTypeId: ids.cash, amount: 19.8 }] },
          { tenders: [{ paymentTypeId: ids.card, amount: 7.69 }] },
        ],
      },
    });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'The payments of each part must add up to exactly what the part owes!',
    );
    expect((await get<Invoices>('/invoices?type=today')).invoices.length).toBe(before);
    // The table is still open and unpaid on the screen.
    await page.goto('/dashboard/orders');
    await group('T5').getByTestId('line-seat').first().waitFor();

    // The dialog never sends such a split: Pay waits until every part is paid in full.
    await group('T5').getByRole('button', { name: 'Pay & Complete' }).click();
    await page.getByRole('button', { name: 'Split / several payments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Split & pay' });
    await dialog.locator('label', { hasText: 'Evenly' }).click();
    expect(await dialog.getByTestId('split-part-total').allTextContents()).toEqual(['$13.75', '$13.75']);
    await dialog.getByTestId('split-part').nth(1).getByLabel('Amount 1, Part 2').fill('13.74');
    expect(await dialog.getByRole('button', { name: 'Pay $27.50 in 2 parts' }).isDisabled()).toBe(true);
    await screenshot(page, 'split-evenly-short-tablet', false);

    // By item: the Steak to part 1, the Wine to part 2.
    await dialog.locator('label', { hasText: 'By item' }).click();
    await dialog
      .getByRole('radiogroup', { name: 'Part for Wine' })
      .locator('label', { hasText: '2' })
      .click();
    expect(await dialog.getByTestId('split-part-total').allTextContents()).toEqual(['$19.80', '$7.70']);
    await screenshot(page, 'split-by-item-tablet', false);
    await checkScreen(page, 'split by item', { staff: true, sizes: ['tablet'] });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await get<Invoices>('/invoices?type=today')).invoices.length).toBe(before);
  });

  it('sets seats on cart lines in the POS, shown on Table Orders and the kitchen ticket', async () => {
    await page.goto('/dashboard/pos');
    const item = (title: string) => page.getByTestId('pos-item').filter({ hasText: title });
    await item('Steak').click();
    await item('Wine').click();
    for (const [title, seat] of [
      ['Steak', '1'],
      ['Wine', '2'],
    ] as const) {
      // A tap on the line opens its editor: quantity, seat and notes (issue 31).
      await page.getByTestId('cart-line').filter({ hasText: title }).click();
      const editor = page.getByRole('dialog', { name: title });
      await editor.getByRole('textbox', { name: 'Seat' }).click();
      await page.getByRole('option', { name: seat, exact: true }).click();
      await editor.getByRole('button', { name: 'Done' }).click();
      await editor.waitFor({ state: 'hidden' });
    }
    await page.getByRole('textbox', { name: 'Table' }).click();
    await page.getByRole('option', { name: 'T6 · Main' }).click();
    await screenshot(page, 'pos-seats-tablet', false);
    // A table's order prints no token slip (issue 31).
    await page.getByRole('button', { name: 'Send to Kitchen' }).click();
    await page.getByTestId('last-token').waitFor();

    await page.goto('/dashboard/orders');
    const t6 = group('T6');
    await t6.getByTestId('line-seat').first().waitFor();
    expect(await t6.getByTestId('line-seat').allTextContents()).toEqual(['Seat 1', 'Seat 2']);
    await screenshot(page, 'table-orders-seats-tablet', false);

    await page.goto('/dashboard/kitchen');
    const ticket = page.getByTestId('ticket').filter({ hasText: 'T6' });
    await ticket.getByTestId('line-seat').first().waitFor();
    expect(await ticket.getByTestId('line-seat').allTextContents()).toEqual(['Seat 1', 'Seat 2']);
    await screenshot(page, 'kitchen-seats-tablet', false);
  });
});
