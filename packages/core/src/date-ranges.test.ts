import { describe, expect, it } from 'vitest';
import {
  rangeInstants,
  addMonths,
  bookingInstant,
  dateRangeQuery,
  isInstant,
  isLocalDate,
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
  it('starts a day whose midnight DST skips at 01:00 that day, never on the day before', () => {
    // Santiago springs forward at 00:00 on 6 September 2026 (-04 to -03): the day starts at 01:00 -03.
    expect(zonedWallTimeToInstant('2026-09-06', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(wallTimeIn('America/Santiago', zonedWallTimeToInstant('2026-09-06', 'America/Santiago'))).toBe(
      '2026-09-06T01:00',
    );
    // The evening before is still the 5th, on the old offset.
    expect(zonedWallTimeToInstant('2026-09-05T23:30', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T03:30:00.000Z',
    );
    // Havana springs forward at 00:00 on 8 March 2026 (-05 to -04).
    expect(zonedWallTimeToInstant('2026-03-08', 'America/Havana').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-03-08T01:30', 'America/Havana').toISOString()).toBe(
      '2026-03-08T05:30:00.000Z',
    );
  });
  it('takes the first of a repeated time and the instant after the jump for a skipped one', () => {
    // New York: 02:30 on 8 March 2026 is skipped (02:00 -> 03:00): it moves on by the gap, 03:30 EDT.
    expect(zonedWallTimeToInstant('2026-03-08T02:30', 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 on 1 November 2026 happens twice: the first is EDT (-04).
    expect(zonedWallTimeToInstant('2026-11-01T01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    // Santiago falls back at 00:00 on 5 April 2026 (-03 to -04): 23:30 on the 4th happens twice.
    expect(zonedWallTimeToInstant('2026-04-04T23:30', 'America/Santiago').toISOString()).toBe(
      '2026-04-05T02:30:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-04-05', 'America/Santiago').toISOString()).toBe(
      '2026-04-05T04:00:00.000Z',
    );
  });
  it('refuses seconds', () => {
    expect(() => zonedWallTimeToInstant('2026-03-10T19:30:15', 'UTC')).toThrow(RangeError);
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
    expect(isWallTime('2026-03-10T19:30:00')).toBe(false);
    expect(isWallTime('9999-12-31T23:59')).toBe(false);
  });
  it('knows dates only in the years 1900 to 2199', () => {
    expect(isLocalDate('1900-01-01')).toBe(true);
    expect(isLocalDate('2199-12-31')).toBe(true);
    expect(isLocalDate('1899-12-31')).toBe(false);
    expect(isLocalDate('2200-01-01')).toBe(false);
    expect(isLocalDate('9999-12-31')).toBe(false);
    expect(message({ type: 'custom', from: '9999-12-31', to: '9999-12-31' })).toBe(
      'Please select a valid date range!',
    );
  });
  it('reads from and to only for a custom range: empty and null are no date (SPEC §7 sends them)', () => {
    for (const none of ['', 'null', ' '])
      expect(message({ type: 'today', from: none, to: none })).toEqual({ type: 'today' });
    expect(message({ type: 'last_7days', from: 'whatever', to: '2026-13-45' })).toEqual({
      type: 'last_7days',
    });
    expect(message({ type: 'custom', from: '', to: '' })).toEqual({ type: 'custom' });
    expect(message({ type: 'custom', from: '2026-03-01', to: 'null' })).toEqual({
      type: 'custom',
      from: '2026-03-01',
    });
    expect(message({ type: 'custom', from: 'null', to: '2026-03-01' })).toBe(
      'Please select a valid date range!',
    );
    expect(message({ type: 'custom', from: 'soon' })).toBe('Please select a valid date range!');
  });
  it('refuses an end without a start in a custom range, which would skip the checks', () => {
    expect(message({ type: 'custom', to: '2099-12-31' })).toBe('Please select a valid date range!');
    expect(message({ type: 'custom', from: '2026-03-01' })).toEqual({ type: 'custom', from: '2026-03-01' });
  });
});

describe('bookingInstant', () => {
  it("reads a wall time on the store's clock and an ISO instant as itself, to the minute", () => {
    expect(bookingInstant('2026-11-28T14:00', 'Europe/Athens')).toEqual(new Date('2026-11-28T12:00:00Z'));
    expect(bookingInstant('2026-11-28T14:00:00.000Z', 'Europe/Athens')).toEqual(
      new Date('2026-11-28T14:00:00Z'),
    );
    expect(bookingInstant('2026-11-28T14:00:00.000+02:00', 'UTC')).toEqual(new Date('2026-11-28T12:00:00Z'));
    expect(bookingInstant('2026-11-28T14:00-03:30', 'UTC')).toEqual(new Date('2026-11-28T17:30:00Z'));
    expect(bookingInstant('2026-11-28T14:00:59.999Z', 'UTC')).toEqual(new Date('2026-11-28T14:00:00Z'));
  });
  it('knows an instant when it sees one', () => {
    expect(isInstant('2026-11-28T14:00:00.000Z')).toBe(true);
    expect(isInstant('2026-11-28T14:00:00+02:00')).toBe(true);
    expect(isInstant('2026-11-28T14:00')).toBe(false);
    expect(isInstant('2026-11-28T14:00:00')).toBe(false);
    expect(isInstant('2026-02-30T14:00:00Z')).toBe(false);
    expect(isInstant('2026-11-28T24:00:00Z')).toBe(false);
    expect(isInstant('2026-11-28T14:00:00+24:00')).toBe(false);
    expect(isInstant('9999-11-28T14:00:00Z')).toBe(false);
  });
});

describe('rangeInstants', () => {
  // Tongatapu is UTC+13: 11:30 UTC on 1 March is 00:30 on 2 March there.
  const now = new Date('2026-03-01T11:30:00Z');
  it("turns a filter into the store's midnights", () => {
    expect(rangeInstants({ type: 'today' }, 'Pacific/Tongatapu', now)).toEqual({
      from: new Date('2026-03-01T11:00:00Z'),
      to: new Date('2026-03-02T11:00:00Z'),
    });
    expect(
      rangeInstants({ type: 'custom', from: '2026-03-01', to: '2026-03-02' }, 'Pacific/Tongatapu', now),
    ).toEqual({ from: new Date('2026-02-28T11:00:00Z'), to: new Date('2026-03-02T11:00:00Z') });
  });
});
