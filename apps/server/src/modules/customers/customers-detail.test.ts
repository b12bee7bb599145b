import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AddCustomerResult, CustomerDetail, CustomerPage } from '@comanda/core';
import {
  type TestApp,
  type Tenant,
  connectSocket,
  download,
  createColleague,
  createTenant,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { auditLog, reservations } from '../../platform/db/schema.ts';
import { counts, createStore, orderBody, payBody, readOrder, sendOrder } from '../orders/orders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const HOUR = 3_600_000;

async function add(t: Tenant, body: Record<string, unknown>) {
  const res = await t.client.post<AddCustomerResult>('/customers/add', body);
  expect(res.status).toBe(200);
  return res.body.customer;
}

let codes = 0;
/** A booking written straight into the tenant's table (the reservations API is another module's). */
async function book(
  t: Tenant,
  customerId: number,
  startsAt: Date,
  status: 'booked' | 'paid' | 'cancelled' = 'booked',
) {
  codes += 1;
  const uniqueCode = `T${String(codes).padStart(5, '0')}`;
  const [row] = await app.database.inTenant(t.tenantId, (tx) =>
    tx
      .insert(reservations)
      .values({ tenantId: t.tenantId, uniqueCode, customerId, startsAt, peopleCount: 2, status })
      .returning({ id: reservations.id }),
  );
  return { id: row?.id ?? 0, uniqueCode };
}

const bookingsOf = (t: Tenant, customerId: number) =>
  app.database.inTenant(t.tenantId, (tx) =>
    tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tenantId, t.tenantId), eq(reservations.customerId, customerId))),
  );

const names = async (t: Tenant) =>
  (await t.client.get<CustomerPage>('/customers?perPage=100')).body.customers.map((c) => c.name);

