import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../platform/mail.ts';
import {
  type TestApp,
  auditActions,
  createColleague,
  createTenant,
  startTestApp,
  uniqueUsername,
  waitForResetToken,
} from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /auth/signup', () => {
  it.each([
    [{ username: 'a@b.co', password: 'long enough' }, 'Please provide business name!'],
    [{ biz_name: '  ', username: 'a@b.co', password: 'long enough' }, 'Please provide business name!'],
    [{ biz_name: 'Cafe', password: 'long enough' }, 'Please provide email!'],
    [{ biz_name: 'Cafe', username: 'not-an-email', password: 'long enough' }, 'Please provide valid email!'],
    [{ biz_name: 'Cafe', username: 'a@b.co' }, 'Please provide password!'],
    [{ biz_name: 12, username: 'a@b.co', password: 'long enough' }, 'Please provide business name!'],
    [
      { biz_name: 'x'.repeat(10_000), username: 'a@b.co', password: 'long enough' },
      'Business name is too long!',
    ],
    [{ biz_name: 'Cafe', username: 'a@b.co', password: 'x'.repeat(300) }, 'Password is too long!'],
    [{ biz_name: 'Cafe', username: 'a@b.co', password: 'x' }, 'Password must be at least 8 characters!'],
    [
      { biz_name: 'Cafe', username: 'a@b.co', password: '1234567' },
      'Password must be at least 8 characters!',
    ],
    [{ biz_name: 'Cafe', username: 'a@b.co', password: '          ' }, 'Password cannot be only spaces!'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await app.client().post('/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'validation' });
  });

  it('answers each field message for an empty body and creates nothing', async () => {
    const before = await app.database.asOwner((tx) =>
      tx.execute(sql`select count(*)::int as n from tenants`),
    );
    const res = await app.client().post('/auth/signup');
    expect(res).toMatchObject({ status: 400, body: { message: 'Please provide business name!' } });
    const after = await app.database.asOwner((tx) => tx.execute(sql`select count(*)::int as n from tenants`));
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const username = uniqueUsername();
    const c = app.client();
    expect(
      (await c.post('/auth/signup', { biz_name: 'A', username, password: 'pw long enough' })).status,
    ).toBe(200);
    const again = await c.post('/auth/signup', {
      biz_name: 'B',
      username: username.toUpperCase(),
      password: 'pw long enough',
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'This email is already registered!' } });
  });

  it('creates the tenant and its admin, who can sign in', async () => {
    const username = uniqueUsername();
    const c = app.client();
    const res = await c.post('/auth/signup', {
      biz_name: 'Cafe Sol',
      username,
      password: 'pw 1 long enough',
      timezone: 'Europe/Lisbon',
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'Account created!' } });
    const signin = await app.client().post('/auth/signin', { username, password: 'pw 1 long enough' });
    expect(signin.status).toBe(200);
    expect(signin.body).toMatchObject({
      message: 'Login successful!',
      user: { username, name: 'Cafe Sol', role: 'admin', scope: '', designation: null, photo: null },
    });
  });
});

describe('sign-up signs the owner in and opens a store ready to sell (issue 31)', () => {
  it('answers the session user beside the message and sets the session cookies', async () => {
    const username = uniqueUsername();
    const c = app.client();
    const res = await c.post('/auth/signup', { biz_name: 'Cafe Lua', username, password: 'pw long enough' });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Account created!', user: { username, name: 'Cafe Lua', role: 'admin', scope: '' } },
    });
    expect(res.body.user).toHaveProperty('tenant_id');
    expect([...c.cookies.keys()].sort()).toEqual(['comanda_at', 'comanda_auth', 'comanda_rt']);
    // The cookies are a working session: the owner's own screens answer, and it is a device.
    expect((await c.get('/settings/store-setting')).status).toBe(200);
    const devices = await c.get<{ isMyDevice: boolean }[]>('/auth/devices');
    expect(devices.status).toBe(200);
    // My Devices knows this browser as the one asking: removing "another" device never hits this one.
    expect(devices.body.map((d) => d.isMyDevice)).toEqual([true]);
    expect((await c.post('/auth/refresh-token')).status).toBe(200);
  });

  it('creates Cash and Card, both active, Cash in the drawer and the default', async () => {
    const c = app.client();
    await c.post('/auth/signup', {
      biz_name: 'Cafe Lua',
      username: uniqueUsername(),
      password: 'pw long enough',
    });
    const types =
      await c.get<{ title: string; is_active: boolean; is_cash: boolean; is_default: boolean }[]>(
        '/settings/payment-types',
      );
    expect(types.status).toBe(200);
    expect(
      types.body.map((t) => ({
        title: t.title,
        active: t.is_active,
        cash: t.is_cash,
        default: t.is_default,
      })),
    ).toEqual([
      { title: 'Cash', active: true, cash: true, default: true },
      { title: 'Card', active: true, cash: false, default: false },
    ]);
  });
});

