import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  RESERVATION_CODE_ALPHABET,
  RESERVATION_CODE_LENGTH,
  type Reservation,
  type ReservationInit,
  type StoreTable,
} from '@comanda/core';
import {
  type TestApp,
  type TestClient,
  type Tenant,
  auditActions,
  connectSocket,
  createColleague,
  createTenant,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';
import { auditLog, customers, reservations } from '../../platform/db/schema.ts';

// The app's clock stands still at 10:30 UTC on 10 March 2026 (a test may move it and puts it back):
// 23:30 that day in Tonga (UTC+13), 00:30 that day in Honolulu (UTC-10), 10:30 in a UTC store.
const NOW = new Date('2026-03-10T10:30:00Z');
let clock = NOW;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
});
afterAll(() => app.close());
afterEach(() => {
  clock = NOW;
  vi.restoreAllMocks();
});

type Saved = { message: string; reservation: Reservation };

/** A guest of the tenant, inserted directly (the customers routes are the customers module's). */
async function addCustomer(t: { tenantId: number }, name = 'Ana Lima', phone = '555-0101') {
  const [row] = await app.database.inTenant(t.tenantId, (tx) =>
    tx.insert(customers).values({ tenantId: t.tenantId, name, phone }).returning({ id: customers.id }),
  );
  if (!row) throw new Error('customer not added');
  return row.id;
}

async function addTable(t: Tenant, title = 'T1', seatingCapacity = 4, floor = 'Ground') {
  expect((await t.client.post('/settings/store-tables/add', { title, floor, seatingCapacity })).status).toBe(
    200,
  );
  const tables = (await t.client.get<StoreTable[]>('/settings/store-tables')).body;
  const table = tables.find((x) => x.table_title === title);
  if (!table) throw new Error('table not added');
  return table;
}

async function setTimezone(t: Tenant, timezone: string) {
  const res = await t.client.post('/settings/store-setting', { currency: 'USD', timezone });
  expect(res.status).toBe(200);
}

const booking = (customerId: number, extra: Record<string, unknown> = {}) => ({
  customerId,
  date: '2026-03-10T19:00',
  tableId: null,
  status: 'booked',
  notes: '',
  peopleCount: 2,
  ...extra,
});

