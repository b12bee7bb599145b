import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddCustomerResult, Customer, CustomerPage } from '@comanda/core';
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
/** The app's clock: real time unless a test stops it (and puts it back). */
let clock: Date | undefined;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock ?? new Date() });
});
afterAll(() => app.close());
afterEach(() => {
  clock = undefined;
});

/** Adds a customer through the API; the answer's customer. */
async function add(t: Tenant, body: Record<string, unknown>) {
  const res = await t.client.post<AddCustomerResult>('/customers/add', body);
  expect(res.status).toBe(200);
  return res.body.customer;
}

/** The tenant's customers, newest first (everyone, one page). */
async function everyone(t: Tenant) {
  const res = await t.client.get<CustomerPage>('/customers?perPage=100');
  expect(res.status).toBe(200);
  return res.body.customers;
}

const search = (t: Tenant, q: string) =>
  t.client.get<Customer[]>(`/customers/search-by-phone-name/search?${new URLSearchParams({ q })}`);

describe('/customers/{phone}: the phone is the key (SPEC §3, §7)', () => {
  // Every unit SPEC §5 allows that a URL must encode: + ( ) space # ? $ , ^ *.
  const phone = '+1 (555) 0101 #2';
  const body = { name: 'Ana Maria', email: 'ana@x.co', birthDate: '1990-05-17', gender: 'female' };

  it('opens, updates and deletes the customer its URL-encoded phone names', async () => {
    const t = await createTenant(app);
    const ana = await add(t, { phone, name: 'Ana' });
    const odd = await add(t, { phone: '12?$,^*x3', name: 'Odd' });
    const path = `/customers/${encodeURIComponent(phone)}`;
    expect(path).toBe('/customers/%2B1%20(555)%200101%20%232');
    expect(await t.client.get(path)).toMatchObject({
      status: 200,
      body: { customer: { id: ana.id, phone } },
    });
    expect(await t.client.post(`${path}/update`, body)).toMatchObject({
      status: 200,
      body: { message: 'Customer updated!' },
    });
    expect((await everyone(t)).find((c) => c.id === ana.id)).toMatchObject({
      phone,
      name: 'Ana Maria',
      email: 'ana@x.co',
      birth_date: '1990-05-17',
      gender: 'female',
    });
    // Another form of the phone (the same key: its digits and x) names the same customer.
    expect(await t.client.get('/customers/1-555-0101-2')).toMatchObject({
      body: { customer: { id: ana.id } },
    });
    const oddPath = `/customers/${encodeURIComponent('12?$,^*x3')}`;
    expect(await t.client.post(`${oddPath}/update`, { name: 'Odd One' })).toMatchObject({ status: 200 });
    expect(await t.client.request('DELETE', `${path}/delete`)).toMatchObject({
      status: 200,
      body: { message: 'Customer deleted!' },
    });
    expect((await everyone(t)).map((c) => [c.id, c.name])).toEqual([[odd.id, 'Odd One']]);
    expect(await t.client.get(path)).toMatchObject({ status: 404, body: { message: 'Customer not found!' } });
  });

  it("reads an all-digit path as a phone, never as another customer's id", async () => {
    const t = await createTenant(app);
    const ana = await add(t, { phone: '555 0101', name: 'Ana' });
    const cy = await add(t, { phone: String(ana.id), name: 'Cy' });
    expect(await t.client.post(`/customers/${ana.id}/update`, { name: 'Cy Dias' })).toMatchObject({
      status: 200,
    });
    expect((await everyone(t)).map((c) => [c.id, c.name])).toEqual([
      [cy.id, 'Cy Dias'],
      [ana.id, 'Ana'],
    ]);
    expect((await t.client.request('DELETE', `/customers/${ana.id}/delete`)).status).toBe(200);
    expect((await everyone(t)).map((c) => c.id)).toEqual([ana.id]);
  });
});

