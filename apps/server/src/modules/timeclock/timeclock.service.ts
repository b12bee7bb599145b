import {
  type ClockActionResult,
  type Timesheet,
  type TimesheetQuery,
  type ZReportStaff,
  type addTimeEntrySchema,
  MAX_RANGE_DAYS,
  addDays,
  type correctTimeEntrySchema,
  daysBetween,
  entryTime,
  firstOverlap,
  instantsOfRange,
  isInstant,
  minutesOf,
  todayIn,
  zonedWallTimeToInstant,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import { entryWhen, presentEntry, presentState, spanOf, timesheetCsv } from './timeclock.presenter.ts';
import * as repo from './timeclock.repo.ts';

export type ClockAction = 'clock-in' | 'clock-out' | 'break-start' | 'break-end';

/** What an owner's correction or added entry asks for, in instants. */
interface EntryTimes {
  clockIn: Date;
  clockOut: Date | null;
  breaks: { start: Date; end: Date | null }[];
}

/** An instant as sent ('…Z', '…+02:00'), or a wall time read on the store's clock. */
const instantOf = (value: string, timezone: string) =>
  isInstant(value) ? new Date(value) : zonedWallTimeToInstant(value, timezone);

/**
 * The rules of a corrected or added entry (docs/timeclock.md): nothing in the future, out after in,
 * breaks inside the entry, in order and not overlapping, and a break without an end only as the last
 * one of an entry that stays open.
 */
function checkTimes(
  input: { clock_in: string; clock_out: string | null; breaks: { start: string; end?: string | null }[] },
  timezone: string,
  now: Date,
): EntryTimes {
  const clockIn = instantOf(input.clock_in, timezone);
  const clockOut = input.clock_out === null ? null : instantOf(input.clock_out, timezone);
  const breaks = input.breaks.map((b) => ({
    start: instantOf(b.start, timezone),
    end: b.end ? instantOf(b.end, timezone) : null,
  }));
  const latest = [clockIn, clockOut, ...breaks.flatMap((b) => [b.start, b.end])];
  if (latest.some((d) => d !== null && d.getTime() > now.getTime())) throw fail('time_in_future');
  if (clockOut && clockOut.getTime() <= clockIn.getTime()) throw fail('clock_out_before_in');
  // A running break: only the last one, of an entry that stays open.
  const running = breaks.filter((b) => b.end === null);
  const last = [...breaks].sort((a, b) => b.start.getTime() - a.start.getTime())[0];
  if (running.length > 0 && (clockOut !== null || running.length > 1 || running[0] !== last))
    throw fail('break_still_running');
  const until = clockOut ?? now;
  for (const b of breaks) {
    if (b.end && b.end.getTime() <= b.start.getTime()) throw fail('break_end_before_start');
    if (b.start.getTime() < clockIn.getTime() || (b.end ?? now).getTime() > until.getTime())
      throw fail('break_outside_entry');
  }
  if (firstOverlap(breaks, now)) throw fail('breaks_overlap');
  return { clockIn, clockOut, breaks };
}

/** What the audit log keeps of an entry's times, before and after a change. */
const snapshot = (t: EntryTimes) => ({
  clockIn: t.clockIn.toISOString(),
  clockOut: t.clockOut?.toISOString() ?? null,
  breaks: t.breaks.map((b) => ({ start: b.start.toISOString(), end: b.end?.toISOString() ?? null })),
});

const timesOf = (e: repo.EntryWithBreaks): EntryTimes => ({
  clockIn: e.clockIn,
  clockOut: e.clockOut,
  breaks: e.breaks.map((b) => ({ start: b.startedAt, end: b.endedAt })),
});

/**
 * Who was on the clock during [from, until) and for how long inside it, breaks excluded: the Z report's
 * list of who worked the shift (shifts.service.ts), by clock-in.
 */
export async function whoWorked(
  tx: Tx,
  tenantId: number,
  window: { from: Date; until: Date },
  now: Date,
): Promise<ZReportStaff[]> {
  const entries = await repo.withBreaks(
    tx,
    tenantId,
    await repo.listEntriesOverlapping(tx, tenantId, window),
  );
  return entries.map((e) => ({
    user_id: e.userId,
    name: e.userName,
    clock_in: e.clockIn.toISOString(),
    clock_out: e.clockOut?.toISOString() ?? null,
    worked_minutes: minutesOf(entryTime(spanOf(e), now, window.from, window.until).workedMs),
  }));
}

/**
 * The time clock (issue 31, docs/timeclock.md): each signed-in person clocks themselves in and out and
 * takes breaks on the server's clock; the owner and managers read, correct (audited, with a reason),
 * add and export timesheets.
 */
export function createTimeclockService(ctx: AppContext) {
  const { database } = ctx;

  /** The person's clock now: the open entry and today's worked minutes on the store's calendar. */
  async function stateOf(tx: Tx, tenantId: number, userId: number, now: Date) {
    const timezone = await tenantsRepo.getTimezone(tx, tenantId);
    const today = todayIn(timezone, now);
    const window = instantsOfRange({ from: today, to: today }, timezone);
    const entries = await repo.withBreaks(
      tx,
      tenantId,
      await repo.listEntriesOverlapping(tx, tenantId, { from: window.from, until: window.to, userId }),
    );
    const todayMs = entries.reduce(
      (sum, e) => sum + entryTime(spanOf(e), now, window.from, window.to).workedMs,
      0,
    );
    return presentState(
      entries.find((e) => e.clockOut === null),
      todayMs,
      timezone,
      now,
    );
  }

  /** 400 when the person has another entry sharing time with these, naming it. */
  async function refuseOverlap(
    tx: Tx,
    tenantId: number,
    probe: { userId: number; exceptId: number | null; times: EntryTimes },
  ) {
    const other = await repo.findOverlapping(tx, tenantId, {
      userId: probe.userId,
      exceptId: probe.exceptId,
      start: probe.times.clockIn,
      end: probe.times.clockOut,
    });
    if (!other) return;
    const timezone = await tenantsRepo.getTimezone(tx, tenantId);
    throw fail('time_entry_overlap', { name: other.userName, when: entryWhen(other, timezone) });
  }

  async function presentOne(tx: Tx, tenantId: number, entry: repo.EntryRow) {
    const [full] = await repo.withBreaks(tx, tenantId, [entry]);
    const timezone = await tenantsRepo.getTimezone(tx, tenantId);
    return presentEntry(full!, timezone, ctx.now());
  }

  /** The entries of a timesheet query, with the days and time zone they were read in. */
  async function timesheetEntries(tx: Tx, tenantId: number, query: TimesheetQuery) {
    const now = ctx.now();
    const timezone = await tenantsRepo.getTimezone(tx, tenantId);
    const today = todayIn(timezone, now);
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    const from = query.from ?? addDays(to, -6);
    // The schema bounds a range it sees both ends of; `from` alone runs to today, bounded here.
    if (daysBetween(from, to) >= MAX_RANGE_DAYS)
      throw invalid(`Please select a range of at most ${MAX_RANGE_DAYS} days!`);
    const instants = instantsOfRange({ from, to }, timezone);
    const rows = await repo.withBreaks(
      tx,
      tenantId,
      await repo.listEntriesBegun(tx, tenantId, {
        from: instants.from,
        until: instants.to,
        userId: query.userId,
      }),
    );
    return { from, to, timezone, now, entries: rows.map((r) => presentEntry(r, timezone, now)) };
  }

  return {
    /** GET /timeclock/me */
    async me(tc: TenantContext) {
      return database.inTenant(tc.tenantId, (tx) => stateOf(tx, tc.tenantId, tc.userId, ctx.now()));
    },

    /**
     * POST /timeclock/clock-in, clock-out, break-start, break-end, for the signed-in person only. A
     * repeat (a double tap, a second tablet) finds the clock already so and answers it as it is; the
     * person's row is held first so two taps run one after the other. Clocking out ends a running
     * break; a break needs an open entry.
     */
    async act(tc: TenantContext, action: ClockAction): Promise<ClockActionResult> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const now = ctx.now();
        const user = await usersRepo.lockUser(tx, tc.tenantId, tc.userId);
        if (!user) throw fail('unauthorized');
        const open = await repo.findOpenEntry(tx, tc.tenantId, tc.userId);
        const [withBreaks] = open ? await repo.withBreaks(tx, tc.tenantId, [open]) : [];
        const onBreak = withBreaks?.breaks.some((b) => b.endedAt === null) ?? false;
        let message: string;
        switch (action) {
          case 'clock-in':
            if (open) message = 'You are already clocked in.';
            else {
              await repo.insertEntry(tx, tc.tenantId, {
                userId: tc.userId,
                userName: user.name || user.username,
                clockIn: now,
                clockOut: null,
              });
              message = 'Clocked in!';
            }
            break;
          case 'clock-out':
            if (!open) message = 'You are not clocked in.';
            else {
              await repo.endOpenBreak(tx, tc.tenantId, open.id, now);
              await repo.updateEntryTimes(tx, tc.tenantId, open.id, {
                clockIn: open.clockIn,
                clockOut: now,
                updatedAt: now,
              });
              message = 'Clocked out!';
            }
            break;
          case 'break-start':
            if (!open) throw fail('clock_in_first');
            if (onBreak) message = 'You are already on a break.';
            else {
              await repo.insertBreak(tx, tc.tenantId, open.id, now);
              message = 'Break started!';
            }
            break;
          case 'break-end':
            if (!open || !onBreak) message = 'You are not on a break.';
            else {
              await repo.endOpenBreak(tx, tc.tenantId, open.id, now);
              message = 'Break ended!';
            }
            break;
        }
        return { message, state: await stateOf(tx, tc.tenantId, tc.userId, now) };
      });
    },

    /** GET /timeclock/entries: the timesheet of the days, totals per person, everyone to add for. */
    async timesheet(tc: TenantContext, query: TimesheetQuery): Promise<Timesheet> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const { from, to, timezone, now, entries } = await timesheetEntries(tx, tc.tenantId, query);
        const totals = new Map<number, Timesheet['totals'][number]>();
        for (const e of entries) {
          const total = totals.get(e.user_id) ?? {
            user_id: e.user_id,
            name: e.user_name,
            entries: 0,
            worked_minutes: 0,
            break_minutes: 0,
          };
          total.entries += 1;
          total.worked_minutes += e.worked_minutes;
          total.break_minutes += e.break_minutes;
          totals.set(e.user_id, total);
        }
        const people = await repo.listPeople(tx, tc.tenantId);
        return {
          from,
          to,
          timezone,
          server_now: now.toISOString(),
          entries,
          totals: [...totals.values()],
          people: people.map((p) => ({ id: p.id, name: p.name || p.username })),
        };
      });
    },

    /** GET /timeclock/export.csv: the same entries as a spreadsheet, and its file name. */
    async exportCsv(tc: TenantContext, query: TimesheetQuery) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const { from, to, timezone, entries } = await timesheetEntries(tx, tc.tenantId, query);
        return { filename: `timesheet-${from}_${to}.csv`, csv: timesheetCsv(entries, timezone) };
      });
    },

    /**
     * POST /timeclock/entries/{id}: the owner's correction, with its reason; the audit log keeps the
     * times before and after. Another tenant's entry is 404; times that overlap another entry of the
     * same person are refused (400, naming it).
     */
    async correct(tc: TenantContext, id: number, input: z.output<typeof correctTimeEntrySchema>) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const found = await repo.findEntry(tx, tc.tenantId, id);
        if (!found) throw fail('time_entry_not_found');
        // The person's clock is held, then the entry read again: a clock-out meanwhile is seen.
        await usersRepo.lockUser(tx, tc.tenantId, found.userId);
        const entry = (await repo.findEntry(tx, tc.tenantId, id))!;
        const [current] = await repo.withBreaks(tx, tc.tenantId, [entry]);
        const now = ctx.now();
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        if (entry.clockOut !== null && input.clock_out === null) throw fail('time_entry_reopen');
        const times = checkTimes(input, timezone, now);
        await refuseOverlap(tx, tc.tenantId, { userId: entry.userId, exceptId: entry.id, times });
        const saved = await repo.updateEntryTimes(tx, tc.tenantId, id, {
          clockIn: times.clockIn,
          clockOut: times.clockOut,
          updatedAt: now,
        });
        await repo.replaceBreaks(tx, tc.tenantId, id, times.breaks);
        await audit(tx, tc, {
          action: 'timeclock.correct',
          targetType: 'time_entry',
          targetId: id,
          details: {
            userId: entry.userId,
            userName: entry.userName,
            reason: input.reason,
            before: snapshot(timesOf(current!)),
            after: snapshot(times),
          },
        });
        return { message: 'Time entry saved!', entry: await presentOne(tx, tc.tenantId, saved) };
      });
    },

    /** POST /timeclock/entries: a missed entry for one person of the store, with its reason (audited). */
    async add(tc: TenantContext, input: z.output<typeof addTimeEntrySchema>) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const user = await usersRepo.lockUser(tx, tc.tenantId, input.user_id);
        if (!user) throw fail('user_not_found');
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const times = checkTimes(input, timezone, ctx.now());
        await refuseOverlap(tx, tc.tenantId, { userId: user.id, exceptId: null, times });
        const saved = await repo.insertEntry(tx, tc.tenantId, {
          userId: user.id,
          userName: user.name || user.username,
          clockIn: times.clockIn,
          clockOut: times.clockOut,
        });
        await repo.replaceBreaks(tx, tc.tenantId, saved.id, times.breaks);
        await audit(tx, tc, {
          action: 'timeclock.add',
          targetType: 'time_entry',
          targetId: saved.id,
          details: {
            userId: user.id,
            userName: saved.userName,
            reason: input.reason,
            after: snapshot(times),
          },
        });
        return { message: 'Time entry added!', entry: await presentOne(tx, tc.tenantId, saved) };
      });
    },
  };
}

export type TimeclockService = ReturnType<typeof createTimeclockService>;