async function book(t: Tenant, body: Record<string, unknown>) {
  const res = await t.client.post<Saved>('/reservations/add', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.reservation;
}

/** The tenant's reservation rows, straight from the database. */
async function rows(t: { tenantId: number }) {
  return app.database.inTenant(t.tenantId, (tx) =>
    tx.select().from(reservations).orderBy(asc(reservations.id)),
  );
}

async function listed(client: TestClient, query = '') {
  const res = await client.get<Reservation[]>(`/reservations${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const codes = (list: Reservation[]) => list.map((r) => r.unique_code);

/** A tenant with a guest and a table of four, in a UTC store. */
async function setUp() {
  const t = await createTenant(app);
  const customerId = await addCustomer(t);
  const table = await addTable(t);
  return { t, customerId, table };
}

describe('/reservations', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/reservations/init')).status).toBe(401);
    expect((await c.get('/reservations?type=today')).status).toBe(401);
    expect((await c.get('/reservations/search?q=ana')).status).toBe(401);
    expect((await c.post('/reservations/add', booking(1))).status).toBe(401);
    expect((await c.post('/reservations/update/1', booking(1))).status).toBe(401);
    expect((await c.request('DELETE', '/reservations/delete/1')).status).toBe(401);
  });

  const missingCustomer = 'Please select customer!';
  const missingDate = 'Please select date & time!';
  const badPeople = 'Please provide valid people count!';
  const badTable = 'Please select a valid table!';
  const badStatus = 'Please select a valid status!';
  it.each([
    ['no customer', { customerId: undefined }, missingCustomer],
    ['an empty customer', { customerId: '' }, missingCustomer],
    ['a customer that is not a number', { customerId: 'ana' }, missingCustomer],
    ['a customer id of 0', { customerId: 0 }, missingCustomer],
    ['no date', { date: undefined }, missingDate],
    ['an empty date', { date: '  ' }, missingDate],
    ['a date without a time', { date: '2026-03-11' }, missingDate],
    ['a date that does not exist', { date: '2026-02-30T19:00' }, missingDate],
    ['a time that does not exist', { date: '2026-03-11T24:10' }, missingDate],
    ['a time with seconds', { date: '2026-03-11T19:00:30' }, missingDate],
    ['a date in the year 9999', { date: '9999-12-31T23:59' }, missingDate],
    ['a customer id written as an exponent', { customerId: '1e2' }, missingCustomer],
    ['a people count in hex', { peopleCount: '0x10' }, badPeople],
    ['a people count as an exponent', { peopleCount: '1e1' }, badPeople],
    ['no people count', { peopleCount: undefined }, badPeople],
    ['a negative people count', { peopleCount: -1 }, badPeople],
    ['a fractional people count', { peopleCount: 1.5 }, badPeople],
    ['a people count that is not a number', { peopleCount: 'two' }, badPeople],
    ['a table that is not a number', { tableId: 'T1' }, badTable],
    ['a negative table', { tableId: -4 }, badTable],
    ['an unknown status', { status: 'seated' }, badStatus],
    ['notes of 10,000 characters', { notes: 'x'.repeat(10_000) }, 'Notes are too long!'],
  ])('add answers 400 for %s and writes nothing', async (_label, extra, message) => {
    const { t, customerId } = await setUp();
    expect(await t.client.post('/reservations/add', booking(customerId, extra))).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await rows(t)).toEqual([]);
  });

  it('update answers the same 400 messages and changes nothing', async () => {
    const { t, customerId } = await setUp();
    const r = await book(t, booking(customerId));
    const before = await rows(t);
    for (const [extra, message] of [
      [{ date: '' }, missingDate],
      [{ date: 'tomorrow' }, missingDate],
      [{ peopleCount: -2 }, badPeople],
      [{ tableId: 'x' }, badTable],
      [{ status: 'done' }, badStatus],
      [{ date: '2026-03-10T19:00:00' }, missingDate],
      [{ date: '9999-12-31T23:59' }, missingDate],
      [{ peopleCount: '0x10' }, badPeople],
    ] as const) {
      expect(await t.client.post(`/reservations/update/${r.id}`, booking(customerId, extra))).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect(await rows(t)).toEqual(before);
  });

  it('answers 400 to a blank search and to a bad date filter', async () => {
    const { t } = await setUp();
    for (const q of ['', '%20%20']) {
      expect(await t.client.get(`/reservations/search?q=${q}`)).toMatchObject({
        status: 400,
        body: { message: 'Please type a name, phone or code to search!' },
      });
    }
    expect(await t.client.get('/reservations/search')).toMatchObject({ status: 400 });
    expect(await t.client.get('/reservations?type=next_week')).toMatchObject({
      status: 400,
      body: { message: 'Please select a valid date filter!' },
    });
    expect(await t.client.get('/reservations?type=custom&from=2026-03-12&to=2026-03-11')).toMatchObject({
      status: 400,
      body: { message: 'The start date must not be after the end date!' },
    });
    expect(await t.client.get('/reservations?type=custom&from=2026-02-30')).toMatchObject({
      status: 400,
      body: { message: 'Please select a valid date range!' },
    });
    // Dates past 2199 (a day later would be the year 10000), and an end without a start.
    for (const query of [
      '?type=custom&from=9999-12-31&to=9999-12-31',
      '?type=custom&from=9999-12-31',
      '?type=custom&to=2099-12-31',
    ]) {
      expect(await t.client.get(`/reservations${query}`)).toMatchObject({
        status: 400,
        body: { message: 'Please select a valid date range!' },
      });
    }
  });

  it('reads a customer id only from a JSON number: an id written as text is a phone, and books nobody', async () => {
    const { t, customerId } = await setUp();
    // Number() reads '7e0' as 7: the customer exists, but '7e0' is no phone either.
    expect(
      await t.client.post('/reservations/add', booking(customerId, { customerId: `${customerId}e0` })),
    ).toMatchObject({ status: 400, body: { message: 'Please select customer!' } });
    // '7' and '0x7' are phones (SPEC §5 allows x), and nobody has them.
    for (const text of [String(customerId), `0x${customerId.toString(16)}`]) {
      expect(
        await t.client.post('/reservations/add', booking(customerId, { customerId: text })),
      ).toMatchObject({
        status: 404,
        body: { message: 'Customer not found!' },
      });
    }
    expect(
      await t.client.post('/reservations/add', booking(customerId, { peopleCount: '0x2' })),
    ).toMatchObject({ status: 400, body: { message: 'Please provide valid people count!' } });
    expect(await rows(t)).toEqual([]);
    const r = await book(t, booking(customerId, { peopleCount: '12' }));
    expect(r.people_count).toBe(12);
    for (const id of [`${r.id}e0`, `0x${r.id.toString(16)}`]) {
      expect(
        await t.client.post(`/reservations/update/${id}`, booking(customerId, { notes: 'x' })),
      ).toMatchObject({ status: 404, body: { message: 'Not found!' } });
      expect(await t.client.request('DELETE', `/reservations/delete/${id}`)).toMatchObject({
        status: 404,
        body: { message: 'Not found!' },
      });
    }
    expect((await rows(t)).map((row) => [row.id, row.notes])).toEqual([[r.id, null]]);
  });

  it('books the guest a SPEC §7 client names by phone, in any of its forms, URL-safe or not', async () => {
    const t = await createTenant(app);
    const ana = await addCustomer(t, 'Ana Lima', '+1 (555) 010-1 #2');
    // An all-digit phone that is also another customer's id: text is always read as the phone.
    const cy = await addCustomer(t, 'Cy Dias', String(ana));
    const anaBooked = await book(t, booking(0, { customerId: '+1 (555) 010-1 #2' }));
    expect(anaBooked).toMatchObject({ customer_id: ana, customer_name: 'Ana Lima' });
    // Another form of the same phone (its key: its digits and x) names the same guest.
    const again = await book(t, booking(0, { customerId: '1-555-0101-2', date: '2026-03-11T19:00' }));
    expect(again.customer_id).toBe(ana);
    const cyBooked = await book(t, booking(0, { customerId: String(ana), date: '2026-03-12T19:00' }));
    expect(cyBooked).toMatchObject({ customer_id: cy, customer_name: 'Cy Dias' });
    // Comanda's own form, a JSON number, is the id.
    const byId = await book(t, booking(ana, { date: '2026-03-13T19:00' }));
    expect(byId.customer_id).toBe(ana);
    expect(await auditActions(app, t.tenantId)).toContain('reservation.add');
  });

  it("answers 404 for another tenant's guest named by phone, and books nobody", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    await addCustomer(b, 'Bea', '555-0202');
    expect(await a.client.post('/reservations/add', booking(0, { customerId: '555-0202' }))).toMatchObject({
      status: 404,
      body: { message: 'Customer not found!' },
    });
    expect(await rows(a)).toEqual([]);
    expect(await rows(b)).toEqual([]);
  });

  it("reads an ISO instant (Z or an offset) as that instant, shown on the store's clock", async () => {
    const { t, customerId } = await setUp();
    // Athens is UTC+2 in March: 14:00Z is 16:00 at the store; 14:00+02:00 is 14:00 there.
    await setTimezone(t, 'Europe/Athens');
    const z = await book(t, booking(customerId, { date: '2026-03-11T14:00:00.000Z' }));
    expect(z).toMatchObject({ date: '2026-03-11T14:00:00.000Z', local_date: '2026-03-11T16:00' });
    const offset = await book(t, booking(customerId, { date: '2026-03-12T14:00:00.000+02:00' }));
    expect(offset).toMatchObject({ date: '2026-03-12T12:00:00.000Z', local_date: '2026-03-12T14:00' });
    // The store's wall time is still read on its clock.
    const wall = await book(t, booking(customerId, { date: '2026-03-13T14:00' }));
    expect(wall).toMatchObject({ date: '2026-03-13T12:00:00.000Z', local_date: '2026-03-13T14:00' });

    const moved = await t.client.post<Saved>(`/reservations/update/${z.id}`, {
      date: '2026-03-14T18:30:00.000Z',
      tableId: null,
      status: 'booked',
      notes: 'window',
      peopleCount: 2,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.reservation).toMatchObject({ local_date: '2026-03-14T20:30', notes: 'window' });
    const offsetMove = await t.client.post<Saved>(`/reservations/update/${offset.id}`, {
      date: '2026-03-15T09:15:00-03:00',
      tableId: null,
      status: 'booked',
      notes: '',
      peopleCount: 2,
    });
    expect(offsetMove.status, JSON.stringify(offsetMove.body)).toBe(200);
    expect(offsetMove.body.reservation).toMatchObject({
      date: '2026-03-15T12:15:00.000Z',
      local_date: '2026-03-15T14:15',
    });
    // An instant already past is refused like a past wall time, and an instant without a zone is not one.
    expect(
      await t.client.post('/reservations/add', booking(customerId, { date: '2026-03-10T08:00:00.000Z' })),
    ).toMatchObject({
      status: 400,
      body: { message: 'Please select a date & time in the future!' },
    });
    expect(
      await t.client.post('/reservations/add', booking(customerId, { date: '2026-03-11T14:00:00.000' })),
    ).toMatchObject({
      status: 400,
      body: { message: 'Please select date & time!' },
    });
    expect(await rows(t)).toHaveLength(3);
  });

  it('keeps the status of a paid or cancelled booking when an update does not send one', async () => {
    const { t, customerId } = await setUp();
    const { status: _s, ...withoutStatus } = booking(customerId, { notes: 'Window seat' });
    for (const status of ['paid', 'cancelled'] as const) {
      const r = await book(t, booking(customerId, { status }));
      const res = await t.client.post<Saved>(`/reservations/update/${r.id}`, withoutStatus);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.reservation).toMatchObject({ status, notes: 'Window seat' });
      expect((await rows(t)).find((row) => row.id === r.id)?.status).toBe(status);
    }
    // A status sent is still applied.
    const r = await book(t, booking(customerId));
    const paid = await t.client.post<Saved>(
      `/reservations/update/${r.id}`,
      booking(customerId, { status: 'paid' }),
    );
    expect(paid.body.reservation.status).toBe('paid');
  });

  it("holds the guest's key-share lock before it locks the table, as a customer delete takes them", async () => {
    const { t, customerId, table } = await setUp();
    const inTenant = app.ctx.database.inTenant.bind(app.ctx.database);
    const seen: boolean[] = [];
    // Looks at the guest's row the moment the add asks for the table's lock: our transaction must
    // already hold its lock (the row's xmax is our transaction), or a delete could deadlock with it.
    vi.spyOn(app.ctx.database, 'inTenant').mockImplementationOnce((tenantId, fn) =>
      inTenant(tenantId, (tx, emit) => {
        const execute = tx.execute.bind(tx);
        tx.execute = (async (query: Parameters<typeof execute>[0]) => {
          if (JSON.stringify(query).includes('pg_advisory_xact_lock')) {
            const probe = await execute(
              sql`select (xmax::text = pg_current_xact_id()::xid::text) as locked from customers
                  where tenant_id = ${t.tenantId} and id = ${customerId}`,
            );
            seen.push((probe as { rows: { locked: boolean }[] }).rows[0]?.locked === true);
          }
          return execute(query);
        }) as typeof tx.execute;
        return fn(tx, emit);
      }),
    );
    await book(t, booking(customerId, { tableId: table.id }));
    expect(seen).toEqual([true]);
  });

  it('answers 409 try_again when the database reports a deadlock or a serialization failure', async () => {
    const { t, customerId } = await setUp();
    const inTenant = app.ctx.database.inTenant.bind(app.ctx.database);
    for (const sqlState of ['40P01', '40001']) {
      // The database's own error, as it reports a deadlock or a serialization failure mid-save.
      vi.spyOn(app.ctx.database, 'inTenant').mockImplementationOnce((tenantId) =>
        inTenant(tenantId, (tx) =>
          tx.execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'crossed' USING ERRCODE = '${sqlState}'; END $$`)),
        ),
      );
      expect(await t.client.post('/reservations/add', booking(customerId))).toMatchObject({
        status: 409,
        body: {
          code: 'try_again',
          message: 'Someone else changed this at the same moment! Please try again.',
        },
      });
    }
    expect(await rows(t)).toEqual([]);
  });

  it('refuses a time more than the grace before now, on add and when an update moves the time', async () => {
    const { t, customerId } = await setUp();
    const inPast = { status: 400, body: { message: 'Please select a date & time in the future!' } };
    // Now is 10:30 in this UTC store; the form's "now" may be a few minutes old by the time Save is tapped.
    expect(
      await t.client.post('/reservations/add', booking(customerId, { date: '2026-03-10T10:24' })),
    ).toMatchObject(inPast);
    expect(
      await t.client.post('/reservations/add', booking(customerId, { date: '2026-03-09T19:00' })),
    ).toMatchObject(inPast);
    expect(await rows(t)).toEqual([]);
    const soon = await book(t, booking(customerId, { date: '2026-03-10T10:26' }));
    expect(soon.local_date).toBe('2026-03-10T10:26');

    // An hour later the booking has started: its notes and status may change, its time may not go back.
    clock = new Date('2026-03-10T11:30:00Z');
    const path = `/reservations/update/${soon.id}`;
    const same = booking(customerId, { date: '2026-03-10T10:26', notes: 'Window seat', status: 'paid' });
    expect(await t.client.post<Saved>(path, same)).toMatchObject({
      status: 200,
      body: { message: 'Reservation updated!', reservation: { notes: 'Window seat', status: 'paid' } },
    });
    const before = await rows(t);
    expect(await t.client.post(path, booking(customerId, { date: '2026-03-10T10:40' }))).toMatchObject(
      inPast,
    );
    expect(await rows(t)).toEqual(before);
    expect((await t.client.post(path, booking(customerId, { date: '2026-03-10T12:00' }))).status).toBe(200);
  });

  it('lets VIEW_RESERVATIONS read but not change, and refuses staff without a reservation scope', async () => {
    const { t, customerId, table } = await setUp();
    const r = await book(t, booking(customerId, { tableId: table.id }));
    const before = await rows(t);
    const viewer = await createColleague(app, t, { scopes: ['VIEW_RESERVATIONS'] });
    expect((await viewer.client.get<ReservationInit>('/reservations/init')).body.storeTables).toHaveLength(1);
    expect(codes(await listed(viewer.client, '?type=today'))).toEqual([r.unique_code]);
    expect(
      (await viewer.client.get<Reservation[]>(`/reservations/search?q=${r.unique_code}`)).body,
    ).toHaveLength(1);
    expect((await viewer.client.post('/reservations/add', booking(customerId))).status).toBe(403);
    expect((await viewer.client.post(`/reservations/update/${r.id}`, booking(customerId))).status).toBe(403);
    expect((await viewer.client.request('DELETE', `/reservations/delete/${r.id}`)).status).toBe(403);
    expect(await rows(t)).toEqual(before);

    // Neither the kitchen nor the customers scopes open the reservation screen.
    for (const scopes of [['KITCHEN'], ['MANAGE_CUSTOMERS', 'POS']]) {
      const other = await createColleague(app, t, { scopes });
      for (const path of ['/reservations/init', '/reservations?type=today', '/reservations/search?q=ana'])
        expect((await other.client.get(path)).status).toBe(403);
      expect((await other.client.post('/reservations/add', booking(customerId))).status).toBe(403);
      expect((await other.client.request('DELETE', `/reservations/delete/${r.id}`)).status).toBe(403);
    }
    expect(await rows(t)).toEqual(before);

    // Either managing scope may book, move and delete.
    for (const scope of ['RESERVATIONS', 'MANAGE_RESERVATIONS']) {
      const manager = await createColleague(app, t, { scopes: [scope] });
      const mine = (await manager.client.post<Saved>('/reservations/add', booking(customerId))).body
        .reservation;
      expect(
        (
          await manager.client.post(
            `/reservations/update/${mine.id}`,
            booking(customerId, { peopleCount: 3 }),
          )
        ).status,
      ).toBe(200);
      expect((await manager.client.request('DELETE', `/reservations/delete/${mine.id}`)).status).toBe(200);
    }
  });

  it("answers 404 for another tenant's reservation, customer or table, and changes nothing", async () => {
    const a = await setUp();
    const b = await setUp();
    const theirs = await book(b.t, booking(b.customerId, { tableId: b.table.id }));
    const theirRows = await rows(b.t);
    for (const id of [theirs.id, 999_999_999]) {
      expect(
        await a.t.client.post(`/reservations/update/${id}`, booking(a.customerId, { notes: 'Hijack' })),
      ).toMatchObject({ status: 404, body: { message: 'Reservation not found!' } });
      expect(await a.t.client.request('DELETE', `/reservations/delete/${id}`)).toMatchObject({
        status: 404,
        body: { message: 'Reservation not found!' },
      });
    }
    for (const id of ['abc', '-1']) {
      expect((await a.t.client.post(`/reservations/update/${id}`, booking(a.customerId))).status).toBe(404);
      expect((await a.t.client.request('DELETE', `/reservations/delete/${id}`)).status).toBe(404);
    }
    expect(await a.t.client.post('/reservations/add', booking(b.customerId))).toMatchObject({
      status: 404,
      body: { message: 'Customer not found!' },
    });
    expect(
      await a.t.client.post('/reservations/add', booking(a.customerId, { tableId: b.table.id })),
    ).toMatchObject({ status: 404, body: { message: 'Table not found!' } });
    const mine = await book(a.t, booking(a.customerId));
    expect(
      await a.t.client.post(
        `/reservations/update/${mine.id}`,
        booking(a.customerId, { tableId: b.table.id }),
      ),
    ).toMatchObject({ status: 404, body: { message: 'Table not found!' } });
    expect((await rows(a.t)).map((r) => r.id)).toEqual([mine.id]);
    expect(await rows(b.t)).toEqual(theirRows);
    // Nor does a list, search or init show them.
    expect(codes(await listed(a.t.client, '?type=this_month'))).toEqual([mine.unique_code]);
    expect(
      (await a.t.client.get<Reservation[]>(`/reservations/search?q=${theirs.unique_code}`)).body,
    ).toEqual([]);
    expect((await a.t.client.get<ReservationInit>('/reservations/init')).body.storeTables).toEqual([a.table]);
  });

  it('books, lists, moves and deletes a reservation, with its guest, table and audit trail', async () => {
    const { t, customerId, table } = await setUp();
    const patio = await addTable(t, 'Patio', 6, 'Terrace');
    const added = await t.client.post<Saved>(
      '/reservations/add',
      booking(customerId, { tableId: String(table.id), peopleCount: '3', notes: ' Birthday ' }),
    );
    expect(added.status).toBe(200);
    const r = added.body.reservation;
    expect(added.body).toEqual({
      message: 'Reservation added!',
      reservation: {
        id: expect.any(Number) as unknown,
        unique_code: expect.stringMatching(/^[A-Z2-9]{6}$/) as unknown,
        customer_id: customerId,
        customer_name: 'Ana Lima',
        customer_phone: '555-0101',
        date: '2026-03-10T19:00:00.000Z',
        local_date: '2026-03-10T19:00',
        table_id: table.id,
        table_title: 'T1',
        floor: 'Ground',
        status: 'booked',
        notes: 'Birthday',
        people_count: 3,
        created_at: expect.any(String) as unknown,
        updated_at: expect.any(String) as unknown,
      },
    });
    // Without a table, and defaulting to 'booked'.
    const { status: _s, tableId: _t, ...noTable } = booking(customerId, { date: '2026-03-10T12:00' });
    const early = await book(t, noTable);
    expect(early).toMatchObject({ table_id: null, table_title: null, floor: null, status: 'booked' });
    expect(await listed(t.client)).toEqual([early, r]);

    const moved = await t.client.post<Saved>(
      `/reservations/update/${r.id}`,
      booking(customerId, { date: '2026-03-11T20:30', tableId: patio.id, peopleCount: 5, notes: '' }),
    );
    expect(moved).toMatchObject({
      status: 200,
      body: {
        message: 'Reservation updated!',
        reservation: {
          id: r.id,
          unique_code: r.unique_code,
          local_date: '2026-03-11T20:30',
          table_title: 'Patio',
          floor: 'Terrace',
          people_count: 5,
          notes: null,
        },
      },
    });
    expect(await listed(t.client, '?type=today')).toEqual([early]);
    expect(await listed(t.client, '?type=tomorrow')).toEqual([moved.body.reservation]);

    expect(await t.client.request('DELETE', `/reservations/delete/${early.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Reservation deleted!' },
    });
    expect(await listed(t.client, '?type=today')).toEqual([]);
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining(['reservation.add', 'reservation.update', 'reservation.delete']),
    );
    // Deleting the table leaves the booking without one.
    expect((await t.client.request('DELETE', `/settings/store-tables/${patio.id}`)).status).toBe(200);
    expect((await listed(t.client, '?type=tomorrow'))[0]).toMatchObject({
      id: r.id,
      table_id: null,
      table_title: null,
    });
  });

  it('gives each booking its own code of the alphabet, drawing again when a code is taken', async () => {
    const { t, customerId } = await setUp();
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push((await book(t, booking(customerId))).unique_code);
    const alphabet = new RegExp(`^[${RESERVATION_CODE_ALPHABET}]{${RESERVATION_CODE_LENGTH}}$`);
    for (const code of made) expect(code).toMatch(alphabet);
    expect(new Set(made).size).toBe(made.length);

    // The first draw repeats a code the tenant has (AAAAAA); the booking gets the next draw instead.
    const real = (max: number) => crypto.randomBytes(1)[0]! % max;
    let draws = 0;
    const drawn: (max: number) => number = (max) => (draws++ < RESERVATION_CODE_LENGTH * 2 ? 0 : real(max));
    vi.spyOn(crypto, 'randomInt').mockImplementation(drawn);
    const first = await book(t, booking(customerId));
    const second = await book(t, booking(customerId));
    expect(first.unique_code).toBe('AAAAAA');
    expect(second.unique_code).toMatch(alphabet);
    expect(second.unique_code).not.toBe('AAAAAA');
    // Another tenant may hold the same code.
    const other = await setUp();
    draws = 0;
    expect((await book(other.t, booking(other.customerId))).unique_code).toBe('AAAAAA');
  });

  it('finds bookings by code, guest name or phone, newest first', async () => {
    const { t, customerId } = await setUp();
    const bea = await addCustomer(t, 'Beatriz 100% Sousa', '+351 912 345 678');
    const a1 = await book(t, booking(customerId, { date: '2026-03-12T19:00' }));
    const a2 = await book(t, booking(customerId, { date: '2026-03-15T19:00' }));
    const b1 = await book(t, booking(bea, { date: '2026-03-13T19:00' }));
    const search = async (q: string) => {
      const res = await t.client.get<Reservation[]>(`/reservations/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return codes(res.body);
    };
    expect(await search(a1.unique_code.toLowerCase())).toEqual([a1.unique_code]);
    expect(await search(` ${b1.unique_code} `)).toEqual([b1.unique_code]);
    expect(await search('ana')).toEqual([a2.unique_code, a1.unique_code]);
    expect(await search('LIMA')).toEqual([a2.unique_code, a1.unique_code]);
    expect(await search('555-0101')).toEqual([a2.unique_code, a1.unique_code]);
    expect(await search('5550101')).toEqual([a2.unique_code, a1.unique_code]);
    expect(await search('912 345')).toEqual([b1.unique_code]);
    expect(await search('351912')).toEqual([b1.unique_code]);
    // A typed % or _ is a character, not a wildcard.
    expect(await search('100%')).toEqual([b1.unique_code]);
    expect(await search('%')).toEqual([b1.unique_code]);
    expect(await search('_')).toEqual([]);
    expect(await search('nobody')).toEqual([]);
    // A phone with an extension is found however the extension is written; words are not phones.
    const cai = await addCustomer(t, 'Cai', '555 0303 ext 2');
    const c1 = await book(t, booking(cai, { date: '2026-03-14T19:00' }));
    expect(await search('5550303 x 2')).toEqual([c1.unique_code]);
    expect(await search('0303ext2')).toEqual([c1.unique_code]);
    expect(await search('Room 5')).toEqual([]);
  });
});