describe('/customers: refusals', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/customers')).status).toBe(401);
    expect((await c.get('/customers/search-by-phone-name/search?q=5')).status).toBe(401);
    expect((await c.get('/customers/export')).status).toBe(401);
    expect((await c.get('/customers/1')).status).toBe(401);
    expect((await c.post('/customers/add', { phone: '5', name: 'A' })).status).toBe(401);
    expect((await c.post('/customers/1/update', { name: 'A' })).status).toBe(401);
    expect((await c.request('DELETE', '/customers/1/delete')).status).toBe(401);
  });

  // SPEC §5 Add customer, in its order: phone missing, name missing, e-mail, phone validity; then ours.
  it.each([
    ['no phone and no name', {}, "Please Provide Customer's Phone!"],
    ['a blank phone', { phone: '  ', name: 'Ana' }, "Please Provide Customer's Phone!"],
    ['no name', { phone: '555 0101' }, "Please Provide Customer's Name!"],
    ['no name and a bad e-mail', { phone: 'abc', email: 'nope' }, "Please Provide Customer's Name!"],
    [
      'a bad e-mail and a bad phone',
      { phone: 'abc', name: 'Ana', email: 'nope' },
      'Please Provide Valid Email!',
    ],
    ['letters in the phone', { phone: '555-CALL', name: 'Ana' }, 'Please provide valid phone no.!'],
    ['a 21-digit phone', { phone: '1'.repeat(21), name: 'Ana' }, 'Please provide valid phone no.!'],
    ['a phone of signs only', { phone: '+', name: 'Ana' }, 'Please provide valid phone no.!'],
    [
      'a birth date in the future',
      { phone: '5', name: 'Ana', birthDate: '2199-01-01' },
      'Birth date cannot be in the future!',
    ],
    [
      'a birth date that is no date',
      { phone: '5', name: 'Ana', birthDate: '2020-02-30' },
      'Please provide a valid birth date!',
    ],
    [
      'a gender outside the list',
      { phone: '5', name: 'Ana', gender: 'robot' },
      'Please select female, male or other!',
    ],
    ['a 10,000-character name', { phone: '5', name: 'x'.repeat(10_000) }, 'Name is too long!'],
  ])('add answers 400 for %s and writes nothing', async (_label, body, message) => {
    const t = await createTenant(app);
    expect(await t.client.post('/customers/add', body)).toMatchObject({ status: 400, body: { message } });
    expect(await everyone(t)).toEqual([]);
  });

  it.each([
    ['no name', { email: 'a@b.co' }, "Please Provide Customer's Name!"],
    ['a bad e-mail', { name: 'Ana', email: 'nope' }, 'Please Provide Valid Email!'],
    [
      'a birth date in the future',
      { name: 'Ana', birthDate: '2199-01-01' },
      'Birth date cannot be in the future!',
    ],
    ['a gender outside the list', { name: 'Ana', gender: 'x' }, 'Please select female, male or other!'],
  ])('update answers 400 for %s and changes nothing', async (_label, body, message) => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    const before = await everyone(t);
    expect(await t.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, body)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await everyone(t)).toEqual(before);
  });

  it.each([
    ['page=0', 'page=0'],
    ['page=abc', 'page=abc'],
    ['page=1.5', 'page=1.5'],
    ['perPage=0', 'perPage=0'],
    ['perPage=101', 'perPage=101'],
    ['sort=name', 'sort=name'],
  ])('the list answers 400 to %s', async (_label, query) => {
    const t = await createTenant(app);
    expect(await t.client.get(`/customers?${query}`)).toMatchObject({
      status: 400,
      body: { message: 'Invalid request!' },
    });
  });

  it('refuses a blank search rather than running it', async () => {
    const t = await createTenant(app);
    await add(t, { phone: '555 0101', name: 'Ana' });
    const refused = { status: 400, body: { message: 'Please type a phone or name to search!' } };
    expect(await search(t, '')).toMatchObject(refused);
    expect(await search(t, '   ')).toMatchObject(refused);
    expect(await t.client.get('/customers/search-by-phone-name/search')).toMatchObject(refused);
  });

  it('answers 409 to a phone the tenant has, however it is written, and adds nothing', async () => {
    const t = await createTenant(app);
    await add(t, { phone: '555-0101', name: 'Ana' });
    const taken = { status: 409, body: { message: 'A customer with this phone already exists!' } };
    expect(await t.client.post('/customers/add', { phone: '555 0101', name: 'Bo' })).toMatchObject(taken);
    expect(await t.client.post('/customers/add', { phone: '(555) 01-01', name: 'Bo' })).toMatchObject(taken);
    expect((await everyone(t)).map((c) => c.name)).toEqual(['Ana']);
  });

  it("answers 409 to '1 x 2' after '1 ext 2': the word ext and x are one extension", async () => {
    const t = await createTenant(app);
    await add(t, { phone: '1 ext 2', name: 'Ana' });
    const taken = { status: 409, body: { message: 'A customer with this phone already exists!' } };
    expect(await t.client.post('/customers/add', { phone: '1 x 2', name: 'Bo' })).toMatchObject(taken);
    expect(await t.client.post('/customers/add', { phone: '1EXT2', name: 'Bo' })).toMatchObject(taken);
    expect((await everyone(t)).map((c) => c.name)).toEqual(['Ana']);
    // Either spelling finds the customer.
    expect((await search(t, '1 x 2')).body.map((c) => c.name)).toEqual(['Ana']);
  });

  it("refuses a birth date after the store's today, on add and update, even if it is today elsewhere", async () => {
    // 09:00 UTC on 10 March 2026 is 23:00 on 9 March in Honolulu: 10 March is tomorrow there.
    clock = new Date('2026-03-10T09:00:00Z');
    const t = await createTenant(app);
    expect(
      (await t.client.post('/settings/store-setting', { currency: 'USD', timezone: 'Pacific/Honolulu' }))
        .status,
    ).toBe(200);
    const future = { status: 400, body: { message: 'Birth date cannot be in the future!' } };
    expect(
      await t.client.post('/customers/add', { phone: '555 0101', name: 'Ana', birthDate: '2026-03-10' }),
    ).toMatchObject(future);
    expect(await everyone(t)).toEqual([]);
    const ana = await add(t, { phone: '555 0101', name: 'Ana', birthDate: '2026-03-09' });
    expect(
      await t.client.post(`/customers/${encodeURIComponent(ana.phone)}/update`, {
        name: 'Ana',
        birthDate: '2026-03-10',
      }),
    ).toMatchObject(future);
    expect((await everyone(t))[0]?.birth_date).toBe('2026-03-09');
    // An hour later it is 10 March in Honolulu too.
    clock = new Date('2026-03-10T10:00:00Z');
    expect(
      (
        await t.client.post(`/customers/${encodeURIComponent(ana.phone)}/update`, {
          name: 'Ana',
          birthDate: '2026-03-10',
        })
      ).status,
    ).toBe(200);
  });

  it('lets two tenants have the same phone: two different customers', async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const ca = await add(a, { phone: '555 0101', name: 'Ana' });
    const cb = await add(b, { phone: '555 0101', name: 'Bea' });
    expect(ca.id).not.toBe(cb.id);
    expect((await everyone(a)).map((c) => c.name)).toEqual(['Ana']);
    expect((await everyone(b)).map((c) => c.name)).toEqual(['Bea']);
  });

  it('answers 403 to staff whose scopes do not reach the call, and changes nothing', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    const before = await everyone(t);

    // VIEW_CUSTOMERS: lists, opens and looks up; exports, adds, edits and deletes nothing.
    const viewer = await createColleague(app, t, { scopes: ['VIEW_CUSTOMERS'] });
    expect((await viewer.client.get('/customers')).status).toBe(200);
    expect((await viewer.client.get(`/customers/${encodeURIComponent(c.phone)}`)).status).toBe(200);
    // The export is every customer's personal data: for those who manage customers only.
    expect((await download(viewer.client, '/api/v1/customers/export')).status).toBe(403);
    expect(await viewer.client.get('/customers/export')).toMatchObject({
      status: 403,
      body: { message: "You don't have access to this area!" },
    });
    expect((await viewer.client.get('/customers/search-by-phone-name/search?q=555')).status).toBe(200);
    expect((await viewer.client.post('/customers/add', { phone: '1', name: 'X' })).status).toBe(403);
    expect(
      (await viewer.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, { name: 'X' })).status,
    ).toBe(403);
    expect(
      (await viewer.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`)).status,
    ).toBe(403);

    // POS: looks up and adds (its customer box), but neither opens the screen nor edits.
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await pos.client.get('/customers')).status).toBe(403);
    expect((await pos.client.get(`/customers/${encodeURIComponent(c.phone)}`)).status).toBe(403);
    expect((await pos.client.get('/customers/export')).status).toBe(403);
    expect((await pos.client.get('/customers/search-by-phone-name/search?q=555')).status).toBe(200);
    expect(
      (await pos.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, { name: 'X' })).status,
    ).toBe(403);
    expect(
      (await pos.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`)).status,
    ).toBe(403);

    // The reservation dialog's scopes: look up and add, no more.
    const host = await createColleague(app, t, { scopes: ['RESERVATIONS'] });
    expect((await host.client.get('/customers')).status).toBe(403);
    expect((await host.client.get('/customers/search-by-phone-name/search?q=555')).status).toBe(200);
    expect(
      (await host.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, { name: 'X' })).status,
    ).toBe(403);
    const viewingHost = await createColleague(app, t, { scopes: ['VIEW_RESERVATIONS'] });
    expect((await viewingHost.client.get('/customers/search-by-phone-name/search?q=555')).status).toBe(403);

    // KITCHEN: nothing at all.
    const cook = await createColleague(app, t, { scopes: ['KITCHEN'] });
    expect((await cook.client.get('/customers')).status).toBe(403);
    expect((await cook.client.get('/customers/search-by-phone-name/search?q=555')).status).toBe(403);
    expect((await cook.client.post('/customers/add', { phone: '1', name: 'X' })).status).toBe(403);

    expect(await everyone(t)).toEqual(before);
    expect((await pos.client.post('/customers/add', { phone: '777', name: 'Walk In' })).status).toBe(200);
    expect((await host.client.post('/customers/add', { phone: '778', name: 'Guest' })).status).toBe(200);
  });

  it("answers 404 for another tenant's customer and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const mine = await add(a, { phone: '555 0101', name: 'Ana' });
    const theirs = await add(b, { phone: '555 0202', name: 'Bea', email: 'bea@x.co' });
    const bBefore = await everyone(b);
    const aBefore = await everyone(a);
    const notFound = { status: 404, body: { message: 'Customer not found!' } };
    // Their phone in any form, a phone nobody has, and ids (a path is always read as a phone).
    for (const phone of ['555 0202', '555-0202', '999999999', String(theirs.id), String(mine.id), 'abc']) {
      const path = `/customers/${encodeURIComponent(phone)}`;
      expect(await a.client.get(path)).toMatchObject(notFound);
      expect(await a.client.post(`${path}/update`, { name: 'Hijack' })).toMatchObject(notFound);
      expect(await a.client.request('DELETE', `${path}/delete`)).toMatchObject(notFound);
    }
    expect(await everyone(b)).toEqual(bBefore);
    expect(await everyone(a)).toEqual(aBefore);
    expect((await search(a, 'Bea')).body).toEqual([]);
    expect(mine.id).not.toBe(theirs.id);
  });
});

