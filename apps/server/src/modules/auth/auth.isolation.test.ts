import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTenant, startTestApp } from '../../../test/harness.ts';
import { COOKIES, createAccessTokens } from '../../platform/session-tokens.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The claims of a client's access token (its payload, unverified: the test made it). */
function claimsOf(client: { cookies: Map<string, string> }) {
  const token = client.cookies.get(COOKIES.tenant.access) ?? '';
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    tid: number;
    uid: number;
    did: number;
  };
}

describe('session checks across tenants', () => {
  // Only this server can sign an access token, but the session check must not trust that a token's
  // tenant and its device belong together: it looks the device up in the token's tenant.
  it("refuses a validly signed access token naming another tenant's user and device", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const { uid, did } = claimsOf(b.client);
    const forged = await createAccessTokens(app.database.accessTokenKey).sign({
      aud: 'tenant',
      tid: a.tenantId,
      uid,
      did,
    });
    const client = app.client();
    client.cookies.set(COOKIES.tenant.access, forged);
    client.cookies.set(COOKIES.tenant.marker, '1');
    expect((await client.get('/auth/me')).status).toBe(401);
    expect((await client.get('/users')).status).toBe(401);
    // The real sessions are untouched.
    expect((await b.client.get('/auth/me')).status).toBe(200);
    expect((await a.client.get('/auth/me')).status).toBe(200);
  });
});
