import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  SIZES,
  checkScreen,
  expectAccessible,
  launchBrowser,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
} from './browser.ts';

// Receipts and reports an owner can trust (issue 31), on a 1024x768 touch tablet: a discounted line
// shows its discount under it, each part of a split bill has its own receipt number, a kitchen note
// prints on the guest receipt only with Show Notes, and the reports show a refund larger than the day's
// cash as a negative Cash row beside a refunds figure of its own. Steak 18.00 and Wine 7.00 carry 10 %
// VAT on top; Water 1.00 has no tax.

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { t1: 0, steak: 0, wine: 0, water: 0, cash: 0 };

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

const PRINT = {
  pageFormat: 80,
  header: '',
  footer: 'Obrigado!',
  showNotes: false,
  // No auto-print: the popups are looked at, not printed.
  isEnablePrint: false,
  showStoreDetails: true,
  showCustomerDetails: true,
  printToken: false,
};
const setPrint = (settings: Partial<typeof PRINT>) =>
  post('/settings/print-setting', { ...PRINT, ...settings });

/** Sends an order for T1 and answers its id and token. */
function sendToT1(lines: { item: number; qty: number; notes?: string }[]) {
  return post<{ orderId: number; tokenNo: number }>('/pos/create-order', {
    uuid: crypto.randomUUID(),
    cart: lines.map((l) => ({
      uuid: crypto.randomUUID(),
      item_id: l.item,
      quantity: l.qty,
      ...(l.notes ? { notes: l.notes } : {}),
    })),
    deliveryType: 'dinein',
    tableId: ids.t1,
  });
}

/** Opens T1's group on Table Orders. */
async function tableOne() {
  await page.goto('/dashboard/orders');
  const group = page.getByTestId('table-group').filter({ hasText: 'T1' });
  await group.getByRole('button', { name: 'Pay & Complete' }).waitFor();
  return group;
}

/** Taps a button that opens the receipt popup and answers the popup once its total is there. */
async function receiptFrom(button: ReturnType<Page['getByRole']>) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.tap()]);
  await popup.waitForLoadState();
  await popup.getByTestId('receipt-total').waitFor();
  return popup;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.tablet, { hasTouch: true, isMobile: false });
  page = await context.newPage();
  const owner = await registerTenant(context, 'Tasca Honesta');
  await loginThroughUi(page, owner.username, owner.password);
  await post('/settings/taxes/add', { title: 'VAT', rate: '10', type: 'exclusive' });
  const [vat] = await get<{ id: number }[]>('/settings/taxes');
  const item = async (title: string, price: string, taxId?: number) =>
    (await post<{ id: number }>('/menu-items/add', { title, price, taxId })).id;
  ids.steak = await item('Steak', '18', vat?.id);
  ids.wine = await item('Wine', '7', vat?.id);
  ids.water = await item('Water', '1');
  await post('/settings/store-tables/add', { title: 'T1', floor: 'Main', seatingCapacity: 4 });
  const init = await get<{
    storeTables: { id: number; table_title: string }[];
    paymentTypes: { id: number; title: string }[];
  }>('/pos/init');
  ids.t1 = init.storeTables.find((t) => t.table_title === 'T1')?.id ?? 0;
  ids.cash = init.paymentTypes.find((p) => p.title === 'Cash')?.id ?? 0;
  await setPrint({});
});
afterAll(() => browser.close());

