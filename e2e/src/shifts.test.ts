import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkScreen, expectAccessible, SIZES, screenshot, signedInOwner } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function post(path: string, data: object) {
  const res = await context.request.post(`/api/v1${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id?: number };
}

/** A USD store selling a Croissant (4.00, untaxed) and an Espresso (2.50, untaxed); Cash and Card. */
beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Cafe Turno'));
  await page.setViewportSize(SIZES.tablet);
  const store = (await (await context.request.get('/api/v1/settings/store-setting')).json()) as object;
  await post('/settings/store-setting', { ...store, storeName: 'Cafe Turno', address: '3 Quay Street' });
  await post('/menu-items/add', { title: 'Croissant', price: '4' });
  await post('/menu-items/add', { title: 'Espresso', price: '2.5' });
  // Cash and Card come with the store from sign-up (migrations 0031, 0039).
  // Every page counts its print calls instead of opening the print dialog.
  await context.addInitScript(() => {
    window.print = () => undefined;
  });
});
afterAll(() => browser.close());

const item = (title: string) => page.getByTestId('pos-item').filter({ hasText: title });
const noToasts = () => page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' });

/** Sells one item at the POS through the pay dialog. */
async function sell(title: string, payment: 'Cash' | 'Card', tendered?: string) {
  await item(title).click();
  await page.getByRole('button', { name: 'Create Receipt & Pay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Receipt & Pay' });
  await dialog.getByRole('radio', { name: payment }).click();
  if (tendered) await dialog.getByRole('textbox', { name: 'Amount tendered' }).fill(tendered);
  const [receipt] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Pay', exact: true }).click(),
  ]);
  await receipt.waitForURL(/\/print-receipt/);
  await receipt.close();
  await dialog.waitFor({ state: 'hidden' });
}

describe('Shift: a cashier opens the till, sells, pays out and closes with a Z report', () => {
  it('shows "No shift open" on the POS and opens a shift with a float', async () => {
    await page.goto('/dashboard/pos');
    const hint = page.getByTestId('no-shift-hint');
    await hint.getByText('No shift open.').waitFor();
    await screenshot(page, 'shift-pos-hint-tablet', false);
    await hint.getByRole('link', { name: 'Open shift' }).click();
    await page.waitForURL('**/dashboard/shift');
    await page.getByRole('heading', { level: 1, name: 'Shift' }).waitFor();

    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByText('Please provide a valid float amount!').waitFor();
    await page.getByRole('textbox', { name: 'Float ($)' }).fill('100');
    await noToasts();
    await checkScreen(page, 'Shift, none open', { staff: true, sizes: ['tablet'] });
    await screenshot(page, 'shift-open-form-tablet', false);
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByText('Shift opened!').waitFor();
    await expect(page.getByTestId('shift-float').textContent()).resolves.toContain('$100.00');
  });

  it('sells in cash (with change) and by card on the POS, the hint gone', async () => {
    await page.goto('/dashboard/pos');
    await item('Croissant').waitFor();
    expect(await page.getByTestId('no-shift-hint').count()).toBe(0);
    // 4.00 from a 10 note: 6.00 change, 4.00 in the drawer.
    await sell('Croissant', 'Cash', '10');
    await sell('Espresso', 'Card');
  });

  it('takes in a sale a device queued offline before the shift opened, as a late sale of this shift', async () => {
    const init = (await (await context.request.get('/api/v1/pos/init')).json()) as {
      menuItems: { id: number; title: string }[];
      paymentTypes: { id: number; title: string }[];
    };
    const espresso = init.menuItems.find((i) => i.title === 'Espresso');
    const card = init.paymentTypes.find((p) => p.title === 'Card');
    // An Espresso paid by card on a tablet that lost the network an hour ago, replayed now: it is
    // dated at the shift's opening and counted in it, marked late (docs/shifts.md).
    const res = await context.request.post('/api/v1/pos/create-order-and-invoice', {
      headers: { 'X-Queued-Ms': String(60 * 60_000), 'Idempotency-Key': crypto.randomUUID() },
      data: {
        uuid: crypto.randomUUID(),
        cart: [{ uuid: crypto.randomUUID(), item_id: espresso?.id, quantity: 1 }],
        deliveryType: 'takeaway',
        netTotal: 2.5,
        taxTotal: 0,
        total: 2.5,
        payment: { paymentTypeId: card?.id, tendered: null },
      },
    });
    expect(res.status()).toBe(200);
  });

  it('pays out with a required note and opens the drawer without a sale', async () => {
    await page.goto('/dashboard/shift');
    await page.getByRole('button', { name: 'Pay out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay out' });
    await dialog.getByRole('textbox', { name: 'Amount ($)' }).fill('12.5');
    await dialog.getByRole('button', { name: 'Record pay out' }).click();
    await dialog.getByText('Please provide a note!').waitFor();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Milk from the corner shop');
    await dialog.getByRole('button', { name: 'Record pay out' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'No sale' }).click();
    const rows = page.getByTestId('movement-row');
    await rows.nth(1).waitFor();
    await expect(rows.nth(0).textContent()).resolves.toContain('Milk from the corner shop');
    await expect(rows.nth(0).textContent()).resolves.toContain('$12.50');
    await expect(rows.nth(1).textContent()).resolves.toContain('No sale');
    await noToasts();
    await checkScreen(page, 'Shift, open', { staff: true, sizes: ['tablet', 'desktop'] });
    await screenshot(page, 'shift-open-tablet', false);
  });

  it('closes with a blind count and shows expected vs counted, then prints the Z report', async () => {
    await page.getByRole('button', { name: 'Close shift' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close the shift' });
    // Blind: nothing says what the drawer should hold.
    expect(await dialog.textContent()).not.toContain('91.50');
    await dialog.getByRole('button', { name: 'Close shift' }).click();
    await dialog.getByText('Please count the cash in the drawer!').waitFor();
    await expectAccessible(page, 'Close dialog');
    await screenshot(page, 'shift-close-dialog-tablet', false);
    // Expected cash: 100 float + 4.00 cash - 12.50 paid out = 91.50; counted 90: 1.50 short.
    await dialog.getByRole('textbox', { name: /^Cash/ }).fill('90');
    await dialog.getByRole('textbox', { name: /^Card/ }).fill('5.00');
    await dialog.getByRole('button', { name: 'Close shift' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const summary = page.getByTestId('z-report-summary');
    await summary.waitFor();
    const rows = summary.getByTestId('z-tender-row');
    await expect(rows.nth(0).textContent()).resolves.toBe('Cash$91.50$90.00Short -$1.50');
    await expect(rows.nth(1).textContent()).resolves.toBe('Card$5.00$5.00Even');
    // The open form is back for the next shift, and the history lists this one.
    await page.getByRole('textbox', { name: 'Float ($)' }).waitFor();
    await page.getByTestId('shift-row').first().waitFor();
    await noToasts();
    await checkScreen(page, 'Shift, closed with its Z report', { staff: true, sizes: ['tablet'] });
    await screenshot(page, 'shift-closed-z-tablet', true);

    const [z80] = await Promise.all([
      context.waitForEvent('page'),
      summary.getByRole('button', { name: 'Print 80 mm' }).click(),
    ]);
    await z80.waitForURL(/\/print-z-report/);
    const report = z80.getByTestId('z-report');
    await report.waitFor();
    expect(await report.getAttribute('data-paper')).toBe('80');
    expect(Math.round((await report.boundingBox())?.width ?? 0)).toBe(302);
    await report.getByRole('heading', { name: 'Cafe Turno' }).waitFor();
    await expect(report.getByTestId('z-bills').textContent()).resolves.toBe('Bills3');
    await expect(report.getByTestId('z-total').textContent()).resolves.toBe('Total$9.00');
    await expect(report.getByTestId('z-payment-Cash').textContent()).resolves.toBe('Cash (1)$4.00');
    await expect(report.getByTestId('z-payment-Card').textContent()).resolves.toBe('Card (2)$5.00');
    // The card sale replayed from before the shift: one of the three bills, said so for the manager.
    await expect(report.getByTestId('z-late').textContent()).resolves.toBe(
      'Sales queued offline, taken before this shift(1) $2.50',
    );
    await report.getByTestId('z-late-note').waitFor();
    const count = await report.getByTestId('z-count').textContent();
    expect(count).toContain('Cash$91.50$90.00-$1.50');
    expect(await report.textContent()).toContain('Milk from the corner shop');
    await expectAccessible(z80, 'Z report 80 mm');
    await screenshot(z80, 'shift-z-report-80mm');
    await z80.close();

    const [a4] = await Promise.all([
      context.waitForEvent('page'),
      summary.getByRole('button', { name: 'Print A4' }).click(),
    ]);
    await a4.getByTestId('z-report').waitFor();
    expect(await a4.getByTestId('z-report').getAttribute('data-paper')).toBe('a4');
    await a4.setViewportSize({ width: 820, height: 1100 });
    await expectAccessible(a4, 'Z report A4');
    await screenshot(a4, 'shift-z-report-a4');
    await a4.close();
  }, 300_000);

  it('marks the cash payment type on the Payment Types screen', async () => {
    await page.goto('/dashboard/settings/payment-types');
    const cash = page.getByRole('checkbox', { name: 'Cash goes in the cash drawer' });
    await cash.waitFor();
    expect(await cash.isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Card goes in the cash drawer' }).isChecked()).toBe(
      false,
    );
    await noToasts();
    await checkScreen(page, 'Payment types with the cash column', { staff: true, sizes: ['tablet'] });
    await screenshot(page, 'shift-payment-types-tablet', false);
    // Card goes in the drawer too once ticked, and stays so.
    await page.getByRole('checkbox', { name: 'Card goes in the cash drawer' }).click();
    await page.getByText('Payment type updated!').waitFor();
    await page.reload();
    const card = page.getByRole('checkbox', { name: 'Card goes in the cash drawer' });
    await card.waitFor();
    expect(await card.isChecked()).toBe(true);
  });
});
