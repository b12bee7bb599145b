// Helpers shared by the identity test files (users, profile, devices, auth); vitest only runs *.test.ts.
import { expect } from 'vitest';
import { type TestApp, type createTenant, uniqueUsername } from '../../../test/harness.ts';

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export const STAFF_PASSWORD = 'staff pw';

/**
 * Adds a staff user (named Rui) to the owner's tenant through the API and signs them in on a new client:
 * the colleague whose row a same-tenant test checks is left alone.
 */
export async function addStaff(
  app: TestApp,
  owner: Tenant,
  scopes: string[],
  extra: Record<string, unknown> = {},
) {
  const username = uniqueUsername('staff');
  const res = await owner.client.post('/users/add', {
    name: 'Rui',
    username,
    password: STAFF_PASSWORD,
    userScopes: scopes,
    ...extra,
  });
  expect(res.status).toBe(200);
  const client = app.client();
  expect((await client.post('/auth/signin', { username, password: STAFF_PASSWORD })).status).toBe(200);
  return { username, client };
}