describe('receipts', () => {
  it('prints a discounted line with its discount under it, so the line adds up (80 mm)', async () => {
    await sendToT1([
      { item: ids.steak, qty: 1 },
      { item: ids.wine, qty: 1 },
    ]);
    const group = await tableOne();
    await group.getByRole('button', { name: 'Pay & Complete' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Pay & Complete' });
    await dialog.getByTestId('pay-total').waitFor();
    await dialog.getByRole('button', { name: 'Discount an item' }).tap();
    const line = dialog.getByTestId('line-discount');
    await line.getByLabel('Item', { exact: true }).click();
    await page.getByRole('option', { name: /Wine/ }).click();
    await line.getByTestId('line-discount-value').fill('10');
    await line.getByLabel('Reason for the discount').fill('Regular');
    // 0.70 off the Wine's 7.00: 18.00 + 6.30 = 24.30 + 2.43 VAT = 26.73.
    expect(await dialog.getByTestId('pay-total').textContent()).toBe('$26.73');
    await dialog.getByRole('button', { name: /^Pay / }).tap();
    const done = page.getByRole('dialog', { name: 'Payment received' });
    await done.getByText('Order completed and paid!').waitFor();
    const receipt = await receiptFrom(done.getByRole('button', { name: 'Print Receipt' }));

    const wine = receipt.getByTestId('receipt-line').filter({ hasText: 'Wine' });
    await wine.getByText('1 x $7.00').waitFor();
    // The line's price, then what its discount took off: 7.00 - 0.70 is what the subtotal counts.
    expect(await wine.getByTestId('receipt-line-discount').textContent()).toBe('Discount 10%: Regular-$0.70');
    const steak = receipt.getByTestId('receipt-line').filter({ hasText: 'Steak' });
    expect(await steak.getByTestId('receipt-line-discount').count()).toBe(0);
    // No second discount row: the bill itself had no discount.
    expect(await receipt.getByTestId('receipt-discount').count()).toBe(0);
    expect(await receipt.getByTestId('receipt-subtotal').textContent()).toBe('$24.30');
    expect(await receipt.getByTestId('receipt-tax').textContent()).toBe('$2.43');
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('$26.73');
    await expectAccessible(receipt, 'receipt with a line discount, 80 mm');
    await screenshot(receipt, 'receipt-line-discount-80mm');
    await receipt.close();
  });

  it('gives each part of a split bill its own receipt number, the same on a reprint (57 mm)', async () => {
    await setPrint({ pageFormat: 57 });
    const sent = await sendToT1([
      { item: ids.steak, qty: 1 },
      { item: ids.wine, qty: 1 },
    ]);
    const group = await tableOne();
    await group.getByRole('button', { name: 'Pay & Complete' }).tap();
    await page.getByRole('button', { name: 'Split / several payments' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Split & pay' });
    await dialog.getByTestId('split-part').first().waitFor();
    await dialog.locator('label', { hasText: 'Evenly' }).tap();
    // 27.50 in two: 13.75 each.
    await expect
      .poll(() => dialog.getByTestId('split-part-total').allTextContents())
      .toEqual(['$13.75', '$13.75']);
    await dialog.getByRole('button', { name: 'Pay $27.50 in 2 parts' }).tap();
    const done = page.getByRole('dialog', { name: 'Payment received' });
    await done.getByText('Bill paid!').waitFor();

    const invoices = await get<{ invoices: { orders: { order_id: number; business_date: string }[] }[] }>(
      '/invoices?type=today',
    );
    const day = invoices.invoices
      .flatMap((i) => i.orders)
      .find((o) => o.order_id === sent.orderId)?.business_date;
    const bill = `${sent.tokenNo}-${day}`;
    const numbers: string[] = [];
    for (const n of [1, 2]) {
      const receipt = await receiptFrom(done.getByRole('button', { name: `Print part ${n}` }));
      expect(await receipt.getByTestId('receipt').getAttribute('data-width')).toBe('57');
      numbers.push((await receipt.getByTestId('receipt-no').textContent()) ?? '');
      expect(await receipt.getByTestId('receipt-part').textContent()).toBe(`Part ${n} of 2`);
      expect(await receipt.getByTestId('receipt-total').textContent()).toBe('$13.75');
      if (n === 2) {
        await expectAccessible(receipt, 'split part receipt, 57 mm');
        await screenshot(receipt, 'receipt-split-part-57mm');
      }
      await receipt.close();
    }
    expect(numbers).toEqual([`${bill}/1`, `${bill}/2`]);
    // A reprint of part 1 carries the same number.
    const again = await receiptFrom(done.getByRole('button', { name: 'Print part 1' }));
    expect(await again.getByTestId('receipt-no').textContent()).toBe(`${bill}/1`);
    await again.close();
    await setPrint({});
  });

  it("prints a line's kitchen note on the guest receipt only with Show Notes on", async () => {
    await sendToT1([{ item: ids.steak, qty: 1, notes: 'no onions, well done' }]);
    let group = await tableOne();
    let receipt = await receiptFrom(group.getByRole('button', { name: 'Print Receipt' }));
    await receipt.getByTestId('receipt-line').filter({ hasText: 'Steak' }).waitFor();
    expect(await receipt.getByTestId('receipt-notes').count()).toBe(0);
    expect(await receipt.getByTestId('receipt').textContent()).not.toContain('no onions');
    await receipt.close();

    // The owner turns Show Notes on in Print Settings.
    await page.goto('/dashboard/settings/print-settings');
    await page.getByRole('switch', { name: 'Show Notes' }).check();
    await page.getByRole('button', { name: /^Save/ }).tap();
    await expect
      .poll(async () => (await get<{ showNotes: boolean }>('/settings/print-setting')).showNotes)
      .toBe(true);
    group = await tableOne();
    receipt = await receiptFrom(group.getByRole('button', { name: 'Print Receipt' }));
    expect(await receipt.getByTestId('receipt-notes').textContent()).toBe('Note: no onions, well done');
    await receipt.close();
    await setPrint({});
  });
});

describe('reports', () => {
  it('shows a refund larger than the cash taken as a negative Cash row, with refunds as a figure of their own', async () => {
    // A card bill of 10 Steaks and a Water (198.00 + 1.00), given back whole in cash: more than the
    // 26.73 + 27.50 the drawer took today.
    const { paymentTypes } = await get<{ paymentTypes: { id: number; title: string }[] }>('/pos/init');
    const paid = await post<{ invoiceId: number }>('/pos/create-order-and-invoice', {
      uuid: crypto.randomUUID(),
      cart: [
        { uuid: crypto.randomUUID(), item_id: ids.steak, quantity: 10 },
        { uuid: crypto.randomUUID(), item_id: ids.water, quantity: 1 },
      ],
      deliveryType: 'takeaway',
      netTotal: 181,
      taxTotal: 18,
      total: 199,
      payment: { paymentTypeId: paymentTypes.find((p) => p.title === 'Card')?.id },
    });
    const [reason] = await get<{ id: number }[]>('/void-reasons');
    await post(`/invoices/${paid.invoiceId}/refund`, { reasonId: reason?.id, paymentTypeId: ids.cash });

    await page.goto('/dashboard/reports');
    const tile = (name: string) => page.getByRole('group', { name, exact: true });
    await expect
      .poll(() =>
        tile('Refunds')
          .getByTestId(/-value$/)
          .textContent(),
      )
      .toBe('\u2212$199.00');
    expect(await tile('Refunds').textContent()).toContain('1 refund, taken off revenue');
    expect(
      await tile('Sales')
        .getByTestId(/-value$/)
        .textContent(),
    ).toBe('$253.23');
    expect(
      await tile('Revenue Total')
        .getByTestId(/-value$/)
        .textContent(),
    ).toBe('$54.23');

    // The drawer gave back more than it took: 54.23 - 199.00, signed and in red, never $0.00.
    const cash = page.getByTestId('payment-types-row').filter({ hasText: 'Cash' });
    expect(await cash.locator('[data-negative]').textContent()).toBe('\u2212$144.77');
    const card = page.getByTestId('payment-types-row').filter({ hasText: 'Card' });
    expect(await card.textContent()).toContain('$199.00');

    // Top sellers: the 10 Steaks and the Water came back; what is left is sold. Water (0 left) is gone.
    const top = page.getByTestId('top-selling-row');
    await expect.poll(() => top.count()).toBe(2);
    expect(await top.allTextContents()).toEqual([
      expect.stringContaining('Steak'),
      expect.stringContaining('Wine'),
    ]);
    expect(await page.getByTestId('top-selling-table').textContent()).not.toContain('Water');

    await page.getByTestId('tile-refund-total').scrollIntoViewIfNeeded();
    // A staff screen: axe and touch targets at the tablet and desktop sizes (as reports.test.ts); the
    // phone is looked at in its screenshot (its wide tables scroll sideways in a region axe flags).
    await checkScreen(page, 'reports with a refund larger than the cash', {
      sizes: ['tablet', 'desktop'],
      screenshot: 'reports-refunds',
    });
    await page.setViewportSize(SIZES.phone);
    await screenshot(page, 'reports-refunds-phone', false);
    await page.setViewportSize(SIZES.tablet);
    await page.getByTestId('payment-types-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'reports-refunds-payment-types-tablet', false);
  });
});
