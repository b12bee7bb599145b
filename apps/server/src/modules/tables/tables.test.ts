import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTable } from '@comanda/core';
import {
  type TestApp,
  type Tenant,
  auditActions,
  createColleague,
  createTenant,
  download,
  startTestApp,
} from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://pos.example.com' });
});
afterAll(() => app.close());

const table = (extra: Record<string, unknown> = {}) => ({
  title: 'Patio 1',
  floor: 'Ground',
  seatingCapacity: 4,
  ...extra,
});

async function tables(t: Tenant) {
  return (await t.client.get<StoreTable[]>('/settings/store-tables')).body;
}

/** Adds a table through the API and answers it as listed. */
async function addTable(t: Tenant, extra: Record<string, unknown> = {}) {
  expect((await t.client.post('/settings/store-tables/add', table(extra))).status).toBe(200);
  const last = (await tables(t)).at(-1);
  if (!last) throw new Error('table not added');
  return last;
}

async function enableQrMenu(t: Tenant, on = true) {
  const res = await t.client.post('/settings/store-setting', { currency: 'USD', isQRMenuEnabled: on });
  expect(res.status).toBe(200);
}

const missingSeats = "Please provide Seating Capacity or '0'";
const invalidSeats = "Please provide Valid Seating Capacity count or '0'";

describe('/settings/store-tables', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/settings/store-tables')).status).toBe(401);
    expect((await c.post('/settings/store-tables/add', table())).status).toBe(401);
    expect((await c.post('/settings/store-tables/1/update', table())).status).toBe(401);
    expect((await c.request('DELETE', '/settings/store-tables/1')).status).toBe(401);
    expect((await download(c, '/api/v1/settings/store-tables/1/qr')).status).toBe(401);
  });

  it.each([
    ['no title', table({ title: undefined }), 'Please provide Title!'],
    ['a blank title', table({ title: '   ' }), 'Please provide Title!'],
    ['a numeric title', table({ title: 5 }), 'Please provide Title!'],
    ['a 10,000-character title', table({ title: 'x'.repeat(10_000) }), 'Title is too long!'],
    ['no floor', table({ floor: undefined }), "Please provide Floor or use '-'"],
    ['an empty floor', table({ floor: '' }), "Please provide Floor or use '-'"],
    ['no seating capacity', table({ seatingCapacity: undefined }), missingSeats],
    ['an empty seating capacity', table({ seatingCapacity: '' }), missingSeats],
    ['a null seating capacity', table({ seatingCapacity: null }), missingSeats],
    ['a negative seating capacity', table({ seatingCapacity: -1 }), invalidSeats],
    ['a fractional seating capacity', table({ seatingCapacity: 1.5 }), invalidSeats],
    ['a seating capacity that is not a number', table({ seatingCapacity: 'four' }), invalidSeats],
  ])('add answers 400 for %s and creates nothing', async (_label, body, message) => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/store-tables/add', body)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await tables(t)).toEqual([]);
  });

  it('update answers the same 400 messages and changes nothing', async () => {
    const t = await createTenant(app);
    const added = await addTable(t);
    const path = `/settings/store-tables/${added.id}/update`;
    for (const [body, message] of [
      [table({ title: '' }), 'Please provide Title!'],
      [table({ floor: '' }), "Please provide Floor or use '-'"],
      [table({ seatingCapacity: '' }), missingSeats],
      [table({ seatingCapacity: -3 }), invalidSeats],
    ] as const) {
      expect(await t.client.post(path, body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await tables(t)).toEqual([added]);
  });

  it('answers 400 to malformed JSON', async () => {
    const t = await createTenant(app);
    const res = await t.client.post('/settings/store-tables/add', '{"title":', {
      'content-type': 'application/json',
    });
    expect(res).toMatchObject({ status: 400, body: { message: 'Malformed JSON body!' } });
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const added = await addTable(t);
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await pos.client.get('/settings/store-tables')).status).toBe(403);
    expect((await pos.client.post('/settings/store-tables/add', table())).status).toBe(403);
    expect(
      (await pos.client.post(`/settings/store-tables/${added.id}/update`, table({ title: 'X' }))).status,
    ).toBe(403);
    expect((await pos.client.request('DELETE', `/settings/store-tables/${added.id}`)).status).toBe(403);
    expect((await download(pos.client, `/api/v1/settings/store-tables/${added.id}/qr`)).status).toBe(403);
    expect(await tables(t)).toEqual([added]);
  });

  it("answers 404 for another tenant's table (and a missing or malformed id) and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    await enableQrMenu(a);
    await enableQrMenu(b);
    const bTable = await addTable(b);
    for (const id of [bTable.id, 999_999_999, 'abc', '-1']) {
      expect(
        await a.client.post(`/settings/store-tables/${id}/update`, table({ title: 'Hijack' })),
      ).toMatchObject({
        status: 404,
        body: { message: typeof id === 'number' ? 'Table not found!' : 'Not found!' },
      });
      expect((await a.client.request('DELETE', `/settings/store-tables/${id}`)).status).toBe(404);
      expect((await download(a.client, `/api/v1/settings/store-tables/${id}/qr`)).status).toBe(404);
    }
    expect(await tables(a)).toEqual([]);
    expect(await tables(b)).toEqual([bTable]);
  });

  it('adds, lists in creation order, updates and deletes tables', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/store-tables/add', table())).toMatchObject({
      status: 200,
      body: { message: 'Table added!' },
    });
    // The form sends the capacity as typed; '0' is a valid count.
    await t.client.post(
      '/settings/store-tables/add',
      table({ title: 'Bar', floor: '-', seatingCapacity: ' 0 ' }),
    );
    const [patio, bar] = await tables(t);
    expect([patio, bar]).toEqual([
      {
        id: expect.any(Number) as unknown,
        table_title: 'Patio 1',
        floor: 'Ground',
        seating_capacity: 4,
        encrypted_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as unknown,
      },
      {
        id: expect.any(Number) as unknown,
        table_title: 'Bar',
        floor: '-',
        seating_capacity: 0,
        encrypted_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as unknown,
      },
    ]);
    if (!patio || !bar) throw new Error('tables missing');
    expect(patio.id).toBeLessThan(bar.id);
    expect(patio.encrypted_id).not.toBe(bar.encrypted_id);

    expect(
      await t.client.post(`/settings/store-tables/${patio.id}/update`, {
        title: ' Terrace ',
        floor: '1st',
        seatingCapacity: '6',
      }),
    ).toMatchObject({ status: 200, body: { message: 'Table updated!' } });
    // The QR id never changes, so printed table codes keep working.
    expect(await tables(t)).toEqual([
      { ...patio, table_title: 'Terrace', floor: '1st', seating_capacity: 6 },
      bar,
    ]);

    expect(await t.client.request('DELETE', `/settings/store-tables/${bar.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Table deleted!' },
    });
    expect((await tables(t)).map((x) => x.id)).toEqual([patio.id]);
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining(['table.add', 'table.update', 'table.delete']),
    );
  });
});
