// Hostile input (issue 16): every public route has a request budget. Past it the answer is 429 with
// Retry-After and the error body, and the refused request writes nothing. A public route registered
// without a budget stops the start.
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '@comanda/core';
import {
  SUPERADMIN,
  type TestApp,
  type TestClient,
  createTenant,
  databaseFingerprint,
  startTestApp,
  uniqueUsername,
  waitForResetToken,
} from '../../test/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { createQrStore, placeBody } from '../modules/qrmenu/qrmenu.fixtures.ts';
import type { Api } from './http.ts';
import { addressLimit, requirePublicLimit } from './rate-limits.ts';

describe('registration', () => {
  /** A bare app with the same registration check as the API's, and one public route added. */
  async function start(route: (app: Api) => void) {
    const app: Api = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    await app.register(fastifyRateLimit, { global: false });
    app.addHook('onRoute', requirePublicLimit);
    route(app);
    await app.ready();
    await app.close();
  }

  it('refuses a public route without a budget, and takes a budget or a stated exemption', async () => {
    await expect(start((app) => app.get('/open', async () => 'ok'))).rejects.toThrow(
      'GET /open is public and has no rate limit',
    );
    await start((app) =>
      app.get('/counted', { onRequest: addressLimit(app, 5, 'counted') }, async () => 'ok'),
    );
    await start((app) =>
      app.get('/configured', { config: { rateLimit: { max: 5, timeWindow: 1000 } } }, async () => 'ok'),
    );
    await start((app) =>
      app.get('/exempt', { config: { rateLimitExempt: 'polled by the load balancer' } }, async () => 'ok'),
    );
  });
});

// Every budget of the walk's app: small, so a route is refused on its fourth call.
const LIMIT = 3;
const WEBHOOK_SECRET = 'whsec_test_comanda_limits';
const PRICE_ID = 'price_test_comanda_limits';

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  client?: TestClient;
}

/**
 * Per public route: a request it would carry out, and the refusal's error code. The call past the budget
 * (`last`) is one that would write.
 */
type Walk = Record<string, { code: ErrorCode; call: (last: boolean) => Promise<Call> }>;

let app: TestApp;
let stand: StripeStandIn;
let walk: Walk;

