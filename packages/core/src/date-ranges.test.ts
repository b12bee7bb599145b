import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dateRangeQuery,
  isWallTime,
  rangeFor,
  todayIn,
  wallTimeIn,
  zonedWallTimeToInstant,
} from './date-ranges.ts';

describe('todayIn', () => {
  // 10:30 UTC on 10 March is 23:30 the same day in Tonga (UTC+13) and 00:30 in Honolulu (UTC-10).
  const instant = new Date('2026-03-10T10:30:00Z');
  it("reads today on the store's clock, not the server's", () => {
    expect(todayIn('Pacific/Tongatapu', instant)).toBe('2026-03-10');
    expect(todayIn('Pacific/Honolulu', instant)).toBe('2026-03-10');
    expect(todayIn('Pacific/Tongatapu', new Date('2026-03-10T11:00:00Z'))).toBe('2026-03-11');
    expect(todayIn('Pacific/Honolulu', new Date('2026-03-10T09:59:00Z'))).toBe('2026-03-09');
  });
});

describe('zonedWallTimeToInstant', () => {
  it('reads a wall-clock time in the given zone', () => {
    expect(zonedWallTimeToInstant('2026-03-10T23:30', 'Pacific/Tongatapu').toISOString()).toBe(
      '2026-03-10T10:30:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-03-10', 'Pacific/Honolulu').toISOString()).toBe(
      '2026-03-10T10:00:00.000Z',
    );
  });
  it('follows daylight saving: the same wall time an hour apart in UTC across the change', () => {
    expect(zonedWallTimeToInstant('2026-03-07T12:00', 'America/New_York').toISOString()).toBe(
      '2026-03-07T17:00:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-03-09T12:00', 'America/New_York').toISOString()).toBe(
      '2026-03-09T16:00:00.000Z',
    );
  });
  it('round-trips with wallTimeIn', () => {
    const at = zonedWallTimeToInstant('2026-11-01T19:45', 'Europe/Lisbon');
    expect(wallTimeIn('Europe/Lisbon', at)).toBe('2026-11-01T19:45');
  });
});

describe('rangeFor', () => {
  const today = '2026-03-31';
  it('covers the filters of SPEC §9 on local dates, both ends included', () => {
    expect(rangeFor('today', today)).toEqual({ from: today, to: today });
    expect(rangeFor('tomorrow', today)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(rangeFor('yesterday', today)).toEqual({ from: '2026-03-30', to: '2026-03-30' });
    expect(rangeFor('last_7days', today)).toEqual({ from: '2026-03-25', to: today });
    expect(rangeFor('this_month', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(rangeFor('last_month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeFor('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
  it('defaults a custom range to today until the same day next month', () => {
    expect(rangeFor('custom', today)).toEqual({ from: today, to: '2026-04-30' });
    expect(rangeFor('custom', today, { from: '2026-01-02', to: '2026-01-05' })).toEqual({
      from: '2026-01-02',
      to: '2026-01-05',
    });
  });
  it('clamps the same day next month to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
});

describe('dateRangeQuery', () => {
  const query = dateRangeQuery(['tomorrow']);
  const message = (input: unknown) => {
    const parsed = query.safeParse(input);
    return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
  };
  it('defaults to today and refuses what a screen does not offer', () => {
    expect(message({})).toEqual({ type: 'today' });
    expect(message({ type: 'tomorrow' })).toBe('Please select a valid date filter!');
  });
  it('refuses impossible dates, reversed and over-long ranges', () => {
    expect(message({ type: 'custom', from: '2026-02-30' })).toBe('Please select a valid date range!');
    expect(message({ type: 'custom', from: '2026-03-02', to: '2026-03-01' })).toBe(
      'The start date must not be after the end date!',
    );
    expect(message({ type: 'custom', from: '2025-01-01', to: '2026-03-01' })).toBe(
      'Please select a range of at most 366 days!',
    );
  });
  it('knows a wall-clock time when it sees one', () => {
    expect(isWallTime('2026-03-10T19:30')).toBe(true);
    expect(isWallTime('2026-03-10T24:00')).toBe(false);
    expect(isWallTime('2026-03-10 19:30')).toBe(false);
  });
});
