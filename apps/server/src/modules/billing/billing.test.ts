import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionDetails } from '@comanda/core';
import { subscriptionEvents } from '../../platform/db/schema.ts';
import {
  type Tenant,
  type TestApp,
  auditActions,
  createColleague,
  connectSocket,
  SUPERADMIN,
  createTenant,
  freePort,
  next,
  startTestApp,
} from '../../../test/harness.ts';
import { type SignedEvent, type StripeStandIn, startStripeStandIn } from '../../../test/stripe-stand-in.ts';
import { STRIPE_WEBHOOK_PATH } from './billing.routes.ts';

// BILLING=stripe against the local stand-in (test/stripe-stand-in.ts): the real SDK talks HTTP to it,
// and webhooks are signed by the SDK's own test helper. Each test makes its own tenants.

const WEBHOOK_SECRET = 'whsec_test_comanda_billing';
const PRICE_ID = 'price_test_comanda_monthly';

const STRIPE_ENV = {
  BILLING: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_comanda',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_ID: PRICE_ID,
};

let stand: StripeStandIn;
let app: TestApp;
let offApp: TestApp;
beforeAll(async () => {
  stand = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID });
  app = await startTestApp({ ...STRIPE_ENV, STRIPE_API_URL: stand.url });
  stand.setWebhookUrl(`${app.url}/api/v1${STRIPE_WEBHOOK_PATH}`);
  offApp = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await offApp.close();
  await stand.close();
});

const details = async (t: Tenant) => {
  const res = await t.client.get<SubscriptionDetails>('/auth/subscription-details');
  expect(res.status).toBe(200);
  return res.body;
};

/** What a tenant's screens answer: 402 while inactive. */
const dashboardStatus = async (t: Tenant) => (await t.client.get('/dashboard')).status;

/** The tenant's subscription history, oldest first, as the super admin's page reads it. */
const history = (tenantId: number) =>
  app.database.inTenant(tenantId, (tx) =>
    tx
      .select({
        status: subscriptionEvents.status,
        startsOn: subscriptionEvents.startsOn,
        expiresOn: subscriptionEvents.expiresOn,
        amountMinor: subscriptionEvents.amountMinor,
        currency: subscriptionEvents.currency,
        provider: subscriptionEvents.provider,
        providerEventId: subscriptionEvents.providerEventId,
        providerSubscriptionId: subscriptionEvents.providerSubscriptionId,
      })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.tenantId, tenantId))
      .orderBy(asc(subscriptionEvents.id)),
  );

const statuses = async (tenantId: number) => (await history(tenantId)).map((e) => e.status);

/** The admin opens checkout; answers the stand-in's session id. */
async function openCheckout(t: Tenant) {
  const res = await t.client.post<{ url: string }>('/auth/create-checkout-session');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = /\/pay\/([^/]+)$/.exec(res.body.url)?.[1];
  if (!id) throw new Error(`not a stand-in checkout URL: ${res.body.url}`);
  return id;
}

/** A new tenant (inactive: billing is on) whose admin paid at checkout; answers its subscription id. */
async function subscribed(created?: number) {
  const t = await createTenant(app);
  const event = stand.events.checkoutCompleted(await openCheckout(t), created);
  expect(await stand.deliver(event)).toBe(200);
  return { t, subscriptionId: event.subscriptionId, created: event };
}

/** The answer to a suspended tenant's checkout. */
const SUSPENDED = {
  status: 403,
  body: {
    code: 'tenant_suspended',
    message: 'This business was suspended by the Comanda administrator. Contact support.',
  },
};

const seconds = (d: string | null) => (d ? Math.floor(Date.parse(d) / 1000) : null);

