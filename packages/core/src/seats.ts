import { z } from 'zod';

// Seats of a table (issue 15): a line may be for one seat, so its bill can be split by seat.

export const SEAT_MAX = 99;
export const SEAT_INVALID = `Please choose a seat from 1 to ${SEAT_MAX}!`;

/** A line's seat: 1 to SEAT_MAX, or none (blank, missing or null). */
export const seatInput = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: SEAT_INVALID })
    .int({ error: SEAT_INVALID })
    .min(1, { error: SEAT_INVALID })
    .max(SEAT_MAX, { error: SEAT_INVALID })
    .nullable(),
);
