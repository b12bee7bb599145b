import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  checkScreen,
  loginThroughUi,
  newContext,
  SIZES,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';

// One service on two tablets (issue 10's "Done means"): a cashier sends an order from the POS, the
// cook's kitchen display shows it without a reload, the cook starts and completes it, and the cashier
// pays it from Table Orders and prints the receipt.

let browser: Browser;
let cashierContext: BrowserContext;
let cashier: Page;
let cookContext: BrowserContext;
let cook: Page;

async function post<T>(path: string, data: unknown): Promise<T> {
  const res = await cashierContext.request.post(`/api/v1${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  ({ browser, context: cashierContext, page: cashier } = await signedInOwner('Bistro Duas Mesas'));
  await cashier.setViewportSize(SIZES.tablet);
  await post('/settings/taxes/add', { title: 'VAT', rate: '10', type: 'exclusive' });
  const taxes = (await (await cashierContext.request.get('/api/v1/settings/taxes')).json()) as {
    id: number;
  }[];
  await post('/menu-items/add', { title: 'Bacalhau', price: '14.50', taxId: taxes[0]?.id });
  await post('/menu-items/add', { title: 'Vinho Verde', price: '4.25' });
  // Cash the store has from the start (migration 0031).
  await post('/settings/store-tables/add', { title: 'Mesa 5', floor: 'Terrace', seatingCapacity: 4 });

  // The cook has a kitchen account of their own and their own tablet.
  const cookLogin = { username: uniqueEmail('cook'), password: 'pw-cook-2026' };
  await post('/users/add', { name: 'Ana Cook', ...cookLogin, userScopes: ['KITCHEN'] });
  cookContext = await newContext(browser, SIZES.tablet);
  cook = await cookContext.newPage();
  await loginThroughUi(cook, cookLogin.username, cookLogin.password, '/dashboard/kitchen');
});
afterAll(() => browser.close());

const ticketOf = (token: string) => cook.locator(`[data-testid="ticket"][data-token="${token}"]`);

describe('a cashier and a cook on two tablets', () => {
  let token = '';

  it('the order the cashier sends appears on the kitchen display without a reload', async () => {
    await cook.goto('/dashboard/kitchen');
    await cook.getByRole('heading', { name: 'All caught up' }).waitFor();

    await cashier.goto('/dashboard/pos');
    const item = (title: string) => cashier.getByTestId('pos-item').filter({ hasText: title });
    await item('Bacalhau').click();
    await item('Bacalhau').click();
    await item('Vinho Verde').click();
    await cashier.getByRole('textbox', { name: 'Table' }).click();
    await cashier.getByRole('option', { name: 'Mesa 5 · Terrace' }).click();
    await expect(cashier.getByTestId('payable-total').textContent()).resolves.toBe('$36.15');
    await checkScreen(cashier, 'POS with a cart', { staff: true, sizes: ['tablet'] });
    await screenshot(cashier, 'service-pos-tablet', false);

    // A dine-in Send prints no token (issue 31): the table is served where it sits.
    await cashier.getByRole('button', { name: 'Send to Kitchen' }).click();
    await cashier.getByTestId('last-token').waitFor();
    token = ((await cashier.getByTestId('last-token').textContent()) ?? '').replace('Token #', '');
    expect(token).toBe('1');

    // The kitchen was open all along: the ticket arrives over the socket.
    const ticket = ticketOf(token);
    await ticket.waitFor();
    await expect(ticket.textContent()).resolves.toContain('Mesa 5');
    await checkScreen(cook, 'Kitchen with a ticket', { staff: true, sizes: ['tablet'] });
    await screenshot(cook, 'service-kitchen-tablet', false);
  });

  it('the cook starts and completes each line; the ticket leaves and the cashier sees the lines done', async () => {
    const ticket = ticketOf(token);
    for (const title of ['Bacalhau', 'Vinho Verde']) {
      const line = ticket.getByTestId('ticket-line').filter({ hasText: title });
      await line.getByRole('button', { name: 'Start Making' }).click();
      await line.getByRole('button', { name: 'Complete' }).click();
    }
    await ticket.waitFor({ state: 'detached' });
    await cook.getByRole('heading', { name: 'All caught up' }).waitFor();

    await cashier.goto('/dashboard/orders');
    const group = cashier.getByTestId('table-group').filter({ hasText: 'Mesa 5' });
    await group.waitFor();
    await expect(group.textContent()).resolves.toMatch(/Completed/);
    await checkScreen(cashier, 'Table orders', { staff: true, sizes: ['tablet'] });
    await screenshot(cashier, 'service-table-orders-tablet', false);
  });

  it('the cashier pays the table with cash, sees the change and prints the receipt', async () => {
    const group = cashier.getByTestId('table-group').filter({ hasText: 'Mesa 5' });
    await group.getByRole('button', { name: 'Pay & Complete' }).click();
    const dialog = cashier.getByRole('dialog', { name: 'Pay & Complete' });
    await dialog.getByRole('textbox', { name: 'Payment type' }).click();
    await cashier.getByRole('option', { name: 'Cash' }).click();
    await dialog.getByRole('textbox', { name: 'Amount tendered' }).fill('40');
    await dialog.getByText('$3.85').first().waitFor();
    await dialog.getByRole('button', { name: 'Pay $36.15' }).click();
    const done = cashier.getByRole('dialog', { name: 'Payment received' });
    await done.waitFor();

    const [receipt] = await Promise.all([
      cashier.waitForEvent('popup'),
      done.getByRole('button', { name: 'Print Receipt' }).click(),
    ]);
    await receipt.waitForURL(/\/print-receipt/);
    await receipt.getByText('$36.15').first().waitFor();
    const text = (await receipt.locator('body').textContent()) ?? '';
    expect(text).toContain(`${token}-`);
    expect(text).toContain('Bacalhau');
    expect(text).toContain('$3.85');
    await screenshot(receipt, 'service-receipt-80mm');
    await receipt.close();

    await done.getByRole('button', { name: 'Done' }).click();
    await cashier.getByRole('heading', { name: 'No Orders Pending!' }).waitFor();
    // The kitchen display stayed empty: paying sends nothing back to the kitchen.
    await cook.getByRole('heading', { name: 'All caught up' }).waitFor();
  });
});