describe('access', () => {
  it('answers 401 signed out on every subscription call', async () => {
    const anon = app.client();
    expect((await anon.get('/auth/subscription-details')).status).toBe(401);
    for (const path of [
      '/auth/stripe-product-lookup',
      '/auth/create-checkout-session',
      '/auth/cancel-subscription',
    ])
      expect((await anon.post(path, { id: 'x' })).status, path).toBe(401);
  });

  it('answers 400 with the message for a missing or blank id, and cancels nothing', async () => {
    const { t, subscriptionId } = await subscribed();
    for (const [path, body, message] of [
      ['/auth/cancel-subscription', {}, 'Please provide the subscription id!'],
      ['/auth/cancel-subscription', { id: '   ' }, 'Please provide the subscription id!'],
      ['/auth/cancel-subscription', { id: 7 }, 'Please provide the subscription id!'],
      ['/auth/stripe-product-lookup', {}, 'Please provide the product id!'],
    ] as const) {
      expect(await t.client.post(path, body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await details(t)).toMatchObject({ subscription_id: subscriptionId, is_active: true });
    expect(stand.subscriptions.get(subscriptionId)?.status).toBe('active');
  });

  it('answers 403 to staff on the admin calls, also while the tenant is inactive; staff may read the details', async () => {
    const t = await createTenant(app);
    const staff = await createColleague(app, t, { scopes: ['POS', 'SETTINGS', 'DASHBOARD'] });
    for (const path of [
      '/auth/stripe-product-lookup',
      '/auth/create-checkout-session',
      '/auth/cancel-subscription',
    ])
      expect((await staff.client.post(path, { id: PRICE_ID })).status, path).toBe(403);
    expect((await staff.client.get<SubscriptionDetails>('/auth/subscription-details')).body).toMatchObject({
      is_active: false,
      billing: 'stripe',
    });
  });

  it("answers 404 for another tenant's subscription id and an unknown one, and cancels neither", async () => {
    const a = await subscribed();
    const b = await subscribed();
    for (const id of [b.subscriptionId, 'sub_test_unknown']) {
      expect(await a.t.client.post('/auth/cancel-subscription', { id })).toMatchObject({
        status: 404,
        body: { message: 'Subscription not found!' },
      });
    }
    expect(stand.subscriptions.get(b.subscriptionId)?.status).toBe('active');
    expect(await details(b.t)).toMatchObject({ subscription_id: b.subscriptionId, is_active: true });
    expect(await statuses(b.t.tenantId)).toEqual(['created']);
  });
});

describe('checkout', () => {
  it('a new tenant is inactive until its admin pays; the webhook then opens every screen', async () => {
    const t = await createTenant(app);
    expect(await dashboardStatus(t)).toBe(402);
    expect(await details(t)).toEqual({
      subscription_id: null,
      is_active: false,
      subscription_start: null,
      subscription_end: null,
      billing: 'stripe',
      price_id: PRICE_ID,
      suspended: false,
    });

    // A tenant id in the body is not read: the session says who pays.
    const other = await createTenant(app);
    const res = await t.client.post<{ url: string }>('/auth/create-checkout-session', {
      tenant_id: other.tenantId,
    });
    expect(res.status).toBe(200);
    const sessionId = /\/pay\/([^/]+)$/.exec(res.body.url)?.[1] ?? '';
    const sent = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)?.form;
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE_ID,
      'line_items[0][quantity]': '1',
      success_url: `${app.url}/success`,
      cancel_url: `${app.url}/cancelled-payment`,
      client_reference_id: String(t.tenantId),
      'metadata[tenant_id]': String(t.tenantId),
      'subscription_data[metadata][tenant_id]': String(t.tenantId),
      customer_email: t.username,
    });

    const event = stand.events.checkoutCompleted(sessionId);
    expect(await stand.deliver(event)).toBe(200);
    expect(await dashboardStatus(t)).toBe(200);
    expect(await dashboardStatus(other)).toBe(402);
    const sub = stand.subscriptions.get(event.subscriptionId);
    const now = await details(t);
    expect(now).toMatchObject({ subscription_id: event.subscriptionId, is_active: true });
    expect([seconds(now.subscription_start), seconds(now.subscription_end)]).toEqual([sub?.start, sub?.end]);
    expect(await history(t.tenantId)).toEqual([
      {
        status: 'created',
        startsOn: new Date((sub?.start ?? 0) * 1000),
        expiresOn: new Date((sub?.end ?? 0) * 1000),
        amountMinor: 500,
        currency: 'usd',
        provider: 'stripe',
        providerEventId: event.id,
        providerSubscriptionId: event.subscriptionId,
      },
    ]);
    expect(await auditActions(app, t.tenantId)).toContain('billing.created');

    // The first invoice's own event is the same payment: nothing more happens.
    expect(await stand.deliver(stand.events.firstInvoicePaid(event.subscriptionId))).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created']);
  });

  it('answers 409 to an admin whose subscription is running, and the plan from the provider', async () => {
    const { t } = await subscribed();
    expect(await t.client.post('/auth/create-checkout-session')).toMatchObject({
      status: 409,
      body: { message: 'Your subscription is already active!' },
    });
    expect(await t.client.post('/auth/stripe-product-lookup', { id: PRICE_ID })).toMatchObject({
      status: 200,
      body: { id: PRICE_ID, name: 'Comanda Monthly', amount_minor: 500, currency: 'usd', interval: 'month' },
    });
    // Only the configured plan: another price of the account is not the tenant's to look at.
    expect(await t.client.post('/auth/stripe-product-lookup', { id: 'price_other' })).toMatchObject({
      status: 404,
      body: { message: "Can't retrieve the product subscription, Please try after sometime!" },
    });
  });

  it('lets an inactive admin look the plan up', async () => {
    const t = await createTenant(app);
    expect((await t.client.post('/auth/stripe-product-lookup', { id: PRICE_ID })).status).toBe(200);
  });
});

