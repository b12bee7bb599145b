import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addMonths, todayIn, wallTimeIn } from '@comanda/core';
import {
  checkScreen,
  loginThroughUi,
  newContext,
  SIZES,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** The store's date tomorrow (its clock, from /reservations/init): bookings there are never in the past. */
let tomorrow: string;
let today: string;
/** The store's time zone (the tenant's, from /reservations/init). */
let storeZone: string;

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Tasca Reserva'));
  for (const table of [
    { title: 'T1', floor: 'Ground', seatingCapacity: 4 },
    { title: 'T2', floor: 'Terrace', seatingCapacity: 2 },
  ]) {
    const res = await context.request.post('/api/v1/settings/store-tables/add', { data: table });
    expect(res.status()).toBe(200);
  }
  const init = (await (await context.request.get('/api/v1/reservations/init')).json()) as {
    today: string;
    timezone: string;
  };
  today = init.today;
  storeZone = init.timezone;
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  tomorrow = d.toISOString().slice(0, 10);
});
afterAll(() => browser.close());

const cards = () => page.getByTestId('reservation-card');
const card = (code: string) => page.locator(`[data-testid="reservation-card"][data-code="${code}"]`);

/** Waits for the list to show exactly n bookings (it refetches after each save). */
async function expectCards(n: number) {
  if (n > 0)
    await cards()
      .nth(n - 1)
      .waitFor();
  await cards().nth(n).waitFor({ state: 'detached' });
  expect(await cards().count()).toBe(n);
}