describe('bad input never answers 500', () => {
  it('answers 400 to malformed JSON', async () => {
    const res = await app
      .client()
      .request('POST', '/auth/signin', '{"username":', { 'content-type': 'application/json' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Malformed JSON body!' } });
  });

  it('answers 413 to a 1 MB body and creates nothing', async () => {
    const username = uniqueUsername();
    const body = JSON.stringify({ biz_name: 'x'.repeat(1024 * 1024), username, password: 'pw long enough' });
    const c = app.client();
    const res = await c.request('POST', '/auth/signup', body, { 'content-type': 'application/json' });
    expect(res).toMatchObject({ status: 413, body: { message: 'Request body is too large!' } });
    expect((await c.post('/auth/signin', { username, password: 'pw long enough' })).status).toBe(401);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const res = await app
      .client()
      .request('POST', '/auth/signin', 'username=a', { 'content-type': 'text/xml' });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Unsupported content type!');
  });

  it('answers 400 to arrays and nulls where an object is expected', async () => {
    const res = await app.client().post('/auth/signin', [1, 2]);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    const nulls = await app.client().post('/auth/signin', { username: null, password: null });
    expect(nulls).toMatchObject({ status: 400, body: { message: 'Please provide username!' } });
  });

  it('answers a JSON 404 for an unknown API path', async () => {
    const res = await app.client().get('/nope');
    expect(res).toMatchObject({ status: 404, body: { message: 'Not found!' } });
  });
});

describe('POST /auth/signin', () => {
  it.each([
    [{ password: 'long enough' }, 'Please provide username!'],
    [{ username: 'a@b.co' }, 'Please provide password!'],
  ])('answers 400 for %j', async (body, message) => {
    expect(await app.client().post('/auth/signin', body)).toMatchObject({ status: 400, body: { message } });
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const { username } = await createTenant(app);
    const wrong = await app.client().post('/auth/signin', { username, password: 'nope' });
    const unknown = await app.client().post('/auth/signin', { username: uniqueUsername(), password: 'nope' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password!' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('sets httpOnly session cookies and a readable marker cookie', async () => {
    const { username, password } = await createTenant(app);
    const res = await app.client().post('/auth/signin', { username, password });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('comanda_at='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('comanda_rt='))).toMatch(
      /Path=\/api\/v1\/auth.*HttpOnly|HttpOnly.*Path=\/api\/v1\/auth/i,
    );
    expect(cookies.find((c) => c.startsWith('comanda_auth='))).not.toMatch(/HttpOnly/i);
    expect(cookies.every((c) => /SameSite=Lax/i.test(c))).toBe(true);
  });

  it('is rate limited per address and username', async () => {
    const limited = await startTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const c = limited.client();
      const username = uniqueUsername();
      for (let i = 0; i < 3; i += 1)
        expect((await c.post('/auth/signin', { username, password: 'long enough' })).status).toBe(401);
      const res = await c.post('/auth/signin', { username, password: 'long enough' });
      expect(res).toMatchObject({
        status: 429,
        body: { message: 'Too many attempts! Please try again in a minute.' },
      });
      // Another account from the same address is not locked out.
      expect(
        (await c.post('/auth/signin', { username: uniqueUsername(), password: 'long enough' })).status,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('records sign-ins in the audit log', async () => {
    const t = await createTenant(app);
    expect(await auditActions(app, t.tenantId)).toEqual(['tenant.signup', 'auth.signin']);
  });
});

describe('sessions are checked on every request', () => {
  it('answers 401 without a session', async () => {
    expect(await app.client().get('/auth/me')).toMatchObject({
      status: 401,
      body: { message: 'Please sign in to continue!' },
    });
  });

  it('answers 401 to a forged access token', async () => {
    const c = app.client();
    c.cookies.set('comanda_at', 'eyJhbGciOiJIUzI1NiJ9.eyJ0aWQiOjEsInVpZCI6MSwiZGlkIjoxfQ.forged');
    expect((await c.get('/auth/me')).status).toBe(401);
  });

  it('refuses a copied cookie once its device signed out', async () => {
    const t = await createTenant(app);
    const stolen = t.client.copy();
    expect((await stolen.get('/auth/me')).status).toBe(200);
    const out = await t.client.post('/auth/signout');
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully!' } });
    expect(t.client.cookies.has('comanda_auth')).toBe(false);
    expect((await stolen.get('/auth/me')).status).toBe(401);
    expect((await stolen.post('/auth/refresh-token')).status).toBe(401);
    expect(await auditActions(app, t.tenantId)).toContain('auth.signout');
  });

  it("signing out ends only the caller's device: their other devices and a colleague's stay signed in", async () => {
    const t = await createTenant(app);
    const tablet = app.client();
    await tablet.post('/auth/signin', { username: t.username, password: t.password });
    const colleague = await createColleague(app, t, { scopes: ['POS'] });
    expect((await t.client.post('/auth/signout')).status).toBe(200);
    expect((await tablet.get('/auth/me')).status).toBe(200);
    expect((await colleague.client.get('/auth/me')).status).toBe(200);
    expect((await colleague.client.post('/auth/refresh-token')).status).toBe(200);
  });

  it('answers 402 on every call once the tenant is deactivated, but still lets the user sign out', async () => {
    const t = await createTenant(app);
    await app.database.asOwner((tx) =>
      tx.execute(sql`update tenants set is_active = false where id = ${t.tenantId}`),
    );
    expect(await t.client.get('/auth/devices')).toMatchObject({
      status: 402,
      body: { message: 'Your subscription is inactive!' },
    });
    expect((await t.client.get('/auth/me')).status).toBe(200);
    expect((await t.client.post('/auth/signout')).status).toBe(200);
  });
});

describe('POST /auth/refresh-token', () => {
  it('answers 401 and clears cookies without a refresh token', async () => {
    const res = await app.client().post('/auth/refresh-token');
    expect(res.status).toBe(401);
  });

  it('rotates the refresh token and keeps the session', async () => {
    const t = await createTenant(app);
    const before = t.client.cookies.get('comanda_rt');
    const res = await t.client.post('/auth/refresh-token');
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Session refreshed!', user: { username: t.username } },
    });
    expect(t.client.cookies.get('comanda_rt')).not.toBe(before);
    expect((await t.client.get('/auth/me')).status).toBe(200);
  });

  it('revokes the device when a rotated-away token is used again after the grace period', async () => {
    const t = await createTenant(app);
    const thief = t.client.copy();
    expect((await t.client.post('/auth/refresh-token')).status).toBe(200);
    // Age the rotation past the grace period that covers two tabs refreshing at once.
    await app.database.asOwner((tx) =>
      tx.execute(
        sql`update devices set rotated_at = now() - interval '5 minutes' where tenant_id = ${t.tenantId}`,
      ),
    );
    expect((await thief.post('/auth/refresh-token')).status).toBe(401);
    // The legitimate holder is signed out too: the session is burnt.
    expect((await t.client.get('/auth/me')).status).toBe(401);
    expect((await t.client.post('/auth/refresh-token')).status).toBe(401);
    expect(await auditActions(app, t.tenantId)).toContain('auth.refresh_reuse');
  });

  it('refuses a refresh token it never issued with 401 and signs nobody out', async () => {
    const t = await createTenant(app);
    const token = t.client.cookies.get('comanda_rt') ?? '';
    const [tenant, device, secret, tag] = token.split('.');
    const forgeries = [
      // The old shape: tenant and device ids are sequential, so anyone could write these.
      `${tenant}.${device}.${'A'.repeat(43)}`,
      // A guessed secret with the real ids and a tag from another token.
      `${tenant}.${device}.${'B'.repeat(secret?.length ?? 43)}.${tag}`,
      `${tenant}.${device}.${secret}.${'C'.repeat(tag?.length ?? 22)}`,
      // Someone else's device ids on this token's secret and tag.
      `${tenant}.${Number(device) + 1}.${secret}.${tag}`,
    ];
    for (const forged of forgeries) {
      const stranger = app.client();
      stranger.cookies.set('comanda_rt', forged);
      expect(await stranger.post('/auth/refresh-token')).toMatchObject({
        status: 401,
        body: { message: 'Session expired! Please sign in again.' },
      });
    }
    // The real session is untouched: it still works and still refreshes.
    expect((await t.client.get('/auth/me')).status).toBe(200);
    expect((await t.client.post('/auth/refresh-token')).status).toBe(200);
    expect(await auditActions(app, t.tenantId)).not.toContain('auth.refresh_reuse');
  });

  it('keeps the session when many tabs refresh with the same token at the same moment', async () => {
    const t = await createTenant(app);
    const before = t.client.cookies.get('comanda_rt');
    const tabs = Array.from({ length: 8 }, () => t.client.copy());
    const answers = await Promise.all(tabs.map((tab) => tab.post('/auth/refresh-token')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await auditActions(app, t.tenantId)).not.toContain('auth.refresh_reuse');
    // Exactly one tab rotated the token; the others were answered within the grace without a new one.
    const rotated = tabs.filter((tab) => tab.cookies.get('comanda_rt') !== before);
    expect(rotated).toHaveLength(1);
    const [survivor] = rotated;
    if (!survivor) throw new Error('no tab rotated');
    expect((await survivor.post('/auth/refresh-token')).status).toBe(200);
    expect((await survivor.get('/auth/me')).status).toBe(200);
    for (const tab of tabs) expect((await tab.get('/auth/me')).status).toBe(200);
  });

  it('ends a session 7 days after its last refresh, and 30 days after its sign-in however active', async () => {
    // Moving the clock is the owner's business: no request path may rewrite when a session began.
    const age = async (tenantId: number, created: string, rotated: string) =>
      app.database.asOwner((tx) =>
        tx.execute(
          sql`update devices set created_at = now() - ${created}::interval, rotated_at = now() - ${rotated}::interval
              where tenant_id = ${tenantId}`,
        ),
      );
    const idle = await createTenant(app);
    await age(idle.tenantId, '8 days', '7 days 1 hour');
    expect(await idle.client.post('/auth/refresh-token')).toMatchObject({
      status: 401,
      body: { message: 'Session expired! Please sign in again.' },
    });
    expect((await idle.client.get('/auth/me')).status).toBe(401);

    const old = await createTenant(app);
    await age(old.tenantId, '30 days 1 hour', '1 minute');
    expect((await old.client.post('/auth/refresh-token')).status).toBe(401);
    expect((await old.client.get('/auth/me')).status).toBe(401);
    expect(await auditActions(app, old.tenantId)).toContain('auth.session_expired');

    const fresh = await createTenant(app);
    await age(fresh.tenantId, '29 days', '6 days');
    expect((await fresh.client.post('/auth/refresh-token')).status).toBe(200);
  });

  it('lets two tabs refresh with the same token at once', async () => {
    const t = await createTenant(app);
    const other = t.client.copy();
    const [a, b] = await Promise.all([
      t.client.post('/auth/refresh-token'),
      other.post('/auth/refresh-token'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
  });
});

describe('password reset', () => {
  it('answers the spec messages', async () => {
    expect(await app.client().post('/auth/forgot-password', {})).toMatchObject({
      status: 400,
      body: { message: 'Please provide username!' },
    });
    expect(await app.client().post('/auth/reset-password/1.1.abcdefghijklmnopqrstuvwxyz', {})).toMatchObject({
      status: 400,
      body: { message: 'Please provide new password!' },
    });
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const res = await app.client().post('/auth/forgot-password', { username: uniqueUsername() });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If an account exists for this email, a reset link has been sent to it!' },
    });
  });

  it('mails a single-use link that sets the password and signs every device out', async () => {
    const t = await createTenant(app);
    const tablet = app.client();
    await tablet.post('/auth/signin', { username: t.username, password: t.password });
    expect(
      (await app.client().post('/auth/forgot-password', { username: t.username.toUpperCase() })).status,
    ).toBe(200);
    const token = await waitForResetToken(app, t.username);

    const reset = await app
      .client()
      .post(`/auth/reset-password/${encodeURIComponent(token)}`, { password: 'new pass' });
    expect(reset).toMatchObject({
      status: 200,
      body: { message: 'Password updated! Please sign in with your new password.' },
    });
    expect((await t.client.get('/auth/me')).status).toBe(401);
    expect((await tablet.get('/auth/me')).status).toBe(401);
    expect(
      (await app.client().post('/auth/signin', { username: t.username, password: t.password })).status,
    ).toBe(401);
    expect(
      (await app.client().post('/auth/signin', { username: t.username, password: 'new pass' })).status,
    ).toBe(200);

    const again = await app
      .client()
      .post(`/auth/reset-password/${encodeURIComponent(token)}`, { password: 'long enough' });
    expect(again).toMatchObject({ status: 400, body: { message: 'Invalid or expired reset link!' } });
    expect(await auditActions(app, t.tenantId)).toContain('auth.password_reset');
  });

  it('refuses a new password shorter than 8 characters or only spaces, and keeps the link usable', async () => {
    const t = await createTenant(app);
    await app.client().post('/auth/forgot-password', { username: t.username });
    const token = await waitForResetToken(app, t.username);
    for (const [password, message] of [
      ['x', 'Password must be at least 8 characters!'],
      ['         ', 'Password cannot be only spaces!'],
    ]) {
      const res = await app.client().post(`/auth/reset-password/${encodeURIComponent(token)}`, { password });
      expect(res).toMatchObject({ status: 400, body: { message } });
    }
    const ok = await app
      .client()
      .post(`/auth/reset-password/${encodeURIComponent(token)}`, { password: 'eight ch' });
    expect(ok.status).toBe(200);
  });

  it('answers at once while the mail server hangs, for a real account as for an unknown one, and mails afterwards', async () => {
    const t = await createTenant(app);
    const outbox = app.ctx.mailer;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: Mail[] = [];
    app.ctx.mailer = {
      async send(mail) {
        await gate;
        sent.push(mail);
      },
    };
    try {
      for (const username of [t.username, uniqueUsername()]) {
        let timer: NodeJS.Timeout | undefined;
        const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(resolve, 5000, 'hung')));
        const answer = await Promise.race([app.client().post('/auth/forgot-password', { username }), hung]);
        clearTimeout(timer);
        expect(answer).toMatchObject({
          status: 200,
          body: { message: 'If an account exists for this email, a reset link has been sent to it!' },
        });
      }
      expect(sent).toEqual([]);
      release();
      await vi.waitFor(() => expect(sent.map((m) => m.to)).toEqual([t.username]));
      expect(sent[0]?.text).toContain('/reset-password?token=');
    } finally {
      release();
      app.ctx.mailer = outbox;
    }
  });

  it('consumes every open link of the user once one of them resets the password', async () => {
    const t = await createTenant(app);
    await app.client().post('/auth/forgot-password', { username: t.username });
    const older = await waitForResetToken(app, t.username);
    await app.client().post('/auth/forgot-password', { username: t.username });
    const newer = await waitForResetToken(app, t.username, older);
    const reset = (token: string, password: string) =>
      app.client().post(`/auth/reset-password/${encodeURIComponent(token)}`, { password });
    expect((await reset(newer, 'first new password')).status).toBe(200);
    expect(await reset(older, 'second new password')).toMatchObject({
      status: 400,
      body: { message: 'Invalid or expired reset link!' },
    });
    expect(
      (await app.client().post('/auth/signin', { username: t.username, password: 'first new password' }))
        .status,
    ).toBe(200);
  });

  it("changes only the link's user: a colleague keeps their password, sessions and open link", async () => {
    const t = await createTenant(app);
    const colleague = await createColleague(app, t, { scopes: ['POS'] });
    await app.client().post('/auth/forgot-password', { username: colleague.username });
    const colleagueLink = await waitForResetToken(app, colleague.username);
    await app.client().post('/auth/forgot-password', { username: t.username });
    const ownerLink = await waitForResetToken(app, t.username);
    const reset = (token: string, password: string) =>
      app.client().post(`/auth/reset-password/${encodeURIComponent(token)}`, { password });

    expect((await reset(ownerLink, 'owner new password')).status).toBe(200);
    expect((await t.client.get('/auth/me')).status).toBe(401);
    expect((await colleague.client.get('/auth/me')).status).toBe(200);
    const signin = { username: colleague.username, password: colleague.password };
    expect((await app.client().post('/auth/signin', signin)).status).toBe(200);
    expect((await reset(colleagueLink, 'colleague new password')).status).toBe(200);
  });

  it('keeps the outbox readable by the server user only', async () => {
    const t = await createTenant(app);
    await app.client().post('/auth/forgot-password', { username: t.username });
    await waitForResetToken(app, t.username);
    const dir = path.join(app.dataDir, 'outbox');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const file of fs.readdirSync(dir))
      expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
  });

  it('keeps reset tokens out of the request log', async () => {
    const lines: string[] = [];
    const logged = await startTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const t = await createTenant(logged);
      await logged.client().post('/auth/forgot-password', { username: t.username });
      const token = await waitForResetToken(logged, t.username);
      const secret = token.split('.').at(-1) ?? token;
      const res = await logged
        .client()
        .post(`/auth/reset-password/${encodeURIComponent(token)}`, { password: 'a new password' });
      expect(res.status).toBe(200);
      // The web page the mail links to, as the browser asks for it.
      await fetch(`${logged.url}/reset-password?token=${encodeURIComponent(token)}`);
      const log = lines.join('');
      expect(log).toContain('/api/v1/auth/reset-password/[redacted]');
      expect(log).toContain('/reset-password?token=[redacted]');
      expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });

  it("refuses a forged, expired or another tenant's token", async () => {
    const t = await createTenant(app);
    await app.client().post('/auth/forgot-password', { username: t.username });
    const token = await waitForResetToken(app, t.username);
    const [tenant, id, secret] = token.split('.');
    const forged = `${tenant}.${id}.${'A'.repeat(secret?.length ?? 43)}`;
    const otherTenant = `${Number(tenant) + 100000}.${id}.${secret}`;
    for (const bad of [forged, otherTenant, 'garbage']) {
      const res = await app
        .client()
        .post(`/auth/reset-password/${encodeURIComponent(bad)}`, { password: 'long enough' });
      expect(res).toMatchObject({ status: 400, body: { message: 'Invalid or expired reset link!' } });
    }
    await app.database.asOwner((tx) =>
      tx.execute(
        sql`update password_reset_tokens set expires_at = now() - interval '1 second' where tenant_id = ${t.tenantId}`,
      ),
    );
    const expired = await app
      .client()
      .post(`/auth/reset-password/${encodeURIComponent(token)}`, { password: 'long enough' });
    expect(expired.status).toBe(400);
  });
});

describe('Origin check', () => {
  it('refuses a cross-site POST that carries the cookies', async () => {
    const t = await createTenant(app);
    const res = await t.client.post('/auth/signout', undefined, { origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 403, body: { message: 'Cross-site request refused!' } });
    expect((await t.client.get('/auth/me')).status).toBe(200);
  });
});
