import { z } from 'zod';

/**
 * The date filters of the reservations, invoices, reports and tenants screens (SPEC §9), worked out on
 * calendar dates in the store's time zone: "today" at a store in Auckland is not today in Honolulu.
 * A range is two local dates, both included; the server turns them into instants with
 * `zonedWallTimeToInstant` (the first at 00:00, the day after the last at 00:00, excluded).
 */
export const DATE_FILTERS = [
  'today',
  'tomorrow',
  'yesterday',
  'last_7days',
  'this_month',
  'last_month',
  'custom',
] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/** A calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;
export interface DateRange {
  from: LocalDate;
  to: LocalDate;
}

/** The longest custom range a list or report answers. */
export const MAX_RANGE_DAYS = 366;

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Minutes only: a booking's `local_date` has no seconds, so a time with seconds would read as a move.
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The years a date may fall in: a range's end a month or a day later still reads as a date (not 10000). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

/** Whether a string is a real calendar date ('2026-02-30' is not) in the years MIN_YEAR..MAX_YEAR. */
export function isLocalDate(value: string): boolean {
  const m = LOCAL_DATE.exec(value);
  if (!m || +m[1]! < MIN_YEAR || +m[1]! > MAX_YEAR) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** A date `days` later (or earlier, when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day `months` later, clamped to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (0 when equal). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, instant: Date) {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const p of format.formatToParts(instant)) parts[p.type] = p.value;
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The calendar date at an instant in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): LocalDate {
  const p = partsIn(timeZone, now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The wall-clock time at an instant in a time zone, as a datetime-local input shows it: 'YYYY-MM-DDTHH:mm'. */
export function wallTimeIn(timeZone: string, instant: Date): string {
  const p = partsIn(timeZone, instant);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The zone's offset from UTC at an instant, in milliseconds (UTC+13 → +13 h). */
function offsetAt(timeZone: string, instant: Date): number {
  const p = partsIn(timeZone, instant);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time ('YYYY-MM-DDTHH:mm' or a 'YYYY-MM-DD' midnight) happens in a time zone.
 * The candidates are the wall time read with the offset in force a day before and a day after it; those
 * that read back as the time asked are real. A time a daylight-saving change repeats takes its first
 * instant. A time it skips takes the later candidate, after the jump and on the day asked: 02:30 when
 * New York jumps from 02:00 to 03:00 is 03:30, and a midnight Santiago or Havana skips is 01:00 that
 * day, so a day's start is never on the day before.
 */
export function zonedWallTimeToInstant(wall: string, timeZone: string): Date {
  const text = wall.length === 10 ? `${wall}T00:00` : wall;
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) throw new RangeError(`Not a wall-clock time: ${wall}`);
  const asUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  const offsetBefore = offsetAt(timeZone, new Date(asUtc - 86_400_000));
  const offsetAfter = offsetAt(timeZone, new Date(asUtc + 86_400_000));
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter].sort((a, b) => a - b);
  const exact = candidates.filter((c) => wallTimeIn(timeZone, new Date(c)) === text);
  return new Date(exact.length > 0 ? exact[0]! : candidates[candidates.length - 1]!);
}

/** Whether a string is a wall-clock time 'YYYY-MM-DDTHH:mm' on a real date. */
export function isWallTime(value: string): boolean {
  const m = LOCAL_DATE_TIME.exec(value);
  return !!m && isLocalDate(value.slice(0, 10)) && +m[4]! < 24 && +m[5]! < 60;
}

// An ISO 8601 instant as a JSON client sends one (Date#toISOString, or with the sender's offset):
// seconds and their fraction optional, a Z or an offset required (without one it would be a wall time).
const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/i;

/** The milliseconds since the epoch an ISO 8601 instant names, or undefined when it is not one. */
function instantTime(value: string): number | undefined {
  const m = INSTANT.exec(value);
  if (!m || !isLocalDate(m[1]!)) return undefined;
  const [h, min, s = '0'] = [m[2]!, m[3]!, m[4]];
  if (+h > 23 || +min > 59 || +s > 59) return undefined;
  const offset = m[5] ? 0 : (m[6] === '-' ? -1 : 1) * (+m[7]! * 60 + +m[8]!);
  if (!m[5] && (+m[7]! > 23 || +m[8]! > 59)) return undefined;
  const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, +h, +min, +s) - offset * 60_000;
}

/** Whether a string is an ISO 8601 instant with a Z or an offset ('2026-11-28T14:00:00.000Z'). */
export function isInstant(value: string): boolean {
  return instantTime(value) !== undefined;
}

/**
 * The instant a booking's time names: a wall time ('YYYY-MM-DDTHH:mm') is read on the store's clock,
 * an ISO instant ('…Z', '…+02:00') is that instant. Seconds are dropped: bookings are to the minute, as
 * the store's clock shows them, so the same time sent again never reads as a move.
 */
export function bookingInstant(value: string, timeZone: string): Date {
  const time = instantTime(value);
  if (time === undefined) return zonedWallTimeToInstant(value, timeZone);
  return new Date(Math.floor(time / 60_000) * 60_000);
}

/**
 * The local dates a filter covers on a given local "today" (SPEC §9). `custom` takes `from` and `to`
 * and defaults to today until the same day next month; the other filters ignore them.
 */
export function rangeFor(filter: DateFilter, today: LocalDate, custom: Partial<DateRange> = {}): DateRange {
  switch (filter) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last_7days':
      return { from: addDays(today, -6), to: today };
    case 'this_month': {
      const first = `${today.slice(0, 7)}-01`;
      return { from: first, to: addDays(addMonths(first, 1), -1) };
    }
    case 'last_month': {
      const first = addMonths(`${today.slice(0, 7)}-01`, -1);
      return { from: first, to: addDays(addMonths(first, 1), -1) };
    }
    case 'custom': {
      const from = custom.from ?? today;
      return { from, to: custom.to ?? addMonths(from, 1) };
    }
  }
}

