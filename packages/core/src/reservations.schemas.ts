import { z } from 'zod';
import { isInstant, isWallTime } from './date-ranges.ts';
import { messageSchema } from './auth.schemas.ts';
import { customerRefOf, customerResponse } from './customers.schemas.ts';
import { storeTableResponse } from './settings.schemas.ts';

export const RESERVATION_STATUSES = ['booked', 'paid', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * How long a booking holds its table, for the double-booking warning: two bookings of one table
 * closer than this overlap. Bookings carry a start time only (SPEC §3 Reservation).
 */
export const RESERVATION_HOLD_MINUTES = 120;

const DATE_MISSING = 'Please select date & time!';
/** How far in the past a new time may be: the picker's "now" is a minute old by the time Save is tapped. */
export const RESERVATION_PAST_GRACE_MINUTES = 5;

/**
 * The booking's time: the store's clock ('YYYY-MM-DDTHH:mm', a datetime-local input's value), read in
 * the store's time zone whatever the device's zone is, or an ISO 8601 instant with a Z or an offset
 * ('2026-11-28T14:00:00.000Z', as SPEC §7 clients send it), which is that instant (`bookingInstant`).
 */
const reservationDate = z
  .string({ error: DATE_MISSING })
  .trim()
  .min(1, { error: DATE_MISSING })
  .refine((v) => isWallTime(v) || isInstant(v), { error: DATE_MISSING });

/** A whole number as a form may send it: a string of digits only ('0x10', '1e2' and ' 5' are not read). */
const digitsAsNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

const tableId = z.preprocess(
  (v) => (v === '' || v === undefined ? null : digitsAsNumber(v)),
  z
    .number({ error: 'Please select a valid table!' })
    .int({ error: 'Please select a valid table!' })
    .positive({ error: 'Please select a valid table!' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Please select a valid table!' })
    .nullable(),
);

const PEOPLE_INVALID = 'Please provide valid people count!';
const reservationFields = {
  date: reservationDate,
  tableId,
  status: z.enum(RESERVATION_STATUSES, { error: 'Please select a valid status!' }),
  notes: z
    .string({ error: 'Invalid request!' })
    .trim()
    .max(500, { error: 'Notes are too long!' })
    .nullish()
    .transform((v) => v || null),
  peopleCount: z.preprocess(
    digitsAsNumber,
    z
      .number({ error: PEOPLE_INVALID })
      .int({ error: PEOPLE_INVALID })
      .min(0, { error: PEOPLE_INVALID })
      .max(1000, { error: PEOPLE_INVALID }),
  ),
  /**
   * Save despite the warnings (the table is booked for an overlapping time, or seats fewer people):
   * the user saw them and chose to go on; the audit log records it.
   */
  override: z.boolean({ error: 'Invalid request!' }).default(false),
};

/** POST /reservations/add (SPEC §5 Reservation add). */
export const addReservationSchema = z.object({
  /** The guest: their phone (SPEC §3's key), or Comanda's id as a JSON number (`customerRefOf`). */
  customerId: customerRefOf('Please select customer!'),
  ...reservationFields,
  status: reservationFields.status.default('booked'),
});
export type AddReservationInput = z.input<typeof addReservationSchema>;

/** POST /reservations/update/{id}: everything but the customer; a missing status keeps the booking's. */
export const updateReservationSchema = z.object({
  ...reservationFields,
  status: reservationFields.status.optional(),
});
export type UpdateReservationInput = z.input<typeof updateReservationSchema>;

/** A reservation as listed (SPEC §3 Reservation); `date` is the instant, `local_date` the store's clock. */
export const reservationResponse = z.object({
  id: z.number(),
  unique_code: z.string(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  date: z.string(),
  local_date: z.string(),
  table_id: z.number().nullable(),
  table_title: z.string().nullable(),
  floor: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  notes: z.string().nullable(),
  people_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Reservation = z.infer<typeof reservationResponse>;

/** The answer of add and update: the server's message and the booking as listed (its code included). */
export const reservationSavedResponse = messageSchema.extend({ reservation: reservationResponse });
export type ReservationSaved = z.infer<typeof reservationSavedResponse>;

/** The 409 answers a user may override by saving again with `override: true`. */
export const RESERVATION_WARNINGS = [
  'table_double_booked',
  'table_over_capacity',
  'table_double_booked_over_capacity',
] as const;
export type ReservationWarning = (typeof RESERVATION_WARNINGS)[number];

/** GET /reservations/init: what the reservation screen needs beyond the list, readable with its scopes. */
export const reservationInitResponse = z.object({
  storeTables: z.array(storeTableResponse),
  timezone: z.string(),
  /** The store's date today, for the filter's defaults. */
  today: z.string(),
});
export type ReservationInit = z.infer<typeof reservationInitResponse>;

/** GET /reservations/search?q= : by guest name, phone or the reservation's code. */
export const reservationSearchQuery = z.object({
  q: z
    .string({ error: 'Please type a name, phone or code to search!' })
    .trim()
    .min(1, { error: 'Please type a name, phone or code to search!' })
    .max(80, { error: 'Value is too long!' }),
});

/** The alphabet of reservation codes: no 0/O or 1/I/L, which guests misread over the phone. */
export const RESERVATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RESERVATION_CODE_LENGTH = 6;

/**
 * GET /customers/{phone}: a customer's page. Visits are their reservations until the POS records orders
 * (issue 10 fills `orders_count`, `total_spent` and `last_order_at` from its tables; until then 0 and null).
 */
export const customerDetailResponse = z.object({
  customer: customerResponse,
  summary: z.object({
    reservations_count: z.number(),
    upcoming_reservations: z.number(),
    last_visit: z.string().nullable(),
    orders_count: z.number(),
    /** Minor units of the store currency. */
    total_spent: z.number(),
    last_order_at: z.string().nullable(),
  }),
  /** The latest reservations, newest first (at most 20). */
  reservations: z.array(reservationResponse),
  currency: z.string(),
  timezone: z.string(),
});
export type CustomerDetail = z.infer<typeof customerDetailResponse>;
