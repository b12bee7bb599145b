import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addMonths, todayIn } from '@comanda/core';
import { checkScreen, SIZES, screenshot, signedInOwner } from './browser.ts';
import { type PaidOrder, type SeededMenu, payOrder, seedMenu } from './paid-order.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let menu: SeededMenu;
let timezone: string;

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Tasca Fatura'));
  await context.addInitScript(() => {
    const w = window as unknown as { prints: number };
    w.prints = 0;
    window.print = () => {
      w.prints += 1;
    };
  });
  menu = await seedMenu(context.request, 'Tasca Fatura');
  const init = (await (await context.request.get('/api/v1/invoices/init')).json()) as {
    storeSettings: { timezone: string };
  };
  timezone = init.storeSettings.timezone;
});
afterAll(() => browser.close());

const rows = () => page.getByTestId('invoice-row');
const row = (id: number) => page.locator(`[data-testid="invoice-row"][data-invoice="${id}"]`);

async function chooseFilter(name: string) {
  await page.getByRole('textbox', { name: 'Show' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

async function search(text: string) {
  await page.getByRole('textbox', { name: 'Search invoices' }).fill(text);
  await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
}

describe('invoices screen', () => {
  let paid: PaidOrder;

  it('shows an empty day, then the order paid at the POS under today', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Invoices' })
      .click();
    await page.waitForURL('**/dashboard/invoices');
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await expect(page.title()).resolves.toBe('Invoices · Comanda');
    await page.getByText('No invoices for these dates').waitFor();
    await checkScreen(page, 'invoices, empty', { staff: true, sizes: ['tablet', 'desktop'] });

    paid = await payOrder(context.request, menu);
    const second = await payOrder(context.request, menu);
    // Paid on another terminal: the list refetches on the socket's new_order / order_update, no reload.
    await row(paid.invoiceId).waitFor();
    await row(second.invoiceId).waitFor();
    expect(await rows().count()).toBe(2);
    const r = row(paid.invoiceId);
    await r.getByRole('cell', { name: String(paid.tokenNo), exact: true }).waitFor();
    await r.getByRole('cell', { name: `#${paid.invoiceId}`, exact: true }).waitFor();
    await r.getByText('Takeaway').waitFor();
    await r.getByText('Walk-in').waitFor();
    await r.getByText('Cash').waitFor();
    await r.getByText('$34.33').waitFor();

    await checkScreen(page, 'invoices list', { staff: true, sizes: ['tablet', 'desktop'] });
    await page.setViewportSize(SIZES.tablet);
    await page.waitForTimeout(350);
    await screenshot(page, 'invoices-1024');
    await page.setViewportSize(SIZES.desktop);
    await page.waitForTimeout(350);
    await screenshot(page, 'invoices-1280');
  });

  it('shows cards instead of the table below 900 px', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByTestId('invoices-cards').waitFor();
    await expect(page.getByTestId('invoices-table').count()).resolves.toBe(0);
    await row(paid.invoiceId)
      .getByText('Token ' + paid.tokenNo, { exact: true })
      .waitFor();
    await screenshot(page, 'invoices-768-portrait');
    await page.setViewportSize(SIZES.desktop);
    await page.getByTestId('invoices-table').waitFor();
  });

  it('filters by date: nothing tomorrow, today again in a custom range from today to next month', async () => {
    await chooseFilter('Tomorrow');
    await page.getByText('No invoices for these dates').waitFor();
    await chooseFilter('Custom');
    const today = todayIn(timezone);
    await expect(page.getByRole('textbox', { name: 'From' }).inputValue()).resolves.toBe(today);
    await expect(page.getByRole('textbox', { name: 'To' }).inputValue()).resolves.toBe(addMonths(today, 1));
    await row(paid.invoiceId).waitFor();
    await chooseFilter('Today');
    await row(paid.invoiceId).waitFor();
  });

  it('says so when the list fails to load', async () => {
    await page.route('**/api/v1/invoices?type=yesterday', (route) =>
      route.fulfill({ status: 500, body: '{}' }),
    );
    await chooseFilter('Yesterday');
    await page.getByRole('alert').getByText('Error loading details! Please try later!').waitFor();
    await page.unroute('**/api/v1/invoices?type=yesterday');
    await chooseFilter('Today');
    await row(paid.invoiceId).waitFor();
  });

  it('searches by invoice number and says when nothing matches', async () => {
    // A blank search is ignored: the day's list stays.
    await search('   ');
    await expect(rows().count()).resolves.toBe(2);
    await search(String(paid.invoiceId));
    await page.getByRole('heading', { name: `Results for “${paid.invoiceId}”` }).waitFor();
    await row(paid.invoiceId).waitFor();
    await search('no such guest zzz');
    await page.getByTestId('no-result').getByText('No result found!').waitFor();
    await checkScreen(page, 'invoices, no result', { staff: true, sizes: ['tablet'] });
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await row(paid.invoiceId).waitFor();
  });

  it('closes the popup again and says so when the receipt cannot be loaded', async () => {
    await page.route('**/api/v1/invoices/orders', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Something went wrong!"}',
      }),
    );
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      row(paid.invoiceId)
        .getByRole('button', { name: `Print preview of invoice #${paid.invoiceId}` })
        .click(),
    ]);
    try {
      await page.getByText('Something went wrong!').first().waitFor();
      await expect.poll(() => popup.isClosed()).toBe(true);
    } finally {
      await page.unroute('**/api/v1/invoices/orders');
    }
  });

  it('opens the print preview in the popup without printing', async () => {
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      row(paid.invoiceId)
        .getByRole('button', { name: `Print preview of invoice #${paid.invoiceId}` })
        .click(),
    ]);
    await popup.getByTestId('receipt').waitFor();
    expect(new URL(popup.url()).pathname).toBe('/print-receipt');
    expect(new URL(popup.url()).searchParams.get('autoprint')).toBeNull();
    await expect(popup.getByTestId('receipt-total').textContent()).resolves.toBe('$34.33');
    await expect(popup.getByTestId('receipt-no').textContent()).resolves.toBe(
      `${paid.tokenNo}-${paid.businessDate}`,
    );
    await expect(popup.getByTestId('receipt-line').count()).resolves.toBe(2);
    await popup.waitForTimeout(600);
    expect(await popup.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(0);
    await popup.close();
  });
});