const badDate = 'Please select a valid date range!';
/**
 * A custom range's end: empty, missing or the text 'null' is no date (clients send `from=&to=` and
 * `from=null&to=null` for a filter without dates, SPEC §7).
 */
const localDate = z.preprocess(
  (v) => (typeof v === 'string' && (v.trim() === '' || v.trim() === 'null') ? undefined : v),
  z.string({ error: badDate }).trim().refine(isLocalDate, { error: badDate }).optional(),
);

/**
 * `?type=&from=&to=` of the date-filtered lists: type defaults to today; `from` and `to` are read for
 * `custom` only (another filter ignores them, whatever they hold). A custom range needs dates in order
 * and at most MAX_RANGE_DAYS long, and a `to` needs a `from` (an end alone would skip those checks).
 * `excluded` drops filters a screen does not offer.
 */
export function dateRangeQuery(excluded: readonly DateFilter[] = []) {
  const offered = DATE_FILTERS.filter((f) => !excluded.includes(f)) as [DateFilter, ...DateFilter[]];
  return z
    .object({
      type: z.enum(offered, { error: 'Please select a valid date filter!' }).default('today'),
      from: z.string({ error: badDate }).optional(),
      to: z.string({ error: badDate }).optional(),
    })
    .transform((q, ctx): { type: DateFilter; from?: string; to?: string } => {
      if (q.type !== 'custom') return { type: q.type };
      const from = localDate.safeParse(q.from);
      const to = localDate.safeParse(q.to);
      if (!from.success || !to.success) {
        ctx.addIssue({ code: 'custom', message: badDate });
        return z.NEVER;
      }
      return {
        type: q.type,
        ...(from.data ? { from: from.data } : {}),
        ...(to.data ? { to: to.data } : {}),
      };
    })
    .refine((q) => q.type !== 'custom' || !q.to || !!q.from, { error: badDate })
    .refine((q) => q.type !== 'custom' || !q.from || !q.to || q.from <= q.to, {
      error: 'The start date must not be after the end date!',
    })
    .refine((q) => q.type !== 'custom' || !q.from || !q.to || daysBetween(q.from, q.to) < MAX_RANGE_DAYS, {
      error: `Please select a range of at most ${MAX_RANGE_DAYS} days!`,
    });
}
export type DateRangeQuery = z.output<ReturnType<typeof dateRangeQuery>>;

/**
 * The instants a date filter covers at a store on `now`: from its first day's midnight to the midnight
 * after its last day (excluded), both in the store's time zone.
 */
export function rangeInstants(query: DateRangeQuery, timeZone: string, now: Date): { from: Date; to: Date } {
  const range = rangeFor(query.type, todayIn(timeZone, now), {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
  });
  return instantsOfRange(range, timeZone);
}

/** The instants a range of local dates covers: its first midnight to the midnight after its last day. */
export function instantsOfRange(range: DateRange, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedWallTimeToInstant(range.from, timeZone),
    to: zonedWallTimeToInstant(addDays(range.to, 1), timeZone),
  };
}
