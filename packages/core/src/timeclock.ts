// The time clock's arithmetic (issue 31, docs/timeclock.md): worked and break time of an entry, whole
// or within a window (a store day, a shift), shared by the server's timesheets, its Z report and the
// web's running clock.

/** A span of time; `end` null while it is running (then it runs until `now`). */
export interface Span {
  start: Date;
  end: Date | null;
}

/** An entry's clock-in to clock-out with its breaks. */
export interface ClockSpan extends Span {
  breaks: readonly Span[];
}

/** Milliseconds of a span inside [from, until), a running span counted up to `now`. */
export function overlapMs(span: Span, now: Date, from?: Date, until?: Date): number {
  const start = Math.max(span.start.getTime(), from?.getTime() ?? -Infinity);
  const end = Math.min((span.end ?? now).getTime(), until?.getTime() ?? Infinity);
  return Math.max(0, end - start);
}

/**
 * An entry's time inside a window (the whole entry without one): `breakMs` the breaks taken in it,
 * `workedMs` the rest of the time on the clock. Breaks lie inside their entry (the server checks), so
 * worked time is never negative.
 */
export function entryTime(entry: ClockSpan, now: Date, from?: Date, until?: Date) {
  const totalMs = overlapMs(entry, now, from, until);
  const breakMs = entry.breaks.reduce((sum, b) => sum + overlapMs(b, now, from, until), 0);
  return { breakMs, workedMs: Math.max(0, totalMs - breakMs) };
}

/** Whole minutes of a duration, rounded down (a timesheet pays minutes worked, not started). */
export const minutesOf = (ms: number) => Math.floor(ms / 60_000);

/** Minutes as decimal hours with two places, for a spreadsheet: 195 → '3.25'. */
export function decimalHours(minutes: number): string {
  return (Math.round((minutes / 60) * 100) / 100).toFixed(2);
}

/** Minutes as the clock button shows them: 192 → '3 h 12', 5 → '0 h 05'. */
export function hoursAndMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}`;
}

/**
 * The first two spans that overlap, or null: a corrected entry's breaks must not, and one person's
 * entries must not either. Touching (one ends when the next starts) is not overlapping.
 */
export function firstOverlap<T extends Span>(spans: readonly T[], now: Date): [T, T] | null {
  const sorted = [...spans].sort((a, b) => a.start.getTime() - b.start.getTime());
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1]!;
    const after = sorted[i]!;
    if ((before.end ?? now).getTime() > after.start.getTime()) return [before, after];
  }
  return null;
}
