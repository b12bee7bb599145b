import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClockActionResult, ClockState, Timesheet, ZReport } from '@comanda/core';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../platform/db/schema.ts';
import {
  type TestApp,
  type TestClient,
  createColleague,
  createTenant,
  databaseFingerprint,
  download,
  startTestApp,
} from '../../../test/harness.ts';

// The time clock (issue 31, docs/timeclock.md) on the app's own clock, which each test sets: times are
// the server's, never the device's.
let clock = new Date('2026-11-20T08:00:00Z');
let app: TestApp;
// An app of its own (its clock is the test's): booting one takes a while on a busy machine.
beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
}, 300_000);
afterAll(() => app.close());

const at = (iso: string) => (clock = new Date(iso));

async function act(client: TestClient, action: string) {
  const res = await client.post<ClockActionResult>(`/timeclock/${action}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A store with its owner and a waiter (POS only), both signed in. */
async function store(waiterName = 'Ana') {
  const owner = await createTenant(app);
  const waiter = await createColleague(app, owner, { scopes: ['POS'], name: waiterName });
  return { owner, waiter };
}

async function timesheet(client: TestClient, query = 'from=2026-11-20&to=2026-11-20') {
  const res = await client.get<Timesheet>(`/timeclock/entries?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('access', () => {
  it("answers 401 signed out, keeps everyone else's hours to the owner and managers, and 404s another tenant's entry", async () => {
    const anon = app.client();
    expect((await anon.get('/timeclock/me')).status).toBe(401);
    expect((await anon.post('/timeclock/clock-in')).status).toBe(401);

    const { owner, waiter } = await store();
    at('2026-11-20T09:00:00Z');
    await act(waiter.client, 'clock-in');
    // A waiter clocks themselves but cannot read, correct, add or export anyone's timesheet.
    expect((await waiter.client.get('/timeclock/entries')).status).toBe(403);
    expect((await waiter.client.get('/timeclock/export.csv')).status).toBe(403);
    const sheet = await timesheet(owner.client);
    const id = sheet.entries[0]!.id;
    const body = { clock_in: '2026-11-20T08:00:00Z', clock_out: null, breaks: [], reason: 'late' };
    expect((await waiter.client.post(`/timeclock/entries/${id}`, body)).status).toBe(403);
    expect(
      (
        await waiter.client.post('/timeclock/entries', {
          ...body,
          user_id: waiter.userId,
          clock_out: '2026-11-20T08:30:00Z',
        })
      ).status,
    ).toBe(403);

    // A manager (staff with MANAGER) may.
    const manager = await createColleague(app, owner, { scopes: ['MANAGER'], name: 'Mia' });
    expect((await manager.client.get('/timeclock/entries?from=2026-11-20&to=2026-11-20')).status).toBe(200);

    // Another store's owner: the entry is not there for them, and nothing is written.
    const other = await createTenant(app);
    const before = await databaseFingerprint(app);
    const res = await other.client.post(`/timeclock/entries/${id}`, body);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Time entry not found!' });
    const add = await other.client.post('/timeclock/entries', {
      ...body,
      user_id: waiter.userId,
      clock_out: '2026-11-20T08:30:00Z',
    });
    expect(add.status).toBe(404);
    expect(await databaseFingerprint(app)).toBe(before);
    expect((await timesheet(other.client)).entries).toEqual([]);
  });
});

describe('clocking in and out', () => {
  it('clocks in, takes a break, clocks out on the server clock; double taps answer the same state', async () => {
    const { waiter } = await store();
    at('2026-11-20T09:00:00Z');
    const none = await waiter.client.get<ClockState>('/timeclock/me');
    expect(none.body).toMatchObject({ entry: null, today_minutes: 0, timezone: 'UTC' });

    // A break needs an open entry.
    const early = await waiter.client.post('/timeclock/break-start');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: 'Please clock in first!' });

    // A double tap: two clock-ins at once make one entry, and both answer it.
    const taps = await Promise.all([act(waiter.client, 'clock-in'), act(waiter.client, 'clock-in')]);
    expect(taps.map((t) => t.message).sort()).toEqual(['Clocked in!', 'You are already clocked in.']);
    expect(taps[0].state.entry).toMatchObject({
      clock_in: '2026-11-20T09:00:00.000Z',
      break_started_at: null,
    });
    expect(taps[1].state.entry?.id).toBe(taps[0].state.entry?.id);
    at('2026-11-20T09:00:30Z');
    expect((await act(waiter.client, 'clock-in')).state.entry?.id).toBe(taps[0].state.entry?.id);

    at('2026-11-20T12:00:00Z');
    const onBreak = await act(waiter.client, 'break-start');
    expect(onBreak.state.entry).toMatchObject({
      break_started_at: '2026-11-20T12:00:00.000Z',
      worked_minutes: 180,
    });
    expect((await act(waiter.client, 'break-start')).message).toBe('You are already on a break.');
    at('2026-11-20T12:30:00Z');
    expect((await act(waiter.client, 'break-end')).state.entry).toMatchObject({
      break_started_at: null,
      break_minutes: 30,
      worked_minutes: 180,
    });
    expect((await act(waiter.client, 'break-end')).message).toBe('You are not on a break.');

    // A second break still running when they clock out ends with the clock-out.
    at('2026-11-20T15:00:00Z');
    await act(waiter.client, 'break-start');
    at('2026-11-20T15:15:00Z');
    const out = await act(waiter.client, 'clock-out');
    expect(out.message).toBe('Clocked out!');
    expect(out.state).toMatchObject({ entry: null, today_minutes: 330 });
    const again = await act(waiter.client, 'clock-out');
    expect(again).toMatchObject({ message: 'You are not clocked in.', state: { entry: null } });
  });

  it("counts today's minutes on the store's calendar", async () => {
    const { waiter } = await store();
    at('2026-11-20T22:00:00Z');
    await act(waiter.client, 'clock-in');
    at('2026-11-21T01:00:00Z');
    // In UTC, 1 hour of it is on the 21st.
    expect((await waiter.client.get<ClockState>('/timeclock/me')).body).toMatchObject({
      today_minutes: 60,
      entry: { worked_minutes: 180 },
    });
    await act(waiter.client, 'clock-out');
  });
});

