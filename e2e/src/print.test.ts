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

let popups = 0;
/**
 * A print page opened the way the app opens it: `page` hands `data` over in its memory (lib/print-
 * handoff.ts) and opens the popup, which reads it from its opener. Nothing goes through storage. Each
 * under a name of its own: a window opened under the name of one just closed can land in the closing
 * one (no popup then) on a busy machine.
 */
async function openPrint(path: string, kind: 'receipt' | 'token', data: unknown): Promise<Page> {
  for (const p of context.pages()) if (p !== page) await p.close();
  popups += 1;
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(
      ({ path, kind, data, name }) => {
        const w = window as unknown as { comandaPrint?: Record<string, unknown> };
        w.comandaPrint = { ...w.comandaPrint, [kind]: data };
        window.open(path, name, 'width=400,height=400');
      },
      { path, kind, data, name: `comanda-print-${popups}` },
    ),
  ]);
  return popup;
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

  it('reads a page format saved as the string "57" (SPEC §3), and one handed over as a string', async () => {
    const res = await context.request.post('/api/v1/settings/print-setting', {
      data: { ...ALL_ON, pageFormat: '57' },
    });
    expect(res.status(), await res.text()).toBe(200);
    const receipt = await previewReceipt();
    await expect(receipt.getByTestId('receipt').getAttribute('data-width')).resolves.toBe('57');
    // A receipt whose print settings carry the width as text (as SPEC §3 allows) prints at that width too.
    const data = await receipt.evaluate(
      () => (window.opener as { comandaPrint: { receipt: { print: object } } }).comandaPrint.receipt,
    );
    const asText = await openPrint('/print-receipt', 'receipt', {
      ...data,
      print: { ...data.print, pageFormat: '57' },
    });
    await expect(asText.getByTestId('receipt').getAttribute('data-width')).resolves.toBe('57');
    expect(await pageRules(asText)).toContain('size: 57mm auto');
    await asText.close();
  });

  it('prints by itself with ?autoprint=1, and says so when there is nothing to print', async () => {
    // The preview above handed its receipt over; opened the way the POS opens it, it prints.
    const preview = await previewReceipt();
    const data = await preview.evaluate(
      () => (window.opener as { comandaPrint: { receipt: unknown } }).comandaPrint.receipt,
    );
    const auto = await openPrint('/print-receipt?autoprint=1', 'receipt', data);
    await auto.getByTestId('receipt').waitFor();
    await auto.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    await auto.close();
    // Opened by hand, with no opener to hand it anything, there is nothing: nothing is stored.
    const byHand = await context.newPage();
    await byHand.goto('/print-receipt?autoprint=1');
    await byHand.getByRole('heading', { name: 'Nothing to print' }).waitFor();
    await byHand.waitForTimeout(600);
    expect(await printsOf(byHand)).toBe(0);
    await byHand.close();
  });
  it("keeps a currency's own digits: yen without decimals", async () => {
    const yen = await openPrint('/print-receipt', 'receipt', {
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
    const empty = await context.newPage();
    await empty.goto('/print-token');
    await empty.getByRole('heading', { name: 'Nothing to print' }).waitFor();
    await empty.close();
    let token = await openPrint('/print-token', 'token', {
      tokenNo: 42,
      date: '2026-11-23T18:05:00Z',
      timezone: 'Europe/Lisbon',
      pageFormat: 80,
    });
    await token.getByRole('heading', { name: 'Token No.' }).waitFor();
    await expect(token.getByTestId('token-no').textContent()).resolves.toBe('42');
    // On the store's clock (Lisbon is UTC in November), whatever the device's zone.
    expect(await token.getByTestId('token-date').textContent()).toMatch(/23 Nov 2026, 18:05$/);
    await expect(token.getByTestId('token').getAttribute('data-width')).resolves.toBe('80');
    await expectAccessible(token, 'token page');
    await token.setViewportSize({ width: 400, height: 400 });
    await screenshot(token, 'token-80mm', false);

    token = await openPrint('/print-token?autoprint=1', 'token', {
      tokenNo: 7,
      date: '2026-11-23T18:05:00Z',
      timezone: 'Europe/Lisbon',
      pageFormat: 57,
    });
    await expect(token.getByTestId('token').getAttribute('data-width')).resolves.toBe('57');
    await token.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    await token.close();
  });
});

describe('a shared tablet after sign-out', () => {
  it('keeps no receipt, no Z report and no cached answers of the last user', async () => {
    // The last user printed a receipt, and a closed shift's Z report (expected cash and all).
    const receipt = await previewReceipt();
    await receipt.close();
    const api = async <T>(path: string, data?: unknown) => {
      const res =
        data === undefined
          ? await context.request.get(`/api/v1${path}`)
          : await context.request.post(`/api/v1${path}`, { data });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    };
    const { shift } = await api<{ shift: { id: number } }>('/shifts/open', { float: 20 });
    const { tenders } = await api<{ tenders: { key: string }[] }>('/shifts/current');
    await api(`/shifts/${shift.id}/close`, { counts: tenders.map((t) => ({ key: t.key, counted: 20 })) });
    await page.goto('/dashboard/shift');
    const [z] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: `Print the Z report of shift ${shift.id} at 80 mm` }).click(),
    ]);
    await z.getByTestId('z-count').waitFor();
    // What the offline screens keep: the worker's cached answers and the outbox's kept answers.
    await page.evaluate(async () => {
      await (await caches.open('comanda-api')).put('/api/v1/pos/init', new Response('{"last":"user"}'));
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('comanda-offline', 1);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const tx = open.result.transaction('answers', 'readwrite');
          tx.objectStore('answers').put({
            seq: 999_999,
            answer: { last: 'user' },
            at: new Date().toISOString(),
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      });
    });

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // The print pages show nothing, opened by hand or from the signed-out tab.
    for (const path of ['/print-receipt', '/print-z-report']) {
      const byHand = await context.newPage();
      await byHand.goto(path);
      await byHand.getByRole('heading', { name: 'Nothing to print' }).waitFor();
      await byHand.close();
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate((p) => void window.open(p, 'comanda-print', 'width=400,height=400'), path),
      ]);
      await popup.getByRole('heading', { name: 'Nothing to print' }).waitFor();
      await popup.close();
    }
    // The Z report's popup closes with the session.
    if (!z.isClosed()) await z.waitForEvent('close');
    // Nothing of the last user's answers is left on the device.
    const left = () =>
      page.evaluate(async () => {
        const answers = await new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('comanda-offline', 1);
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const count = open.result.transaction('answers').objectStore('answers').count();
            count.onsuccess = () => {
              open.result.close();
              resolve(count.result);
            };
          };
        });
        return {
          storage: Object.keys(localStorage).filter((k) => k.startsWith('comanda.print')),
          apiCache: await caches.has('comanda-api'),
          answers,
        };
      });
    // A sign-out clears them without waiting: poll until it has.
    await expect.poll(left).toEqual({ storage: [], apiCache: false, answers: 0 });
  });
});
