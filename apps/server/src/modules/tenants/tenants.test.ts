import { addDays, todayIn } from '@comanda/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPERADMIN,
  type Tenant,
  type TestApp,
  type TestClient,
  connectSocket,
  createTenant,
  next,
  rowsOf,
  startTestApp,
  uniqueUsername,
} from '../../../test/harness.ts';
import { subscriptionEvents } from '../../platform/db/schema.ts';

// The tenant counts and lists read every tenant of the database: this file runs on an app and
// database of its own, so the seeded set below is the whole world and every figure is exact.
let app: TestApp;
let sa: TestClient;
beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: 'silent' });
  sa = app.client();
  expect((await sa.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
});
afterAll(() => app.close());

const owner = <T>(query: ReturnType<typeof sql>) =>
  app.database.asOwner(async (tx) => rowsOf<T>(await tx.execute(query)));

async function tenantCount() {
  const [row] = await owner<{ n: number }>(sql`select count(*)::int as n from tenants`);
  return row?.n;
}

/** Every table with a tenant_id column, and how many rows each holds for a tenant. */
async function rowsPerTable(tenantId: number) {
  const tables = await owner<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await owner<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where tenant_id = ${tenantId}`,
    );
    counts[table_name] = row?.n ?? 0;
  }
  return counts;
}

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/superadmin/tenantsData'],
  ['GET', '/superadmin/tenantsData/all'],
  ['GET', '/superadmin/tenants'],
  ['POST', '/superadmin/tenants/add', { name: 'X', email: 'x@x.test', password: 'long enough pw' }],
  ['PATCH', '/superadmin/tenants/update/1', { name: 'X', email: 'x@x.test', isActive: true }],
  ['DELETE', '/superadmin/tenants/delete/1'],
  ['GET', '/superadmin/tenants/1/subscription-history'],
  ['GET', '/superadmin/tenants/1/audit-log'],
];

describe('who may call the tenant endpoints', () => {
  it.each(ENDPOINTS)(
    '%s %s answers 401 without a session and to a tenant admin',
    async (method, path, body) => {
      const before = await tenantCount();
      expect((await app.client().request(method, path, body)).status).toBe(401);
      const t = await createTenant(app);
      expect(await t.client.request(method, path, body)).toMatchObject({
        status: 401,
        body: { message: 'Please sign in to continue!' },
      });
      // Nothing was written: one tenant more, the one createTenant made.
      expect(await tenantCount()).toBe((before ?? 0) + 1);
    },
  );
});

describe('POST /superadmin/tenants/add', () => {
  it.each([
    [{ email: 'a@b.test', password: 'long enough pw' }, 'Please provide name!'],
    [{ name: '  ', email: 'a@b.test', password: 'long enough pw' }, 'Please provide name!'],
    [{ name: 'Cafe', password: 'long enough pw' }, 'Please provide Email!'],
    [{ name: 'Cafe', email: 'a@b.test' }, 'Please provide password!'],
    [{ name: 'Cafe', email: 'not-an-email', password: 'long enough pw' }, 'Please provide valid email!'],
    [{ name: 'Cafe', email: 'a@b.test', password: 'long enough pw', isActive: 'yes' }, 'Invalid request!'],
  ])('answers 400 for %j and writes nothing', async (body, message) => {
    const before = await tenantCount();
    expect(await sa.post('/superadmin/tenants/add', body)).toMatchObject({ status: 400, body: { message } });
    expect(await tenantCount()).toBe(before);
  });

  it('creates the tenant and its admin as sign-up does; the admin signs in with the e-mail', async () => {
    const email = uniqueUsername('added').toUpperCase();
    const res = await sa.post<{ message: string; id: number }>('/superadmin/tenants/add', {
      name: 'Added Bistro',
      email,
      password: 'long enough pw',
      isActive: true,
    });
    expect(res).toMatchObject({ status: 200, body: { message: 'Tenant added successfully!' } });
    const id = res.body.id;
    const [tenant] = await owner<{ name: string; email: string; is_active: boolean }>(
      sql`select name, email, is_active from tenants where id = ${id}`,
    );
    expect(tenant).toEqual({ name: 'Added Bistro', email: email.toLowerCase(), is_active: true });
    const rows = await rowsPerTable(id);
    // The same first rows sign-up makes: the admin, the store and print settings, the void reasons,
    // the Cash and Card payment types (0031, 0039), the signup audit.
    expect(rows).toMatchObject({
      users: 1,
      store_settings: 1,
      print_settings: 1,
      void_reasons: 4,
      payment_types: 2,
      audit_log: 1,
    });
    const admin = app.client();
    expect(
      await admin.post('/auth/signin', { username: email.toLowerCase(), password: 'long enough pw' }),
    ).toMatchObject({ status: 200, body: { user: { role: 'admin', tenant_id: id, name: 'Added Bistro' } } });
    expect((await admin.get('/auth/devices')).status).toBe(200);
    // Its store's Cash pays a bill sent without a payment from the first; Card beside it (0039).
    expect((await admin.get('/settings/payment-types')).body).toEqual([
      { id: expect.any(Number) as unknown, title: 'Cash', is_active: true, is_cash: true, is_default: true },
      {
        id: expect.any(Number) as unknown,
        title: 'Card',
        is_active: true,
        is_cash: false,
        is_default: false,
      },
    ]);

    const audit = await sa.get<{ entries: { action: string; details: unknown }[] }>(
      `/superadmin/tenants/${id}/audit-log?source=platform`,
    );
    expect(audit.body.entries).toMatchObject([
      { action: 'tenant.add', details: { name: 'Added Bistro', email: email.toLowerCase(), isActive: true } },
    ]);
  });

  it('adds an inactive tenant whose admin meets 402', async () => {
    const email = uniqueUsername('inactive');
    const res = await sa.post<{ id: number }>('/superadmin/tenants/add', {
      name: 'Closed Cafe',
      email,
      password: 'long enough pw',
      isActive: false,
    });
    expect(res.status).toBe(200);
    const admin = app.client();
    expect((await admin.post('/auth/signin', { username: email, password: 'long enough pw' })).status).toBe(
      200,
    );
    expect((await admin.get('/auth/devices')).status).toBe(402);
  });

  it('answers 409 for an e-mail that is already a username, in any case', async () => {
    const t = await createTenant(app);
    const before = await tenantCount();
    expect(
      await sa.post('/superadmin/tenants/add', {
        name: 'Copycat',
        email: t.username.toUpperCase(),
        password: 'long enough pw',
      }),
    ).toMatchObject({ status: 409, body: { message: 'This email is already registered!' } });
    expect(await tenantCount()).toBe(before);
  });
});

describe('PATCH /superadmin/tenants/update/{id}', () => {
  it.each([
    [{ email: 'a@b.test', isActive: true }, "Please Provide Tenant's Name!"],
    [{ name: 'Cafe', isActive: true }, "Please Provide Tenant's Email!"],
    [{ name: 'Cafe', email: 'nope', isActive: true }, 'Please Provide Valid Email!'],
    [{ name: 'Cafe', email: 'a@b.test' }, 'Invalid request!'],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const t = await createTenant(app, { bizName: 'Unchanged' });
    expect(await sa.request('PATCH', `/superadmin/tenants/update/${t.tenantId}`, body)).toMatchObject({
      status: 400,
      body: { message },
    });
    const [row] = await owner<{ name: string }>(sql`select name from tenants where id = ${t.tenantId}`);
    expect(row?.name).toBe('Unchanged');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const body = { name: 'X', email: 'x@x.test', isActive: true };
    for (const id of ['999999999', 'abc', '0', '1e3']) {
      expect((await sa.request('PATCH', `/superadmin/tenants/update/${id}`, body)).status).toBe(404);
    }
  });

  it('renames and audits what changed', async () => {
    const t = await createTenant(app, { bizName: 'Old Name' });
    expect(
      await sa.request('PATCH', `/superadmin/tenants/update/${t.tenantId}`, {
        name: 'New Name',
        email: 'Contact@New.test',
        isActive: true,
      }),
    ).toMatchObject({ status: 200, body: { message: 'Tenant updated successfully!' } });
    const [row] = await owner<{ name: string; email: string }>(
      sql`select name, email from tenants where id = ${t.tenantId}`,
    );
    expect(row).toEqual({ name: 'New Name', email: 'contact@new.test' });
    // The admin's sign-in name is not the contact e-mail: it stays.
    expect((await t.client.get('/auth/devices')).status).toBe(200);
    const audit = await sa.get<{ entries: { action: string; details: unknown }[] }>(
      `/superadmin/tenants/${t.tenantId}/audit-log?source=platform`,
    );
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'tenant.update',
        details: {
          name: { from: 'Old Name', to: 'New Name' },
          email: { from: t.username, to: 'contact@new.test' },
        },
      }),
    ]);
  });

  it('deactivating: 402 at the next call, a tenant_status event, sockets closed and refused; reactivating lets them back', async () => {
    const t = await createTenant(app, { bizName: 'Switch Cafe' });
    const other = await createTenant(app);
    const { socket, authenticated } = await connectSocket(app, t.client);
    expect(authenticated).toBe(true);
    const bystander = await connectSocket(app, other.client);
    const otherEvents: unknown[] = [];
    bystander.socket.on('tenant_status', (p: unknown) => otherEvents.push(p));
    const event = next(socket, 'tenant_status');
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const body = { name: 'Switch Cafe', email: t.username, isActive: false };
    expect((await sa.request('PATCH', `/superadmin/tenants/update/${t.tenantId}`, body)).status).toBe(200);
    expect(await t.client.get('/auth/devices')).toMatchObject({
      status: 402,
      body: { message: 'Your subscription is inactive!' },
    });
    expect(await event).toEqual({ active: false });
    expect(await closed).toBe('io server disconnect');
    expect((await connectSocket(app, t.client)).authenticated).toBe(false);
    // Another tenant hears nothing and keeps working.
    expect((await other.client.get('/auth/devices')).status).toBe(200);
    expect(bystander.socket.connected).toBe(true);
    expect(otherEvents).toEqual([]);

    expect(
      (await sa.request('PATCH', `/superadmin/tenants/update/${t.tenantId}`, { ...body, isActive: true }))
        .status,
    ).toBe(200);
    expect((await t.client.get('/auth/devices')).status).toBe(200);
    expect((await connectSocket(app, t.client)).authenticated).toBe(true);
    const audit = await sa.get<{ entries: { details: unknown }[] }>(
      `/superadmin/tenants/${t.tenantId}/audit-log?source=platform`,
    );
    // Switching an active tenant off suspends it; switching it on lifts the suspension.
    expect(audit.body.entries.map((e) => e.details)).toEqual([
      { isActive: { from: false, to: true }, suspended: { from: true, to: false } },
      { isActive: { from: true, to: false }, suspended: { from: false, to: true } },
    ]);
  }, 300_000);
});

describe('DELETE /superadmin/tenants/delete/{id}', () => {
  /** A tenant with rows in many of its tables: settings, customers, tables, categories, taxes, history. */
  async function busyTenant(): Promise<Tenant> {
    const t = await createTenant(app);
    for (const [path, body] of [
      ['/customers/add', { phone: '555 0101', name: 'Ana' }],
      ['/settings/store-tables/add', { title: 'T1', floor: '1', seatingCapacity: 4 }],
      ['/settings/categories/add', { title: 'Drinks' }],
      ['/settings/taxes/add', { title: 'VAT', rate: 10, type: 'exclusive' }],
      ['/settings/payment-types/add', { title: 'Voucher', isActive: true }],
      ['/users/add', { username: uniqueUsername('staff'), password: 'staff password', name: 'Rui' }],
    ] as const) {
      expect((await t.client.post(path, body)).status, path).toBe(200);
    }
    await app.database.asOwner((tx) =>
      tx.insert(subscriptionEvents).values({ tenantId: t.tenantId, status: 'created', provider: 'stripe' }),
    );
    return t;
  }

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999999', 'x', '-1']) {
      expect((await sa.request('DELETE', `/superadmin/tenants/delete/${id}`)).status).toBe(404);
    }
  });

  it("removes every row of the tenant, its audit log included, and none of another tenant's", async () => {
    const doomed = await busyTenant();
    const kept = await busyTenant();
    const doomedBefore = await rowsPerTable(doomed.tenantId);
    for (const table of [
      'audit_log',
      'users',
      'devices',
      'customers',
      'store_tables',
      'subscription_events',
    ]) {
      expect(doomedBefore[table], table).toBeGreaterThan(0);
    }
    const keptBefore = await rowsPerTable(kept.tenantId);
    const { socket } = await connectSocket(app, doomed.client);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    expect(await sa.request('DELETE', `/superadmin/tenants/delete/${doomed.tenantId}`)).toMatchObject({
      status: 200,
      body: { message: 'Tenant deleted successfully!' },
    });
    const after = await rowsPerTable(doomed.tenantId);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await owner(sql`select id from tenants where id = ${doomed.tenantId}`)).toEqual([]);
    expect(await rowsPerTable(kept.tenantId)).toEqual(keptBefore);
    await closed;
    // The session is gone with the tenant; a second delete finds nothing.
    expect((await doomed.client.get('/auth/devices')).status).toBe(401);
    expect((await sa.request('DELETE', `/superadmin/tenants/delete/${doomed.tenantId}`)).status).toBe(404);
    // The super admin's record of the deletion outlives the tenant.
    const [entry] = await owner<{ action: string; details: { name: string } }>(
      sql`select action, details from platform_audit_log where target_type = 'tenant' and target_id = ${String(doomed.tenantId)} order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'tenant.delete',
      details: { name: 'Cafe Test', email: doomed.username },
    });
  }, 300_000);

  it('keeps the audit log append-only for everyone else', async () => {
    const t = await createTenant(app);
    await expect(
      app.database.asOwner((tx) => tx.execute(sql`delete from audit_log where tenant_id = ${t.tenantId}`)),
    ).rejects.toThrow();
    // The purge's setting names one tenant: another's rows stay refused in the same transaction.
    const other = await createTenant(app);
    await expect(
      app.database.asOwner(async (tx) => {
        await tx.execute(sql`select set_config('comanda.purging_tenant', ${String(t.tenantId)}, true)`);
        await tx.execute(sql`delete from audit_log where tenant_id = ${other.tenantId}`);
      }),
    ).rejects.toThrow();
    await expect(
      app.database.asOwner(async (tx) => {
        await tx.execute(sql`select set_config('comanda.purging_tenant', ${String(t.tenantId)}, true)`);
        await tx.execute(sql`update audit_log set action = 'x' where tenant_id = ${t.tenantId}`);
      }),
    ).rejects.toThrow();
    // Neither request role may call the purge itself except the system role.
    await expect(
      app.database.inTenant(t.tenantId, (tx) => tx.execute(sql`select purge_tenant(${t.tenantId})`)),
    ).rejects.toThrow();
    expect((await t.client.get('/auth/devices')).status).toBe(200);
  });
});