describe('timesheets and corrections', () => {
  async function workedDay() {
    const s = await store('Ana');
    at('2026-11-20T09:00:00Z');
    await act(s.waiter.client, 'clock-in');
    at('2026-11-20T12:00:00Z');
    await act(s.waiter.client, 'break-start');
    at('2026-11-20T12:30:00Z');
    await act(s.waiter.client, 'break-end');
    at('2026-11-20T17:00:00Z');
    await act(s.waiter.client, 'clock-out');
    at('2026-11-20T18:00:00Z');
    const id = (await timesheet(s.owner.client)).entries[0]!.id;
    return { ...s, id };
  }

  it('lists entries with worked and break minutes and totals per person', async () => {
    const { owner, waiter, id } = await workedDay();
    const sheet = await timesheet(owner.client);
    expect(sheet).toMatchObject({ from: '2026-11-20', to: '2026-11-20', timezone: 'UTC' });
    expect(sheet.entries).toEqual([
      expect.objectContaining({
        id,
        user_id: waiter.userId,
        user_name: 'Ana',
        date: '2026-11-20',
        clock_in: '2026-11-20T09:00:00.000Z',
        clock_out: '2026-11-20T17:00:00.000Z',
        break_minutes: 30,
        worked_minutes: 450,
      }),
    ]);
    expect(sheet.totals).toEqual([
      { user_id: waiter.userId, name: 'Ana', entries: 1, worked_minutes: 450, break_minutes: 30 },
    ]);
    expect(sheet.people.map((p) => p.name)).toContain('Ana');
    // Another day and another person are not in it.
    expect((await timesheet(owner.client, 'from=2026-11-21&to=2026-11-22')).entries).toEqual([]);
    const bad = await owner.client.get('/timeclock/entries?from=2026-11-22&to=2026-11-21');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'The start date must not be after the end date!' });
    // A start alone runs to today: bounded as a whole range is, for the list and the CSV.
    for (const path of ['/timeclock/entries?from=1900-01-01', '/timeclock/export.csv?from=1900-01-01']) {
      const long = await owner.client.get(path);
      expect([path, long.status, long.body]).toMatchObject([
        path,
        400,
        { message: 'Please select a range of at most 366 days!' },
      ]);
    }
  });

  it('refuses bad corrections with a clear message and writes nothing', async () => {
    const { owner, id } = await workedDay();
    const base = {
      clock_in: '2026-11-20T09:00:00Z',
      clock_out: '2026-11-20T17:00:00Z',
      breaks: [{ start: '2026-11-20T12:00:00Z', end: '2026-11-20T12:30:00Z' }],
      reason: 'Forgot to clock out',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: ' ' }, 'Please give a reason for the change!'],
      [{ clock_in: 'nine' }, 'Please enter a valid time!'],
      [{ clock_out: '2026-11-20T08:00:00Z' }, 'Clock out must be after clock in!'],
      [{ clock_out: '2026-11-20T19:00:00Z' }, 'Times cannot be in the future!'],
      [{ clock_out: null }, 'A finished entry needs its clock-out time!'],
      [
        { breaks: [{ start: '2026-11-20T08:00:00Z', end: '2026-11-20T08:30:00Z' }] },
        'Each break must be between clock in and clock out!',
      ],
      [
        {
          breaks: [
            { start: '2026-11-20T12:00:00Z', end: '2026-11-20T12:30:00Z' },
            { start: '2026-11-20T12:15:00Z', end: '2026-11-20T12:45:00Z' },
          ],
        },
        'Breaks must not overlap!',
      ],
      [
        { breaks: [{ start: '2026-11-20T12:00:00Z', end: null }] },
        'Only the last break of someone still on the clock can be without an end!',
      ],
    ];
    const before = await databaseFingerprint(app);
    for (const [change, message] of cases) {
      const res = await owner.client.post(`/timeclock/entries/${id}`, { ...base, ...change });
      expect({ change, status: res.status, body: res.body }).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect(await databaseFingerprint(app)).toBe(before);
  });

  it('saves a correction with its reason in the audit log, before and after', async () => {
    const { owner, waiter, id } = await workedDay();
    const res = await owner.client.post(`/timeclock/entries/${id}`, {
      // A time on the store's clock, as the edit dialog sends it.
      clock_in: '2026-11-20T08:30',
      clock_out: '2026-11-20T17:00:00Z',
      breaks: [{ start: '2026-11-20T12:00:00Z', end: '2026-11-20T12:45:00Z' }],
      reason: 'Opened the kitchen early',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Time entry saved!',
      entry: { clock_in: '2026-11-20T08:30:00.000Z', break_minutes: 45, worked_minutes: 465 },
    });
    const [row] = await app.database.inTenant(owner.tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(eq(auditLog.tenantId, owner.tenantId))
        .orderBy(desc(auditLog.id))
        .limit(1),
    );
    expect(row).toMatchObject({
      action: 'timeclock.correct',
      targetType: 'time_entry',
      targetId: String(id),
      details: {
        userId: waiter.userId,
        userName: 'Ana',
        reason: 'Opened the kitchen early',
        before: {
          clockIn: '2026-11-20T09:00:00.000Z',
          clockOut: '2026-11-20T17:00:00.000Z',
          breaks: [{ start: '2026-11-20T12:00:00.000Z', end: '2026-11-20T12:30:00.000Z' }],
        },
        after: {
          clockIn: '2026-11-20T08:30:00.000Z',
          clockOut: '2026-11-20T17:00:00.000Z',
          breaks: [{ start: '2026-11-20T12:00:00.000Z', end: '2026-11-20T12:45:00.000Z' }],
        },
      },
    });
  });

  it('adds a missed entry, and refuses one that overlaps another entry of the same person', async () => {
    const { owner, waiter } = await workedDay();
    const missed = {
      user_id: waiter.userId,
      clock_in: '2026-11-19T10:00:00Z',
      clock_out: '2026-11-19T14:00:00Z',
      reason: 'Tablet was down',
    };
    const added = await owner.client.post('/timeclock/entries', missed);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      message: 'Time entry added!',
      entry: { worked_minutes: 240, user_name: 'Ana' },
    });

    const before = await databaseFingerprint(app);
    const overlap = await owner.client.post('/timeclock/entries', {
      ...missed,
      clock_in: '2026-11-20T16:00:00Z',
      clock_out: '2026-11-20T18:00:00Z',
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body).toMatchObject({
      message:
        'This overlaps another entry of Ana (Fri 20 Nov 09:00–17:00)! Change the times or that entry first.',
    });
    // Moving the day's entry onto the added one is refused the same way.
    const id = (await timesheet(owner.client)).entries[0]!.id;
    const moved = await owner.client.post(`/timeclock/entries/${id}`, {
      clock_in: '2026-11-19T13:00:00Z',
      clock_out: '2026-11-20T17:00:00Z',
      reason: 'x',
    });
    expect(moved.status).toBe(400);
    expect((moved.body as { message: string }).message).toContain('Thu 19 Nov 10:00–14:00');
    expect(await databaseFingerprint(app)).toBe(before);
    // Touching is not overlapping.
    const touching = await owner.client.post('/timeclock/entries', {
      ...missed,
      clock_in: '2026-11-20T17:00:00Z',
      clock_out: '2026-11-20T17:30:00Z',
    });
    expect(touching.status).toBe(200);
  });

  it('exports a CSV an accountant opens, formulas defused', async () => {
    const owner = await createTenant(app);
    const waiter = await createColleague(app, owner, { scopes: ['POS'], name: '=HYPERLINK("x")' });
    at('2026-11-20T09:00:00Z');
    await act(waiter.client, 'clock-in');
    at('2026-11-20T12:00:00Z');
    await act(waiter.client, 'break-start');
    at('2026-11-20T12:20:00Z');
    await act(waiter.client, 'clock-out');
    const res = await download(owner.client, '/api/v1/timeclock/export.csv?from=2026-11-20&to=2026-11-20');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="timesheet-2026-11-20_2026-11-20.csv"',
    );
    expect(res.bytes.toString('utf8')).toBe(
      'Person,Date,Clock in,Clock out,Break minutes,Worked hours\r\n' +
        `"'=HYPERLINK(""x"")",2026-11-20,2026-11-20 09:00,2026-11-20 12:20,20,3.00\r\n`,
    );
  });
});

describe('the Z report', () => {
  it('lists who worked during the shift with their time inside it', async () => {
    const { owner, waiter } = await store('Ana');
    const cook = await createColleague(app, owner, { scopes: ['KITCHEN'], name: 'Carl' });
    at('2026-11-20T07:00:00Z');
    await act(cook.client, 'clock-in');
    at('2026-11-20T08:00:00Z');
    await act(cook.client, 'clock-out');
    at('2026-11-20T09:00:00Z');
    const opened = await owner.client.post<{ shift: { id: number } }>('/shifts/open', { float: '0' });
    expect(opened.status).toBe(200);
    at('2026-11-20T09:30:00Z');
    await act(waiter.client, 'clock-in');
    at('2026-11-20T11:00:00Z');
    const res = await owner.client.get<ZReport>(`/shifts/${opened.body.shift.id}/z-report`);
    expect(res.status).toBe(200);
    // Carl left before the shift opened; Ana is still on the clock.
    expect(res.body.staff).toEqual([
      {
        user_id: waiter.userId,
        name: 'Ana',
        clock_in: '2026-11-20T09:30:00.000Z',
        clock_out: null,
        worked_minutes: 90,
      },
    ]);
  });
});
