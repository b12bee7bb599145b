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