beforeAll(async () => {
  stand = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID });
  const budget = String(LIMIT);
  // TRUST_PROXY: each route is walked from an address of its own, so no budget carries over.
  app = await startTestApp({
    TRUST_PROXY: 'true',
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_comanda',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: PRICE_ID,
    STRIPE_API_URL: stand.url,
    AUTH_RATE_LIMIT: budget,
    AUTH_ADDRESS_RATE_LIMIT: budget,
    QR_ORDER_ADDRESS_RATE_LIMIT: budget,
    QR_ORDER_TABLE_RATE_LIMIT: budget,
    QR_ORDER_STORE_RATE_LIMIT: budget,
    QR_STATUS_RATE_LIMIT: budget,
    QR_MENU_RATE_LIMIT: budget,
    IMAGE_RATE_LIMIT: budget,
    WEBHOOK_RATE_LIMIT: budget,
  });
  const setup = { 'x-forwarded-for': '192.0.2.1' };

  // The owner opens a checkout (billing is on: a new tenant is inactive until it pays); the stores
  // have paid, so their menus are open.
  const owner = await createTenant(app);
  const store = await createQrStore(app);
  // The order-status walk reads an order of another store, so the orders walk starts with full budgets.
  const other = await createQrStore(app);
  await app.database.asOwner((tx) =>
    tx.execute(
      sql`update tenants set is_active = true where id in (${store.owner.tenantId}, ${other.owner.tenantId})`,
    ),
  );
  const placed = await app
    .client()
    .post<{ statusToken: string }>(`/qrmenu/${other.code}/place-order`, placeBody(other), setup);
  expect(placed.status).toBe(200);
  const superadmin = app.client();
  expect((await superadmin.post('/superadmin/signin', SUPERADMIN, setup)).status).toBe(200);
  const checkout = await owner.client.post<{ url: string }>('/auth/create-checkout-session');
  expect(checkout.status).toBe(200);
  const sessionId = /\/pay\/([^/]+)$/.exec(checkout.body.url)?.[1] ?? '';

  const signupBody = () => ({ biz_name: 'Cafe', username: uniqueUsername(), password: 'long enough pw' });
  const event = (signed: { payload: string; signature: string }): Call => ({
    method: 'POST',
    path: '/billing/stripe/webhook',
    body: signed.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
  });
  walk = {
    'POST /api/v1/auth/signup': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'POST', path: '/auth/signup', body: signupBody() }),
    },
    'POST /api/v1/auth/signin': {
      code: 'too_many_attempts',
      call: async () => ({
        method: 'POST',
        path: '/auth/signin',
        body: { username: owner.username, password: owner.password },
      }),
    },
    'POST /api/v1/auth/refresh-token': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'POST', path: '/auth/refresh-token', client: owner.client }),
    },
    // A store device's PIN pad and PIN sign-in (docs/staff-pins.md): the address budget holds before the
    // device cookie is even read, so a browser without one is refused the same.
    'GET /api/v1/auth/pin-pad': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'GET', path: '/auth/pin-pad' }),
    },
    'POST /api/v1/auth/pin-signin': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'POST', path: '/auth/pin-signin', body: { userId: 1, pin: '1234' } }),
    },
    'POST /api/v1/auth/forgot-password': {
      code: 'too_many_attempts',
      call: async () => ({
        method: 'POST',
        path: '/auth/forgot-password',
        body: { username: owner.username },
      }),
    },
    'POST /api/v1/auth/reset-password/:token': {
      code: 'too_many_attempts',
      call: async (last) => {
        const path = (token: string) => `/auth/reset-password/${encodeURIComponent(token)}`;
        const body = { password: 'a new password' };
        if (!last) return { method: 'POST', path: path(`${owner.tenantId}.1.not-the-secret`), body };
        // A live link, asked for from the set-up address, whose budgets are its own.
        const asked = await app.client().post('/auth/forgot-password', { username: owner.username }, setup);
        expect(asked.status).toBe(200);
        return { method: 'POST', path: path(await waitForResetToken(app, owner.username)), body };
      },
    },
    'POST /api/v1/billing/stripe/webhook': {
      code: 'too_many_requests',
      // Events the app records nothing for, then the checkout's, which would open the tenant.
      call: async (last) =>
        event(
          last
            ? stand.events.checkoutCompleted(sessionId)
            : stand.events.other('customer.created', { id: 'cus_test_limits' }),
        ),
    },
    'POST /api/v1/superadmin/signin': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'POST', path: '/superadmin/signin', body: SUPERADMIN }),
    },
    'POST /api/v1/superadmin/refresh-token': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'POST', path: '/superadmin/refresh-token', client: superadmin }),
    },
    'GET /api/v1/qrmenu/:qrcode': {
      code: 'too_many_requests',
      call: async () => ({ method: 'GET', path: `/qrmenu/${store.code}?tableId=${store.tableToken}` }),
    },
    'POST /api/v1/qrmenu/:qrcode/place-order': {
      code: 'too_many_orders',
      call: async () => ({
        method: 'POST',
        path: `/qrmenu/${store.code}/place-order`,
        body: placeBody(store),
      }),
    },
    'GET /api/v1/qrmenu/order-status/:statusToken': {
      code: 'too_many_attempts',
      call: async () => ({ method: 'GET', path: `/qrmenu/order-status/${placed.body.statusToken}` }),
    },
    'GET /api/v1/images/:key': {
      code: 'too_many_requests',
      call: async () => ({ method: 'GET', path: '/images/no-such-photo' }),
    },
    'GET /api/v1/images/:key/thumb': {
      code: 'too_many_requests',
      call: async () => ({ method: 'GET', path: '/images/no-such-photo/thumb' }),
    },
  };
});
afterAll(async () => {
  await app.close();
  await stand.close();
});

let nextAddress = 10;
/** Sends a call from an address of its own to the walk of one route. */
async function send(c: Call, address: string) {
  const client = c.client ?? app.client();
  return client.request(c.method, c.path, c.body, { ...c.headers, 'x-forwarded-for': address });
}

describe('every public route', () => {
  it('is walked here, but for the health check, which the load balancer polls', () => {
    const publicRoutes = app.routes.filter((r) => 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes).toContain('GET /api/v1/health');
    expect(Object.keys(walk).sort()).toEqual(publicRoutes.filter((r) => r !== 'GET /api/v1/health').sort());
  });

  it('answers 429 with Retry-After and the error body past its budget, and the refused call writes nothing', async () => {
    const wrong: string[] = [];
    for (const [route, { code, call }] of Object.entries(walk)) {
      const address = `203.0.113.${(nextAddress += 1)}`;
      for (let i = 1; i <= LIMIT; i += 1) {
        const res = await send(await call(false), address);
        if (res.status === 429 || res.status >= 500) wrong.push(`${route} call ${i}: ${res.status}`);
      }
      const refused = await call(true);
      await app.auth.settle();
      const before = await databaseFingerprint(app);
      const res = await send(refused, address);
      await app.auth.settle();
      if (res.status !== 429) wrong.push(`${route} past the budget: ${res.status}`);
      else {
        const retryAfter = Number(res.headers.get('retry-after'));
        if (!(retryAfter > 0 && retryAfter <= 60)) wrong.push(`${route} Retry-After: ${retryAfter}`);
        expect(res.body, route).toEqual({ code, message: ERRORS[code].message });
      }
      if ((await databaseFingerprint(app)) !== before) wrong.push(`${route}: the refused call wrote`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the load balancer poll the health check as often as it likes', async () => {
    for (let i = 0; i < LIMIT * 4; i += 1)
      expect((await send({ method: 'GET', path: '/health' }, '198.51.100.1')).status).toBe(200);
  });
});