describe('webhooks', () => {
  it('a renewal extends the period and keeps access', async () => {
    const { t, subscriptionId } = await subscribed();
    const renewal = stand.events.renewed(subscriptionId);
    expect(await stand.deliver(renewal)).toBe(200);
    const now = await details(t);
    expect(seconds(now.subscription_end)).toBe(renewal.periodEnd);
    expect(now.is_active).toBe(true);
    const last = (await history(t.tenantId)).at(-1);
    expect(last).toMatchObject({
      status: 'renewed',
      amountMinor: 500,
      currency: 'usd',
      expiresOn: new Date(renewal.periodEnd * 1000),
    });
  });

  it('a failed payment is recorded and access runs on to the end of the paid period', async () => {
    const { t, subscriptionId } = await subscribed();
    const before = await details(t);
    expect(await stand.deliver(stand.events.paymentFailed(subscriptionId))).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created', 'payment_failed']);
    expect(await details(t)).toEqual(before);
    expect(await dashboardStatus(t)).toBe(200);
  });

  it("the provider's cancellation ends access, and the tenant's open screens hear it at once", async () => {
    const { t, subscriptionId } = await subscribed();
    const { socket, authenticated } = await connectSocket(app, t.client);
    expect(authenticated).toBe(true);
    const notice = next(socket, 'tenant_status');
    expect(await stand.deliver(stand.events.subscriptionDeleted(subscriptionId))).toBe(200);
    expect(await notice).toEqual({ active: false });
    expect(await dashboardStatus(t)).toBe(402);
    expect(await details(t)).toMatchObject({ subscription_id: null, is_active: false });
    expect(await statuses(t.tenantId)).toEqual(['created', 'cancelled']);
  });

  it('a replayed event changes nothing twice', async () => {
    const { t, subscriptionId, created } = await subscribed();
    const renewal = stand.events.renewed(subscriptionId);
    expect(await stand.deliver(renewal)).toBe(200);
    expect(await stand.deliver(stand.events.subscriptionDeleted(subscriptionId))).toBe(200);
    // The checkout's event again, after the cancellation: no second row, and no access again.
    expect(await stand.deliver(created)).toBe(200);
    expect(await stand.deliver(renewal)).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created', 'renewed', 'cancelled']);
    expect(await dashboardStatus(t)).toBe(402);
  });

  it('an out-of-order event is kept in the history but does not change the tenant', async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const { t, subscriptionId } = await subscribed(t0);
    // The cancellation (t0 + 20) arrives before the renewal that Stripe sent earlier (t0 + 10).
    expect(await stand.deliver(stand.events.subscriptionDeleted(subscriptionId, t0 + 20))).toBe(200);
    const after = await details(t);
    expect(await stand.deliver(stand.events.renewed(subscriptionId, t0 + 10))).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created', 'cancelled', 'renewed']);
    expect(await details(t)).toEqual(after);
    expect(await dashboardStatus(t)).toBe(402);

    // A new subscription paid for is news whatever its event's time: the clock of the event that
    // closed the previous one says nothing about it.
    const again = stand.events.checkoutCompleted(await openCheckout(t), t0 + 15);
    expect(await stand.deliver(again)).toBe(200);
    expect(await details(t)).toMatchObject({ subscription_id: again.subscriptionId, is_active: true });
    expect(await statuses(t.tenantId)).toEqual(['created', 'cancelled', 'renewed', 'created']);
    expect(await dashboardStatus(t)).toBe(200);
  });

  it('a subscription whose cancellation arrives before its checkout never opens the store', async () => {
    const t = await createTenant(app);
    const paid = stand.events.checkoutCompleted(await openCheckout(t));
    const ended = stand.events.subscriptionDeleted(paid.subscriptionId);
    // The tenant is found through the subscription's metadata: no customer is on the tenant yet.
    expect(await stand.deliver(ended)).toBe(200);
    expect(await stand.deliver(paid)).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['cancelled', 'created']);
    expect(await details(t)).toMatchObject({ subscription_id: null, is_active: false });
    expect(await dashboardStatus(t)).toBe(402);
  });

  it('a second subscription paid from another tab is ended at the provider; the first stays', async () => {
    const t = await createTenant(app);
    const firstTab = await openCheckout(t);
    const secondTab = await openCheckout(t);
    const first = stand.events.checkoutCompleted(firstTab);
    expect(await stand.deliver(first)).toBe(200);
    const second = stand.events.checkoutCompleted(secondTab);
    expect(await stand.deliver(second)).toBe(200);
    expect(stand.subscriptions.get(second.subscriptionId)?.status).toBe('canceled');
    expect(stand.subscriptions.get(first.subscriptionId)?.status).toBe('active');
    expect(await details(t)).toMatchObject({ subscription_id: first.subscriptionId, is_active: true });
    // While one runs, checkout is refused.
    expect((await t.client.post('/auth/create-checkout-session')).status).toBe(409);
  });

  it("a renewal never lifts the super admin's deactivation, and a second checkout is refused meanwhile", async () => {
    const { t, subscriptionId } = await subscribed();
    const sa = app.client();
    expect((await sa.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    const off = { name: 'Suspended', email: t.username, isActive: false };
    expect((await sa.request('PATCH', `/superadmin/tenants/update/${t.tenantId}`, off)).status).toBe(200);
    expect(await stand.deliver(stand.events.renewed(subscriptionId))).toBe(200);
    expect(await dashboardStatus(t)).toBe(402);
    expect(await details(t)).toMatchObject({ subscription_id: subscriptionId, is_active: false });
    expect(await t.client.post('/auth/create-checkout-session')).toMatchObject(SUSPENDED);
  });

  it('deleting a tenant ends its subscription at the provider first', async () => {
    const { t, subscriptionId } = await subscribed();
    const sa = app.client();
    expect((await sa.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    expect((await sa.request('DELETE', `/superadmin/tenants/delete/${t.tenantId}`)).status).toBe(200);
    expect(stand.subscriptions.get(subscriptionId)?.status).toBe('canceled');
  });

  it('a bad or missing signature answers 400 and changes nothing', async () => {
    const t = await createTenant(app);
    const event = stand.events.checkoutCompleted(await openCheckout(t));
    const tampered: SignedEvent = {
      ...event,
      payload: event.payload.replace(`"client_reference_id":"${t.tenantId}"`, '"client_reference_id":"1"'),
    };
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${app.url}/api/v1${STRIPE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    for (const [body, headers] of [
      [event.payload, {}],
      [event.payload, { 'stripe-signature': 'nonsense' }],
      [tampered.payload, { 'stripe-signature': event.signature }],
      [event.payload, { 'stripe-signature': stand.events.forged(event).signature }],
    ] as const) {
      const res = await post(body, headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Invalid webhook signature!' });
    }
    expect(await statuses(t.tenantId)).toEqual([]);
    expect(await dashboardStatus(t)).toBe(402);
    // The genuine event still applies: the refusals above were about the signatures alone.
    expect(await stand.deliver(event)).toBe(200);
    expect(await dashboardStatus(t)).toBe(200);
  });

  it('answers 200 to event types it does not handle, and records nothing', async () => {
    const { t } = await subscribed();
    expect(
      await stand.deliver(stand.events.other('customer.created', { id: 'cus_x', object: 'customer' })),
    ).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created']);
  });

  it("another tenant's history never decides this tenant's cancellation", async () => {
    const a = await subscribed();
    const b = await subscribed();
    // b's history names a's subscription as cancelled (ids are the provider's: nothing stops that).
    await app.database.asOwner((tx) =>
      tx.insert(subscriptionEvents).values({
        tenantId: b.t.tenantId,
        status: 'cancelled',
        provider: 'stripe',
        providerSubscriptionId: a.subscriptionId,
      }),
    );
    expect(await stand.deliver(stand.events.subscriptionDeleted(a.subscriptionId))).toBe(200);
    expect(await dashboardStatus(a.t)).toBe(402);
    expect(await statuses(a.t.tenantId)).toEqual(['created', 'cancelled']);
  });
});

describe("the super admin's suspension", () => {
  /** The super admin's switch, as SPEC §7 writes the call. */
  async function superadmin() {
    const sa = app.client();
    expect((await sa.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    return {
      setActive: async (t: Tenant, isActive: boolean, name = 'Cafe') =>
        expect(
          (
            await sa.request('PATCH', `/superadmin/tenants/update/${t.tenantId}`, {
              name,
              email: t.username,
              isActive,
            })
          ).status,
        ).toBe(200),
      /** The tenant's row in the super admin's list. */
      row: async (t: Tenant) => {
        const res = await sa.get<{ tenants: { id: number; is_active: boolean }[] }>(
          `/superadmin/tenants?search=${encodeURIComponent(t.username)}`,
        );
        return res.body.tenants.find((r) => r.id === t.tenantId);
      },
    };
  }

  it('a suspended tenant cannot pay its way back: cancel, checkout refused, a paid checkout leaves it off', async () => {
    const t = await createTenant(app);
    // Two payment pages, one of them still open in a tab when the suspension comes.
    const first = stand.events.checkoutCompleted(await openCheckout(t));
    const laterTab = await openCheckout(t);
    expect(await stand.deliver(first)).toBe(200);
    expect(await dashboardStatus(t)).toBe(200);

    const sa = await superadmin();
    await sa.setActive(t, false);
    expect(await dashboardStatus(t)).toBe(402);
    expect(await details(t)).toMatchObject({ is_active: false, suspended: true });

    // The admin may still stop the card being charged...
    expect((await t.client.post('/auth/cancel-subscription', { id: first.subscriptionId })).status).toBe(200);
    // ...but may not open a new subscription, and the answer says why.
    expect(await t.client.post('/auth/create-checkout-session')).toMatchObject(SUSPENDED);

    // The page left open is paid: the subscription is recorded, the store stays closed.
    const paid = stand.events.checkoutCompleted(laterTab);
    expect(await stand.deliver(paid)).toBe(200);
    expect(await dashboardStatus(t)).toBe(402);
    expect(await details(t)).toMatchObject({
      subscription_id: paid.subscriptionId,
      is_active: false,
      suspended: true,
    });
    expect(await statuses(t.tenantId)).toEqual(['created', 'cancelled', 'created']);
    expect(await sa.row(t)).toMatchObject({ is_active: false });
    // A renewal of it changes nothing either.
    expect(await stand.deliver(stand.events.renewed(paid.subscriptionId))).toBe(200);
    expect(await dashboardStatus(t)).toBe(402);

    // The super admin switching it back on lifts the suspension: the store opens.
    await sa.setActive(t, true);
    expect(await dashboardStatus(t)).toBe(200);
    expect(await details(t)).toMatchObject({ is_active: true, suspended: false });
    expect(await sa.row(t)).toMatchObject({ is_active: true });
  });

  it('a suspended tenant without a subscription is refused checkout until re-activated', async () => {
    const { t, subscriptionId } = await subscribed();
    const sa = await superadmin();
    await sa.setActive(t, false);
    expect((await t.client.post('/auth/cancel-subscription', { id: subscriptionId })).status).toBe(200);
    const opened = stand.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    expect(await t.client.post('/auth/create-checkout-session')).toMatchObject(SUSPENDED);
    expect(stand.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(opened);
    // Editing the name of a suspended tenant (isActive stays false) keeps it suspended.
    await sa.setActive(t, false, 'Renamed Cafe');
    expect(await t.client.post('/auth/create-checkout-session')).toMatchObject(SUSPENDED);

    // Re-activated, it works at once; its admin may subscribe again when the store is switched off
    // for want of a subscription (the provider's cancellation), which is not a suspension.
    await sa.setActive(t, true);
    expect(await dashboardStatus(t)).toBe(200);
    const again = stand.events.checkoutCompleted(await openCheckout(t));
    expect(await stand.deliver(again)).toBe(200);
    expect(await stand.deliver(stand.events.subscriptionDeleted(again.subscriptionId))).toBe(200);
    expect(await details(t)).toMatchObject({ is_active: false, suspended: false });
    expect((await t.client.post('/auth/create-checkout-session')).status).toBe(200);
  });

  it('saving an unpaid tenant with isActive false (unchanged) does not suspend it', async () => {
    const t = await createTenant(app);
    const sa = await superadmin();
    await sa.setActive(t, false, 'New name');
    expect(await details(t)).toMatchObject({ is_active: false, suspended: false });
    const paid = stand.events.checkoutCompleted(await openCheckout(t));
    expect(await stand.deliver(paid)).toBe(200);
    expect(await dashboardStatus(t)).toBe(200);
  });
});

describe('when Stripe cannot be reached', () => {
  it("answers 502 with the spec's fallback and writes nothing", async () => {
    const down = await startTestApp({
      ...STRIPE_ENV,
      STRIPE_API_URL: `http://127.0.0.1:${await freePort()}`,
    });
    try {
      const t = await createTenant(down);
      for (const [path, body] of [
        ['/auth/create-checkout-session', undefined],
        ['/auth/stripe-product-lookup', { id: PRICE_ID }],
      ] as const) {
        expect(await t.client.post(path, body), path).toMatchObject({
          status: 502,
          body: { message: "We're getting issues while processing the request, try later!" },
        });
      }
      expect((await t.client.get('/dashboard')).status).toBe(402);
    } finally {
      await down.close();
    }
  });
});

describe('webhooks for no known tenant', () => {
  it('answers 200 (so Stripe stops retrying) and records nothing', async () => {
    const { t, subscriptionId } = await subscribed();
    // A renewal as Stripe would send it, about a customer no tenant has.
    const renewal = JSON.parse(stand.events.renewed(subscriptionId).payload) as { data: { object: object } };
    const stranger = stand.events.other('invoice.paid', {
      ...renewal.data.object,
      customer: 'cus_test_nobody',
    });
    expect(await stand.deliver(stranger)).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created']);
  });
});

describe('POST /auth/cancel-subscription', () => {
  it('cancels at once with the provider, ends access and records it once', async () => {
    const { t, subscriptionId } = await subscribed();
    const staff = await createColleague(app, t, { scopes: ['POS'] });
    // A cashier's screen is open: it goes to the inactive page the moment the admin cancels.
    const { socket } = await connectSocket(app, staff.client);
    const notice = next(socket, 'tenant_status');
    expect(await t.client.post('/auth/cancel-subscription', { id: subscriptionId })).toMatchObject({
      status: 200,
      body: { message: 'Subscription cancelled! Access to the store has ended.' },
    });
    expect(stand.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v1/subscriptions/${subscriptionId}`,
    });
    expect(stand.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(await notice).toEqual({ active: false });
    expect(await dashboardStatus(t)).toBe(402);
    expect((await staff.client.get('/pos/init')).status).toBe(402);
    expect(await details(t)).toMatchObject({ subscription_id: null, is_active: false });
    expect(await auditActions(app, t.tenantId)).toContain('billing.cancelled');

    // Stripe then reports the same cancellation: the history keeps one.
    expect(await stand.deliver(stand.events.subscriptionDeleted(subscriptionId))).toBe(200);
    expect(await statuses(t.tenantId)).toEqual(['created', 'cancelled']);
    // The id is no longer the tenant's running subscription.
    expect((await t.client.post('/auth/cancel-subscription', { id: subscriptionId })).status).toBe(404);

    // The admin may subscribe again, as the same customer.
    const customer = stand.subscriptions.get(subscriptionId)?.customer;
    const again = stand.events.checkoutCompleted(await openCheckout(t));
    expect(
      stand.requests
        .filter((r) => r.path === '/v1/checkout/sessions')
        .at(-1)
        ?.form.get('customer'),
    ).toBe(customer);
    expect(await stand.deliver(again)).toBe(200);
    expect(await dashboardStatus(t)).toBe(200);
  });
});

describe('BILLING=off', () => {
  it('every tenant is active, the details say so, and the provider calls answer 400 writing nothing', async () => {
    const t = await createTenant(offApp);
    expect((await t.client.get('/dashboard')).status).toBe(200);
    expect((await t.client.get<SubscriptionDetails>('/auth/subscription-details')).body).toEqual({
      subscription_id: null,
      is_active: true,
      subscription_start: null,
      subscription_end: null,
      billing: 'off',
      price_id: null,
      suspended: false,
    });
    for (const path of [
      '/auth/stripe-product-lookup',
      '/auth/create-checkout-session',
      '/auth/cancel-subscription',
    ])
      expect(await t.client.post(path, { id: 'sub_x' }), path).toMatchObject({
        status: 400,
        body: { message: 'Online payments are not enabled on this server!' },
      });
    const webhook = await fetch(`${offApp.url}/api/v1${STRIPE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(webhook.status).toBe(400);
    const rows = await offApp.database.inTenant(t.tenantId, (tx) =>
      tx.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.tenantId)),
    );
    expect(rows).toEqual([]);
  });

  it('sign-up over HTTP makes an inactive tenant when billing is on', async () => {
    const username = `billing-${Date.now()}@cafe.test`;
    const anon = app.client();
    expect(
      (await anon.post('/auth/signup', { biz_name: 'New Cafe', username, password: 'long enough pw' }))
        .status,
    ).toBe(200);
    expect((await anon.post('/auth/signin', { username, password: 'long enough pw' })).status).toBe(200);
    expect((await anon.get('/dashboard')).status).toBe(402);
    expect((await anon.get<SubscriptionDetails>('/auth/subscription-details')).body.is_active).toBe(false);
  });
});
