import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import {
  checkScreen,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await signedInOwner('Bistro Lume'));
});
afterAll(() => browser.close());

/** Width of a PNG from its IHDR chunk. */
function pngWidth(file: string): number {
  return fs.readFileSync(file).readUInt32BE(16);
}

async function saveDownload(download: Download): Promise<string> {
  const file = await download.path();
  if (!file) throw new Error('download failed');
  return file;
}

/** Waits for a list to show exactly n rows (lists refetch after each save). */
async function expectCount(testId: string, n: number) {
  const rows = page.getByTestId(testId);
  await rows.nth(n - 1).waitFor();
  await rows.nth(n).waitFor({ state: 'detached' });
  expect(await rows.count()).toBe(n);
}

/** Opens a settings screen from the side menu. */
async function openSettings(name: string) {
  await page.goto('/dashboard/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name, exact: true }).click();
}

/** Fills and submits the open dialog, then waits for the success toast. */
async function submitDialog(fields: Record<string, string>, toastText: string) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(toastText).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('settings: an admin sets up the store', () => {
  it('refuses table QR codes while the QR menu is off, then adds tables', async () => {
    await openSettings('Store Tables');
    await page.getByRole('button', { name: 'Add Table' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Please provide Title!',
      "Please provide Floor or use '-'",
      "Please provide Seating Capacity or '0'",
    ]) {
      await page.getByRole('dialog').getByText(message).waitFor();
    }
    await checkScreen(page, 'add table dialog with errors');
    await page.getByRole('dialog').getByLabel('Seating Capacity').fill('-2');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText("Please provide Valid Seating Capacity count or '0'").waitFor();
    // What was typed stays as typed.
    await expect(page.getByRole('dialog').getByLabel('Seating Capacity').inputValue()).resolves.toBe('-2');
    await submitDialog({ Title: 'Table 1', Floor: 'Ground', 'Seating Capacity': '4' }, 'Table added!');
    await page.getByRole('button', { name: 'Add Table' }).click();
    await submitDialog({ Title: 'Terrace #2', Floor: '-', 'Seating Capacity': '2' }, 'Table added!');
    await expectCount('table-card', 2);

    await page.getByTestId('table-card').first().getByRole('button', { name: 'Download Table QR' }).click();
    await page.getByText('Please enable QR menu from store settings!').waitFor();
    await checkScreen(page, 'store tables');
  }, 300_000);

  it('saves store details with a currency and the QR menu, and downloads its QR code', async () => {
    await openSettings('Store Details');
    // The store starts named as the business, in the registering browser's zone (UTC here).
    await expect.poll(() => page.getByLabel('Store Name').inputValue()).toBe('Bistro Lume');
    await expect(page.getByRole('textbox', { name: 'Time Zone' }).inputValue()).resolves.toMatch(/^UTC/);
    await checkScreen(page, 'store details');
    await expect(page.title()).resolves.toBe('Store Details · Comanda');
    await page.getByLabel('Store Name').fill('Bistro Lume');
    await page.getByLabel('Address').fill('Rua das Flores 12, Lisboa');
    const currency = page.getByRole('textbox', { name: 'Currency' });
    await currency.click();
    await currency.fill('EUR');
    await page.getByRole('option', { name: /EUR - Euro/ }).click();
    const zone = page.getByRole('textbox', { name: 'Time Zone' });
    await zone.click();
    await zone.fill('Lisbon');
    await page.getByRole('option', { name: /^Lisbon \(UTC/ }).click();
    await page.getByLabel('Enable QR Menu').check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Store settings saved!').waitFor();
    await page.getByRole('button', { name: 'Download QR Code' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Download QR Code' }).waitFor();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Time Zone' }).inputValue())
      .toMatch(/^Lisbon \(UTC/);
    await expect(page.getByRole('textbox', { name: 'Currency' }).inputValue()).resolves.toMatch(/^EUR/);
    await screenshot(page, 'settings-store-details');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download QR Code' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qr.png');
    expect(pngWidth(await saveDownload(download))).toBe(1080);
    await expect(page.getByRole('link', { name: 'View Digital Menu' }).getAttribute('href')).resolves.toMatch(
      /^\/m\/[\w-]{16}$/,
    );

    await openSettings('Store Tables');
    const [tableQr] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('table-card').nth(1).getByRole('button', { name: 'Download Table QR' }).click(),
    ]);
    expect(tableQr.suggestedFilename()).toBe('terrace__2-qr.png');
    expect(pngWidth(await saveDownload(tableQr))).toBe(1080);
    await screenshot(page, 'settings-tables');
  });

  it('keeps print settings', async () => {
    await openSettings('Print Settings');
    await page.getByText('Token number resets automatically every day.').waitFor();
    await page.getByText('57 mm', { exact: true }).click();
    await page.getByLabel('Header').fill('Obrigado!');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Print settings saved!').waitFor();
    await page.reload();
    await expect(page.getByLabel('Header').inputValue()).resolves.toBe('Obrigado!');
    await expect(page.getByRole('radio', { name: '57 mm' }).isChecked()).resolves.toBe(true);
    await screenshot(page, 'settings-print');
    await checkScreen(page, 'print settings');
  });

  it('adds categories, two taxes of each type and payment types', async () => {
    await openSettings('Categories');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Please provide Category Title!').waitFor();
    await submitDialog({ Title: 'Drinks' }, 'Category added!');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await submitDialog({ Title: 'Food' }, 'Category added!');
    await expectCount('category-row', 2);
    // A second 'Drinks', in any letters, is refused.
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('dialog').getByLabel('Title', { exact: true }).fill('drinks');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('A category with this title already exists!').first().waitFor();
    await page.keyboard.press('Escape');
    await expectCount('category-row', 2);
    await checkScreen(page, 'categories');

    await openSettings('Tax Setup');
    await page.getByRole('button', { name: 'Add Tax' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Provide Title!').waitFor();
    await page.getByRole('dialog').getByText('Select Tax Type!').waitFor();
    // A negative rate stays as typed and is explained, not turned into 0.
    await page.getByRole('dialog').getByLabel('Rate (%)').fill('-5');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Invalid value provided in Tax Rate!').waitFor();
    await expect(page.getByRole('dialog').getByLabel('Rate (%)').inputValue()).resolves.toBe('-5%');
    await checkScreen(page, 'add tax dialog with errors');
    await page.keyboard.press('Escape');
    // Closing a dialog gives focus back to the button that opened it.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe('Add Tax');
    for (const [title, rate, type] of [
      ['VAT', '23', 'Exclusive'],
      ['Service', '10', 'Exclusive'],
      ['IVA', '6', 'Inclusive'],
      ['City tax', '1.5', 'Inclusive'],
    ] as const) {
      await page.getByRole('button', { name: 'Add Tax' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title', { exact: true }).fill(title);
      await dialog.getByLabel('Rate (%)').fill(rate);
      await dialog.getByRole('textbox', { name: 'Type' }).click();
      await page.getByRole('option', { name: type }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await expectCount('tax-row', 4);
    await page.getByTestId('tax-row').filter({ hasText: 'City tax' }).getByText('1.5%').waitFor();
    await screenshot(page, 'settings-taxes');
    await checkScreen(page, 'tax setup');

    await openSettings('Payment Types');
    // The default pays a bill sent without a payment type (issue 30). A new store starts with Cash
    // (active, in the drawer, the default) and Card (active) (migrations 0031, 0039).
    const defaultOf = (title: string) =>
      page.getByTestId('payment-type-row').filter({ hasText: title }).getByTestId('default-payment-type');
    await defaultOf('Cash').waitFor();
    await expectCount('payment-type-row', 2);
    await expect(page.getByRole('switch', { name: 'Card active' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('switch', { name: 'Cash active' }).isChecked()).resolves.toBe(true);
    await expect(
      page.getByRole('checkbox', { name: 'Cash goes in the cash drawer' }).isChecked(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Add Payment Type' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Please provide Payment Type Title!').waitFor();
    await submitDialog({ Title: 'Voucher' }, 'Payment type added!');
    await expectCount('payment-type-row', 3);
    // Cash stays the default until another is made it.
    await defaultOf('Cash').waitFor();
    await expect(defaultOf('Voucher').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Make default payment type: Voucher' }).click();
    await page.getByText('Voucher is now the default payment type!').first().waitFor();
    await defaultOf('Voucher').waitFor();
    await defaultOf('Cash').waitFor({ state: 'detached' });
    const makeCash = page.getByRole('button', { name: 'Make default payment type: Cash' });
    // A touch target: at least 44 px high.
    expect((await makeCash.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const voucher = page.getByRole('switch', { name: 'Voucher active' });
    await expect(voucher.isChecked()).resolves.toBe(true);
    // Switching the default off moves the default back to Cash, and says so.
    await voucher.click({ force: true });
    await page.getByText('Payment type deactivated! Cash is now the default.').first().waitFor();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Voucher active' }).isChecked()).resolves.toBe(false);
    await defaultOf('Cash').waitFor();
    // A switched-off type offers no default button.
    await expect(
      page.getByRole('button', { name: 'Make default payment type: Voucher' }).count(),
    ).resolves.toBe(0);
    await screenshot(page, 'settings-payment-types');
    await checkScreen(page, 'payment types');
  }, 300_000);
});

describe('menu items', () => {
  it('builds items with a category, a tax, variants, addons and a photo', async () => {
    await openSettings('Menu Items');
    await page.getByTestId('empty-state').getByText('Add your first item').waitFor();
    await checkScreen(page, 'menu items, empty');
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter title!').waitFor();
    await dialog.getByLabel('Title', { exact: true }).fill('Cappuccino');
    // A negative price stays as typed (not silently made positive) and is explained.
    await dialog.getByLabel('Price', { exact: true }).fill('-9.50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please provide valid price!').waitFor();
    await expect(dialog.getByLabel('Price', { exact: true }).inputValue()).resolves.toMatch(/^-9\.50?$/);
    await checkScreen(page, 'add menu item dialog with errors');
    await dialog.getByLabel('Price', { exact: true }).fill('3.5');
    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Drinks' }).click();
    await dialog.getByRole('textbox', { name: 'Tax' }).click();
    await page.getByRole('option', { name: 'VAT - 23% (exclusive)' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New' }).click();
    await dialog.getByLabel('Title', { exact: true }).fill('Pastel de nata');
    await dialog.getByLabel('Price', { exact: true }).fill('1.6');
    // A new item starts with the last item's category and tax (issue 31); this one has neither.
    await expect(dialog.getByRole('textbox', { name: 'Category' }).inputValue()).resolves.toBe('Drinks');
    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await dialog.getByRole('textbox', { name: 'Tax' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectCount('menu-item-row', 2);
    await page.getByTestId('menu-item-row').filter({ hasText: 'Cappuccino' }).getByText('€3.50').waitFor();
    // Search and the category filter narrow the list.
    await page.getByRole('textbox', { name: 'Search menu items' }).fill('nata');
    await expectCount('menu-item-row', 1);
    await page.getByRole('textbox', { name: 'Search menu items' }).fill('');
    await page.getByRole('textbox', { name: 'Filter by category' }).click();
    await page.getByRole('option', { name: 'Drinks' }).click();
    await expectCount('menu-item-row', 1);
    await checkScreen(page, 'menu items, filtered');

    // Detail: variants, addons and a photo; the whole row opens it.
    await page.getByTestId('menu-item-row').filter({ hasText: 'Cappuccino' }).getByText('Drinks').click();
    await page.waitForURL(/\/dashboard\/settings\/menu-items\/\d+$/);
    await checkScreen(page, 'menu item detail');
    await expect(page.title()).resolves.toBe('Cappuccino · Comanda');

    // Unsaved edits are not lost without a word.
    await page.getByLabel('Title', { exact: true }).fill('Cappuccino grande');
    await page
      .getByRole('navigation', { name: 'Settings' })
      .getByRole('link', { name: 'Categories' })
      .click();
    await page.getByText('Leave without saving?').waitFor();
    await checkScreen(page, 'unsaved changes dialog');
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByLabel('Title', { exact: true }).inputValue()).resolves.toBe('Cappuccino grande');
    await page.getByLabel('Title', { exact: true }).fill('Cappuccino');
    await page.getByTestId('page-actions').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Menu item updated!').first().waitFor();

    await page.getByRole('button', { name: 'Add Variant' }).click();
    await page
      .getByRole('dialog')
      .getByText('The entered price is the final price and overrides the base price.')
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByText('Please provide variant title!').waitFor();
    await submitDialog({ Title: 'Small', Price: '3' }, 'Variant added!');
    await page.getByRole('button', { name: 'Add Variant' }).click();
    await submitDialog({ Title: 'Large', Price: '4.5' }, 'Variant added!');
    await page.getByRole('button', { name: 'Add Addon' }).click();
    await page
      .getByRole('dialog')
      .getByText('The final price is the base price plus the entered amount.')
      .waitFor();
    await submitDialog({ Title: 'Oat milk', Price: '0.5' }, 'Addon added!');
    await page.getByRole('button', { name: 'Edit Large' }).click();
    await submitDialog({ Price: '4.8' }, 'Variant updated!');
    await page.getByTestId('variant-row').filter({ hasText: 'Large' }).getByText('€4.80').waitFor();
    await page.getByRole('button', { name: 'Add Addon' }).click();
    await submitDialog({ Title: 'Extra shot', Price: '0.7' }, 'Addon added!');
    await page.getByRole('button', { name: 'Delete Extra shot' }).click();
    await page.getByText('Are you sure! This process is irreversible!').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Addon deleted!').first().waitFor();
    await expectCount('addon-row', 1);

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Upload Image' }).click(),
    ]);
    await chooser.setFiles({ name: 'cappuccino.png', mimeType: 'image/png', buffer: await samplePng() });
    await page.getByText('Image uploaded!').waitFor();
    await page.getByRole('img', { name: 'Cappuccino' }).waitFor();
    await screenshot(page, 'menu-item-detail');
    // Lists that have rows are open when the item is opened again.
    await page.reload();
    await page.getByTestId('variant-row').filter({ hasText: 'Large' }).waitFor();
    await page.getByTestId('addon-row').filter({ hasText: 'Oat milk' }).waitFor();

    await openSettings('Menu Items');
    await page
      .getByTestId('menu-item-row')
      .filter({ hasText: 'Cappuccino' })
      .getByText('2')
      .first()
      .waitFor();
    await screenshot(page, 'menu-items-table');
    await checkScreen(page, 'menu items');
    // On a phone the list is cards, each opening its item.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('menu-item-card').filter({ hasText: 'Cappuccino' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 300_000);

  it('keeps items valid when their category is deleted', async () => {
    await openSettings('Categories');
    await page
      .getByTestId('category-row')
      .filter({ hasText: 'Drinks' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Are you sure! This process is irreversible!').waitFor();
    // The confirmation says what the delete leaves behind.
    await page.getByText('1 menu item will be left without a category.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Category deleted!').first().waitFor();
    await openSettings('Menu Items');
    await expectCount('menu-item-row', 2);
    const cappuccino = page.getByTestId('menu-item-row').filter({ hasText: 'Cappuccino' });
    expect(await cappuccino.textContent()).not.toContain('Drinks');
  });
});

describe('users and scopes', () => {
  it('adds staff whose scopes limit what they see', async () => {
    await page.goto('/dashboard/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Please provide name!', 'Please provide username!', 'Please provide password!']) {
      await dialog.getByText(message).first().waitFor();
    }
    await checkScreen(page, 'add user dialog with errors');
    const cook = uniqueEmail('cook');
    await dialog.getByLabel('Name', { exact: true }).fill('Marta Cook');
    await dialog.getByLabel('Username', { exact: true }).fill(cook);
    await dialog.getByLabel('Password', { exact: true }).fill('cook-pass-1');
    await dialog.getByLabel('Designation', { exact: true }).fill('Chef');
    await dialog.getByRole('textbox', { name: /^Scopes/ }).click();
    await page.getByRole('option', { name: 'Kitchen', exact: true }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User added successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectCount('user-card', 2);
    // The admin's own card has no edit, reset or delete.
    const adminCard = page.getByTestId('user-card').filter({ hasText: 'ADMIN' });
    await expect(adminCard.getByRole('button').count()).resolves.toBe(0);
    await screenshot(page, 'users');
    await checkScreen(page, 'users');

    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    // A cook lands on the kitchen, their work screen (issue 31).
    await loginThroughUi(staff, cook, 'cook-pass-1', '/dashboard/kitchen');
    await staff.getByTestId('user-menu').waitFor();
    const sidebar = staff.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByText('Settings').count()).resolves.toBe(0);
    await expect(sidebar.getByText('Users').count()).resolves.toBe(0);
    await staff.goto('/dashboard/settings/tables');
    await staff.waitForURL('**/no-access');
    await staff.goto('/dashboard/users');
    await staff.waitForURL('**/no-access');
    await staff.goto('/dashboard/profile');
    await staff.getByTestId('user-menu').waitFor();

    // The admin changes the cook: a new designation, a new password (signing the cook out), then deletes them.
    const cookCard = page.getByTestId('user-card').filter({ hasText: 'Marta Cook' });
    await cookCard.getByRole('button', { name: 'Edit' }).click();
    const update = page.getByRole('dialog', { name: 'Update User' });
    await update.getByLabel('Designation', { exact: true }).fill('Head Chef');
    await update.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User updated successfully!').waitFor();
    await cookCard.getByText('Head Chef').waitFor();

    await cookCard.getByRole('button', { name: 'Reset Password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByRole('button', { name: 'Save' }).click();
    await reset.getByText('Provide new password!').waitFor();
    await reset.getByLabel('Password', { exact: true }).fill('cook-pass-2');
    await reset.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password updated successfully!').waitFor();
    // The cook's open session ends with the reset.
    await staff.waitForURL('**/login', { timeout: 60_000 });
    await loginThroughUi(staff, cook, 'cook-pass-2', '/dashboard/kitchen');

    await cookCard.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure! This process is irreversible!').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('User deleted successfully!').waitFor();
    await expectCount('user-card', 1);
    await staff.waitForURL('**/login', { timeout: 60_000 });
    await staffContext.close();
  }, 300_000);
});

describe('settings: a currency change that would round prices', () => {
  it('asks first, saying what happens to which price, and changes nothing when the admin goes back', async () => {
    const context = await newContext(browser);
    const admin = await context.newPage();
    const owner = await registerTenant(context, 'Cafe Yen');
    await loginThroughUi(admin, owner.username, owner.password);
    const origin = new URL(admin.url()).origin;
    const post = async <T>(path: string, data: unknown) => {
      const res = await context.request.post(`/api/v1${path}`, { data, headers: { origin } });
      expect(res.status(), await res.text()).toBe(200);
      return (await res.json()) as T;
    };
    const { id } = await post<{ id: number }>('/menu-items/add', { title: 'Tart', price: '4.00' });
    await post(`/menu-items/addons/${id}/add`, { title: 'Cream', price: '1.50' });
    const menu = async () => {
      const item = (await (await context.request.get(`/api/v1/menu-items/${id}`)).json()) as {
        price: number;
        addons: { price: number }[];
      };
      return { price: item.price, addon: item.addons[0]?.price };
    };

    await admin.goto('/dashboard/settings/details');
    await expect.poll(() => admin.getByLabel('Store Name').inputValue()).toBe('Cafe Yen');
    const chooseYen = async () => {
      const currency = admin.getByRole('textbox', { name: 'Currency' });
      await currency.click();
      await currency.fill('JPY');
      await admin.getByRole('option', { name: /JPY - Japanese Yen/ }).click();
      await admin.getByRole('button', { name: 'Save' }).click();
    };
    await chooseYen();
    const ask = admin.getByRole('dialog', { name: "Round the menu's prices?" });
    await ask
      .getByText(
        "Changing the currency to JPY rounds 1 of the menu's prices to whole JPY: 1.50 becomes 2. Changing back will not restore them. Save anyway?",
      )
      .waitFor();
    await checkScreen(admin, 'currency rounding question');
    await ask.getByRole('button', { name: 'Go back' }).click();
    await ask.waitFor({ state: 'hidden' });
    await admin.reload();
    await expect.poll(() => admin.getByRole('textbox', { name: 'Currency' }).inputValue()).toMatch(/^USD/);
    expect(await menu()).toEqual({ price: 4, addon: 1.5 });

    await chooseYen();
    await ask.getByRole('button', { name: 'Round prices and save' }).click();
    await admin.getByText('Store settings saved!').waitFor();
    expect(await menu()).toEqual({ price: 4, addon: 2 });
    await context.close();
  });
});

/** A real photo-sized PNG; the browser compresses it to 512 px before upload. */
function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: '#c67c4e' } })
    .png()
    .toBuffer();
}