describe('the tenant list, counts and export', () => {
  // A fresh set per run: the file's database holds only what this file made, so counts are exact once
  // the tenants made by earlier describes are known.
  let seeded: { id: number; name: string }[] = [];
  let baseline: { active: number; inactive: number };
  const today = todayIn('UTC');

  beforeAll(async () => {
    const [counts] = await owner<{ active: number; inactive: number }>(
      sql`select count(*) filter (where is_active)::int as active, count(*) filter (where not is_active)::int as inactive from tenants`,
    );
    baseline = counts!;
    const plan: { name: string; active: boolean; end: string | null }[] = [
      { name: 'Zeta 100% Bar', active: true, end: addDays(today, 1) },
      { name: 'Zeta_Underscore Grill', active: true, end: today },
      { name: 'Zeta Harbour Cafe', active: false, end: addDays(today, 1) },
      { name: 'Zeta Hill Hotel', active: true, end: addDays(today, 40) },
      { name: 'Zeta Night Club', active: false, end: null },
      { name: 'Zeta Noodle House', active: true, end: addDays(today, -1) },
      { name: 'Zeta Olive Tree', active: true, end: addDays(today, 1) },
    ];
    seeded = [];
    for (const p of plan) {
      const t = await createTenant(app, { bizName: p.name });
      await owner(sql`update tenants set name = ${p.name}, is_active = ${p.active},
        subscription_start = ${p.end ? `${addDays(p.end, -30)}T12:00:00Z` : null}::timestamptz,
        subscription_end = ${p.end ? `${p.end}T12:00:00Z` : null}::timestamptz where id = ${t.tenantId}`);
      seeded.push({ id: t.tenantId, name: p.name });
    }
  });

  it('counts the tabs exactly', async () => {
    expect(await sa.get('/superadmin/tenantsData')).toEqual(
      expect.objectContaining({
        status: 200,
        body: {
          activeTenants: baseline.active + 5,
          inactiveTenants: baseline.inactive + 2,
          allTenants: baseline.active + baseline.inactive + 7,
        },
      }),
    );
  });

  it('pages newest first, 5 per page by default, with the plan price', async () => {
    const first = await sa.get<{ tenants: { id: number; name: string }[]; total: number }>(
      '/superadmin/tenants?search=zeta',
    );
    expect(first.body).toMatchObject({ currentPage: 1, perPage: 5, total: 7 });
    expect(first.body.tenants.map((t) => t.name)).toEqual(
      seeded
        .slice(2)
        .reverse()
        .map((s) => s.name),
    );
    const second = await sa.get<{ tenants: { name: string }[] }>('/superadmin/tenants?search=ZETA&page=2');
    expect(second.body.tenants.map((t) => t.name)).toEqual(['Zeta_Underscore Grill', 'Zeta 100% Bar']);
    expect(
      (await sa.get<{ tenants: unknown[] }>('/superadmin/tenants?search=zeta&page=3')).body.tenants,
    ).toEqual([]);
    const [email] = await owner<{ email: string }>(
      sql`select email from tenants where id = ${seeded[6]!.id}`,
    );
    expect(first.body.tenants[0]).toMatchObject({
      id: seeded[6]!.id,
      name: 'Zeta Olive Tree',
      email: email?.email,
      is_active: true,
      subscription_start: `${addDays(today, -29)}T12:00:00.000Z`,
      subscription_end: `${addDays(today, 1)}T12:00:00.000Z`,
      plan_price_per_month: 5,
    });
    expect(Object.keys(first.body.tenants[0] ?? {}).sort()).toEqual([
      'created_at',
      'email',
      'id',
      'is_active',
      'name',
      'plan_price_per_month',
      'subscription_end',
      'subscription_start',
    ]);
  });

  it('filters by tab, by name or e-mail literally, and by the subscription end', async () => {
    const names = async (query: string) =>
      (
        await sa.get<{ tenants: { name: string }[]; total: number }>(
          `/superadmin/tenants?perPage=100&${query}`,
        )
      ).body;
    expect(await names('search=zeta&status=inactive')).toMatchObject({
      tenants: [{ name: 'Zeta Night Club' }, { name: 'Zeta Harbour Cafe' }],
      currentPage: 1,
      perPage: 100,
      total: 2,
    });
    expect((await names('search=zeta&status=active')).total).toBe(5);
    // % and _ are text, not wildcards.
    expect((await names('search=100%25')).tenants.map((t) => t.name)).toEqual(['Zeta 100% Bar']);
    expect((await names('search=a_u')).tenants.map((t) => t.name)).toEqual(['Zeta_Underscore Grill']);
    expect((await names('search=  ')).total).toBe(baseline.active + baseline.inactive + 7);
    // The e-mail matches too.
    const [row] = await owner<{ email: string }>(sql`select email from tenants where id = ${seeded[3]!.id}`);
    expect((await names(`search=${encodeURIComponent(row!.email.toUpperCase())}`)).tenants).toEqual([
      expect.objectContaining({ name: 'Zeta Hill Hotel' }),
    ]);
    // "Expiring tomorrow" (subscription_end on tomorrow's date, UTC), per tab.
    expect((await names('search=zeta&type=tomorrow')).tenants.map((t) => t.name)).toEqual([
      'Zeta Olive Tree',
      'Zeta Harbour Cafe',
      'Zeta 100% Bar',
    ]);
    expect((await names('search=zeta&type=tomorrow&status=active')).total).toBe(2);
    expect((await names('search=zeta&type=today')).tenants.map((t) => t.name)).toEqual([
      'Zeta_Underscore Grill',
    ]);
    expect((await names('search=zeta&type=yesterday')).tenants.map((t) => t.name)).toEqual([
      'Zeta Noodle House',
    ]);
    expect((await names('search=zeta&type=last_7days')).total).toBe(2);
    const custom = await names(`search=zeta&type=custom&from=${addDays(today, 1)}&to=${addDays(today, 40)}`);
    expect(custom.total).toBe(4);
  });

  it.each([
    ['type=soon', 'Please select a valid date filter!'],
    ['type=custom&from=2026-02-30', 'Please select a valid date range!'],
    ['type=custom&from=2026-03-02&to=2026-03-01', 'The start date must not be after the end date!'],
    ['status=gone', 'Invalid request!'],
    ['page=0', 'Invalid request!'],
    ['perPage=101', 'Invalid request!'],
  ])('answers 400 to %s', async (query, message) => {
    expect(await sa.get(`/superadmin/tenants?${query}`)).toMatchObject({ status: 400, body: { message } });
  });

  it('exports the whole tab and audits the export', async () => {
    const all = await sa.get<{ tenants: { name: string; is_active: boolean }[] }>(
      '/superadmin/tenantsData/all',
    );
    expect(all.body.tenants).toHaveLength(baseline.active + baseline.inactive + 7);
    const inactive = await sa.get<{ tenants: { name: string; is_active: boolean }[] }>(
      '/superadmin/tenantsData/inactive',
    );
    expect(inactive.body.tenants).toHaveLength(baseline.inactive + 2);
    expect(inactive.body.tenants.every((t) => !t.is_active)).toBe(true);
    expect((await sa.get('/superadmin/tenantsData/other')).status).toBe(404);
    const [entry] = await owner<{ action: string; details: unknown }>(
      sql`select action, details from platform_audit_log where action = 'tenants.export' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'tenants.export',
      details: { status: 'inactive', count: baseline.inactive + 2 },
    });
  });
});

describe('GET /superadmin/tenants/{id}/subscription-history and /audit-log', () => {
  it('answers 404 for an unknown id', async () => {
    expect((await sa.get('/superadmin/tenants/999999999/subscription-history')).status).toBe(404);
    expect((await sa.get('/superadmin/tenants/999999999/audit-log')).status).toBe(404);
    expect((await sa.get('/superadmin/tenants/999999999/audit-log?source=platform')).status).toBe(404);
    expect((await sa.get('/superadmin/tenants/nope/subscription-history')).status).toBe(404);
  });

  it("shows the tenant's details, users and subscription events, and no one else's", async () => {
    const t = await createTenant(app, { bizName: 'History Cafe' });
    const other = await createTenant(app);
    expect(
      (
        await t.client.post('/settings/store-setting', {
          storeName: 'History Cafe',
          address: '1 Main St',
          phone: '555 0100',
          email: 'hello@history.test',
          currency: 'EUR',
          isQRMenuEnabled: true,
          isQROrderEnabled: false,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.client.post('/users/add', {
          username: uniqueUsername(),
          password: 'staff password',
          name: 'Rui',
        })
      ).status,
    ).toBe(200);
    const start = new Date('2026-01-01T00:00:00Z');
    await app.database.asOwner(async (tx) => {
      await tx.insert(subscriptionEvents).values([
        {
          tenantId: t.tenantId,
          status: 'created',
          provider: 'stripe',
          providerEventId: 'evt_1',
          createdAt: start,
          startsOn: start,
          expiresOn: new Date('2026-02-01T00:00:00Z'),
        },
        {
          tenantId: t.tenantId,
          status: 'renewed',
          provider: 'stripe',
          providerEventId: 'evt_2',
          createdAt: new Date('2026-02-01T00:00:00Z'),
          startsOn: new Date('2026-02-01T00:00:00Z'),
          expiresOn: new Date('2026-03-01T00:00:00Z'),
        },
        { tenantId: other.tenantId, status: 'cancelled', provider: 'stripe', providerEventId: 'evt_3' },
      ]);
    });
    const res = await sa.get<{ subscriptionHistory: { id: number }[] }>(
      `/superadmin/tenants/${t.tenantId}/subscription-history`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tenantInfo: { id: t.tenantId, name: 'History Cafe', email: t.username, is_active: true },
      storeDetails: {
        storeName: 'History Cafe',
        address: '1 Main St',
        email: 'hello@history.test',
        phone: '555 0100',
        currency: 'EUR',
        isQRMenuEnabled: true,
      },
      totalUsers: 2,
      subscriptionHistory: [
        {
          tenant_id: t.tenantId,
          created_at: '2026-01-01T00:00:00.000Z',
          starts_on: '2026-01-01T00:00:00.000Z',
          expires_on: '2026-02-01T00:00:00.000Z',
          status: 'created',
        },
        {
          tenant_id: t.tenantId,
          created_at: '2026-02-01T00:00:00.000Z',
          starts_on: '2026-02-01T00:00:00.000Z',
          expires_on: '2026-03-01T00:00:00.000Z',
          status: 'renewed',
        },
      ],
    });
  });

  it("pages the tenant's own audit log, newest first, without another tenant's", async () => {
    const t = await createTenant(app);
    const other = await createTenant(app);
    for (const title of ['A', 'B', 'C']) {
      expect((await t.client.post('/settings/categories/add', { title })).status).toBe(200);
    }
    expect((await other.client.post('/settings/categories/add', { title: 'Z' })).status).toBe(200);
    const all = await sa.get<{ entries: { action: string }[]; total: number }>(
      `/superadmin/tenants/${t.tenantId}/audit-log?perPage=100`,
    );
    const [own] = await owner<{ n: number }>(
      sql`select count(*)::int as n from audit_log where tenant_id = ${t.tenantId}`,
    );
    expect(all.body.total).toBe(own!.n);
    expect(all.body.entries.at(-1)?.action).toBe('tenant.signup');
    const page = await sa.get<{ entries: { id: number }[]; total: number; currentPage: number }>(
      `/superadmin/tenants/${t.tenantId}/audit-log?perPage=2&page=2`,
    );
    expect(page.body).toMatchObject({ currentPage: 2, perPage: 2, total: own!.n });
    expect(page.body.entries.map((e) => e.id)).toEqual(
      (all.body.entries as unknown as { id: number }[]).slice(2, 4).map((e) => e.id),
    );
    expect((await sa.get(`/superadmin/tenants/${t.tenantId}/audit-log?source=nobody`)).status).toBe(400);
  });
});
