// Secrets never logged (issue 16): real requests that carry every kind of secret the server sees, with
// the log at its most verbose, and not one of the secrets in it.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPERADMIN,
  type TestApp,
  createTenant,
  freePort,
  startTestApp,
  uniqueUsername,
  waitForResetToken,
} from '../../test/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { COOKIES } from './session-tokens.ts';

const secret = (name: string) => `${name}-${crypto.randomBytes(9).toString('hex')}`;
const STRIPE = {
  BILLING: 'stripe',
  STRIPE_SECRET_KEY: secret('sk_test'),
  STRIPE_WEBHOOK_SECRET: secret('whsec'),
  STRIPE_PRICE_ID: 'price_test_comanda_logs',
};

let stand: StripeStandIn;
let app: TestApp;
const lines: string[] = [];
/** Every secret the requests below carry, in the form they travel in. */
const secrets = new Map<string, string>([
  ['super admin password', SUPERADMIN.password],
  ['Stripe secret key', STRIPE.STRIPE_SECRET_KEY],
  ['Stripe webhook secret', STRIPE.STRIPE_WEBHOOK_SECRET],
]);

beforeAll(async () => {
  stand = await startStripeStandIn({
    webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
    priceId: STRIPE.STRIPE_PRICE_ID,
  });
  app = await startTestApp(
    { ...STRIPE, STRIPE_API_URL: stand.url, LOG_LEVEL: 'trace' },
    { logStream: { write: (line) => lines.push(line) } },
  );
  stand.setWebhookUrl(`${app.url}/api/v1/billing/stripe/webhook`);
});
afterAll(async () => {
  await app.close();
  await stand.close();
});

/** The session cookies a client holds now, as secrets. */
function cookiesOf(client: ReturnType<TestApp['client']>, who: string) {
  for (const [name, value] of client.cookies)
    if (value.length > 8) secrets.set(`${who} cookie ${name}`, decodeURIComponent(value));
}

describe('the log at trace level', () => {
  it('holds none of the passwords, tokens, cookies and signatures the requests carried', async () => {
    const username = uniqueUsername();
    const password = secret('pw');
    const wrong = secret('wrong');
    secrets.set('sign-up password', password).set('wrong password', wrong);
    const owner = app.client();
    expect((await owner.post('/auth/signup', { biz_name: 'Cafe Logs', username, password })).status).toBe(
      200,
    );
    expect((await app.client().post('/auth/signin', { username, password: wrong })).status).toBe(401);
    expect((await owner.post('/auth/signin', { username, password })).status).toBe(200);
    expect(owner.cookies.has(COOKIES.tenant.access)).toBe(true);
    cookiesOf(owner, 'sign-in');

    // The owner pays: the provider's signed webhook opens the tenant.
    const checkout = await owner.post<{ url: string }>('/auth/create-checkout-session');
    expect(checkout.status).toBe(200);
    const event = stand.events.checkoutCompleted(/\/pay\/([^/]+)$/.exec(checkout.body.url)?.[1] ?? '');
    secrets.set('webhook signature', event.signature.split('v1=')[1] ?? event.signature);
    expect(await stand.deliver(event)).toBe(200);
    const forged = stand.events.forged(event);
    secrets.set('forged webhook signature', forged.signature.split('v1=')[1] ?? forged.signature);
    expect(await stand.deliver(forged)).toBe(400);

    // Signed-in calls carry the cookies; an Authorization header is sent as a client might.
    const bearer = secret('bearer');
    secrets.set('Authorization header', bearer);
    expect(
      (await owner.request('GET', '/auth/me', undefined, { authorization: `Bearer ${bearer}` })).status,
    ).toBe(200);
    expect((await owner.post('/auth/refresh-token')).status).toBe(200);
    cookiesOf(owner, 'refresh');

    // Passwords an admin sets for staff.
    const staff = uniqueUsername('staff');
    const staffPassword = secret('staff-pw');
    const staffReset = secret('staff-reset');
    secrets.set('staff password', staffPassword).set('staff password reset', staffReset);
    expect(
      (await owner.post('/users/add', { name: 'Rui', username: staff, password: staffPassword })).status,
    ).toBe(200);
    expect(
      (await owner.post(`/users/update-password/${encodeURIComponent(staff)}`, { password: staffReset }))
        .status,
    ).toBe(200);

    // A forgotten password: the link's token in the API path and in the web page's query.
    expect((await app.client().post('/auth/forgot-password', { username })).status).toBe(200);
    const token = await waitForResetToken(app, username);
    const newPassword = secret('new-pw');
    secrets.set('reset token', token.split('.').at(-1) ?? token).set('new password', newPassword);
    const reset = await app
      .client()
      .post(`/auth/reset-password/${encodeURIComponent(token)}`, { password: newPassword });
    expect(reset.status).toBe(200);
    await fetch(`${app.url}/reset-password?token=${encodeURIComponent(token)}`);

    const superadmin = app.client();
    expect((await superadmin.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    cookiesOf(superadmin, 'super admin');
    expect((await superadmin.post('/superadmin/refresh-token')).status).toBe(200);
    cookiesOf(superadmin, 'super admin refresh');

    await app.auth.settle();
    const log = lines.join('');
    // The log did see all of it: every request, at its most verbose.
    for (const path of [
      '/auth/signin',
      '/billing/stripe/webhook',
      '/users/update-password/',
      '/superadmin/signin',
    ])
      expect(log).toContain(path);
    expect(app.app.log.level).toBe('trace');
    const leaked = [...secrets].filter(([, value]) => log.includes(value)).map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});

describe('a mail server that fails', () => {
  it('is logged without its password or the reset link', async () => {
    // A port that refuses connections: the reset mail fails and its error is logged.
    const port = await freePort();
    const smtpPassword = secret('smtp-pw');
    const own: string[] = [];
    const failing = await startTestApp(
      { SMTP_URL: `smtp://mailer:${smtpPassword}@127.0.0.1:${port}`, LOG_LEVEL: 'trace' },
      { logStream: { write: (line) => own.push(line) } },
    );
    try {
      const t = await createTenant(failing);
      expect((await failing.client().post('/auth/forgot-password', { username: t.username })).status).toBe(
        200,
      );
      await failing.auth.settle();
      const log = own.join('');
      expect(log).toContain('password reset link not sent');
      expect(log).not.toContain(smtpPassword);
      // The link's token is `<tenant>.<id>.<secret>`: no secret-looking part of it may be in the error.
      expect(log).not.toMatch(/reset-password\?token=(?!\[redacted\])/);
    } finally {
      await failing.close();
    }
  });
});
