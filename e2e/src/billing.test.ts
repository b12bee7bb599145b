import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type StripeStandIn, startStripeStandIn } from '../../apps/server/test/stripe-stand-in.ts';
import { checkScreen, launchBrowser, loginThroughUi, registerTenant, screenshot } from './browser.ts';
import { SUPERADMIN } from './global-setup.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';

// Subscription billing in Chromium (issue 13): a server of its own with BILLING=stripe, its Stripe SDK
// pointed at the local stand-in (apps/server/test/stripe-stand-in.ts), whose checkout page has a Pay
// button that posts the signed webhook to the app and returns to /success. The shared e2e server runs
// with billing off, so this suite starts the built app itself, the way global-setup does.

const WEBHOOK_SECRET = 'whsec_e2e_comanda';
const PRICE_ID = 'price_e2e_comanda_monthly';

let stand: StripeStandIn;
let server: OwnServer;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  stand = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID });
  server = await startOwnServer('billing', {
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: PRICE_ID,
    STRIPE_API_URL: stand.url,
    SUPERADMIN_USERNAME: SUPERADMIN.username,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
  });
  baseUrl = server.url;
  stand.setWebhookUrl(`${baseUrl}/api/v1/billing/stripe/webhook`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stand?.close();
});

/** A browser profile on the billing server; fails on a Content-Security-Policy violation like newContext. */
async function billingContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const violations: string[] = [];
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (violations.length) throw new Error(`Content-Security-Policy violations:\n${violations.join('\n')}`);
  };
  return context;
}

/** Waits until the text shows (fails the test on the timeout). */
const expectText = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

