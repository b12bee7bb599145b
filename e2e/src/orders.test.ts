import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkScreen, SIZES, screenshot, signedInOwner } from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const ids = { table: 0, pizza: 0, large: 0, cheese: 0, espresso: 0 };

async function post<T>(path: string, data?: unknown): Promise<T> {
  const res = await context.request.post(`/api/v1${path}`, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sends an order the way the POS does; answers its token. */
async function sendOrder(
  lines: { item: number; qty: number; variant?: number; addons?: number[]; notes?: string }[],
  where: { tableId: number } | { deliveryType: 'takeaway' | 'delivery' },
): Promise<number> {
  const body = {
    uuid: crypto.randomUUID(),
    cart: lines.map((l) => ({
      uuid: crypto.randomUUID(),
      item_id: l.item,
      variant_id: l.variant ?? null,
      addons_ids: l.addons ?? [],
      quantity: l.qty,
      notes: l.notes ?? null,
    })),
    ...('tableId' in where ? { deliveryType: 'dinein', tableId: where.tableId } : where),
  };
  return (await post<{ tokenNo: number }>('/pos/create-order', body)).tokenNo;
}

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Trattoria Sala'));
  await page.setViewportSize(SIZES.tablet);
  await post('/settings/store-tables/add', { title: 'T7', floor: 'Terrace', seatingCapacity: 4 });
  // Cash the store has from the start (migration 0031).
  ids.pizza = (await post<{ id: number }>('/menu-items/add', { title: 'Margherita', price: '9.50' })).id;
  await post(`/menu-items/variants/${ids.pizza}/add`, { title: 'Large', price: '12' });
  await post(`/menu-items/addons/${ids.pizza}/add`, { title: 'Extra cheese', price: '1.5' });
  ids.espresso = (await post<{ id: number }>('/menu-items/add', { title: 'Espresso', price: '2.20' })).id;
  const init = (await (await context.request.get('/api/v1/pos/init')).json()) as {
    menuItems: { id: number; variants: { id: number }[]; addons: { id: number }[] }[];
    storeTables: { id: number }[];
  };
  ids.table = init.storeTables[0]?.id ?? 0;
  const pizza = init.menuItems.find((m) => m.id === ids.pizza);
  ids.large = pizza?.variants[0]?.id ?? 0;
  ids.cheese = pizza?.addons[0]?.id ?? 0;
});
afterAll(() => browser.close());

