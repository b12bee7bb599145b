import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { SIZES, checkScreen, launchBrowser, newContext, screenshot, uniqueEmail } from './browser.ts';

/**
 * Day one for a new owner (issue 31), on a 1024x768 touch tablet: sign-up lands signed in on the
 * setup checklist, whose ticks follow the real data; the add-item form continues from the last item;
 * the empty POS says what to do; a waiter made from the Waiter preset; table QR images carry the
 * table's name. One tenant for the whole file, its steps in order.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every tap on the way from the Create Account button to a paid order: the count the issue asks for. */
let taps = 0;
const tap = async (target: Locator) => {
  taps += 1;
  await target.tap();
};

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.tablet, { hasTouch: true });
  page = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

const step = (key: string) => page.getByTestId('setup-step').and(page.locator(`[data-step="${key}"]`));
const doneSteps = () =>
  page
    .locator('[data-testid="setup-step"][data-done="true"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-step')));

async function api<T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const res = await context.request.fetch(`/api/v1${path}`, { method, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('a new owner on day one', () => {
  it('registers and lands signed in on the setup checklist, Cash and Card ready', async () => {
    await page.goto('/register');
    await page.getByLabel('Business Name').fill('Cafe Primeiro');
    await page.getByLabel('Email').fill(uniqueEmail());
    await page.getByLabel('Password').fill('pw-primeiro-1');
    await tap(page.getByRole('button', { name: 'Create Account' }));
    // Signed in: no login form, straight to the checklist.
    await page.waitForURL('**/dashboard/setup');
    await page.getByRole('heading', { level: 1, name: 'Set up your store' }).waitFor();
    await expect.poll(doneSteps).toEqual(['paymentTypes']);
    await page.getByText('1 of 8 done').first().waitFor();
    // Each row links to where it is done.
    await expect(step('items').getByRole('link').getAttribute('href')).resolves.toBe(
      '/dashboard/settings/menu-items',
    );
    await expect(step('staff').getByRole('link').getAttribute('href')).resolves.toBe('/dashboard/users');
    const types = await api<{ title: string; is_active: boolean; is_default: boolean }[]>(
      'GET',
      '/settings/payment-types',
    );
    expect(types.map((t) => [t.title, t.is_active, t.is_default])).toEqual([
      ['Cash', true, true],
      ['Card', true, false],
    ]);
    await checkScreen(page, 'setup checklist', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'setup-checklist',
    });
  });

  it('the empty POS says to add items first and links there', async () => {
    await page.goto('/dashboard/pos');
    const empty = page.getByTestId('pos-no-items');
    await empty.getByText('No items on the menu yet').waitFor();
    await empty.getByText('Add your first items in Menu → Items').waitFor();
    await checkScreen(page, 'empty POS', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'setup-pos-empty',
    });
    await tap(empty.getByRole('link', { name: 'Add your first items' }));
    await page.waitForURL('**/dashboard/settings/menu-items');
  });

  it('adds a tax, a category and two items: the second starts from the first one’s category and tax', async () => {
    // Tax and category through their screens' own calls (their forms have their own suites).
    await api('POST', '/settings/taxes/add', { title: 'IVA', rate: '13', type: 'exclusive' });
    await api('POST', '/settings/categories/add', { title: 'Bebidas' });
    await page.goto('/dashboard/setup');
    await expect.poll(doneSteps).toEqual(['tax', 'categories', 'paymentTypes']);

    await page.goto('/dashboard/settings/menu-items');
    await page.getByRole('button', { name: 'New' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Add Menu Item' });
    await dialog.getByLabel('Title', { exact: true }).fill('Galão');
    await dialog.getByLabel('Price', { exact: true }).fill('2.2');
    // The first item of the store starts with none.
    await expect(dialog.getByRole('textbox', { name: 'Category' }).inputValue()).resolves.toBe('None');
    await dialog.getByRole('textbox', { name: 'Category' }).tap();
    await page.getByRole('option', { name: 'Bebidas' }).tap();
    await dialog.getByRole('textbox', { name: 'Tax' }).tap();
    await page.getByRole('option', { name: /^IVA/ }).tap();
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'New' }).tap();
    await dialog.getByLabel('Title', { exact: true }).waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Category' }).inputValue()).resolves.toBe('Bebidas');
    await expect(dialog.getByRole('textbox', { name: 'Tax' }).inputValue()).resolves.toMatch(/^IVA/);
    await dialog.getByLabel('Title', { exact: true }).fill('Bica');
    await dialog.getByLabel('Price', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    const items = await api<{ title: string; category_title: string | null; tax_title: string | null }[]>(
      'GET',
      '/menu-items',
    );
    expect(items.map((i) => [i.title, i.category_title, i.tax_title])).toEqual([
      ['Galão', 'Bebidas', 'IVA'],
      ['Bica', 'Bebidas', 'IVA'],
    ]);

    await page.goto('/dashboard/setup');
    await expect.poll(doneSteps).toEqual(['tax', 'categories', 'items', 'paymentTypes']);
  });

  it('sells the first item: the test order ticks its row, and the taps are counted', async () => {
    // From the checklist, the way a new owner goes: its "Take a test order" row opens the POS.
    await tap(step('testOrder').getByRole('link'));
    await page.waitForURL('**/dashboard/pos');
    await tap(page.getByTestId('pos-item').filter({ hasText: 'Bica' }));
    await tap(page.getByRole('button', { name: 'Create Receipt & Pay' }));
    const dialog = page.getByRole('dialog', { name: 'Create Receipt & Pay' });
    // Cash, the store's default from sign-up, is chosen already.
    await expect(dialog.getByRole('radio', { name: 'Cash' }).isChecked()).resolves.toBe(true);
    const [receipt] = await Promise.all([
      context.waitForEvent('page'),
      tap(dialog.getByRole('button', { name: 'Pay', exact: true })),
    ]);
    await receipt.waitForURL(/\/print-receipt/);
    await receipt.close();
    await dialog.waitFor({ state: 'hidden' });
    console.info(`taps for the first sale after sign-up: ${taps}`);

    await page.goto('/dashboard/setup');
    await expect.poll(doneSteps).toEqual(['tax', 'categories', 'items', 'paymentTypes', 'testOrder']);
  });

  it('adds a waiter from the Waiter preset; the form names the preset the scopes match', async () => {
    await page.goto('/dashboard/users');
    await page.getByRole('button', { name: 'Add User' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    const waiter = uniqueEmail('waiter');
    await dialog.getByLabel('Name', { exact: true }).fill('Rui Waiter');
    await dialog.getByLabel('Username', { exact: true }).fill(waiter);
    await dialog.getByLabel('Password', { exact: true }).fill('waiter-pass-1');
    await dialog.getByTestId('role-preset-match').getByText('Custom').waitFor();
    for (const name of ['Waiter', 'Cashier', 'Cook', 'Host', 'Manager'])
      await dialog.getByRole('button', { name, exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Waiter', exact: true }).tap();
    await expect(
      dialog.getByRole('button', { name: 'Waiter', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await dialog
      .getByTestId('role-preset-match')
      .getByText(/^Waiter: takes and pays orders/)
      .waitFor();
    // The raw names stay below, filled by the preset.
    await dialog.getByText('Advanced: scopes one by one').waitFor();
    await dialog.getByText('View Reservations').waitFor();
    await checkScreen(page, 'users form with presets', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'setup-users-presets',
    });
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await page.getByText('User added successfully!').first().waitFor();
    const users = await api<{ username: string; scope: string }[]>('GET', '/users');
    const made = users.find((u) => u.username === waiter);
    expect(made?.scope.split(',').sort()).toEqual(
      ['POS', 'ORDERS', 'ORDER_STATUS', 'VIEW_RESERVATIONS', 'VIEW_CUSTOMERS'].sort(),
    );
    // Editing shows the preset the saved scopes match.
    await page
      .getByTestId('user-card')
      .filter({ hasText: 'Rui Waiter' })
      .getByRole('button', { name: 'Edit' })
      .tap();
    const update = page.getByRole('dialog', { name: 'Update User' });
    await update
      .getByTestId('role-preset-match')
      .getByText(/^Waiter:/)
      .waitFor();
    await page.keyboard.press('Escape');
    await update.waitFor({ state: 'hidden' });
  });

  it("downloads table QR images that carry the table's name under the code", async () => {
    const store = await api<Record<string, unknown>>('GET', '/settings/store-setting');
    await api('POST', '/settings/store-setting', {
      ...store,
      address: 'Rua Nova 1',
      phone: '210 000 000',
      isQRMenuEnabled: true,
    });
    await api('POST', '/settings/store-tables/add', { title: 'T1', floor: '-', seatingCapacity: 2 });
    await api('POST', '/settings/store-tables/add', {
      title: 'Esplanada 12',
      floor: '-',
      seatingCapacity: 4,
    });
    await page.goto('/dashboard/settings/tables');
    const bands: { inkColumns: number; height: number }[] = [];
    for (const title of ['T1', 'Esplanada 12']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByTestId('table-card')
          .filter({ hasText: title })
          .getByRole('button', { name: 'Download Table QR' })
          .tap(),
      ]);
      bands.push(await nameBand(download));
    }
    // Each image is the 1080 px code with a band under it, and the band has the name's ink: a longer
    // name spreads over more columns.
    for (const b of bands) expect(b.height).toBeGreaterThan(1080);
    expect(bands[0]!.inkColumns).toBeGreaterThan(20);
    expect(bands[1]!.inkColumns).toBeGreaterThan(bands[0]!.inkColumns * 2);

    // Store details, tables and a staff member are done now too: the whole checklist is.
    await page.goto('/dashboard/setup');
    await page.getByText('All set! Your store is ready for service.').waitFor();
    await expect.poll(doneSteps).toHaveLength(8);
    await screenshot(page, 'setup-checklist-complete', false);
  });

  it('the checklist stays on Home until hidden, and hiding it is remembered by the server', async () => {
    // A second store, fresh: its Home offers the checklist.
    const other = await newContext(browser, SIZES.tablet, { hasTouch: true });
    const tab = await other.newPage();
    await tab.goto('/register');
    await tab.getByLabel('Business Name').fill('Cafe Segundo');
    await tab.getByLabel('Email').fill(uniqueEmail());
    await tab.getByLabel('Password').fill('pw-segundo-1');
    await tab.getByRole('button', { name: 'Create Account' }).tap();
    await tab.waitForURL('**/dashboard/setup');
    await tab.goto('/dashboard/home');
    const card = tab.getByRole('region', { name: 'Finish setting up your store' });
    await card.getByText('1 of 8 done').waitFor();
    await card.getByRole('link', { name: 'Continue setup' }).tap();
    await tab.waitForURL('**/dashboard/setup');
    await tab.getByRole('button', { name: 'Hide checklist' }).tap();
    await tab.waitForURL('**/dashboard/home');
    await tab.getByText('Checklist hidden.').first().waitFor();
    const answered = tab.waitForResponse((r) => r.url().endsWith('/api/v1/setup/checklist') && r.ok());
    await tab.reload();
    await answered;
    await tab.getByTestId('home-orders').waitFor();
    await expect(card.count()).resolves.toBe(0);
    const checklist = await other.request.get('/api/v1/setup/checklist');
    expect(((await checklist.json()) as { dismissed: boolean }).dismissed).toBe(true);
    await other.close();
  });
});

/** The band under the code in a downloaded table QR: its height and how many columns carry ink. */
async function nameBand(download: Download) {
  const file = await download.path();
  if (!file) throw new Error('download failed');
  const { width, height } = await sharp(file).metadata();
  const bandHeight = height - width;
  const { data, info } = await sharp(file)
    .extract({ left: 0, top: width, width, height: bandHeight })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inkColumns = 0;
  for (let x = 0; x < info.width; x += 1) {
    for (let y = 0; y < info.height; y += 1) {
      if (data[y * info.width + x]! < 128) {
        inkColumns += 1;
        break;
      }
    }
  }
  return { inkColumns, height };
}