describe('the date filters, in the store time zone', () => {
  it("follow a UTC+13 store's day: at 23:30 there, today ends in half an hour", async () => {
    const { t, customerId } = await setUp();
    await setTimezone(t, 'Pacific/Tongatapu');
    expect((await t.client.get<ReservationInit>('/reservations/init')).body).toMatchObject({
      timezone: 'Pacific/Tongatapu',
      today: '2026-03-10',
    });
    const tonight = await book(t, booking(customerId, { date: '2026-03-10T23:45' }));
    expect(tonight.date).toBe('2026-03-10T10:45:00.000Z');
    const afterMidnight = await book(t, booking(customerId, { date: '2026-03-11T00:15' }));
    expect(afterMidnight.date).toBe('2026-03-10T11:15:00.000Z');
    // Yesterday evening there, booked the day before.
    clock = new Date('2026-03-08T10:00:00Z');
    const yesterday = await book(t, booking(customerId, { date: '2026-03-09T20:00' }));
    clock = NOW;

    expect(codes(await listed(t.client, '?type=today'))).toEqual([tonight.unique_code]);
    expect(codes(await listed(t.client))).toEqual([tonight.unique_code]);
    expect(codes(await listed(t.client, '?type=tomorrow'))).toEqual([afterMidnight.unique_code]);
    expect(codes(await listed(t.client, '?type=yesterday'))).toEqual([yesterday.unique_code]);
    expect(codes(await listed(t.client, '?type=last_7days'))).toEqual([
      yesterday.unique_code,
      tonight.unique_code,
    ]);
    expect(codes(await listed(t.client, '?type=custom&from=2026-03-11&to=2026-03-11'))).toEqual([
      afterMidnight.unique_code,
    ]);
    // A custom range without dates runs from today to the same day next month.
    expect(codes(await listed(t.client, '?type=custom'))).toEqual([
      tonight.unique_code,
      afterMidnight.unique_code,
    ]);
    expect(codes(await listed(t.client, '?type=this_month'))).toEqual(
      [yesterday, tonight, afterMidnight].map((r) => r.unique_code),
    );
    expect(await listed(t.client, '?type=last_month')).toEqual([]);
  });

  it('start a day whose midnight DST skips (Santiago, 6 September 2026) at 01:00 that day', async () => {
    const { t, customerId } = await setUp();
    await setTimezone(t, 'America/Santiago');
    clock = new Date('2026-09-05T12:00:00Z');
    const lateEvening = await book(t, booking(customerId, { date: '2026-09-05T23:30' }));
    const firstHour = await book(t, booking(customerId, { date: '2026-09-06T01:00' }));
    expect(codes(await listed(t.client, '?type=custom&from=2026-09-05&to=2026-09-05'))).toEqual([
      lateEvening.unique_code,
    ]);
    expect(codes(await listed(t.client, '?type=custom&from=2026-09-06&to=2026-09-06'))).toEqual([
      firstHour.unique_code,
    ]);
    expect(codes(await listed(t.client, '?type=today'))).toEqual([lateEvening.unique_code]);
    expect(codes(await listed(t.client, '?type=tomorrow'))).toEqual([firstHour.unique_code]);
  });

  it("follow a UTC-10 store's day: at 00:30 there, today has just begun", async () => {
    const { t, customerId } = await setUp();
    await setTimezone(t, 'Pacific/Honolulu');
    expect((await t.client.get<ReservationInit>('/reservations/init')).body.today).toBe('2026-03-10');
    const soon = await book(t, booking(customerId, { date: '2026-03-10T00:45' }));
    expect(soon.date).toBe('2026-03-10T10:45:00.000Z');
    const tomorrow = await book(t, booking(customerId, { date: '2026-03-11T00:15' }));
    clock = new Date('2026-03-09T10:00:00Z');
    const lastNight = await book(t, booking(customerId, { date: '2026-03-09T23:50' }));
    clock = NOW;
    expect(lastNight.date).toBe('2026-03-10T09:50:00.000Z');

    expect(codes(await listed(t.client, '?type=today'))).toEqual([soon.unique_code]);
    expect(codes(await listed(t.client, '?type=tomorrow'))).toEqual([tomorrow.unique_code]);
    expect(codes(await listed(t.client, '?type=yesterday'))).toEqual([lastNight.unique_code]);
    expect(codes(await listed(t.client, '?type=custom&from=2026-03-09&to=2026-03-10'))).toEqual([
      lastNight.unique_code,
      soon.unique_code,
    ]);
    // 23:50 on 9 March there is already past: a booking at that time is refused.
    expect(
      (await t.client.post('/reservations/add', booking(customerId, { date: '2026-03-09T23:50' }))).status,
    ).toBe(400);
  });

  it('answers init with the store tables, time zone and today, in a UTC store too', async () => {
    const { t, table } = await setUp();
    expect((await t.client.get<ReservationInit>('/reservations/init')).body).toEqual({
      storeTables: [table],
      timezone: 'UTC',
      today: '2026-03-10',
    });
  });
});