describe('GET /customers/:phone', () => {
  it("answers the customer, their reservation summary and latest bookings, the store's currency and zone", async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana', gender: 'female', birthDate: '1990-05-17' });
    const now = Date.now();
    const visited = new Date(now - 48 * HOUR);
    await book(t, c.id, new Date(now - 96 * HOUR), 'paid');
    await book(t, c.id, visited, 'paid');
    await book(t, c.id, new Date(now - 24 * HOUR), 'cancelled');
    const soon = await book(t, c.id, new Date(now + 24 * HOUR));
    const other = await add(t, { phone: '555 0202', name: 'Bo' });
    await book(t, other.id, new Date(now + 24 * HOUR));

    const res = await t.client.get<CustomerDetail>(`/customers/${encodeURIComponent(c.phone)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer: { id: c.id, phone: '555 0101', name: 'Ana', gender: 'female', birth_date: '1990-05-17' },
      summary: {
        reservations_count: 4,
        upcoming_reservations: 1,
        last_visit: visited.toISOString(),
        orders_count: 0,
        total_spent: 0,
        last_order_at: null,
      },
      currency: 'USD',
      timezone: 'UTC',
    });
    expect(res.body.reservations).toHaveLength(4);
    expect(res.body.reservations[0]).toMatchObject({
      unique_code: soon.uniqueCode,
      customer_id: c.id,
      customer_name: 'Ana',
      status: 'booked',
      people_count: 2,
      table_id: null,
    });
  });

  it("shows each booking's time on the store's clock and the store's currency", async () => {
    const t = await createTenant(app);
    const store = { storeName: 'Cafe', currency: 'EUR', timezone: 'Asia/Kolkata' };
    expect((await t.client.post('/settings/store-setting', store)).status).toBe(200);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    // 2030-01-01 14:00 UTC is 19:30 in Kolkata (UTC+5:30).
    await book(t, c.id, new Date('2030-01-01T14:00:00Z'));
    const res = await t.client.get<CustomerDetail>(`/customers/${encodeURIComponent(c.phone)}`);
    expect(res.body).toMatchObject({ currency: 'EUR', timezone: 'Asia/Kolkata' });
    expect(res.body.reservations[0]).toMatchObject({
      date: '2030-01-01T14:00:00.000Z',
      local_date: '2030-01-01T19:30',
    });
  });

  it('answers a customer without bookings with zeros', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    const viewer = await createColleague(app, t, { scopes: ['VIEW_CUSTOMERS'] });
    expect(
      (await viewer.client.get<CustomerDetail>(`/customers/${encodeURIComponent(c.phone)}`)).body,
    ).toMatchObject({
      summary: { reservations_count: 0, upcoming_reservations: 0, last_visit: null },
      reservations: [],
    });
  });
});

describe('DELETE /customers/:phone/delete and bookings', () => {
  it('refuses a customer with a booking still to come, and deletes nothing', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    await book(t, c.id, new Date(Date.now() + 2 * HOUR));
    expect(
      await t.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`),
    ).toMatchObject({
      status: 409,
      body: { message: 'This customer has upcoming reservations! Cancel or delete them first.' },
    });
    expect(await names(t)).toEqual(['Ana']);
    expect(await bookingsOf(t, c.id)).toHaveLength(1);
  });

  it('refuses a customer with a paid booking still to come, and counts it as upcoming', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    await book(t, c.id, new Date(Date.now() + 2 * HOUR), 'paid');
    await book(t, c.id, new Date(Date.now() + 3 * HOUR), 'cancelled');
    const detail = await t.client.get<CustomerDetail>(`/customers/${encodeURIComponent(c.phone)}`);
    expect(detail.body.summary).toMatchObject({ reservations_count: 2, upcoming_reservations: 1 });
    expect(
      await t.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'customer_has_reservations',
        message: 'This customer has upcoming reservations! Cancel or delete them first.',
      },
    });
    expect(await names(t)).toEqual(['Ana']);
    expect(await bookingsOf(t, c.id)).toHaveLength(2);
  });

  it('deletes a customer whose bookings are past or cancelled, and the bookings with them', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana' });
    const keep = await add(t, { phone: '555 0202', name: 'Bo' });
    await book(t, c.id, new Date(Date.now() - 2 * HOUR), 'paid');
    await book(t, c.id, new Date(Date.now() + 2 * HOUR), 'cancelled');
    await book(t, keep.id, new Date(Date.now() - 2 * HOUR), 'paid');
    expect(
      (await t.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`)).status,
    ).toBe(200);
    expect(await names(t)).toEqual(['Bo']);
    expect(await bookingsOf(t, c.id)).toEqual([]);
    expect(await bookingsOf(t, keep.id)).toHaveLength(1);
  });

  it("answers 404 for another tenant's customer even when it has bookings, and leaves them", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const theirs = await add(b, { phone: '555 0101', name: 'Bea' });
    await book(b, theirs.id, new Date(Date.now() - 2 * HOUR), 'paid');
    expect(
      (await a.client.request('DELETE', `/customers/${encodeURIComponent(theirs.phone)}/delete`)).status,
    ).toBe(404);
    expect(await names(b)).toEqual(['Bea']);
    expect(await bookingsOf(b, theirs.id)).toHaveLength(1);
  });
});

describe('GET /customers/export', () => {
  it('answers every customer newest first as a CSV file, quoted per RFC 4180, formulas defused', async () => {
    const t = await createTenant(app);
    await add(t, {
      phone: '+1 555 0101',
      name: 'Ana',
      email: 'ana@x.co',
      gender: 'female',
      birthDate: '1990-05-17',
    });
    await add(t, { phone: '555 0102', name: '=HYPERLINK("http://evil")' });
    await add(t, { phone: '555 0103', name: '@SUM(A1)' });
    await add(t, { phone: '-555 0104', name: '+cmd' });
    await add(t, { phone: '555 0105', name: '-cmd|calc' });
    await add(t, { phone: '555 0106', name: 'Lima, "Bo"\nJr' });
    const other = await createTenant(app);
    await add(other, { phone: '999', name: 'Not mine' });

    const res = await download(t.client, '/api/v1/customers/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="customers.csv"');
    const lines = res.bytes.toString('utf8').split('\r\n');
    const created = (await t.client.get<CustomerPage>('/customers?perPage=100')).body.customers.map(
      (c) => c.created_at,
    );
    expect(lines).toEqual([
      'phone,name,email,gender,birth_date,created_at',
      // The name's line break stays inside its quoted cell; rows end with CRLF.
      `555 0106,"Lima, ""Bo""\nJr",,,,${created[0]}`,
      `555 0105,'-cmd|calc,,,,${created[1]}`,
      // A phone that is a phone keeps its sign; a name starting with + does not.
      `-555 0104,'+cmd,,,,${created[2]}`,
      `555 0103,'@SUM(A1),,,,${created[3]}`,
      `555 0102,"'=HYPERLINK(""http://evil"")",,,,${created[4]}`,
      `+1 555 0101,Ana,ana@x.co,female,1990-05-17,${created[5]}`,
      '',
    ]);
  });

  it('answers the header alone to a tenant without customers (the static path wins over /:id)', async () => {
    const t = await createTenant(app);
    const res = await download(t.client, '/api/v1/customers/export');
    expect(res.status).toBe(200);
    expect(res.bytes.toString('utf8')).toBe('phone,name,email,gender,birth_date,created_at\r\n');
  });

  it('answers 403 to staff who do not manage customers, viewers included; managers download it', async () => {
    const t = await createTenant(app);
    await add(t, { phone: '555 0101', name: 'Ana' });
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await download(pos.client, '/api/v1/customers/export')).status).toBe(403);
    const viewer = await createColleague(app, t, { scopes: ['VIEW_CUSTOMERS'] });
    expect((await download(viewer.client, '/api/v1/customers/export')).status).toBe(403);
    for (const scope of ['CUSTOMERS', 'MANAGE_CUSTOMERS'] as const) {
      const manager = await createColleague(app, t, { scopes: [scope] });
      const res = await download(manager.client, '/api/v1/customers/export');
      expect(res.status).toBe(200);
      expect(res.bytes.toString('utf8')).toContain('555 0101,Ana');
    }
  });
});

