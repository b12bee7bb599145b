import { describe, expect, it } from 'vitest';
import { wallTimeIn, zonedWallTimeToInstant } from './date-ranges.ts';
import {
  RESERVATION_CODE_ALPHABET,
  RESERVATION_CODE_LENGTH,
  addReservationSchema,
  reservationSearchQuery,
  updateReservationSchema,
} from './reservations.schemas.ts';

const booking = { customerId: 7, date: '2026-03-10T19:00', peopleCount: 2 };
const firstMessage = (
  input: unknown,
  schema: typeof addReservationSchema | typeof updateReservationSchema = addReservationSchema,
) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
};

describe('addReservationSchema', () => {
  it("answers SPEC §5's messages: customer, then date & time", () => {
    expect(firstMessage({})).toBe('Please select customer!');
    expect(firstMessage({ customerId: '' })).toBe('Please select customer!');
    expect(firstMessage({ customerId: 7 })).toBe('Please select date & time!');
    expect(firstMessage({ customerId: 7, date: '2026-03-10' })).toBe('Please select date & time!');
    expect(firstMessage({ customerId: 7, date: '2026-02-29T19:00' })).toBe('Please select date & time!');
  });
  it('takes the form as typed: a table id or none, a people count as text, blank notes as null', () => {
    expect(firstMessage({ ...booking, tableId: '', peopleCount: '3', notes: '  ' })).toEqual({
      customerId: { id: 7 },
      date: '2026-03-10T19:00',
      tableId: null,
      peopleCount: 3,
      status: 'booked',
      notes: null,
      override: false,
    });
    expect(firstMessage({ ...booking, tableId: '12', status: 'paid', override: true })).toMatchObject({
      tableId: 12,
      status: 'paid',
      override: true,
    });
  });
  it('refuses a people count below 0 or not whole, a bad table and an unknown status', () => {
    for (const peopleCount of [-1, 1.5, 'two', '', undefined])
      expect(firstMessage({ ...booking, peopleCount })).toBe('Please provide valid people count!');
    expect(firstMessage({ ...booking, peopleCount: 0 })).toMatchObject({ peopleCount: 0 });
    expect(firstMessage({ ...booking, tableId: -1 })).toBe('Please select a valid table!');
    expect(firstMessage({ ...booking, status: 'seated' })).toBe('Please select a valid status!');
  });
  it('reads numbers sent as text only when they are digits: no hex, exponents or signs', () => {
    for (const peopleCount of ['0x10', '1e2', ' 3', '+3', '3.0'])
      expect(firstMessage({ ...booking, peopleCount })).toBe('Please provide valid people count!');
    expect(firstMessage({ ...booking, tableId: '0x10' })).toBe('Please select a valid table!');
    expect(firstMessage({ ...booking, peopleCount: '16' })).toMatchObject({ peopleCount: 16 });
  });
  it("reads a text customer as the guest's phone and only a JSON number as Comanda's id", () => {
    for (const phone of ['100', '+1 (555) 0101 #2', '0x10', '-7'])
      expect(firstMessage({ ...booking, customerId: phone })).toMatchObject({ customerId: { phone } });
    expect(firstMessage({ ...booking, customerId: ' 555 0101 ' })).toMatchObject({
      customerId: { phone: '555 0101' },
    });
    expect(firstMessage({ ...booking, customerId: 100 })).toMatchObject({ customerId: { id: 100 } });
    // No phone, no id: text without a digit or with letters other than x and ext, or a number not an id.
    for (const customerId of ['1e2', 'ana', '  ', null, 0, -7, 1.5, { id: 7 }])
      expect(firstMessage({ ...booking, customerId })).toBe('Please select customer!');
  });
  it('takes a wall time in minutes, never seconds, or an ISO instant with a zone, in the years 1900 to 2199', () => {
    expect(firstMessage({ ...booking, date: '2026-03-10T19:00:30' })).toBe('Please select date & time!');
    for (const date of ['2026-11-28T14:00:00.000Z', '2026-11-28T14:00:00+02:00', '2026-11-28T14:00-05:00'])
      expect(firstMessage({ ...booking, date })).toMatchObject({ date });
    expect(firstMessage({ ...booking, date: '9999-11-28T14:00:00.000Z' })).toBe('Please select date & time!');
    expect(firstMessage({ ...booking, date: '9999-12-31T23:59' })).toBe('Please select date & time!');
    expect(firstMessage({ ...booking, date: '2199-12-31T23:59' })).toMatchObject({
      date: '2199-12-31T23:59',
    });
  });
});

describe('updateReservationSchema', () => {
  it('leaves out a missing status (the booking keeps its own) instead of defaulting to booked', () => {
    const parsed = firstMessage(booking, updateReservationSchema);
    expect(parsed).not.toHaveProperty('status');
    expect(firstMessage({ ...booking, status: 'paid' }, updateReservationSchema)).toMatchObject({
      status: 'paid',
    });
  });
  it('needs a date and ignores a customer sent along', () => {
    expect(firstMessage({ peopleCount: 2 }, updateReservationSchema)).toBe('Please select date & time!');
    expect(firstMessage({ ...booking, customerId: 99 }, updateReservationSchema)).not.toHaveProperty(
      'customerId',
    );
  });
});

describe('reservationSearchQuery', () => {
  it('refuses a blank search', () => {
    expect(reservationSearchQuery.safeParse({ q: '   ' }).success).toBe(false);
    expect(reservationSearchQuery.parse({ q: ' ab12 ' })).toEqual({ q: 'ab12' });
  });
});

describe('reservation codes', () => {
  it('use an alphabet without look-alikes, long enough for a busy store', () => {
    expect(RESERVATION_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(RESERVATION_CODE_ALPHABET).size).toBe(RESERVATION_CODE_ALPHABET.length);
    expect(RESERVATION_CODE_ALPHABET.length ** RESERVATION_CODE_LENGTH).toBeGreaterThan(500_000_000);
  });
});

describe('booking times at the edges of the day', () => {
  it("read a store's wall clock in UTC+13 and UTC-10", () => {
    expect(zonedWallTimeToInstant('2026-03-10T23:45', 'Pacific/Tongatapu').toISOString()).toBe(
      '2026-03-10T10:45:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-03-11T00:15', 'Pacific/Tongatapu').toISOString()).toBe(
      '2026-03-10T11:15:00.000Z',
    );
    expect(zonedWallTimeToInstant('2026-03-09T23:50', 'Pacific/Honolulu').toISOString()).toBe(
      '2026-03-10T09:50:00.000Z',
    );
    expect(wallTimeIn('Pacific/Honolulu', new Date('2026-03-10T10:30:00Z'))).toBe('2026-03-10T00:30');
  });
  it('resolve a wall time a daylight-saving change skips to within an hour of it', () => {
    // 02:30 on 8 March 2026 does not exist in New York (clocks jump from 02:00 to 03:00).
    const instant = zonedWallTimeToInstant('2026-03-08T02:30', 'America/New_York').getTime();
    expect(Math.abs(instant - Date.parse('2026-03-08T07:00:00Z'))).toBeLessThanOrEqual(60 * 60_000);
  });
});