async function chooseFilter(name: string) {
  await page.getByRole('textbox', { name: 'Show' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Screenshots at the laptop size and at the 10-inch tablet's, back at the laptop size afterwards. */
async function screenshots(name: string, fullPage = true) {
  await screenshot(page, name, fullPage);
  await page.setViewportSize(SIZES.tablet);
  await page.waitForTimeout(350);
  await screenshot(page, `${name}-tablet`, fullPage);
  await page.setViewportSize(SIZES.desktop);
  await page.waitForTimeout(350);
}

async function saveDialog(toastText: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(toastText).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

describe('reservations: a manager books, moves, cancels and deletes', () => {
  let first = '';
  let second = '';

  it('validates the dialog and books a new guest added through the picker', async () => {
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reservations' })
      .click();
    await page.waitForURL('**/dashboard/reservation');
    await page.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor();
    await expect(page.title()).resolves.toBe('Reservations · Comanda');
    await page.getByText('No reservations for these dates').waitFor();
    await checkScreen(page, 'reservations, empty');
    await screenshots('reservations-empty');

    const opened = wallTimeIn(storeZone, new Date());
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Reservation' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please select customer!').waitFor();
    await dialog.getByText('Please select date & time!').waitFor();
    // The picker's minimum is now on the store's clock: the minute the dialog opened.
    const min = await dialog.getByLabel('Date & time').getAttribute('min');
    expect([opened, wallTimeIn(storeZone, new Date())]).toContain(min);
    // Yesterday on the store's clock is refused before anything is sent.
    const yesterday = new Date(`${today}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    await dialog.getByLabel('Date & time').fill(`${yesterday.toISOString().slice(0, 10)}T19:00`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please select a date & time in the future!').waitFor();
    await checkScreen(page, 'new reservation dialog with errors');
    await screenshots('reservation-dialog-errors', false);

    // A guest not yet known: typed, then added through the Add New Customer dialog.
    await dialog.getByRole('textbox', { name: 'Customer' }).fill('Marta Reis');
    await dialog.getByRole('button', { name: 'Add New Customer' }).click();
    const addCustomer = page.getByRole('dialog', { name: 'Add New Customer' });
    await addCustomer.waitFor();
    await expect(addCustomer.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Marta Reis');
    await addCustomer.getByLabel('Phone', { exact: true }).fill('555 0123');
    await checkScreen(page, 'add customer dialog over the reservation dialog');
    await addCustomer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer added!').first().waitFor();
    await addCustomer.waitFor({ state: 'hidden' });
    await expect(dialog.getByRole('textbox', { name: 'Customer' }).inputValue()).resolves.toBe(
      'Marta Reis · 555 0123',
    );

    await dialog.getByLabel('Date & time').fill(`${tomorrow}T19:00`);
    await dialog.getByLabel('Table').selectOption({ label: 'T1 · Ground · 4 seats' });
    await dialog.getByLabel('People').fill('3');
    await dialog.getByLabel('Notes').fill('Window, birthday cake');
    await screenshots('reservation-dialog-filled', false);
    await saveDialog('Reservation added!');

    // Booked for tomorrow: not under Today.
    await page.getByText('No reservations for these dates').waitFor();
    await chooseFilter('Tomorrow');
    await expectCards(1);
    first = (await cards().first().getByTestId('reservation-code').textContent()) ?? '';
    expect(first).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const booked = card(first);
    await expect(booked.getByTestId('reservation-time').textContent()).resolves.toBe('19:00');
    await expect(booked.getByTestId('reservation-table').textContent()).resolves.toBe('T1 · Ground');
    await booked.getByText('Marta Reis').waitFor();
    await booked.getByText('555 0123').waitFor();
    await booked.getByText('3 people').waitFor();
    await booked.getByText('Booked').waitFor();
    await booked.getByText('Window, birthday cake').waitFor();
    await checkScreen(page, 'reservations, tomorrow');
    await screenshots('reservations-tomorrow');
  }, 300_000);

  it('moves the booking to another table and time', async () => {
    await card(first)
      .getByRole('button', { name: `Edit reservation ${first}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Update Reservation ${first}` });
    await dialog.waitFor();
    await dialog.getByText('Marta Reis · 555 0123').waitFor();
    await expect(dialog.getByLabel('Date & time').inputValue()).resolves.toBe(`${tomorrow}T19:00`);
    await checkScreen(page, 'update reservation dialog');
    await dialog.getByLabel('Date & time').fill(`${tomorrow}T20:30`);
    await dialog.getByLabel('Table').selectOption({ label: 'T2 · Terrace · 2 seats' });
    await dialog.getByLabel('People').fill('2');
    await saveDialog('Reservation updated!');
    await expect.poll(() => card(first).getByTestId('reservation-time').textContent()).toBe('20:30');
    await expect(card(first).getByTestId('reservation-table').textContent()).resolves.toBe('T2 · Terrace');
  });

  it('warns before double-booking a table, and saves anyway when told', async () => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Reservation' });
    // The guest is found by name this time.
    await dialog.getByRole('textbox', { name: 'Customer' }).fill('Marta');
    await page.getByRole('option', { name: 'Marta Reis · 555 0123' }).click();
    await dialog.getByLabel('Date & time').fill(`${tomorrow}T21:00`);
    await dialog.getByLabel('Table').selectOption({ label: 'T2 · Terrace · 2 seats' });
    await dialog.getByLabel('People').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const warning = dialog.getByTestId('reservation-warning');
    await warning.getByText(`Table T2 is already booked at 20:30 (${first})! Save anyway?`).waitFor();
    await checkScreen(page, 'double-booking warning');
    await screenshots('reservation-warning', false);
    // Go back keeps what was typed; saving again asks again.
    await warning.getByRole('button', { name: 'Go back' }).click();
    await expect(dialog.getByLabel('Date & time').inputValue()).resolves.toBe(`${tomorrow}T21:00`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByText('Reservation added!').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectCards(2);
    second = (await cards().nth(1).getByTestId('reservation-code').textContent()) ?? '';
    expect(second).not.toBe(first);
    await expect(card(second).getByTestId('reservation-time').textContent()).resolves.toBe('21:00');
  });

  it('cancels one booking and deletes the other', async () => {
    await card(second)
      .getByRole('button', { name: `Edit reservation ${second}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Update Reservation ${second}` });
    await dialog.getByText('Cancelled', { exact: true }).click();
    await saveDialog('Reservation updated!');
    await card(second).getByText('Cancelled', { exact: true }).waitFor();

    await card(first)
      .getByRole('button', { name: `Delete reservation ${first}` })
      .click();
    await page.getByText('Are you sure! This process is irreversible!').waitFor();
    await checkScreen(page, 'delete reservation confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Reservation deleted!').first().waitFor();
    await expectCards(1);
    await screenshots('reservations-after-cancel-and-delete');
  });

  it('searches by code, ignores a blank search, shows no result, and goes back to the list', async () => {
    await chooseFilter('Today');
    await page.getByText('No reservations for these dates').waitFor();
    const search = page.getByRole('textbox', { name: 'Search reservations' });
    const searches: string[] = [];
    const countSearch = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.endsWith('/reservations/search')) searches.push(request.url());
    };
    page.on('request', countSearch);
    await search.fill('   ');
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await search.press('Enter');
    await expect(page.getByText(/Results for/).count()).resolves.toBe(0);
    // Nothing was asked of the server; the next search is (the positive control).
    expect(searches).toEqual([]);
    await search.fill(second.toLowerCase());
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(`Results for “${second.toLowerCase()}”`).waitFor();
    expect(searches).toHaveLength(1);
    page.off('request', countSearch);
    await expectCards(1);
    await card(second).waitFor();
    await checkScreen(page, 'reservation search results');
    // A search the server refuses (over 80 characters) reads the same as one that finds nothing.
    await search.fill('x'.repeat(81));
    await search.press('Enter');
    await page.getByText('No result found!').waitFor();
    await search.fill('nobody-here');
    await search.press('Enter');
    await page.getByText('No result found!').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await page.getByText('No reservations for these dates').waitFor();

    // A custom range starts today and ends the same day next month.
    await chooseFilter('Custom');
    const storeToday = todayIn(storeZone);
    await expect(page.getByLabel('From', { exact: true }).inputValue()).resolves.toBe(storeToday);
    await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe(addMonths(storeToday, 1));
    await expectCards(1);
    await page.getByLabel('To', { exact: true }).fill(tomorrow);
    await page.getByLabel('From', { exact: true }).fill(tomorrow);
    await expectCards(1);
    // A range that ends before it starts asks for dates in order and shows nothing.
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByText('The start date must not be after the end date!').waitFor();
    await expectCards(0);
    await checkScreen(page, 'reservations, custom range');
  });
});

describe('reservations: a viewer', () => {
  it('sees the bookings but no New, Edit or Delete', async () => {
    const staffName = uniqueEmail('host');
    const added = await context.request.post('/api/v1/users/add', {
      data: {
        name: 'Inês Host',
        username: staffName,
        password: 'host-pw-1',
        userScopes: ['VIEW_RESERVATIONS'],
      },
    });
    expect(added.status()).toBe(200);
    const viewerContext = await newContext(browser, { width: 1024, height: 768 });
    const viewer = await viewerContext.newPage();
    await loginThroughUi(viewer, staffName, 'host-pw-1', '/dashboard/reservation');
    await viewer
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reservations' })
      .click();
    await viewer.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor();
    await viewer.getByRole('textbox', { name: 'Show' }).click();
    await viewer.getByRole('option', { name: 'Tomorrow', exact: true }).click();
    await viewer.getByTestId('reservation-card').first().waitFor();
    await viewer.getByText('Marta Reis').waitFor();
    await expect(viewer.getByRole('button', { name: 'New', exact: true }).count()).resolves.toBe(0);
    await expect(viewer.getByRole('button', { name: /^(Edit|Delete) reservation/ }).count()).resolves.toBe(0);
    await checkScreen(viewer, 'reservations as a viewer');

    // A booking made elsewhere shows on the viewer's screen without a reload (reservations_updated).
    const listed = (await (await context.request.get('/api/v1/reservations?type=tomorrow')).json()) as {
      customer_id: number;
    }[];
    const customerId = listed[0]?.customer_id;
    const made = await context.request.post('/api/v1/reservations/add', {
      data: { customerId, date: `${tomorrow}T12:15`, peopleCount: 4, notes: 'Booked by phone' },
    });
    expect(made.status()).toBe(200);
    await viewer.getByText('Booked by phone').waitFor();
    await expect(viewer.getByTestId('reservation-card').count()).resolves.toBe(2);
    await screenshot(viewer, 'reservations-viewer');
    await viewerContext.close();
  });
});
