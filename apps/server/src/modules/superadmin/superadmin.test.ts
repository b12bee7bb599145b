import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERADMIN, type TestApp, createTenant, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedInSuperadmin() {
  const c = app.client();
  const res = await c.post('/superadmin/signin', SUPERADMIN);
  expect(res.status).toBe(200);
  return c;
}

describe('super admin sessions', () => {
  it('answers 401 to /superadmin/me without a session, and to a tenant admin', async () => {
    expect((await app.client().get('/superadmin/me')).status).toBe(401);
    const t = await createTenant(app);
    expect((await t.client.get('/superadmin/me')).status).toBe(401);
  });

  it.each([
    [{ password: 'long enough' }, 'Please provide username!'],
    [{ username: 'root@comanda.test' }, 'Please provide password!'],
  ])('answers 400 for %j', async (body, message) => {
    expect(await app.client().post('/superadmin/signin', body)).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  it("refuses a wrong password and a tenant admin's credentials", async () => {
    const wrong = await app.client().post('/superadmin/signin', { ...SUPERADMIN, password: 'wrong' });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid username or password!' } });
    const t = await createTenant(app);
    expect(
      (await app.client().post('/superadmin/signin', { username: t.username, password: t.password })).status,
    ).toBe(401);
  });

  it('signs in from the configured account and is not a tenant user', async () => {
    const c = await signedInSuperadmin();
    expect(await c.get('/superadmin/me')).toMatchObject({
      status: 200,
      body: { user: { role: 'superadmin', username: SUPERADMIN.username } },
    });
    expect((await c.get('/auth/me')).status).toBe(401);
    expect(c.cookies.get('comanda_sa_auth')).toBe('1');
  });

  it('refuses a refresh token it never issued and keeps the session', async () => {
    const c = await signedInSuperadmin();
    const [device, secret, tag] = (c.cookies.get('comanda_sa_rt') ?? '').split('.');
    for (const forged of [
      `${device}.${'A'.repeat(43)}`,
      `${device}.${'B'.repeat(secret?.length ?? 43)}.${tag}`,
    ]) {
      const stranger = app.client();
      stranger.cookies.set('comanda_sa_rt', forged);
      expect((await stranger.post('/superadmin/refresh-token')).status).toBe(401);
    }
    expect((await c.get('/superadmin/me')).status).toBe(200);
    expect((await c.post('/superadmin/refresh-token')).status).toBe(200);
  });

  it('keeps the session when several tabs refresh at the same moment', async () => {
    const c = await signedInSuperadmin();
    const tabs = Array.from({ length: 5 }, () => c.copy());
    const answers = await Promise.all(tabs.map((tab) => tab.post('/superadmin/refresh-token')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const survivor = tabs.find((tab) => tab.cookies.get('comanda_sa_rt') !== c.cookies.get('comanda_sa_rt'));
    expect((await survivor?.post('/superadmin/refresh-token'))?.status).toBe(200);
  });

  it('ends a session idle for 7 days or signed in 30 days ago', async () => {
    const aged = async (created: string, rotated: string) => {
      const c = await signedInSuperadmin();
      const device = Number((c.cookies.get('comanda_sa_rt') ?? '').split('.')[0]);
      await app.database.asOwner((tx) =>
        tx.execute(
          sql`update superadmin_devices set created_at = now() - ${created}::interval,
              rotated_at = now() - ${rotated}::interval where id = ${device}`,
        ),
      );
      return (await c.post('/superadmin/refresh-token')).status;
    };
    expect(await aged('8 days', '7 days 1 hour')).toBe(401);
    expect(await aged('30 days 1 hour', '1 minute')).toBe(401);
    expect(await aged('29 days', '6 days')).toBe(200);
  });

  it('rotates its refresh token and signs out for good', async () => {
    const c = await signedInSuperadmin();
    const copy = c.copy();
    expect((await c.post('/superadmin/refresh-token')).status).toBe(200);
    expect((await c.post('/superadmin/signout')).status).toBe(200);
    expect((await c.get('/superadmin/me')).status).toBe(401);
    expect((await copy.get('/superadmin/me')).status).toBe(401);
    expect((await copy.post('/superadmin/refresh-token')).status).toBe(401);
  });
});
