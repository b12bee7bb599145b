import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, addMonths, todayIn, wallTimeIn } from '@comanda/core';
import {
  SIZES,
  checkScreen,
  loginThroughUi,
  newContext,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';
import { type SeededMenu, payOrder, seedMenu } from './paid-order.ts';
import { parseCsv } from './csv.ts';

// The home dashboard and the reports screen (issue 12) after a day of orders paid through the real API.
// `payOrder` pays 2 x Burger Large + Cheese (15.50 + 7.5 % VAT) and 1 x Water: 32.00 + 2.33 = 34.33, so
// three of them are 96.00 net, 6.99 tax, 102.99 taken; one more bill of a 2.00 item with a formula for
// a title (in a category with a comma) checks the CSV's quoting and defusing end to end.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let menu: SeededMenu;
let timezone: string;
let today: string;

const ok = async (res: Awaited<ReturnType<BrowserContext['request']['post']>>) => {
  expect(res.status(), await res.text()).toBe(200);
  return res;
};
const post = async (url: string, data: unknown) => ok(await context.request.post(`/api/v1${url}`, { data }));
const get = async <T>(url: string) => (await (await context.request.get(`/api/v1${url}`)).json()) as T;

/** A tile's figure: its group is named by its label. */
const tile = (name: string) => page.getByRole('group', { name, exact: true }).getByTestId(/-value$/);

async function chooseFilter(name: string) {
  await page.getByRole('textbox', { name: 'Show' }).click();
  await page.getByRole('option', { name, exact: true }).click();
}

/** Clicks a table's Export CSV, waits for the browser's download and answers its name, text and rows. */
async function exportCsv(title: string) {
  // The last export's toast (bottom right, 2 s) can lie over the next table's button, which sits at the
  // right edge too: the click would wait behind it while the download wait runs out.
  await expect
    .poll(() => page.locator('.mantine-Notification-root').filter({ hasText: 'Data exported' }).count())
    .toBe(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Export CSV: ${title}` }).click(),
  ]);
  const file = await download.path();
  const text = fs.readFileSync(file, 'utf8');
  return { name: download.suggestedFilename(), text, rows: parseCsv(text) };
}

/**
 * A time zone where it is now between 06:00 and 18:59 and early in the hour, whenever the suite runs: the
 * bills it pays all fall in one store hour, and a booking at 23:30 today is still ahead.
 */
function morningZone(now = new Date()): string {
  const whole = Array.from({ length: 27 }, (_, i) => i - 12).map((h) =>
    h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`,
  );
  const halfHour = [
    'Asia/Tehran',
    'Asia/Kabul',
    'Asia/Kolkata',
    'Asia/Yangon',
    'Australia/Darwin',
    'Pacific/Marquesas',
  ];
  for (const zone of [...whole, ...halfHour]) {
    const wall = wallTimeIn(zone, now);
    const hour = Number(wall.slice(11, 13));
    if (hour >= 6 && hour <= 18 && Number(wall.slice(14, 16)) < 40) return zone;
  }
  throw new Error('no time zone is in the morning now');
}

beforeAll(async () => {
  ({ browser, context, page } = await signedInOwner('Casa do Relatório'));
  menu = await seedMenu(context.request, 'Casa do Relatório');
  timezone = morningZone();
  await post('/settings/store-setting', { storeName: 'Casa do Relatório', currency: 'USD', timezone });
  today = todayIn(timezone);
});
afterAll(() => browser.close());

describe('home dashboard', () => {
  it('shows the empty day of a new store', async () => {
    await page.goto('/dashboard/home');
    await page.getByRole('heading', { level: 1, name: 'Hello, Casa do Relatório' }).waitFor();
    await page.getByText('No Reservation found for Today!').waitFor();
    await page.getByText('No Top Selling items found for Today!').waitFor();
    await expect(tile('Orders today').textContent()).resolves.toBe('0');
    await expect(tile('Revenue today').textContent()).resolves.toBe('$0.00');
    await expect(tile('New customers').textContent()).resolves.toBe('0');
    await expect(tile('Repeat customers').textContent()).resolves.toBe('0');
    await checkScreen(page, 'home, empty', { sizes: ['tablet', 'desktop'] });
  });

  it('says so while it loads and when it fails', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/dashboard', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    try {
      await page.reload();
      await page.getByText('Please wait...').waitFor();
      release();
      await page.getByRole('alert').getByText('Error Loading Dashboard Data, Please try later!').waitFor();
    } finally {
      await page.unroute('**/api/v1/dashboard');
    }
  });

  it("shows today's orders, takings, top sellers and bookings, and a bill paid elsewhere without a reload", async () => {
    await post('/settings/store-tables/add', { title: 'T4', floor: 'Terrace', seatingCapacity: 4 });
    const table = (await get<{ id: number; table_title: string }[]>('/settings/store-tables'))[0];
    const added = await post('/customers/add', { phone: '912 000 111', name: 'Ana Costa' });
    const { customer } = (await added.json()) as { customer: { id: number } };
    const booked = await post('/reservations/add', {
      customerId: customer.id,
      date: `${today}T23:30`,
      tableId: table?.id,
      peopleCount: 4,
    });
    const { reservation } = (await booked.json()) as { reservation: { unique_code: string } };
    await payOrder(context.request, menu);
    await payOrder(context.request, menu);

    await page.reload();
    await expect.poll(() => tile('Orders today').textContent()).toBe('2');
    await expect(tile('Revenue today').textContent()).resolves.toBe('$68.66');
    await expect(tile('New customers').textContent()).resolves.toBe('1');
    await expect(tile('Repeat customers').textContent()).resolves.toBe('0');

    const booking = page.locator(`[data-testid="home-reservation"][data-code="${reservation.unique_code}"]`);
    await booking.getByText('23:30', { exact: true }).waitFor();
    await booking.getByText('Ana Costa', { exact: true }).waitFor();
    await booking.getByText('T4 · 4 people', { exact: true }).waitFor();
    await booking.getByText('Booked', { exact: true }).waitFor();
    await expect(
      page.getByRole('link', { name: 'View all reservations' }).getAttribute('href'),
    ).resolves.toBe('/dashboard/reservation');

    const sellers = page.getByTestId('home-top-seller');
    await expect(sellers.count()).resolves.toBe(2);
    await expect(sellers.nth(0).locator('td').allTextContents()).resolves.toEqual(['Burger', '$10.00', '4']);
    await expect(sellers.nth(1).locator('td').allTextContents()).resolves.toEqual(['Water', '$1.00', '2']);

    // Paid on another till: the socket's order events refetch the dashboard.
    await payOrder(context.request, menu);
    await expect.poll(() => tile('Orders today').textContent()).toBe('3');
    await expect.poll(() => tile('Revenue today').textContent()).toBe('$102.99');
    await expect(sellers.nth(0).locator('td').allTextContents()).resolves.toEqual(['Burger', '$10.00', '6']);

    await checkScreen(page, 'home', { sizes: ['tablet', 'desktop'] });
    await page.setViewportSize(SIZES.tablet);
    await page.waitForTimeout(350);
    await screenshot(page, 'home-1024');
    await page.setViewportSize(SIZES.desktop);
    await page.waitForTimeout(350);
    await screenshot(page, 'home-1280');
  });
});