describe('customers_updated', () => {
  it("reaches the saving tenant's screens after add, update and delete, and no other tenant's", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const aScreen = await connectSocket(app, a.client);
    const bScreen = await connectSocket(app, b.client);
    expect([aScreen.authenticated, bScreen.authenticated]).toEqual([true, true]);
    const aGot = record(aScreen.socket, 'customers_updated');
    const bGot = record(bScreen.socket, 'customers_updated');

    let arrived = next(aScreen.socket, 'customers_updated');
    const c = await add(a, { phone: '555 0101', name: 'Ana' });
    await arrived;
    arrived = next(aScreen.socket, 'customers_updated');
    expect(
      (await a.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, { name: 'Ana M' })).status,
    ).toBe(200);
    await arrived;
    // Refused saves send nothing: a duplicate phone, a bad body.
    expect((await a.client.post('/customers/add', { phone: '5550101', name: 'Dup' })).status).toBe(409);
    expect((await a.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, {})).status).toBe(400);
    arrived = next(aScreen.socket, 'customers_updated');
    expect(
      (await a.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`)).status,
    ).toBe(200);
    await arrived;

    // b's own event, sent after a's: once b's screen has it, a's would have arrived before it.
    const control = next(bScreen.socket, 'customers_updated');
    await add(b, { phone: '555 0101', name: 'Bea' });
    await control;
    expect(aGot).toEqual([{}, {}, {}]);
    expect(bGot).toEqual([{}]);
  });
});

describe('audit', () => {
  it('records phone and name of each save, never the e-mail or birth date', async () => {
    const t = await createTenant(app);
    const c = await add(t, { phone: '555 0101', name: 'Ana', email: 'ana@x.co', birthDate: '1990-05-17' });
    await t.client.post(`/customers/${encodeURIComponent(c.phone)}/update`, {
      name: 'Ana M',
      email: 'new@x.co',
    });
    await t.client.request('DELETE', `/customers/${encodeURIComponent(c.phone)}/delete`);
    const rows = await app.database.inTenant(t.tenantId, (tx) =>
      tx
        .select({ action: auditLog.action, targetId: auditLog.targetId, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.targetType, 'customer')),
    );
    expect(rows).toEqual([
      { action: 'customer.add', targetId: String(c.id), details: { phone: '555 0101', name: 'Ana' } },
      { action: 'customer.update', targetId: String(c.id), details: { phone: '555 0101', name: 'Ana M' } },
      { action: 'customer.delete', targetId: String(c.id), details: { phone: '555 0101', name: 'Ana M' } },
    ]);
  });
});

describe("GET /customers/:phone: the customer's orders", () => {
  it('counts their paid orders, what their billed lines came to and when the latest was taken', async () => {
    const s = await createStore(app);
    const asAna = { customerType: 'CUSTOMER', customerId: s.customer };
    for (let i = 0; i < 2; i += 1) {
      const paid = await s.owner.client.post('/pos/create-order-and-invoice', payBody(s, asAna));
      expect(paid.status).toBe(200);
    }
    await sendOrder(app, s, asAna); // open: not paid yet
    const cancelled = await sendOrder(app, s, asAna);
    await s.owner.client.post('/orders/cancel', { orderIds: [cancelled.orderId], reasonId: s.voidReason });
    await sendOrder(app, s);
    const last = await sendOrder(app, s, asAna);
    await s.owner.client.post(`/orders/update-status/${last.lineIds[2]}`, {
      status: 'cancelled',
      reasonId: s.voidReason,
    });
    const paid = await s.owner.client.post('/orders/complete-and-pay-order', {
      orderIds: [last.orderId],
      subTotal: 43.18,
      taxTotal: 3.45,
      total: 46.63,
      payment: { paymentTypeId: s.cash },
    });
    expect(paid.status).toBe(200);

    const res = await s.owner.client.get<CustomerDetail>('/customers/555-0101');
    expect(res.status).toBe(200);
    const taken = (await readOrder(app, s.owner.tenantId, last.orderId)).order?.createdAt;
    // 47.63 twice and 46.63 (the cancelled water line is not billed), in minor units.
    expect(res.body.summary).toMatchObject({
      orders_count: 3,
      total_spent: 14189,
      last_order_at: taken?.toISOString(),
    });
  });
});

describe('POST /pos/create-order: the customer named by phone (SPEC §3, §7)', () => {
  it("takes the guest's phone as customerId, and Comanda's id as a JSON number", async () => {
    const s = await createStore(app);
    const byPhone = await sendOrder(app, s, { customerType: 'CUSTOMER', customerId: '(555) 0101' });
    const byId = await sendOrder(app, s, { customerType: 'CUSTOMER', customerId: s.customer });
    for (const { orderId } of [byPhone, byId]) {
      expect((await readOrder(app, s.owner.tenantId, orderId)).order).toMatchObject({
        customerId: s.customer,
        customerName: 'Ana',
        customerPhone: '555-0101',
      });
    }
    const paid = await s.owner.client.post(
      '/pos/create-order-and-invoice',
      payBody(s, { customerType: 'CUSTOMER', customerId: '555-0101' }),
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  });

  it("answers 404 for another tenant's phone, and takes no order", async () => {
    const s = await createStore(app);
    const other = await createTenant(app);
    await add(other, { phone: '555 0199', name: 'Bea' });
    const res = await s.owner.client.post(
      '/pos/create-order',
      orderBody(s, { customerType: 'CUSTOMER', customerId: '555 0199' }),
    );
    expect(res).toMatchObject({ status: 404, body: { message: 'Customer not found!' } });
    expect((await counts(app, s.owner.tenantId)).orders).toBe(0);
  });
});
