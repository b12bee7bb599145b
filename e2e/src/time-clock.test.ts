import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TIMESHEET_CSV_COLUMNS } from '@comanda/core';
import {
  SIZES,
  checkScreen,
  expectAccessible,
  loginThroughUi,
  newContext,
  screenshot,
  signedInOwner,
  uniqueEmail,
} from './browser.ts';
import { parseCsv } from './csv.ts';

// The time clock (issue 31, docs/timeclock.md): a waiter on a touch tablet clocks in, takes a break and
// clocks out from the header; the owner reads the timesheet, corrects the entry with a reason (the
// audit log shows it), exports the CSV, and the shift's Z report lists the waiter.

let browser: Browser;
let ownerContext: BrowserContext;
let owner: Page;
let waiter: Page;
let shiftId = 0;

async function post<T>(path: string, data: unknown): Promise<T> {
  const res = await ownerContext.request.post(`/api/v1${path}`, { data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const noToasts = (page: Page) =>
  expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);

beforeAll(async () => {
  ({ browser, context: ownerContext, page: owner } = await signedInOwner('Cafe Reloj'));
  await owner.setViewportSize(SIZES.tablet);
  // The shift the waiter works in: its Z report lists who was on the clock.
  shiftId = (await post<{ shift: { id: number } }>('/shifts/open', { float: '0' })).shift.id;
  const login = { username: uniqueEmail('wendy'), password: 'pw-wendy-2026' };
  await post('/users/add', { name: 'Wendy', ...login, userScopes: ['POS'] });
  const tablet = await newContext(browser, SIZES.tablet, { hasTouch: true });
  waiter = await tablet.newPage();
  await loginThroughUi(waiter, login.username, login.password, '/dashboard/**');
});
afterAll(() => browser.close());

describe('Time clock', () => {
  it('a waiter clocks in, takes a break and clocks out from the header', async () => {
    await waiter.goto('/dashboard/profile');
    const header = waiter.locator('header');
    await header.getByRole('button', { name: 'Clock in' }).tap();
    const status = header.getByTestId('clock-status');
    await expect.poll(() => status.textContent()).toMatch(/On shift 0 h 0\d/);
    await noToasts(waiter);
    await expectAccessible(waiter, 'Header with the clock on');
    for (const size of ['tablet', 'desktop'] as const) {
      await waiter.setViewportSize(SIZES[size]);
      await status.waitFor();
      await screenshot(waiter, `timeclock-header-${size}`, false);
    }
    // Below 1200 px the actions fold into a menu under the running time (a store device's header holds
    // Switch user too); a phone's header has no room.
    await waiter.setViewportSize({ width: 800, height: 1024 });
    await status.tap();
    await waiter.getByRole('menuitem', { name: 'Break' }).waitFor();
    await screenshot(waiter, 'timeclock-header-menu-portrait', false);
    await waiter.keyboard.press('Escape');
    await waiter.setViewportSize(SIZES.phone);
    await status.waitFor({ state: 'detached' });
    await screenshot(waiter, 'timeclock-header-phone', false);

    await waiter.setViewportSize(SIZES.tablet);
    await status.tap();
    await waiter.getByRole('menuitem', { name: 'Break' }).tap();
    // Folded, the status reads "Break 0 h 00".
    await expect.poll(() => status.textContent()).toMatch(/^Break 0 h 0\d/);
    await status.tap();
    await waiter.getByRole('menuitem', { name: 'End break' }).waitFor();
    await screenshot(waiter, 'timeclock-header-break-tablet', false);
    // Clocking out while on a break ends the break too.
    await waiter.getByRole('menuitem', { name: 'Clock out' }).tap();
    await header.getByRole('button', { name: 'Clock in' }).waitFor();
  });

  it('the owner sees the timesheet and corrects the entry with a reason, audited', async () => {
    await owner.goto('/dashboard/home');
    await owner.getByRole('link', { name: 'Timesheets' }).click();
    await owner.waitForURL('**/dashboard/timesheets');
    const rows = owner.getByTestId('timesheet-entries').locator('tbody tr');
    await rows.filter({ hasText: 'Wendy' }).first().waitFor();
    expect(await rows.count()).toBe(1);
    await expect.poll(() => owner.getByTestId('total-Wendy').textContent()).toContain('1 entry');
    await checkScreen(owner, 'Timesheets', {
      sizes: ['tablet', 'desktop', 'phone'],
      screenshot: 'timesheets',
    });

    await owner.getByRole('button', { name: "Edit Wendy's entry" }).click();
    const dialog = owner.getByRole('dialog', { name: "Edit Wendy's entry" });
    const clockIn = dialog.getByLabel('Clock in', { exact: true });
    const was = await clockIn.inputValue();
    // An hour earlier: she came in to set up before she clocked in.
    const earlier = new Date(Date.parse(`${was}:00Z`) - 3_600_000).toISOString().slice(0, 16);
    await clockIn.fill(earlier);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please give a reason for the change!').waitFor();
    await expectAccessible(owner, 'Edit time entry dialog');
    await screenshot(owner, 'timesheets-edit-tablet', false);
    await dialog.getByLabel('Reason').fill('Came in early to set up');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.first().textContent()).toMatch(/1 h 0[01]/);

    await owner.goto('/dashboard/settings/audit-log');
    const audit = owner.locator('[data-testid="audit-row"][data-action="timeclock.correct"]');
    await audit.first().waitFor();
    expect(await audit.first().textContent()).toContain('Came in early to set up');
    expect(await audit.first().textContent()).toContain('Time entry corrected');

    // The CSV: one row for Wendy with the corrected clock-in and about an hour worked.
    await owner.goto('/dashboard/timesheets');
    await rows.first().waitFor();
    await noToasts(owner);
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^timesheet-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const [head, ...body] = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    expect(head).toEqual([...TIMESHEET_CSV_COLUMNS]);
    expect(body).toHaveLength(1);
    const [person, date, inAt, outAt, breakMinutes, hours] = body[0]!;
    expect(person).toBe('Wendy');
    expect(inAt).toBe(earlier.replace('T', ' '));
    expect(date).toBe(earlier.slice(0, 10));
    expect(outAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(breakMinutes).toBe('0');
    expect(hours).toMatch(/^1\.0[0-2]$/);
  });

  it("lists the waiter on the shift's Z report", async () => {
    await owner.addInitScript(() => {
      window.print = () => undefined;
    });
    await owner.goto('/dashboard/shift');
    const [z] = await Promise.all([
      ownerContext.waitForEvent('page'),
      owner.getByRole('button', { name: `Print the Z report of shift ${shiftId} at 80 mm` }).click(),
    ]);
    await z.waitForURL(/\/print-z-report/);
    const staff = z.getByTestId('z-staff');
    await staff.first().waitFor();
    expect(await staff.count()).toBe(1);
    expect(await staff.first().textContent()).toMatch(/^Wendy \d{2}:\d{2}–\d{2}:\d{2}0 h 0\d$/);
    await screenshot(z, 'timeclock-z-report-80mm');
  });
});