const group = (name: string) => page.getByTestId('table-group').filter({ hasText: name });
const order = (token: number) => page.locator(`[data-testid="order"][data-token="${token}"]`);
const toast = (text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

describe('table orders', () => {
  it('says there is nothing pending', async () => {
    await page.goto('/dashboard/orders');
    await page.getByRole('heading', { name: 'No Orders Pending!' }).waitFor();
    await checkScreen(page, 'table orders empty', { staff: true, sizes: ['tablet', 'desktop'] });
  });

  let tokens: number[] = [];
  it('groups orders by table and Dine Out / Delivery, with their lines', async () => {
    tokens = [
      await sendOrder(
        [
          { item: ids.pizza, qty: 2, variant: ids.large, addons: [ids.cheese], notes: 'no basil' },
          { item: ids.espresso, qty: 1 },
        ],
        { tableId: ids.table },
      ),
      await sendOrder([{ item: ids.espresso, qty: 2 }], { tableId: ids.table }),
      await sendOrder([{ item: ids.espresso, qty: 1 }], { deliveryType: 'takeaway' }),
    ];
    // Realtime brings them in without a reload.
    const t7 = group('T7');
    for (const token of tokens) await order(token).waitFor();
    await t7.getByText('Floor: Terrace').waitFor();
    expect(await t7.getByTestId('order').count()).toBe(2);
    await t7.getByText('2 × Margherita').waitFor();
    await t7.getByText('Large, + Extra cheese').waitFor();
    await t7.getByText('Note: no basil').waitFor();
    // 2 x (12 + 1.5) + 2.20 + 2 x 2.20, no tax.
    expect(await t7.getByTestId('group-total').textContent()).toBe('$33.60');
    expect(await group('Dine Out / Delivery').getByTestId('order-token').textContent()).toBe(`#${tokens[2]}`);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await toast('Orders Loaded!').waitFor();
    await screenshot(page, 'table-orders-tablet');
    await page.setViewportSize(SIZES.desktop);
    await screenshot(page, 'table-orders');
    await page.setViewportSize(SIZES.tablet);
    await checkScreen(page, 'table orders', { staff: true, sizes: ['tablet', 'desktop'] });
  });

  it("sets a line's status from its menu and says so in a Success! toast", async () => {
    const first = order(tokens[0] ?? 0);
    await first.getByRole('button', { name: 'Set status of Espresso' }).click();
    await page.getByRole('menuitem', { name: 'Preparing' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Order Item status successfully updated!' })
      .first()
      .waitFor();
    await screenshot(page, 'table-orders-success-tablet', false);
    await first
      .locator('[data-testid="order-line"][data-status="preparing"]')
      .getByText('Espresso')
      .waitFor();
  });

  it('cancels a group after the irreversible warning', async () => {
    await group('Dine Out / Delivery').getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure! This process is irreversible!').waitFor();
    await dialog.getByRole('radio', { name: 'Customer changed mind' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel orders' }).click();
    await group('Dine Out / Delivery').waitFor({ state: 'detached' });
  });

  it('completes a group only once nothing is left to bill, after a confirm (issue 29)', async () => {
    const token = await sendOrder([{ item: ids.espresso, qty: 1 }], { deliveryType: 'delivery' });
    await order(token).waitFor();
    const complete = group('Dine Out / Delivery').getByRole('button', { name: 'Complete', exact: true });
    // An unpaid bill is paid or cancelled, never completed away.
    expect(await complete.count()).toBe(0);
    await order(token).getByRole('button', { name: 'Set status of Espresso' }).click();
    await page.getByRole('menuitem', { name: 'Cancelled' }).click();
    await page
      .getByRole('dialog', { name: 'Void 1 × Espresso?' })
      .getByRole('button', { name: 'Void item' })
      .click();
    await complete.click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Every item was voided: the orders leave this screen with nothing to pay.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Yes, complete' }).click();
    await group('Dine Out / Delivery').waitFor({ state: 'detached' });
  });

  it('pays a table: the summary first, cash and change, then the receipt', async () => {
    await group('T7').getByRole('button', { name: 'Pay & Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay & Complete' });
    const summary = dialog.getByTestId('pay-summary');
    await summary.getByText('Subtotal').waitFor();
    expect(await summary.textContent()).toBe('Subtotal$33.60Tax$0.00Total$33.60');
    await dialog.getByRole('textbox', { name: 'Payment type' }).click();
    await page.getByRole('option', { name: 'Cash' }).click();
    await dialog.getByRole('textbox', { name: 'Amount tendered' }).fill('20');
    await dialog.getByText('The amount tendered is less than the total!').waitFor();
    await dialog.getByRole('textbox', { name: 'Amount tendered' }).fill('50');
    expect(await dialog.getByTestId('pay-change').textContent()).toBe('$16.40');
    await screenshot(page, 'table-orders-pay-tablet', false);
    await dialog.getByRole('button', { name: 'Pay $33.60' }).click();
    const done = page.getByRole('dialog', { name: 'Payment received' });
    expect(await done.getByTestId('pay-change').textContent()).toBe('$16.40');

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      done.getByRole('button', { name: 'Print Receipt' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/print-receipt');
    await popup.close();
    // The receipt carries the server's figures and the payment as made.
    const receipt = JSON.parse(
      await page.evaluate(() =>
        JSON.stringify((window as { comandaPrint?: { receipt?: unknown } }).comandaPrint?.receipt ?? {}),
      ),
    ) as { total: number; tableTitle: string; lines: unknown[]; payment: unknown };
    expect(receipt).toMatchObject({
      total: 33.6,
      tableTitle: 'T7',
      payment: { type: 'Cash', tendered: 50, change: 16.4 },
    });
    expect(receipt.lines).toHaveLength(3);
    await done.getByRole('button', { name: 'Done' }).click();
    await group('T7').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'No Orders Pending!' }).waitFor();
  });

  it('prints a receipt of an open group from the server summary', async () => {
    await sendOrder([{ item: ids.espresso, qty: 3 }], { tableId: ids.table });
    await group('T7').waitFor();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      group('T7').getByRole('button', { name: 'Print Receipt' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/print-receipt');
    await popup.close();
  });
});
