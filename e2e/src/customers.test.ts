import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayIn } from '@comanda/core';
import {
  checkScreen,
  loginThroughUi,
  newContext,
  registerTenant,
  SIZES,
  screenshot,
  signedInOwner,
  socketAdmitted,
  uniqueEmail,
} from './browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Casa Nova'));
});
afterAll(() => browser.close());

const rows = () => page.getByTestId('customer-row');
const pageOf = () => page.getByTestId('page-of');

/** The names in the list's rows, top to bottom. */
async function names(): Promise<string[]> {
  return rows().evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
}

/** Waits until the list shows these rows' names. */
async function expectNames(expected: string[]) {
  await expect.poll(names).toEqual(expected);
}

/** Screenshots at the laptop and the tablet sizes, for review; the viewport is left at the laptop's. */
async function shots(name: string, fullPage = true) {
  await screenshot(page, `${name}-1280`, fullPage);
  await page.setViewportSize(SIZES.tablet);
  await page.waitForTimeout(350);
  await screenshot(page, `${name}-1024`, fullPage);
  await page.setViewportSize(SIZES.desktop);
}

async function searchFor(text: string) {
  const search = page.getByRole('search');
  await search.getByLabel('Search customers').fill(text);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
}

describe('customers: the owner keeps the guest list', () => {
  it('adds a customer through the dialog, after a SPEC §5 message', async () => {
    await page.goto('/dashboard/customers');
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByText('No customers yet').waitFor();
    await expect(page.title()).resolves.toBe('Customers · Comanda');
    await checkScreen(page, 'customers, empty');
    await shots('customers-empty');

    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Customer' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText("Please Provide Customer's Phone!").waitFor();
    await dialog.getByText("Please Provide Customer's Name!").waitFor();
    await dialog.getByLabel('Phone').fill('555-CALL');
    await dialog.getByLabel('Name').fill('Ana Lima');
    await dialog.getByLabel('Email').fill('ana@');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please Provide Valid Email!').waitFor();
    await dialog.getByLabel('Email').fill('ana@example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please provide valid phone no.!').waitFor();
    await checkScreen(page, 'add customer dialog with errors');
    await shots('customers-add-dialog-errors', false);

    await dialog.getByLabel('Phone').fill('555-0101');
    await dialog.getByLabel('Birth date').fill('1990-05-17');
    await dialog.getByLabel('Gender').selectOption('female');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer added!').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectNames(['Ana Lima']);
    await expect(rows().first().textContent()).resolves.toContain('555-0101');
    await expect(rows().first().textContent()).resolves.toContain('17 May 1990');

    // The same phone written differently is the same customer.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await dialog.getByLabel('Phone').fill('555 0101');
    await dialog.getByLabel('Name').fill('Someone Else');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A customer with this phone already exists!').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('finds a customer by phone or name; blank does nothing; a refused search reads No result found!', async () => {
    for (let i = 1; i <= 25; i++) {
      const res = await context.request.post('/api/v1/customers/add', {
        data: { phone: `600 ${String(i).padStart(4, '0')}`, name: `Guest ${String(i).padStart(2, '0')}` },
      });
      expect(res.status()).toBe(200);
    }
    await page.reload();
    await expect.poll(() => pageOf().textContent()).toBe('Page 1 of 3');

    await searchFor('ana');
    await expectNames(['Ana Lima']);
    await page.getByText('Showing results for "ana"').waitFor();
    await searchFor('5550101');
    await expectNames(['Ana Lima']);
    await searchFor('nobody at all');
    await page.getByTestId('no-result').getByText('No result found!').waitFor();
    // Longer than the server takes: it answers 400, and the screen says the same.
    await searchFor('9'.repeat(81));
    await page.getByTestId('no-result').waitFor();
    // Blank: nothing happens, the last search stays.
    await searchFor('   ');
    expect(new URL(page.url()).searchParams.get('q')).toBe('9'.repeat(81));
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => pageOf().textContent()).toBe('Page 1 of 3');
    // The search is in the address: Back shows it again, box included; Forward clears it.
    const box = page.getByRole('search').getByLabel('Search customers');
    await page.goBack();
    await page.getByTestId('no-result').waitFor();
    await expect(box.inputValue()).resolves.toBe('9'.repeat(81));
    await page.goForward();
    await expect.poll(() => pageOf().textContent()).toBe('Page 1 of 3');
    await expect(box.inputValue()).resolves.toBe('');
  });

  it('pages through 26 customers with First, Next, Last and Previous', async () => {
    await expectNames(['25', '24', '23', '22', '21', '20', '19', '18', '17', '16'].map((n) => `Guest ${n}`));
    await checkScreen(page, 'customers list');
    await shots('customers-list');
    const nav = page.getByRole('navigation', { name: 'Customer pages' });
    await expect(nav.getByRole('button', { name: 'First' }).isDisabled()).resolves.toBe(true);
    await expect(nav.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);

    await nav.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pageOf().textContent()).toBe('Page 2 of 3');
    await expectNames(['15', '14', '13', '12', '11', '10', '09', '08', '07', '06'].map((n) => `Guest ${n}`));

    await nav.getByRole('button', { name: 'Last' }).click();
    await expect.poll(() => pageOf().textContent()).toBe('Page 3 of 3');
    await expectNames(['Guest 05', 'Guest 04', 'Guest 03', 'Guest 02', 'Guest 01', 'Ana Lima']);
    await expect(nav.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await expect(nav.getByRole('button', { name: 'Last' }).isDisabled()).resolves.toBe(true);

    await nav.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => pageOf().textContent()).toBe('Page 2 of 3');
    await nav.getByRole('button', { name: 'First' }).click();
    await expect.poll(() => pageOf().textContent()).toBe('Page 1 of 3');
    await expectNames(['25', '24', '23', '22', '21', '20', '19', '18', '17', '16'].map((n) => `Guest ${n}`));
  });

  it('edits a customer with the phone shown but locked', async () => {
    await page.getByRole('button', { name: 'Edit Guest 25' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.waitFor();
    const phone = dialog.getByLabel('Phone');
    await expect(phone.inputValue()).resolves.toBe('600 0025');
    await expect(phone.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByLabel('Name').inputValue()).resolves.toBe('Guest 25');
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText("Please Provide Customer's Name!").waitFor();
    await checkScreen(page, 'edit customer dialog');
    await shots('customers-edit-dialog', false);
    await dialog.getByLabel('Name').fill('Rita Guest');
    await dialog.getByLabel('Gender').selectOption('other');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer updated!').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await names())[0]).toBe('Rita Guest');
  });

  it('deletes a customer after the irreversible-action question', async () => {
    await page.getByRole('button', { name: 'Delete Guest 24' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Guest 24?' });
    await confirm.getByText('Are you sure! This process is irreversible!').waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Customer deleted!').first().waitFor();
    await expect.poll(async () => (await names()).includes('Guest 24')).toBe(false);
    await page.getByText('25 customers').waitFor();
  });

  it("opens a customer's page from the list", async () => {
    await searchFor('Ana');
    await page.getByRole('link', { name: 'Ana Lima' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ana Lima' }).waitFor();
    const contact = page.getByTestId('contact-card');
    await contact.getByText('ana@example.com').waitFor();
    await contact.getByText('Female').waitFor();
    await expect(page.getByTestId('tile-reservations').textContent()).resolves.toContain('0');
    await expect(page.getByTestId('tile-spent').textContent()).resolves.toContain('$0.00');
    await page.getByText('No reservations yet.').waitFor();
    await checkScreen(page, "a customer's page");
    await shots('customer-detail');
    await page.getByRole('link', { name: 'Back to customers' }).click();
    await page.waitForURL('**/dashboard/customers');
  });

  it('exports every customer as CSV', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('customers.csv');
    const file = await download.path();
    const lines = fs.readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe('phone,name,email,gender,birth_date,created_at');
    expect(lines).toHaveLength(27);
    await page.getByText('Data exported successfully !').waitFor();
  });
});

describe('customers: a phone a URL must encode', () => {
  // The phone is the customer's key in the page's address and in the API's path (docs/customers.md).
  const phone = '+1 (555) 0199 #7';
  it("opens, edits and deletes the customer from their page's address", async () => {
    const res = await context.request.post('/api/v1/customers/add', { data: { phone, name: 'Hash Guest' } });
    expect(res.status()).toBe(200);
    await page.goto('/dashboard/customers');
    await searchFor('Hash');
    await page.getByRole('link', { name: 'Hash Guest' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hash Guest' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/customers/%2B1%20(555)%200199%20%237');
    // The address alone opens the page again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Hash Guest' }).waitFor();
    await page.getByTestId('contact-card').getByText(phone).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await dialog.getByLabel('Name').fill('Hash Guest II');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Customer updated!').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Hash Guest II' }).waitFor();

    await page.getByRole('link', { name: 'Back to customers' }).click();
    await searchFor('Hash');
    await page.getByRole('button', { name: 'Delete Hash Guest II' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Hash Guest II?' })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await page.getByText('Customer deleted!').first().waitFor();
    await page.getByTestId('no-result').waitFor();
  });
});

describe('customers: another tab', () => {
  it('shows a customer added elsewhere without a reload (customers_updated)', async () => {
    const other = await context.newPage();
    const admitted = socketAdmitted(other);
    await other.goto('/dashboard/customers?q=Zed');
    await other.getByTestId('no-result').waitFor();
    await admitted;
    const res = await context.request.post('/api/v1/customers/add', {
      data: { phone: '700 1234', name: 'Zed' },
    });
    expect(res.status()).toBe(200);
    await other.getByRole('link', { name: 'Zed' }).waitFor();
    await other.close();
  });
});

describe('customers: a viewer', () => {
  it('lists and opens customers but sees no New, Edit or Delete', async () => {
    const username = uniqueEmail('viewer');
    const res = await context.request.post('/api/v1/users/add', {
      data: { username, password: 'viewer-pw-1', name: 'Vera', userScopes: ['VIEW_CUSTOMERS'] },
    });
    expect(res.status()).toBe(200);
    const other = await newContext(browser);
    const viewer = await other.newPage();
    await loginThroughUi(viewer, username, 'viewer-pw-1', '/dashboard/profile');
    await viewer.goto('/dashboard/customers');
    await viewer.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await viewer.getByTestId('customer-row').first().waitFor();
    // Exporting every customer is a manager's action (customers.manage).
    expect(await viewer.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'New', exact: true }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    // The search lives in the address: a link to it opens the list already searched.
    await viewer.goto('/dashboard/customers?q=Ana');
    await viewer.getByRole('link', { name: 'Ana Lima' }).click();
    await viewer.getByRole('heading', { level: 1, name: 'Ana Lima' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await other.close();
  });
});

describe("customers: the store's clock on a device in another time zone", () => {
  const STORE_ZONE = 'Pacific/Tongatapu';
  const DEVICE_ZONE = 'America/Los_Angeles';
  /** A calendar date ('YYYY-MM-DD') as the screens write it: '17 May 1990'. */
  const written = (date: string) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${date}T00:00:00Z`));

  it("shows a customer's Added day and their booking's time on the store's calendar, not the device's", async () => {
    const far = await newContext(browser, { width: 1280, height: 800 }, { timezoneId: DEVICE_ZONE });
    const tab = await far.newPage();
    const farOwner = await registerTenant(far, 'Tonga Grill');
    await loginThroughUi(tab, farOwner.username, farOwner.password);
    // The device really is in Los Angeles.
    await expect(tab.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).resolves.toBe(
      DEVICE_ZONE,
    );
    const store = { storeName: 'Tonga Grill', currency: 'USD', timezone: STORE_ZONE };
    expect((await far.request.post('/api/v1/settings/store-setting', { data: store })).status()).toBe(200);

    const added = await far.request.post('/api/v1/customers/add', {
      data: { phone: '676 0001', name: 'Sione' },
    });
    expect(added.status()).toBe(200);
    const { customer } = (await added.json()) as { customer: { id: number; phone: string } };
    const path = `/api/v1/customers/${encodeURIComponent(customer.phone)}`;
    const detail = (await (await far.request.get(path)).json()) as {
      customer: { created_at: string };
    };
    const createdAt = new Date(detail.customer.created_at);
    const storeDay = todayIn(STORE_ZONE, createdAt);
    // 00:30 tomorrow at the store: on the device's clock that is still the day before.
    const bookedAt = `${addDays(todayIn(STORE_ZONE), 1)}T00:30`;
    const booked = await far.request.post('/api/v1/reservations/add', {
      data: { customerId: customer.id, date: bookedAt, peopleCount: 2 },
    });
    expect(booked.status()).toBe(200);

    await tab.goto('/dashboard/customers');
    const row = tab.getByTestId('customer-row').first();
    await row.waitFor();
    const addedText = await row.evaluate((tr) => tr.querySelectorAll('td')[5]?.textContent);
    expect(addedText).toBe(written(storeDay));
    if (storeDay !== todayIn(DEVICE_ZONE, createdAt))
      expect(addedText).not.toBe(written(todayIn(DEVICE_ZONE, createdAt)));

    await tab.getByRole('link', { name: 'Sione' }).click();
    await tab.getByRole('heading', { level: 1, name: 'Sione' }).waitFor();
    await tab.getByText(`Customer since ${written(storeDay)}`).waitFor();
    const when = tab.getByTestId('customer-reservations').locator('tbody td').first();
    const wall = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }).format(new Date(`${bookedAt}:00Z`));
    // The booking's wall time, and the instant in its title, both read the store's clock.
    await expect(when.textContent()).resolves.toBe(wall);
    await expect(when.getAttribute('title')).resolves.toBe(wall);
    await expect(tab.getByTestId('tile-upcoming').textContent()).resolves.toContain('1');
    await checkScreen(tab, "a customer's page with a booking");
    await screenshot(tab, 'customer-detail-booking-1280');
    await tab.setViewportSize(SIZES.tablet);
    await tab.waitForTimeout(350);
    await screenshot(tab, 'customer-detail-booking-1024');
    await tab.setViewportSize(SIZES.desktop);

    // The reservations screen lists it under the store's Tomorrow at 00:30.
    await tab.goto('/dashboard/reservation');
    await tab.getByRole('textbox', { name: 'Show' }).click();
    await tab.getByRole('option', { name: 'Tomorrow', exact: true }).click();
    const card = tab.getByTestId('reservation-card');
    await card.first().waitFor();
    await expect(card.getByTestId('reservation-time').textContent()).resolves.toBe('00:30');
    const day = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${bookedAt}:00Z`));
    await expect(card.getByTestId('reservation-day').textContent()).resolves.toBe(day);
    await far.close();
  });
});
