import { describe, expect, it } from 'vitest';
import { decimalHours, entryTime, firstOverlap, hoursAndMinutes, minutesOf, overlapMs } from './timeclock.ts';

const d = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00Z`);
const now = d('18:00');

describe('time clock arithmetic', () => {
  it('counts a span inside a window, a running one up to now', () => {
    expect(overlapMs({ start: d('09:00'), end: d('17:00') }, now, d('12:00'), d('20:00'))).toBe(5 * 3_600_000);
    expect(overlapMs({ start: d('09:00'), end: null }, now)).toBe(9 * 3_600_000);
    expect(overlapMs({ start: d('09:00'), end: d('10:00') }, now, d('11:00'), d('12:00'))).toBe(0);
  });

  it('takes breaks off the worked time, whole and within a window', () => {
    const entry = {
      start: d('09:00'),
      end: d('17:00'),
      breaks: [
        { start: d('12:00'), end: d('12:30') },
        { start: d('15:00'), end: d('15:15') },
      ],
    };
    expect(entryTime(entry, now)).toEqual({ breakMs: 45 * 60_000, workedMs: 435 * 60_000 });
    expect(entryTime(entry, now, d('12:15'), d('15:05'))).toEqual({
      breakMs: 20 * 60_000,
      workedMs: 150 * 60_000,
    });
  });

  it('formats minutes for the button, the sheet and payroll', () => {
    expect(minutesOf(119_999)).toBe(1);
    expect(hoursAndMinutes(192)).toBe('3 h 12');
    expect(hoursAndMinutes(5)).toBe('0 h 05');
    expect(decimalHours(195)).toBe('3.25');
    expect(decimalHours(450)).toBe('7.50');
    expect(decimalHours(1)).toBe('0.02');
  });

  it('finds overlapping spans; touching ones do not overlap', () => {
    const a = { start: d('09:00'), end: d('10:00') };
    const b = { start: d('10:00'), end: d('11:00') };
    const c = { start: d('10:30'), end: null };
    expect(firstOverlap([a, b], now)).toBeNull();
    expect(firstOverlap([c, a, b], now)).toEqual([b, c]);
  });
});