describe('/customers: the list', () => {
  it('adds a customer with empty optional fields stored as null, and answers its id, phone and name', async () => {
    const t = await createTenant(app);
    const res = await t.client.post<AddCustomerResult>('/customers/add', {
      phone: ' 555-0101 ',
      name: ' Ana ',
      email: '',
      birthDate: '',
      gender: '',
    });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Customer added!', customer: { phone: '555-0101', name: 'Ana' } },
    });
    const [stored, ...others] = await everyone(t);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      id: res.body.customer.id,
      phone: '555-0101',
      name: 'Ana',
      email: null,
      gender: null,
      birth_date: null,
    });
    expect(Date.parse(stored?.created_at ?? '')).not.toBeNaN();
  });

  it('pages 25 customers newest first: 10, 10, 5, then an empty page with the real totals', async () => {
    const t = await createTenant(app);
    for (let i = 1; i <= 25; i++)
      await add(t, { phone: `555 ${String(i).padStart(4, '0')}`, name: `Guest ${i}` });
    const page = async (query: string) => (await t.client.get<CustomerPage>(`/customers?${query}`)).body;

    const first = await page('sort=created_at&page=1');
    expect(first).toMatchObject({ total: 25, page: 1, perPage: 10, totalPages: 3 });
    expect(first.customers.map((c) => c.name)).toEqual(
      [25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map((i) => `Guest ${i}`),
    );
    const second = await page('page=2');
    expect(second.customers.map((c) => c.name)).toEqual(
      [15, 14, 13, 12, 11, 10, 9, 8, 7, 6].map((i) => `Guest ${i}`),
    );
    const third = await page('page=3&perPage=10');
    expect(third.customers.map((c) => c.name)).toEqual([5, 4, 3, 2, 1].map((i) => `Guest ${i}`));
    expect(await page('page=4')).toEqual({
      customers: [],
      total: 25,
      page: 4,
      perPage: 10,
      totalPages: 3,
      timezone: 'UTC',
    });
    expect(await page('page=1000000')).toMatchObject({ customers: [], total: 25 });

    // perPage bounds: 1 and 100 are fine.
    expect((await page('perPage=1')).customers.map((c) => c.name)).toEqual(['Guest 25']);
    expect(await page('perPage=100')).toMatchObject({ total: 25, totalPages: 1 });
    expect((await page('perPage=100')).customers).toHaveLength(25);
  });

  it('answers an empty first page to a tenant without customers', async () => {
    const t = await createTenant(app);
    expect((await t.client.get('/customers')).body).toEqual({
      customers: [],
      total: 0,
      page: 1,
      perPage: 10,
      totalPages: 0,
      timezone: 'UTC',
    });
    // The list names the store's zone, so the screen shows 'Added' on the store's calendar.
    const store = { storeName: 'Cafe', currency: 'USD', timezone: 'Pacific/Tongatapu' };
    expect((await t.client.post('/settings/store-setting', store)).status).toBe(200);
    expect((await t.client.get<CustomerPage>('/customers')).body.timezone).toBe('Pacific/Tongatapu');
  });

  it('filters by name (wildcards taken literally), by phone as typed, and by its digits', async () => {
    const t = await createTenant(app);
    await add(t, { phone: '555-0101', name: 'Ana Lima' });
    await add(t, { phone: '+44 20 7946 0958', name: 'Bea 100% Real' });
    await add(t, { phone: '(555) 0199', name: 'Carl_Ito' });
    const names = async (filter: string) =>
      (await t.client.get<CustomerPage>(`/customers?${new URLSearchParams({ filter })}`)).body.customers
        .map((c) => c.name)
        .sort();
    expect(await names('ana')).toEqual(['Ana Lima']);
    expect(await names('LIMA')).toEqual(['Ana Lima']);
    expect(await names('%')).toEqual(['Bea 100% Real']);
    expect(await names('_')).toEqual(['Carl_Ito']);
    expect(await names('5550101')).toEqual(['Ana Lima']);
    expect(await names('555 01')).toEqual(['Ana Lima', 'Carl_Ito']);
    expect(await names('20 7946')).toEqual(['Bea 100% Real']);
    expect(await names('nobody')).toEqual([]);
    // Only a phone-like filter is matched on the phone's key: 'Room 5' is not a 5 in every phone.
    await add(t, { phone: '555 0202', name: 'Dan' });
    expect(await names('Room 5')).toEqual([]);
    expect((await search(t, 'Room 5')).body).toEqual([]);
    expect(await names('0202')).toEqual(['Dan']);
    await t.client.request('DELETE', `/customers/${encodeURIComponent('555 0202')}/delete`);
    // Blank lists everyone; the totals follow the filter.
    expect(await names('  ')).toHaveLength(3);
    expect((await t.client.get<CustomerPage>('/customers?filter=ana')).body).toMatchObject({
      total: 1,
      totalPages: 1,
    });
  });

  it('searches by phone or name, best matches first: phone prefix, name prefix, then contains', async () => {
    const t = await createTenant(app);
    await add(t, { phone: '1-55-0', name: 'Ann Contains' });
    await add(t, { phone: '999', name: '55 Bar' });
    await add(t, { phone: '55 12', name: 'Zoe Prefix' });
    await add(t, { phone: '777', name: 'Nobody' });
    expect((await search(t, '55')).body.map((c) => c.name)).toEqual(['Zoe Prefix', '55 Bar', 'Ann Contains']);
    expect((await search(t, 'ann')).body.map((c) => c.name)).toEqual(['Ann Contains']);
    expect((await search(t, '5512')).body.map((c) => c.name)).toEqual(['Zoe Prefix']);
    expect((await search(t, 'zzz')).body).toEqual([]);
  });

  it('answers at most 20 search results', async () => {
    const t = await createTenant(app);
    for (let i = 1; i <= 22; i++) await add(t, { phone: `800 ${i}`, name: `Guest ${i}` });
    expect((await search(t, 'Guest')).body).toHaveLength(20);
  });

  it('updates everything but the phone, sets updated_at, and audits add, update and delete', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana', email: 'ana@x.co' });
    const [before] = await everyone(t);
    expect(
      await t.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, {
        phone: '999',
        name: 'Ana Maria',
        email: '',
        birthDate: '1990-05-17',
        gender: 'female',
      }),
    ).toMatchObject({ status: 200, body: { message: 'Customer updated!' } });
    const [after] = await everyone(t);
    expect(after).toMatchObject({
      id: c.id,
      phone: '555 0101',
      name: 'Ana Maria',
      email: null,
      birth_date: '1990-05-17',
      gender: 'female',
      created_at: before?.created_at,
    });
    expect(Date.parse(after?.updated_at ?? '')).toBeGreaterThanOrEqual(Date.parse(before?.updated_at ?? ''));
    expect(after?.updated_at).not.toBe(before?.updated_at);

    // A manager who is not the admin may edit too.
    const manager = await createColleague(app, t, { scopes: ['MANAGE_CUSTOMERS'] });
    expect(
      (await manager.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, { name: 'Ana M.' }))
        .status,
    ).toBe(200);

    expect(
      await t.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`),
    ).toMatchObject({
      status: 200,
      body: { message: 'Customer deleted!' },
    });
    expect(await everyone(t)).toEqual([]);
    expect((await auditActions(app, t.tenantId)).filter((a) => a.startsWith('customer.'))).toEqual([
      'customer.add',
      'customer.update',
      'customer.update',
      'customer.delete',
    ]);
  });
});
