import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, screenshot, signedInOwner } from './browser.ts';
import { type PaidOrder, payOrder, seedMenu } from './paid-order.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let paid: PaidOrder;

const ALL_ON = {
  pageFormat: 80,
  header: 'Thank you for dining with us',
  footer: 'See you soon!',
  showNotes: true,
  isEnablePrint: true,
  showStoreDetails: true,
  showCustomerDetails: true,
  printToken: true,
};

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Tasca Recibo'));
  // Every page of this browser counts its print calls instead of opening the print dialog.
  await context.addInitScript(() => {
    const w = window as unknown as { prints: number };
    w.prints = 0;
    window.print = () => {
      w.prints += 1;
    };
  });
  paid = await payOrder(context.request, await seedMenu(context.request, 'Tasca Recibo'));
});
afterAll(() => browser.close());

/** The page's own style rules (where the paper size is set). */
const pageRules = (p: Page) =>
  p.evaluate(() => [...document.querySelectorAll('style')].map((el) => el.textContent).join('\n'));
const printsOf = (p: Page) => p.evaluate(() => (window as unknown as { prints: number }).prints);

async function setPrint(settings: Partial<typeof ALL_ON>) {
  const res = await context.request.post('/api/v1/settings/print-setting', {
    data: { ...ALL_ON, ...settings },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The receipt as the invoices' print preview opens it: a popup on /print-receipt, never auto-printed. */
async function previewReceipt(): Promise<Page> {
  // The popup is one named window: while one is open, the next preview loads into it (no new popup).
  for (const p of context.pages()) if (p !== page) await p.close();
  await page.goto('/dashboard/invoices');
  const button = page.getByRole('button', { name: `Print preview of invoice #${paid.invoiceId}` });
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.getByTestId('receipt').waitFor();
  expect(new URL(popup.url()).pathname).toBe('/print-receipt');
  expect(new URL(popup.url()).search).toBe('');
  return popup;
}

describe('receipt page', () => {
  it('prints every block at 80 mm when every setting is on', async () => {
    await setPrint({});
    const receipt = await previewReceipt();
    const r = receipt.getByTestId('receipt');
    await expect(r.getAttribute('data-width')).resolves.toBe('80');
    // 80 mm on screen (96 px per inch), and the same on paper.
    expect(Math.round((await r.boundingBox())?.width ?? 0)).toBe(302);
    expect(await pageRules(receipt)).toContain('size: 80mm auto');

    const store = receipt.getByTestId('receipt-store');
    await store.getByRole('heading', { name: 'Tasca Recibo' }).waitFor();
    await store.getByText('12 Harbour Road, Lisbon').waitFor();
    await store.getByText('+351 210 000 000').waitFor();
    await store.getByText('hello@example.test').waitFor();
    await receipt.getByTestId('receipt-header').getByText('Thank you for dining with us').waitFor();
    await expect(receipt.getByTestId('receipt-no').textContent()).resolves.toBe(
      `${paid.tokenNo}-${paid.businessDate}`,
    );
    const customer = receipt.getByTestId('receipt-customer');
    await customer.getByText('Walk-in').waitFor();
    await customer.getByText('Takeaway').waitFor();

    const lines = receipt.getByTestId('receipt-line');
    await expect(lines.count()).resolves.toBe(2);
    const burger = lines.first();
    await burger.getByText('Burger').waitFor();
    await burger.getByText('Large').waitFor();
    await burger.getByText('+ Cheese').waitFor();
    await burger.getByText('Note: no onion').waitFor();
    await burger.getByText('2 x $15.50').waitFor();
    await burger.getByText('$31.00').waitFor();
    await lines.nth(1).getByText('1 x $1.00').waitFor();

    await expect(receipt.getByTestId('receipt-subtotal').textContent()).resolves.toBe('$32.00');
    await expect(receipt.getByTestId('receipt-tax').textContent()).resolves.toBe('$2.33');
    await expect(receipt.getByTestId('receipt-total').textContent()).resolves.toBe('$34.33');
    const payment = receipt.getByTestId('receipt-payment');
    await payment.getByText('Cash').waitFor();
    await payment.getByText('$50.00').waitFor();
    await payment.getByText('$15.67').waitFor();
    await expect(receipt.getByTestId('receipt-token').textContent()).resolves.toContain(String(paid.tokenNo));
    await receipt.getByTestId('receipt-footer').getByText('See you soon!').waitFor();

    // The preview never prints by itself.
    await receipt.waitForTimeout(600);
    expect(await printsOf(receipt)).toBe(0);
    await expectAccessible(receipt, 'receipt 80 mm');
    await receipt.setViewportSize({ width: 400, height: 400 });
    await screenshot(receipt, 'receipt-80mm-popup', false);
    await screenshot(receipt, 'receipt-80mm-full');
    await receipt.close();
  });

  it('leaves out each block its setting turns off, at 57 mm', async () => {
    await setPrint({
      pageFormat: 57,
      header: '',
      footer: '',
      showNotes: false,
      showStoreDetails: false,
      showCustomerDetails: false,
      printToken: false,
    });
    const receipt = await previewReceipt();
    const r = receipt.getByTestId('receipt');
    await expect(r.getAttribute('data-width')).resolves.toBe('57');
    expect(Math.round((await r.boundingBox())?.width ?? 0)).toBe(215);
    expect(await pageRules(receipt)).toContain('size: 57mm auto');
    for (const id of [
      'receipt-store',
      'receipt-header',
      'receipt-customer',
      'receipt-notes',
      'receipt-token',
      'receipt-footer',
    ]) {
      await expect(receipt.getByTestId(id).count(), id).resolves.toBe(0);
    }
    // What always prints: number, lines, totals, payment.
    await receipt.getByTestId('receipt-no').waitFor();
    await expect(receipt.getByTestId('receipt-line').count()).resolves.toBe(2);
    await expect(receipt.getByTestId('receipt-total').textContent()).resolves.toBe('$34.33');
    await receipt.getByTestId('receipt-payment').waitFor();
    await expectAccessible(receipt, 'receipt 57 mm');
    await receipt.setViewportSize({ width: 400, height: 400 });
    await screenshot(receipt, 'receipt-57mm-popup', false);
    await screenshot(receipt, 'receipt-57mm-full');
    await receipt.close();
  });

  it('prints the 57 mm receipt with only some blocks on', async () => {
    await setPrint({ pageFormat: 57, showStoreDetails: true, showNotes: false, printToken: true });
    const receipt = await previewReceipt();
    await receipt.getByTestId('receipt-store').waitFor();
    await receipt.getByTestId('receipt-token').waitFor();
    await receipt.getByTestId('receipt-customer').waitFor();
    await expect(receipt.getByTestId('receipt-notes').count()).resolves.toBe(0);
    await receipt.close();
  });

  it('reads a page format saved as the string "57" (SPEC §3), and one left as a string in storage', async () => {
    const res = await context.request.post('/api/v1/settings/print-setting', {
      data: { ...ALL_ON, pageFormat: '57' },
    });
    expect(res.status(), await res.text()).toBe(200);
    const receipt = await previewReceipt();
    await expect(receipt.getByTestId('receipt').getAttribute('data-width')).resolves.toBe('57');
    // A receipt an older client left in storage with the width as text prints at that width too.
    await receipt.evaluate(() => {
      const key = 'comanda.print.receipt';
      const data = JSON.parse(localStorage.getItem(key) ?? '{}') as { print: { pageFormat: unknown } };
      data.print.pageFormat = '57';
      localStorage.setItem(key, JSON.stringify(data));
    });
    await receipt.reload();
    await expect(receipt.getByTestId('receipt').getAttribute('data-width')).resolves.toBe('57');
    await receipt.close();
  });

  it('prints by itself with ?autoprint=1, and says so when there is nothing to print', async () => {
    // The preview above left its receipt; opened the way the POS opens it, it prints.
    const auto = await context.newPage();
    await auto.goto('/print-receipt?autoprint=1');
    await auto.getByTestId('receipt').waitFor();
    await auto.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    await auto.evaluate(() => localStorage.removeItem('comanda.print.receipt'));
    await auto.goto('/print-receipt?autoprint=1');
    await auto.getByRole('heading', { name: 'Nothing to print' }).waitFor();
    await auto.waitForTimeout(600);
    expect(await printsOf(auto)).toBe(0);
    await auto.close();
  });
  it("keeps a currency's own digits: yen without decimals", async () => {
    const yen = await context.newPage();
    await yen.goto('/print-receipt');
    await yen.evaluate((data) => localStorage.setItem('comanda.print.receipt', JSON.stringify(data)), {
      store: { storeName: 'Sushi Ya', address: '', phone: '', email: '', image: null },
      print: { ...ALL_ON, header: '', footer: '' },
      currency: { code: 'JPY', symbol: '¥', digits: 0 },
      timezone: 'Asia/Tokyo',
      tokenNo: 3,
      businessDate: '2026-11-23',
      date: '2026-11-23T03:00:00Z',
      customerType: 'CUSTOMER',
      customerName: 'Aiko Tanaka',
      deliveryType: 'dinein',
      tableTitle: 'T4',
      lines: [
        {
          title: 'Nigiri set',
          variantTitle: null,
          addons: [],
          notes: null,
          quantity: 2,
          price: 1200,
          amount: 2400,
        },
      ],
      subtotal: 2400,
      taxTotal: 240,
      total: 2640,
      payment: null,
    });
    await yen.reload();
    await expect(yen.getByTestId('receipt-total').textContent()).resolves.toBe('¥2,640');
    await yen.getByText('2 x ¥1,200').waitFor();
    const customer = yen.getByTestId('receipt-customer');
    await customer.getByText('Aiko Tanaka').waitFor();
    await customer.getByText('Dine-in').waitFor();
    await customer.getByText('T4').waitFor();
    await expect(yen.getByTestId('receipt-payment').count()).resolves.toBe(0);
    await yen.setViewportSize({ width: 400, height: 400 });
    await screenshot(yen, 'receipt-jpy-full');
    await yen.close();
  });
});

describe('token page', () => {
  it('shows the token number big with the date and time, 80 mm by default', async () => {
    const token = await context.newPage();
    await token.goto('/print-token');
    await token.getByRole('heading', { name: 'Nothing to print' }).waitFor();
    await token.evaluate((t) => localStorage.setItem('comanda.print.token', JSON.stringify(t)), {
      tokenNo: 42,
      date: '2026-11-23T18:05:00Z',
      timezone: 'Europe/Lisbon',
      pageFormat: 80,
    });
    await token.goto('/print-token');
    await token.getByRole('heading', { name: 'Token No.' }).waitFor();
    await expect(token.getByTestId('token-no').textContent()).resolves.toBe('42');
    // On the store's clock (Lisbon is UTC in November), whatever the device's zone.
    expect(await token.getByTestId('token-date').textContent()).toMatch(/23 Nov 2026, 18:05$/);
    await expect(token.getByTestId('token').getAttribute('data-width')).resolves.toBe('80');
    await expectAccessible(token, 'token page');
    await token.setViewportSize({ width: 400, height: 400 });
    await screenshot(token, 'token-80mm', false);

    await token.evaluate((t) => localStorage.setItem('comanda.print.token', JSON.stringify(t)), {
      tokenNo: 7,
      date: '2026-11-23T18:05:00Z',
      timezone: 'Europe/Lisbon',
      pageFormat: 57,
    });
    await token.goto('/print-token?autoprint=1');
    await expect(token.getByTestId('token').getAttribute('data-width')).resolves.toBe('57');
    await token.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    await token.close();
  });
});