describe('reports screen', () => {
  let formulaTitle: string;

  it('opens from the home button and shows every figure of the day exactly', async () => {
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.waitForURL('**/dashboard/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await expect(page.title()).resolves.toBe('Reports · Comanda');
    await expect(tile('Orders').textContent()).resolves.toBe('3');

    // One more bill, paid while the screen is open: a 2.00 item in a category whose names a
    // spreadsheet would misread (a formula; a comma and a quote).
    await post('/settings/categories/add', { title: 'Drinks, "cold"' });
    const category = (await get<{ id: number; title: string }[]>('/settings/categories')).find(
      (c) => c.title === 'Drinks, "cold"',
    );
    formulaTitle = '=SUM(1,2)';
    const item = (await (
      await post('/menu-items/add', { title: formulaTitle, price: '2', categoryId: category?.id })
    ).json()) as { id: number };
    await post('/pos/create-order-and-invoice', {
      uuid: crypto.randomUUID(),
      cart: [{ uuid: crypto.randomUUID(), item_id: item.id, quantity: 1 }],
      deliveryType: 'dinein',
      customerType: 'WALKIN',
      netTotal: 2,
      taxTotal: 0,
      total: 2,
      payment: { paymentTypeId: menu.cash, tendered: 2 },
    });

    // 4 orders: 98.00 net + 6.99 tax = 104.99; 104.99 / 4 = 26.2475, half up 26.25.
    await expect.poll(() => tile('Orders').textContent()).toBe('4');
    await expect.poll(() => tile('Revenue Total').textContent()).toBe('$104.99');
    await expect(tile('Net Revenue').textContent()).resolves.toBe('$98.00');
    await expect(tile('Tax Total').textContent()).resolves.toBe('$6.99');
    await expect(tile('Average Order Value').textContent()).resolves.toBe('$26.25');
    await expect(tile('Total Customers').textContent()).resolves.toBe('0');
    await expect(tile('New Customers').textContent()).resolves.toBe('1');
    await expect(tile('Repeat Customers').textContent()).resolves.toBe('0');
    const orders = page.getByRole('group', { name: 'Orders', exact: true });
    await orders.getByText('Previous: 0', { exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Revenue Total', exact: true })
      .getByText('Previous: $0.00', { exact: true })
      .waitFor();
    await page
      .getByTestId('report-range')
      .getByText(new RegExp(`· ${timezone.replace(/[+]/g, '\\+')}$`))
      .waitFor();

    // The answer the screen shows, figure for figure.
    const report = await get<Record<string, unknown>>('/reports?type=today');
    expect(report).toMatchObject({
      from: today,
      to: today,
      ordersCount: 4,
      invoicesCount: 4,
      revenueTotal: 104.99,
      netRevenue: 98,
      taxTotal: 6.99,
      averageOrderValue: 26.25,
    });

    const top = page.getByTestId('top-selling-row');
    await expect(top.count()).resolves.toBe(3);
    await expect(top.nth(0).locator('td').allTextContents()).resolves.toEqual([
      '1',
      'Burger',
      '$10.00',
      '6',
      '$99.99',
    ]);
    await expect(top.nth(1).locator('td').allTextContents()).resolves.toEqual([
      '2',
      'Water',
      '$1.00',
      '3',
      '$3.00',
    ]);
    await expect(top.nth(2).locator('td').allTextContents()).resolves.toEqual([
      '3',
      formulaTitle,
      '$2.00',
      '1',
      '$2.00',
    ]);

    const payments = page.getByTestId('payment-types-row');
    await expect(payments.count()).resolves.toBe(1);
    await expect(payments.locator('td').allTextContents()).resolves.toEqual(['Cash', '4', '$104.99']);
    const dining = page.getByTestId('report-dining-options');
    for (const [name, count, revenue] of [
      ['Dine In', '1', '$2.00'],
      ['Takeaway', '3', '$102.99'],
      ['Delivery', '0', '$0.00'],
    ] as const) {
      await expect(
        dining.getByTestId('dining-options-row').filter({ hasText: name }).locator('td').allTextContents(),
      ).resolves.toEqual([name, count, revenue]);
    }
    const categories = page.getByTestId('categories-row');
    await expect(
      categories.filter({ hasText: 'Drinks, "cold"' }).locator('td').allTextContents(),
    ).resolves.toEqual(['Drinks, "cold"', '1', '$2.00']);
    await expect(
      categories.filter({ hasText: 'Uncategorised' }).locator('td').allTextContents(),
    ).resolves.toEqual(['Uncategorised', '9', '$102.99']);

    // One day: revenue by hour; the hour paid in holds all four bills.
    await page.getByRole('heading', { name: 'Revenue by hour' }).waitFor();
    const hour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: timezone })
      .format(new Date())
      .padStart(2, '0');
    await page
      .getByTestId('revenue-summary')
      .getByText(
        `Revenue by hour: $104.99 in total, $0.00 in the previous period. Highest: ${hour}:00 with $104.99.`,
      )
      .waitFor();
    await page.getByText(`Busiest at ${hour}:00 with 4 orders.`).waitFor();
    await expect(page.getByRole('img', { name: 'Revenue by hour chart' }).count()).resolves.toBe(1);

    await checkScreen(page, 'reports', { sizes: ['tablet', 'desktop'] });
    await page.setViewportSize(SIZES.tablet);
    await page.waitForTimeout(500);
    await screenshot(page, 'reports-1024');
    await page.setViewportSize(SIZES.desktop);
    await page.waitForTimeout(500);
    await screenshot(page, 'reports-1280');
  }, 300_000);

  it('exports every table as CSV: quoted, formulas defused, named by the days', async () => {
    const top = await exportCsv('Top Selling Items');
    expect(top.name).toBe(`report-top-selling-${today}_${today}.csv`);
    expect(top.rows).toEqual([
      ['#', 'Item', 'Price (USD)', 'Units sold', 'Revenue (USD)'],
      ['1', 'Burger', '10.00', '6', '99.99'],
      ['2', 'Water', '1.00', '3', '3.00'],
      // A spreadsheet would run '=SUM(1,2)': it gets a leading apostrophe, and quotes for its comma.
      ['3', "'=SUM(1,2)", '2.00', '1', '2.00'],
    ]);
    expect(top.text).toContain(`"'=SUM(1,2)"`);
    await page.getByText('Data exported successfully !').first().waitFor();

    const categories = await exportCsv('Categories');
    expect(categories.name).toBe(`report-categories-${today}_${today}.csv`);
    expect(categories.rows[0]).toEqual(['Category', 'Units', 'Revenue (USD)']);
    expect(categories.rows).toContainEqual(['Drinks, "cold"', '1', '2.00']);
    expect(categories.text).toContain('"Drinks, ""cold"""');

    const payments = await exportCsv('Payment types');
    expect(payments.rows).toEqual([
      ['Payment type', 'Payments', 'Revenue (USD)'],
      ['Cash', '4', '104.99'],
    ]);
    const dining = await exportCsv('Dining options');
    expect(dining.rows.slice(1).sort()).toEqual([
      ['Delivery', '0', '0.00'],
      ['Dine In', '1', '2.00'],
      ['Takeaway', '3', '102.99'],
    ]);

    const hours = await exportCsv('Busiest hours');
    expect(hours.name).toBe(`report-busiest-hours-${today}_${today}.csv`);
    expect(hours.rows[0]).toEqual(['Hour', 'Orders', 'Revenue (USD)']);
    expect(hours.rows).toHaveLength(25);
    expect(hours.rows.slice(1).filter((r) => r[1] !== '0')).toHaveLength(1);

    const revenue = await exportCsv('Revenue by hour');
    expect(revenue.name).toBe(`report-revenue-${today}_${today}.csv`);
    expect(revenue.rows[0]).toEqual([
      'Hour',
      'Revenue (USD)',
      'Orders',
      'Previous hour',
      'Previous revenue (USD)',
    ]);
    expect(revenue.rows).toHaveLength(25);
    const paidHour = revenue.rows.slice(1).filter((r) => r[2] !== '0');
    expect(paidHour).toHaveLength(1);
    expect(paidHour[0]?.slice(1, 3)).toEqual(['104.99', '4']);

    // A browser that cannot make the file says so.
    await page.evaluate(() => {
      const w = window as unknown as { realCreateObjectURL: typeof URL.createObjectURL };
      w.realCreateObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = () => {
        throw new Error('no room for the file');
      };
    });
    await page.getByRole('button', { name: 'Export CSV: Payment types' }).click();
    await page.getByText('Failed to export Data. Please try again.').waitFor();
    await page.evaluate(() => {
      URL.createObjectURL = (
        window as unknown as { realCreateObjectURL: typeof URL.createObjectURL }
      ).realCreateObjectURL;
    });

    // The folded tables open by a tap and hold the same figures.
    await page.getByRole('button', { name: 'Show table: Busiest hours' }).click();
    await expect(page.getByTestId('busiest-hours-row').count()).resolves.toBe(24);
    await page.getByRole('button', { name: 'Hide table: Busiest hours' }).click();
  });

  it('offers no Tomorrow, switches filters and takes a custom range', async () => {
    await page.getByRole('textbox', { name: 'Show' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toEqual(['Today', 'Yesterday', 'Last 7 days', 'This month', 'Last month', 'Custom']);
    await page.keyboard.press('Escape');

    await chooseFilter('Yesterday');
    await expect.poll(() => page.getByTestId('report').getAttribute('data-from')).toBe(addDays(today, -1));
    await expect(tile('Orders').textContent()).resolves.toBe('0');
    await expect(tile('Revenue Total').textContent()).resolves.toBe('$0.00');
    await page
      .getByTestId('report-top-selling')
      .getByText('No Top Selling items found for these dates!')
      .waitFor();

    await chooseFilter('Last 7 days');
    await expect.poll(() => page.getByTestId('report').getAttribute('data-from')).toBe(addDays(today, -6));
    await expect(tile('Orders').textContent()).resolves.toBe('4');
    await page.getByRole('heading', { name: 'Revenue by day' }).waitFor();
    const week = await exportCsv('Revenue by day');
    expect(week.name).toBe(`report-revenue-${addDays(today, -6)}_${today}.csv`);
    expect(week.rows.slice(1).map((r) => r[0])).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    expect(week.rows.at(-1)?.slice(1, 3)).toEqual(['104.99', '4']);

    await chooseFilter('Custom');
    await expect(page.getByRole('textbox', { name: 'From' }).inputValue()).resolves.toBe(today);
    await expect(page.getByRole('textbox', { name: 'To' }).inputValue()).resolves.toBe(addMonths(today, 1));
    await expect.poll(() => page.getByTestId('report').getAttribute('data-to')).toBe(addMonths(today, 1));
    await expect(tile('Orders').textContent()).resolves.toBe('4');
    await page.getByRole('textbox', { name: 'From' }).fill(addDays(today, 1));
    await expect.poll(() => tile('Orders').textContent()).toBe('0');
    // An end before the start is refused on the field, not sent.
    await page.getByRole('textbox', { name: 'To' }).fill(today);
    await page.getByText('The start date must not be after the end date!').waitFor();
    await page.getByRole('textbox', { name: 'From' }).fill(today);
    await expect.poll(() => tile('Orders').textContent()).toBe('4');
    await checkScreen(page, 'reports, custom range', { sizes: ['tablet'] });

    await chooseFilter('Today');
    await expect.poll(() => page.getByTestId('report').getAttribute('data-to')).toBe(today);
  });

  it('says so when the report fails to load', async () => {
    await page.route('**/api/v1/reports?type=last_month', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    try {
      await chooseFilter('Last month');
      await page.getByRole('alert').getByText('Error Loading Reports Data, Please try later!').waitFor();
    } finally {
      await page.unroute('**/api/v1/reports?type=last_month');
    }
    await chooseFilter('Today');
    await expect.poll(() => tile('Orders').textContent()).toBe('4');
  });
});

describe('reports permission', () => {
  it('refuses the screen to staff without REPORTS and opens it to staff with it', async () => {
    const waiter = uniqueEmail('waiter');
    const manager = uniqueEmail('manager');
    await post('/users/add', {
      name: 'Rui',
      username: waiter,
      password: 'waiter-pw',
      userScopes: ['DASHBOARD'],
    });
    await post('/users/add', {
      name: 'Mia',
      username: manager,
      password: 'manager-pw',
      userScopes: ['REPORTS'],
    });

    const staff = await newContext(browser);
    const tab = await staff.newPage();
    await loginThroughUi(tab, waiter, 'waiter-pw');
    await tab.getByText('Orders today').waitFor();
    await expect(tab.getByRole('link', { name: 'Reports' }).count()).resolves.toBe(0);
    expect((await staff.request.get('/api/v1/reports')).status()).toBe(403);
    await tab.goto('/dashboard/reports');
    await tab.waitForURL('**/no-access');
    await staff.close();

    const other = await newContext(browser);
    const mtab = await other.newPage();
    // Without DASHBOARD, sign-in lands on the profile (SPEC §6); the sidebar offers Reports.
    await loginThroughUi(mtab, manager, 'manager-pw', '/dashboard/profile');
    await mtab
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    await mtab.waitForURL('**/dashboard/reports');
    await expect
      .poll(() =>
        mtab
          .getByRole('group', { name: 'Orders', exact: true })
          .getByTestId(/-value$/)
          .textContent(),
      )
      .toBe('4');
    await other.close();
  });
});
