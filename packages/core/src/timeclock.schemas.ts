import { z } from 'zod';
import { requiredText } from './auth.schemas.ts';
import { MAX_RANGE_DAYS, daysBetween, isInstant, isLocalDate, isWallTime } from './date-ranges.ts';

// The time clock (issue 31, docs/timeclock.md): clock in and out, breaks, timesheets the owner
// corrects with a reason and exports. Times travel as ISO instants; a correction may also name a time
// on the store's clock ('YYYY-MM-DDTHH:mm'), as the edit dialog's inputs read it.

export const TIME_REASON_MAX = 200;
/** The most breaks one entry may hold (a correction lists them all). */
export const TIME_BREAKS_MAX = 20;

const badTime = 'Please enter a valid time!';
/** An ISO instant ('…Z', '…+02:00') or a wall time on the store's clock ('2026-11-28T09:30'). */
const timeInput = z
  .string({ error: badTime })
  .trim()
  .refine((v) => isInstant(v) || isWallTime(v), { error: badTime });

const breakInput = z.object({ start: timeInput, end: timeInput.nullable().optional() });

const entryTimes = {
  clock_in: timeInput,
  breaks: z
    .array(breakInput, { error: 'Invalid request!' })
    .max(TIME_BREAKS_MAX, { error: `An entry can hold at most ${TIME_BREAKS_MAX} breaks!` })
    .default([]),
  reason: requiredText('Please give a reason for the change!', TIME_REASON_MAX, 'The reason is too long!'),
};

/**
 * POST /timeclock/entries/{id}: the entry's times as they should have been, with the reason. The
 * breaks listed replace the entry's breaks. `clock_out` null keeps an open entry open (the person is
 * still working); a closed entry cannot be reopened.
 */
export const correctTimeEntrySchema = z.object({
  ...entryTimes,
  clock_out: timeInput.nullable(),
});
export type CorrectTimeEntryInput = z.input<typeof correctTimeEntrySchema>;

/** POST /timeclock/entries: a shift someone forgot to clock, for one person, with the reason. */
export const addTimeEntrySchema = z.object({
  ...entryTimes,
  user_id: z
    .number({ error: 'Please select a person!' })
    .int()
    .positive({ error: 'Please select a person!' }),
  clock_out: timeInput,
});
export type AddTimeEntryInput = z.input<typeof addTimeEntrySchema>;

const badRange = 'Please select a valid date range!';
const optionalDate = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: badRange }).trim().refine(isLocalDate, { error: badRange }).optional(),
);

/**
 * GET /timeclock/entries and /timeclock/export.csv: the store days (both included) whose entries are
 * listed, an entry belonging to the day it began on; the last 7 days by default. `userId` narrows to one
 * person.
 */
export const timesheetQuery = z
  .object({
    from: optionalDate,
    to: optionalDate,
    userId: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce.number({ error: 'Please select a person!' }).int().positive().optional(),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: 'The start date must not be after the end date!',
  })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) < MAX_RANGE_DAYS, {
    error: `Please select a range of at most ${MAX_RANGE_DAYS} days!`,
  });
export type TimesheetQuery = z.output<typeof timesheetQuery>;

/** GET /timeclock/me: the signed-in person's clock, by the server's clock. */
export const clockStateResponse = z.object({
  entry: z
    .object({
      id: z.number(),
      clock_in: z.string(),
      /** Since when the person is on a break, or null. */
      break_started_at: z.string().nullable(),
      worked_minutes: z.number(),
      break_minutes: z.number(),
    })
    .nullable(),
  /** Minutes worked today on the store's calendar, breaks excluded, the open entry up to now. */
  today_minutes: z.number(),
  /** The server's clock when it answered: the web counts on from here, whatever the device's clock. */
  server_now: z.string(),
  timezone: z.string(),
});
export type ClockState = z.infer<typeof clockStateResponse>;

/** POST /timeclock/clock-in, clock-out, break-start, break-end: the message and the clock as it is now. */
export const clockActionResponse = z.object({ message: z.string(), state: clockStateResponse });
export type ClockActionResult = z.infer<typeof clockActionResponse>;

export const timeBreakResponse = z.object({ id: z.number(), start: z.string(), end: z.string().nullable() });

/** One row of a timesheet. */
export const timeEntryResponse = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  /** The store day it began on ('YYYY-MM-DD'). */
  date: z.string(),
  clock_in: z.string(),
  clock_out: z.string().nullable(),
  breaks: z.array(timeBreakResponse),
  break_minutes: z.number(),
  worked_minutes: z.number(),
});
export type TimeEntry = z.infer<typeof timeEntryResponse>;

/** GET /timeclock/entries: the entries of the days, totals per person, and the people to add for. */
export const timesheetResponse = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  server_now: z.string(),
  entries: z.array(timeEntryResponse),
  totals: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      entries: z.number(),
      worked_minutes: z.number(),
      break_minutes: z.number(),
    }),
  ),
  people: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type Timesheet = z.infer<typeof timesheetResponse>;

/** POST /timeclock/entries(/{id}): the message and the entry as saved. */
export const timeEntrySavedResponse = z.object({ message: z.string(), entry: timeEntryResponse });

/** The CSV export's header (GET /timeclock/export.csv), in order. */
export const TIMESHEET_CSV_COLUMNS = [
  'Person',
  'Date',
  'Clock in',
  'Clock out',
  'Break minutes',
  'Worked hours',
] as const;

/** Who worked during a shift, on its Z report: their time on the clock inside the shift. */
export const zReportStaffResponse = z.object({
  user_id: z.number(),
  name: z.string(),
  clock_in: z.string(),
  clock_out: z.string().nullable(),
  worked_minutes: z.number(),
});
export type ZReportStaff = z.infer<typeof zReportStaffResponse>;