describe('table warnings', () => {
  const doubleBooked = (code: string, time = '19:00') => ({
    status: 409,
    body: {
      code: 'table_double_booked',
      message: `Table T1 is already booked at ${time} (${code})! Save anyway?`,
    },
  });

  it('warn of a table booked within two hours, and save nothing', async () => {
    const { t, customerId, table } = await setUp();
    const first = await book(t, booking(customerId, { tableId: table.id }));
    const before = await rows(t);
    for (const date of ['2026-03-10T17:01', '2026-03-10T19:00', '2026-03-10T20:59'])
      expect(
        await t.client.post('/reservations/add', booking(customerId, { tableId: table.id, date })),
      ).toMatchObject(doubleBooked(first.unique_code));
    expect(await rows(t)).toEqual(before);
    // Two hours apart, another table, no table, or a cancelled booking: no warning.
    await book(t, booking(customerId, { tableId: table.id, date: '2026-03-10T21:00' }));
    await book(t, booking(customerId, { tableId: table.id, date: '2026-03-10T17:00' }));
    const other = await addTable(t, 'T2');
    await book(t, booking(customerId, { tableId: other.id }));
    await book(t, booking(customerId));
    await book(t, booking(customerId, { tableId: table.id, status: 'cancelled' }));
  });

  it('let only one of two simultaneous bookings of one slot through', async () => {
    const { t, customerId, table } = await setUp();
    const second = t.client.copy();
    const answers = await Promise.all(
      [t.client, second, t.client, second].map((c) =>
        c.post('/reservations/add', booking(customerId, { tableId: table.id })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await rows(t)).toHaveLength(1);
  });

  it('name the other day when the overlapping booking is on another date', async () => {
    const { t, customerId, table } = await setUp();
    const late = await book(t, booking(customerId, { tableId: table.id, date: '2026-03-10T23:30' }));
    expect(
      await t.client.post(
        '/reservations/add',
        booking(customerId, { tableId: table.id, date: '2026-03-11T00:30' }),
      ),
    ).toMatchObject(doubleBooked(late.unique_code, '2026-03-10 23:30'));
  });

  it('do not count cancelled bookings', async () => {
    const { t, customerId, table } = await setUp();
    const first = await book(t, booking(customerId, { tableId: table.id }));
    expect(
      (
        await t.client.post(
          `/reservations/update/${first.id}`,
          booking(customerId, { tableId: table.id, status: 'cancelled' }),
        )
      ).status,
    ).toBe(200);
    const second = await book(t, booking(customerId, { tableId: table.id }));
    // Bringing the cancelled one back would double-book the table.
    expect(
      await t.client.post(`/reservations/update/${first.id}`, booking(customerId, { tableId: table.id })),
    ).toMatchObject(doubleBooked(second.unique_code));
  });

  it('warn of more people than the table seats, and of both at once', async () => {
    const { t, customerId, table } = await setUp();
    expect(
      await t.client.post('/reservations/add', booking(customerId, { tableId: table.id, peopleCount: 5 })),
    ).toMatchObject({
      status: 409,
      body: { code: 'table_over_capacity', message: 'Table T1 seats 4, this booking is for 5! Save anyway?' },
    });
    const first = await book(t, booking(customerId, { tableId: table.id, peopleCount: 4 }));
    expect(
      await t.client.post(
        '/reservations/add',
        booking(customerId, { tableId: table.id, peopleCount: 6, date: '2026-03-10T20:00' }),
      ),
    ).toMatchObject({
      status: 409,
      body: {
        code: 'table_double_booked_over_capacity',
        message: `Table T1 is already booked at 19:00 (${first.unique_code}) and seats 4, this booking is for 6! Save anyway?`,
        params: { table: 'T1', time: '19:00', code: first.unique_code, capacity: '4', people: '6' },
      },
    });
    expect((await rows(t)).map((r) => r.id)).toEqual([first.id]);
    // A table of 0 seats has not said how many it seats.
    const bar = await addTable(t, 'Bar', 0);
    await book(t, booking(customerId, { tableId: bar.id, peopleCount: 12 }));
  });

  it('save with override, record it in the audit log, and do not warn again for a change of notes', async () => {
    const { t, customerId, table } = await setUp();
    const first = await book(t, booking(customerId, { tableId: table.id }));
    const second = await book(
      t,
      booking(customerId, { tableId: table.id, peopleCount: 6, date: '2026-03-10T20:00', override: true }),
    );
    expect(second).toMatchObject({ table_id: table.id, people_count: 6 });
    const [entry] = await app.database.inTenant(t.tenantId, (tx) =>
      tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(second.id))),
    );
    expect(entry?.details).toMatchObject({
      override: true,
      warnings: [
        {
          code: 'table_double_booked_over_capacity',
          params: { table: 'T1', time: '19:00', code: first.unique_code, capacity: '4', people: '6' },
        },
      ],
    });
    const path = `/reservations/update/${second.id}`;
    const same = { tableId: table.id, peopleCount: 6, date: '2026-03-10T20:00' };
    expect((await t.client.post(path, booking(customerId, { ...same, notes: 'Cake at 21:00' }))).status).toBe(
      200,
    );
    expect((await t.client.post(path, booking(customerId, { ...same, status: 'paid' }))).status).toBe(200);
    // Moving it or seating more people asks again.
    expect(
      (await t.client.post(path, booking(customerId, { ...same, date: '2026-03-10T20:30' }))).status,
    ).toBe(409);
    expect((await t.client.post(path, booking(customerId, { ...same, peopleCount: 7 }))).status).toBe(409);
    // Moving it to a free time and table of its own size does not; the booking does not clash with itself.
    expect(
      (await t.client.post(path, booking(customerId, { ...same, peopleCount: 4, date: '2026-03-10T21:00' })))
        .status,
    ).toBe(200);
    expect(
      (await t.client.post(path, booking(customerId, { ...same, peopleCount: 4, date: '2026-03-10T21:30' })))
        .status,
    ).toBe(200);
  });
});

