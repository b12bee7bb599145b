import {
  type ClockState,
  type TimeEntry,
  TIMESHEET_CSV_COLUMNS,
  decimalHours,
  entryTime,
  minutesOf,
  todayIn,
  toCsv,
  wallTimeIn,
} from '@comanda/core';
import type { EntryWithBreaks } from './timeclock.repo.ts';

/** An entry as core's arithmetic reads it. */
export const spanOf = (e: EntryWithBreaks) => ({
  start: e.clockIn,
  end: e.clockOut,
  breaks: e.breaks.map((b) => ({ start: b.startedAt, end: b.endedAt })),
});

/** A timesheet row: times as instants, the day it began on the store's calendar, minutes worked. */
export function presentEntry(e: EntryWithBreaks, timezone: string, now: Date): TimeEntry {
  const time = entryTime(spanOf(e), now);
  return {
    id: e.id,
    user_id: e.userId,
    user_name: e.userName,
    date: todayIn(timezone, e.clockIn),
    clock_in: e.clockIn.toISOString(),
    clock_out: e.clockOut?.toISOString() ?? null,
    breaks: e.breaks.map((b) => ({
      id: b.id,
      start: b.startedAt.toISOString(),
      end: b.endedAt?.toISOString() ?? null,
    })),
    break_minutes: minutesOf(time.breakMs),
    worked_minutes: minutesOf(time.workedMs),
  };
}

/** The signed-in person's clock: the open entry (if any) and the minutes worked today. */
export function presentState(
  open: EntryWithBreaks | undefined,
  todayMs: number,
  timezone: string,
  now: Date,
): ClockState {
  const time = open ? entryTime(spanOf(open), now) : null;
  const running = open?.breaks.find((b) => b.endedAt === null);
  return {
    entry:
      open && time
        ? {
            id: open.id,
            clock_in: open.clockIn.toISOString(),
            break_started_at: running?.startedAt.toISOString() ?? null,
            worked_minutes: minutesOf(time.workedMs),
            break_minutes: minutesOf(time.breakMs),
          }
        : null,
    today_minutes: minutesOf(todayMs),
    server_now: now.toISOString(),
    timezone,
  };
}

/** A store wall time as a spreadsheet reads a date and time: '2026-11-28 09:30'. */
const sheetTime = (instant: Date, timezone: string) => wallTimeIn(timezone, instant).replace('T', ' ');

/**
 * The timesheet as a CSV an accountant opens in a spreadsheet: one row per entry, times on the store's
 * clock, breaks in minutes and worked time in decimal hours. core's toCsv quotes and defuses formulas
 * (a name such as '=HYPERLINK(…)' is written as text).
 */
export function timesheetCsv(entries: TimeEntry[], timezone: string): string {
  return toCsv(
    TIMESHEET_CSV_COLUMNS,
    entries.map((e) => [
      e.user_name,
      e.date,
      sheetTime(new Date(e.clock_in), timezone),
      e.clock_out ? sheetTime(new Date(e.clock_out), timezone) : '',
      String(e.break_minutes),
      decimalHours(e.worked_minutes),
    ]),
  );
}

/** "Sat 28 Nov 09:00–17:00" of an entry, on the store's clock, for the overlap message. */
export function entryWhen(e: { clockIn: Date; clockOut: Date | null }, timezone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: timezone,
  }).format(e.clockIn);
  const time = (d: Date) => wallTimeIn(timezone, d).slice(11, 16);
  return `${day} ${time(e.clockIn)}–${e.clockOut ? time(e.clockOut) : '…'}`;
}