describe('subscription billing with BILLING=stripe', () => {
  it('a new tenant subscribes, regains access, sees its card, and loses access on cancelling', async () => {
    const context = await billingContext();
    const page = await context.newPage();
    const owner = await registerTenant(context, 'Cafe Billing');

    // A new tenant has no subscription: signing in lands on the inactive page with the plan card.
    await loginThroughUi(page, owner.username, owner.password, '/dashboard/inactive-subscription');
    await page.getByRole('heading', { name: 'Subscription required' }).waitFor();
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    await checkScreen(page, 'inactive subscription (admin)');
    await screenshot(page, 'billing-inactive-admin-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'billing-inactive-admin-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Leaving the payment page: the cancelled page, whose button goes to the profile.
    await subscribe.click();
    await page.waitForURL(`${stand.url}/pay/**`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/cancelled-payment');
    await page.getByRole('heading', { name: 'Payment Cancelled/Failed, you can try again!' }).waitFor();
    await checkScreen(page, 'cancelled payment', { staff: false });
    await screenshot(page, 'billing-cancelled-payment');
    // The profile's card says In-Active and offers Subscribe again.
    await page.getByRole('link', { name: 'Go to profile' }).click();
    await page.waitForURL('**/dashboard/profile');
    const inactiveCard = page.getByRole('region', { name: 'Subscription' });
    await inactiveCard.getByText('In-Active', { exact: true }).waitFor();
    await screenshot(page, 'billing-profile-inactive-1280');

    // Paying: the stand-in posts the signed webhook, then sends the browser to /success.
    await inactiveCard.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(`${stand.url}/pay/**`);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/success');
    await page.getByRole('heading', { name: 'Subscription created!' }).waitFor();
    expect(stand.deliveries.at(-1)?.status).toBe(200);
    await checkScreen(page, 'subscription success', { staff: false });
    await screenshot(page, 'billing-success');

    // Log out and sign in again: the dashboard opens.
    await page.getByRole('link', { name: 'Log out and sign in again' }).click();
    await page.waitForURL('**/login');
    await loginThroughUi(page, owner.username, owner.password, '/dashboard/home');

    // The profile's subscription card: Active, renewing at the period's end (its first 10 characters).
    const sub = [...stand.subscriptions.values()].at(-1);
    const renews = new Date((sub?.end ?? 0) * 1000).toISOString().slice(0, 10);
    await page.goto('/dashboard/profile');
    const card = page.getByRole('region', { name: 'Subscription' });
    await card.getByText('Active', { exact: true }).waitFor();
    expect(await card.getByTestId('subscription-renews-at').textContent()).toBe(renews);
    await checkScreen(page, 'profile with subscription card');
    await screenshot(page, 'billing-profile-card-1280');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'billing-profile-card-1024');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A colleague, made while the store is active.
    const staffPassword = 'staff-pw-billing';
    const staffUsername = `staff-${Date.now()}@e2e.test`;
    const added = await context.request.post('/api/v1/users/add', {
      data: {
        username: staffUsername,
        password: staffPassword,
        name: 'Rui',
        userScopes: ['POS', 'DASHBOARD'],
      },
    });
    expect(added.status(), await added.text()).toBe(200);

    // Cancel Subscription warns that access ends at once, then lands on the inactive page.
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Your store loses access at once').waitFor();
    await checkScreen(page, 'cancel subscription confirmation', { sizes: ['tablet'] });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'billing-cancel-confirm-1024', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.waitForURL('**/dashboard/inactive-subscription');
    expect(stand.subscriptions.get(sub?.id ?? '')?.status).toBe('canceled');
    expect((await context.request.get('/api/v1/dashboard')).status()).toBe(402);

    // Staff of an inactive store see only the notice: no plan card, no Subscribe.
    const staffContext = await billingContext();
    const staffPage = await staffContext.newPage();
    await staffPage.goto('/login');
    await staffPage.getByLabel('Email').fill(staffUsername);
    await staffPage.getByLabel('Password').fill(staffPassword);
    await staffPage.getByRole('button', { name: 'Login' }).click();
    await staffPage.waitForURL('**/dashboard/inactive-subscription');
    await expectText(staffPage, 'Please ask your administrator to renew it');
    expect(await staffPage.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await checkScreen(staffPage, 'inactive subscription (staff)');
    await screenshot(staffPage, 'billing-inactive-staff-1280');
    await staffContext.close();
    await context.close();
  }, 300_000);

  it('a suspended business is told so on the inactive page and offered no checkout', async () => {
    const context = await billingContext();
    const page = await context.newPage();
    const owner = await registerTenant(context, 'Cafe Suspended');
    await loginThroughUi(page, owner.username, owner.password, '/dashboard/inactive-subscription');

    // Subscribed (the signed webhook as the stand-in's Pay button sends it), then suspended.
    const checkout = await context.request.post('/api/v1/auth/create-checkout-session');
    expect(checkout.status(), await checkout.text()).toBe(200);
    const { url } = (await checkout.json()) as { url: string };
    const paid = stand.events.checkoutCompleted(url.split('/').at(-1) ?? '');
    expect(await stand.deliver(paid)).toBe(200);
    expect((await context.request.get('/api/v1/dashboard')).status()).toBe(200);
    const admin = await billingContext();
    expect((await admin.request.post('/api/v1/superadmin/signin', { data: SUPERADMIN })).status()).toBe(200);
    const found = await admin.request.get(
      `/api/v1/superadmin/tenants?search=${encodeURIComponent(owner.username)}`,
    );
    const [tenant] = ((await found.json()) as { tenants: { id: number }[] }).tenants;
    const suspend = await admin.request.patch(`/api/v1/superadmin/tenants/update/${tenant?.id}`, {
      data: { name: 'Cafe Suspended', email: owner.username, isActive: false },
    });
    expect(suspend.status(), await suspend.text()).toBe(200);
    await admin.close();

    await page.goto('/dashboard/home');
    await page.waitForURL('**/dashboard/inactive-subscription');
    await page.getByRole('heading', { name: 'Business suspended' }).waitFor();
    await expectText(page, 'This business was suspended by the Comanda administrator. Contact support.');
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await checkScreen(page, 'inactive page (suspended)', { staff: false });
    await screenshot(page, 'billing-suspended-1280');

    // The profile card explains it too, and offers cancelling the running subscription, not paying.
    await page.goto('/dashboard/profile');
    const card = page.getByRole('region', { name: 'Subscription' });
    await card
      .getByText('This business was suspended by the Comanda administrator. Contact support.')
      .waitFor();
    expect(await card.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await card.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
    // The server refuses the checkout too, with the same words.
    const refused = await context.request.post('/api/v1/auth/create-checkout-session');
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      message: 'This business was suspended by the Comanda administrator. Contact support.',
    });
    await context.close();
  }, 300_000);
});