describe('reservation events', () => {
  async function screen(client: TestClient): Promise<Socket> {
    const { socket, authenticated } = await connectSocket(app, client);
    expect(authenticated).toBe(true);
    return socket;
  }

  it("reach the saving tenant's screens after each save, and no other tenant's", async () => {
    const a = await setUp();
    const b = await setUp();
    const aScreen = await screen(a.t.client);
    const bScreen = await screen(b.t.client);
    const aGot = record(aScreen, 'reservations_updated');
    const bGot = record(bScreen, 'reservations_updated');

    let arrived = next(aScreen, 'reservations_updated');
    const r = await book(a.t, booking(a.customerId));
    await arrived;
    arrived = next(aScreen, 'reservations_updated');
    expect(
      (await a.t.client.post(`/reservations/update/${r.id}`, booking(a.customerId, { notes: 'x' }))).status,
    ).toBe(200);
    await arrived;
    // A refused save sends nothing.
    expect(
      (await a.t.client.post('/reservations/add', booking(a.customerId, { date: '2020-01-01T10:00' })))
        .status,
    ).toBe(400);
    arrived = next(aScreen, 'reservations_updated');
    expect((await a.t.client.request('DELETE', `/reservations/delete/${r.id}`)).status).toBe(200);
    await arrived;

    // b's own event, sent after a's: once b's screen has it, a's would have arrived before it.
    const control = next(bScreen, 'reservations_updated');
    await book(b.t, booking(b.customerId));
    await control;
    expect(aGot).toEqual([{}, {}, {}]);
    expect(bGot).toEqual([{}]);
  });
});
