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
  uniqueEmail,
} from './browser.ts';

// Staff PINs on a shared tablet (issue 31, docs/staff-pins.md): one store, one tablet (1024x768, touch)
// that the owner makes a store device, a waiter and a cook switching on it by PIN.

let browser: Browser;
let tablet: BrowserContext;
let page: Page;
let owner: { username: string; password: string };

const api = async (context: BrowserContext, method: 'get' | 'post' | 'patch', path: string, data?: unknown) => {
  const res = await context.request[method](`/api/v1${path}`, data === undefined ? {} : { data });
  return { status: res.status(), body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
};

/** Taps a name on the pad and types a PIN on its keypad. */
async function pinIn(name: string, pin: string) {
  await page.getByRole('button', { name: new RegExp(name) }).tap();
  await page.getByRole('heading', { name: `${name}, type your PIN` }).waitFor();
  for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).tap();
  await page.getByRole('button', { name: 'Sign in' }).tap();
}

beforeAll(async () => {
  browser = await launchBrowser();
  tablet = await newContext(browser, SIZES.tablet, { hasTouch: true });
  page = await tablet.newPage();
  owner = await registerTenant(tablet, 'Bar Lumen');
  await loginThroughUi(page, owner.username, owner.password);
  for (const [name, scopes] of [
    ['Wanda', ['POS']],
    ['Kim', ['KITCHEN']],
  ] as const) {
    const added = await api(tablet, 'post', '/users/add', {
      name,
      username: uniqueEmail(name.toLowerCase()),
      password: `pw-${name}-2026`,
      userScopes: scopes,
    });
    expect(added.status).toBe(200);
  }
});
afterAll(() => browser.close());

describe('staff PINs on a shared tablet', () => {
  it('the owner sets PINs and makes the tablet a store device; staff switch by PIN and land on their screens; 5 wrong PINs lock', async () => {
    // The owner sets each PIN from the person's card on Users.
    await page.goto('/dashboard/users');
    for (const [name, pin] of [
      ['Wanda', '2468'],
      ['Kim', '1357'],
    ] as const) {
      const card = page.getByTestId('user-card').filter({ hasText: name });
      await card.getByRole('button', { name: 'Set PIN' }).tap();
      const dialog = page.getByRole('dialog', { name: `PIN for ${name}` });
      await dialog.getByLabel('New PIN').fill(pin);
      await dialog.getByRole('button', { name: 'Save PIN' }).tap();
      await card.getByText('Has PIN').waitFor();
    }

    // My Devices: this tablet becomes "Bar tablet"; the owner's session here ends, the pad shows.
    await page.goto('/dashboard/devices');
    const card = page.getByTestId('store-devices-card');
    await card.getByLabel('Device name').fill('Bar tablet');
    await card.getByRole('button', { name: 'Make store device' }).tap();
    await page.waitForURL('**/pin');
    await page.getByText('Bar tablet · store device').waitFor();
    expect((await api(tablet, 'get', '/auth/me')).status).toBe(401);
    await page.getByRole('button', { name: /Wanda/ }).waitFor();
    await page.getByRole('button', { name: /Kim/ }).waitFor();
    await checkScreen(page, 'PIN pad', { sizes: ['desktop', 'tablet', 'phone'], screenshot: 'pin-pad' });

    // The waiter: PIN in, lands on the POS as herself.
    await page.getByRole('button', { name: /Wanda/ }).tap();
    await checkScreen(page, 'PIN keypad', { sizes: ['desktop', 'tablet', 'phone'], screenshot: 'pin-keypad' });
    await page.getByRole('button', { name: 'Not you? Choose your name' }).tap();
    await pinIn('Wanda', '2468');
    await page.waitForURL('**/dashboard/pos');
    expect((await api(tablet, 'get', '/auth/me')).body).toMatchObject({ user: { name: 'Wanda' } });
    await screenshot(page, 'pin-pos-switch-user', false);

    // Switch user: Wanda's session ends on the server, the cook PINs in and lands on the kitchen.
    await page.getByRole('button', { name: 'Switch user' }).tap();
    await page.waitForURL('**/pin');
    expect((await api(tablet, 'get', '/auth/me')).status).toBe(401);
    await pinIn('Kim', '1357');
    await page.waitForURL('**/dashboard/kitchen');
    expect((await api(tablet, 'get', '/auth/me')).body).toMatchObject({ user: { name: 'Kim' } });

    // Five wrong PINs lock Wanda on this tablet.
    await page.getByRole('button', { name: 'Switch user' }).tap();
    await page.waitForURL('**/pin');
    await page.getByRole('button', { name: /Wanda/ }).tap();
    for (let i = 1; i <= 5; i++) {
      for (const digit of '0000') await page.getByRole('button', { name: digit, exact: true }).tap();
      await page.getByRole('button', { name: 'Sign in' }).tap();
      await page
        .getByRole('alert')
        .filter({ hasText: i < 5 ? 'Wrong PIN! Please try again.' : 'Too many wrong PINs on this device!' })
        .waitFor();
      await expect.poll(() => page.getByTestId('pin-dots').getAttribute('aria-label')).toBe('0 digits typed');
    }
    await screenshot(page, 'pin-locked', false);
    await page.getByRole('button', { name: 'Not you? Choose your name' }).tap();
  }, 300_000);

  it('locks back to the PIN pad after the idle time, ending the session on the server', async () => {
    // The owner, at the office on a laptop, sets the tablet's idle lock to the shortest allowed.
    const office = await newContext(browser, SIZES.desktop);
    const officePage = await office.newPage();
    await loginThroughUi(officePage, owner.username, owner.password);
    await officePage.goto('/dashboard/devices');
    const row = officePage.getByTestId('store-device-row').filter({ hasText: 'Bar tablet' });
    await row.getByLabel('Idle lock for Bar tablet').click();
    await officePage.getByRole('option', { name: '15 seconds' }).click();
    await expect
      .poll(async () => ((await api(office, 'get', '/auth/store-devices')).body as unknown as { idleSeconds: number }[])[0]?.idleSeconds)
      .toBe(15);
    await office.close();

    await pinIn('Kim', '1357');
    await page.waitForURL('**/dashboard/kitchen');
    // No input: the tablet locks itself (the wait is for that, not a fixed sleep).
    await page.waitForURL('**/pin', { timeout: 90_000 });
    await page.getByRole('button', { name: /Kim/ }).waitFor();
    expect((await api(tablet, 'get', '/auth/me')).status).toBe(401);
  }, 300_000);
});
