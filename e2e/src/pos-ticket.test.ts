import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  SIZES,
  checkScreen,
  launchBrowser,
  loginThroughUi,
  newContext,
  registerTenant,
  screenshot,
} from './browser.ts';

// The POS ticket in a rush (issue 31), on a 1024x768 touch tablet: the ticket survives another screen
// and a reload, leaving asks first, six lines with modifiers fit with Send in view, notes edit in a
// wide sheet, search spans the menu, New resets the filter, a dine-in order asks for its table (or a
// name tag), and on a phone a floating bar opens the ticket; page titles never wrap one letter a line.

let browser: Browser;
let context: BrowserContext;
let page: Page;

async function post(path: string, data: object) {
  const res = await context.request.post(`/api/v1${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id?: number };
}
async function get<T>(path: string): Promise<T> {
  const res = await context.request.get(`/api/v1${path}`);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Drinks: Cola 2.00, Latte (Small 3.00 / Large 4.10, Oat milk +0.50); Food: six burgers with sizes, Fries. */
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, SIZES.tablet, { hasTouch: true });
  page = await context.newPage();
  const owner = await registerTenant(context, 'Casa Cheia');
  await loginThroughUi(page, owner.username, owner.password);
  await post('/settings/categories/add', { title: 'Drinks' });
  await post('/settings/categories/add', { title: 'Food' });
  const categories = await get<{ id: number; title: string }[]>('/settings/categories');
  const drinks = categories.find((c) => c.title === 'Drinks')?.id;
  const food = categories.find((c) => c.title === 'Food')?.id;
  await post('/menu-items/add', { title: 'Cola', price: '2', categoryId: drinks });
  const latte = await post('/menu-items/add', { title: 'Latte', price: '3', categoryId: drinks });
  await post(`/menu-items/variants/${latte.id}/add`, { title: 'Small', price: '3' });
  await post(`/menu-items/variants/${latte.id}/add`, { title: 'Large', price: '4.1' });
  await post(`/menu-items/addons/${latte.id}/add`, { title: 'Oat milk', price: '0.5' });
  for (const name of ['Classic', 'Cheese', 'Bacon', 'Veggie', 'Chicken', 'Double']) {
    const burger = await post('/menu-items/add', { title: `${name} Burger`, price: '9', categoryId: food });
    await post(`/menu-items/variants/${burger.id}/add`, { title: 'Regular', price: '9' });
    await post(`/menu-items/variants/${burger.id}/add`, { title: 'Large with extra sauce', price: '11' });
    await post(`/menu-items/addons/${burger.id}/add`, { title: 'Jalapeños', price: '0.5' });
  }
  await post('/menu-items/add', { title: 'Fries', price: '3', categoryId: food });
  await post('/settings/store-tables/add', { title: 'T1', floor: '-', seatingCapacity: 4 });
  await post('/settings/store-tables/add', { title: 'T2', floor: '-', seatingCapacity: 2 });
  await page.goto('/dashboard/pos');
  await item('Cola').waitFor();
});
afterAll(() => browser.close());

const item = (title: string) => page.getByTestId('pos-item').filter({ hasText: title });
const lines = () => page.getByTestId('cart-line');
const payable = () => page.getByTestId('payable-total').textContent();

/** Adds an item with options: the picker's variant (and addon), then Add. */
async function addWithOptions(title: string, variant: string, addon?: string) {
  await item(title).tap();
  const picker = page.getByRole('dialog', { name: title });
  await picker.getByText(variant, { exact: true }).tap();
  if (addon) await picker.getByText(addon, { exact: true }).tap();
  await picker.getByRole('button', { name: 'Add' }).tap();
  await picker.waitFor({ state: 'hidden' });
}

async function chooseTable(title: string) {
  await page.getByRole('textbox', { name: 'Table' }).tap();
  await page.getByRole('option', { name: title }).tap();
}

describe('the POS ticket in a rush (1024x768, touch)', () => {
  it('keeps the unsent ticket across Table Orders and a reload, and asks before leaving', async () => {
    await chooseTable('T1');
    await addWithOptions('Latte', 'Large', 'Oat milk');
    await item('Cola').tap();
    await item('Fries').tap();
    await expect.poll(() => lines().count()).toBe(3);
    expect(await payable()).toBe('$9.60');

    // Table Orders: the leave prompt; "Keep ticket" goes, and the ticket is there on return.
    await page.getByTestId('page-actions').getByRole('link', { name: 'Table Orders' }).tap();
    const prompt = page.getByRole('dialog', { name: 'This ticket is not sent yet' });
    await prompt.getByText('T1 · 3 items · $9.60').waitFor();
    await prompt.getByRole('button', { name: 'Keep ticket' }).tap();
    await page.waitForURL('**/dashboard/orders');
    await page.goBack();
    await page.waitForURL('**/dashboard/pos');
    await expect.poll(() => lines().count()).toBe(3);
    expect(await payable()).toBe('$9.60');
    await expect(page.getByRole('textbox', { name: 'Table' }).inputValue()).resolves.toBe('T1');

    // A reload (the browser's own "leave site?" is accepted) keeps it too.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect.poll(() => lines().count()).toBe(3);
    expect(await payable()).toBe('$9.60');
    await expect(page.getByRole('textbox', { name: 'Table' }).inputValue()).resolves.toBe('T1');
    await expect(lines().first().textContent()).resolves.toContain('Large, Oat milk');

    // Closing the prompt stays; "Discard" leaves with an empty ticket.
    await page.getByTestId('page-actions').getByRole('link', { name: 'Table Orders' }).tap();
    await prompt.waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });
    expect(page.url()).toContain('/dashboard/pos');
    await page.getByTestId('page-actions').getByRole('link', { name: 'Table Orders' }).tap();
    await prompt.getByRole('button', { name: 'Discard' }).tap();
    await page.waitForURL('**/dashboard/orders');
    await page.goBack();
    await item('Cola').waitFor();
    expect(await lines().count()).toBe(0);
    await expect(page.getByRole('textbox', { name: 'Table' }).inputValue()).resolves.toBe('');
  });

  it('shows six lines with modifiers between the fixed header and footer, Send in view; notes in a wide sheet', async () => {
    await chooseTable('T2');
    for (const name of ['Classic', 'Cheese', 'Bacon', 'Veggie', 'Chicken', 'Double'])
      await addWithOptions(`${name} Burger`, 'Large with extra sauce', 'Jalapeños');
    await addWithOptions('Latte', 'Small');
    await expect.poll(() => lines().count()).toBe(7);

    const box = await page.getByTestId('cart-lines').boundingBox();
    if (!box) throw new Error('no cart lines box');
    for (let i = 0; i < 6; i++) {
      const line = await lines().nth(i).boundingBox();
      expect(line && line.y >= box.y - 1 && line.y + line.height <= box.y + box.height + 1).toBe(true);
    }
    for (const name of ['Send to Kitchen', 'Create Receipt & Pay']) {
      const button = await page.getByRole('button', { name }).boundingBox();
      expect(button && button.y + button.height <= SIZES.tablet.height).toBe(true);
    }
    // The table stays in view at the top while the lines scroll.
    await page.getByTestId('cart-lines').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const table = await page.getByRole('textbox', { name: 'Table' }).boundingBox();
    expect(table && table.y >= 0).toBe(true);

    // A tap on a line opens its editor: the note reads in full (100 characters), quantity and seat.
    await lines().filter({ hasText: 'Bacon Burger' }).tap();
    const editor = page.getByRole('dialog', { name: 'Bacon Burger' });
    const note = editor.getByRole('textbox', { name: 'Notes for the kitchen' });
    const text = 'No onions, sauce on the side, well done please, cut in half for sharing, gluten-free bun if any left';
    expect(text.length).toBe(100);
    await note.fill(text);
    const fits = await note.evaluate((el) => ({
      width: el.clientWidth,
      whole: el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
    }));
    expect(fits.width).toBeGreaterThanOrEqual(480);
    expect(fits.whole).toBe(true);
    await editor.getByRole('button', { name: 'One more' }).tap();
    await editor.getByRole('button', { name: 'Done' }).tap();
    await editor.waitFor({ state: 'hidden' });
    const bacon = lines().filter({ hasText: 'Bacon Burger' });
    await expect(bacon.getByTestId('line-qty').textContent()).resolves.toBe('2');
    await expect(bacon.getByTestId('line-notes').textContent()).resolves.toBe(text);

    await page.getByTestId('cart-lines').evaluate((el) => el.scrollTo(0, 0));
    await checkScreen(page, 'POS with a long ticket', { staff: true, sizes: ['tablet', 'desktop'] });
    await screenshot(page, 'pos-ticket-long-tablet', false);
    await page.setViewportSize(SIZES.desktop);
    // The taller window gives its height to the lines (six lines with modifiers fit at 768 already).
    await expect
      .poll(async () => (await page.getByTestId('cart-lines').boundingBox())?.height ?? 0)
      .toBeGreaterThan(box.height + 20);
    await screenshot(page, 'pos-ticket-long-desktop', false);
    await page.setViewportSize(SIZES.tablet);
  });

  it('searches the whole menu whatever the category, and New resets the filter and the ticket', async () => {
    await page.getByRole('button', { name: 'Food', exact: true }).tap();
    await item('Cola').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search items' }).fill('cola');
    await item('Cola').waitFor();
    expect(await item('Fries').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Search items' }).fill('');
    await item('Cola').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search items' }).fill('fri');
    await page.getByRole('button', { name: 'New', exact: true }).tap();
    await expect(page.getByRole('textbox', { name: 'Search items' }).inputValue()).resolves.toBe('');
    await expect(page.getByRole('button', { name: 'All', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await item('Cola').waitFor();
    expect(await lines().count()).toBe(0);
  });

  it('asks a dine-in order for its table, then for a table or a name tag when the owner allows them', async () => {
    // Three items and Send: "Which table?" answers with one tap and the order goes.
    await item('Cola').tap();
    await item('Fries').tap();
    await addWithOptions('Latte', 'Small');
    await page.getByRole('button', { name: 'Send to Kitchen' }).tap();
    const ask = page.getByRole('dialog', { name: 'Which table?' });
    await ask.getByRole('button', { name: 'T2' }).tap();
    await page.getByTestId('last-token').waitFor();
    const open = await get<{ groups: { table_title: string; orders: { name_tag?: string | null }[] }[] }>(
      '/orders',
    );
    expect(open.groups.map((g) => g.table_title)).toEqual(['T2']);

    // Name tags on: the order goes under the guest's name, on Table Orders too.
    await post('/settings/ticket-setting', { allowNameTags: true });
    await page.reload();
    // The table stays on the terminal after a send (the next round for T2); New starts a ticket without.
    await page.getByRole('button', { name: 'New', exact: true }).tap();
    await item('Cola').tap();
    await page.getByRole('button', { name: 'Send to Kitchen' }).tap();
    await ask.getByRole('textbox', { name: 'Name tag' }).fill('Anna by the window');
    await ask.getByRole('button', { name: 'Use name tag' }).tap();
    await ask.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await get<{ groups: { table_title: string }[] }>('/orders')).groups.map((g) => g.table_title))
      .toEqual(['T2', 'Anna by the window']);
    await page.getByTestId('page-actions').getByRole('link', { name: 'Table Orders' }).tap();
    await page.getByRole('heading', { name: 'Anna by the window' }).waitFor();
    await page.goBack();
    await item('Cola').waitFor();
  });

  it('on a phone, a floating "N items · total" bar opens the ticket; titles never wrap a letter a line', async () => {
    await page.setViewportSize(SIZES.phone);
    await item('Fries').tap();
    await item('Fries').tap();
    const bar = page.getByTestId('ticket-bar');
    await expect(bar.textContent()).resolves.toContain('2 items · $6.00');
    const barBox = await bar.boundingBox();
    expect(barBox && barBox.y + barBox.height <= SIZES.phone.height).toBe(true);
    await screenshot(page, 'pos-ticket-phone', false);
    await bar.tap();
    const sheet = page.getByRole('dialog', { name: 'Ticket' });
    await sheet.getByTestId('cart-line').filter({ hasText: 'Fries' }).waitFor();
    // Once the sheet has slid up, Send is on screen without a scroll.
    await expect
      .poll(async () => {
        const send = await sheet.getByRole('button', { name: 'Send to Kitchen' }).boundingBox();
        return send !== null && send.y >= 0 && send.y + send.height <= SIZES.phone.height;
      })
      .toBe(true);
    await screenshot(page, 'pos-ticket-phone-sheet', false);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'New', exact: true }).tap();

    // Every staff screen's title at 390 px: at most two lines, none a letter a line.
    for (const path of [
      'pos',
      'orders',
      'kitchen',
      'reservation',
      'customers',
      'invoices',
      'users',
      'reports',
      'devices',
      'profile',
      'settings',
      'settings/menu-items',
      'settings/print-settings',
      'settings/tables',
      'shift',
      'contact-support',
    ]) {
      await page.goto(`/dashboard/${path}`);
      const title = page.getByRole('heading', { level: 1 });
      await title.waitFor();
      // Once the screen has settled (its data loaded): a loading frame is not what a user reads.
      await expect
        .poll(async () => {
          const size = await title.evaluate((el) => ({
            width: el.getBoundingClientRect().width,
            lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
          }));
          return { path, narrow: size.width < 150, lines: size.lines <= 2 };
        })
        .toEqual({ path, narrow: false, lines: true });
    }
    await page.setViewportSize(SIZES.tablet);
    // It loads a dozen screens on a phone: room for a loaded machine, not a timing assertion.
  }, 180_000);
});
