import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERADMIN, type TestApp, type TestClient, createTenant, startTestApp } from '../../test/harness.ts';

// SPEC §7 writes every date-filtered list as `?type=&from=&to=`, and clients send `from=null&to=null`
// for a filter without dates: `from` and `to` are read for `custom` only, and empty or null is no date.
let app: TestApp;
let owner: TestClient;
let root: TestClient;
beforeAll(async () => {
  app = await startTestApp();
  owner = (await createTenant(app)).client;
  root = app.client();
  expect((await root.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
});
afterAll(() => app.close());

const lists = [
  ['/reservations', () => owner],
  ['/invoices', () => owner],
  ['/reports', () => owner],
  ['/superadmin/tenants', () => root],
  ['/superadmin/reports', () => root],
] as const;

describe.each(lists)('GET %s', (path, client) => {
  it.each([
    'type=today&from=&to=',
    'type=today&from=null&to=null',
    'type=last_7days&from=null&to=null',
    'type=this_month&from=2026-02-30&to=soon',
  ])('reads ?%s as the filter alone', async (query) => {
    const alone = await client().get(`${path}?${query.split('&')[0]}`);
    expect(alone.status).toBe(200);
    const res = await client().get(`${path}?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual(alone.body);
  });

  it('reads empty and null dates of a custom range as none: it runs from today for a month', async () => {
    const plain = await client().get(`${path}?type=custom`);
    expect(plain.status).toBe(200);
    for (const query of ['type=custom&from=&to=', 'type=custom&from=null&to=null']) {
      const res = await client().get(`${path}?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual(plain.body);
    }
    expect(await client().get(`${path}?type=custom&from=soon`)).toMatchObject({
      status: 400,
      body: { message: 'Please select a valid date range!' },
    });
  });
});
