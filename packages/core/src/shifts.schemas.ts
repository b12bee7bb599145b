import { z } from 'zod';
import { requiredText } from './auth.schemas.ts';
import { amountInput } from './money-input.ts';
import { currencyResponse } from './orders.schemas.ts';
import { zReportStaffResponse } from './timeclock.schemas.ts';

// Shifts (issue 15, docs/shifts.md): the float, drawer movements, the close and the Z report. Amounts
// travel as decimals of the shift's currency; the server keeps and adds up integer minor units.

export const SHIFT_NOTE_MAX = 200;

/** POST /shifts/open: the cash put in the drawer to start with. */
export const openShiftSchema = z.object({ float: amountInput('Please provide a valid float amount!') });

export const MOVEMENT_KINDS = ['pay_in', 'pay_out', 'no_sale'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

const noteText = requiredText('Please provide a note!', SHIFT_NOTE_MAX, 'The note is too long!');

/**
 * POST /shifts/{id}/movements: a pay in or pay out takes an amount above 0 and a note; a "No sale"
 * opening of the drawer takes neither (a note is kept when given).
 */
export const shiftMovementSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.enum(['pay_in', 'pay_out']),
      amount: amountInput('Please provide a valid amount!').refine((v) => /[1-9]/.test(v), {
        error: 'Please provide a valid amount!',
      }),
      note: noteText,
    }),
    z.object({ kind: z.literal('no_sale'), note: noteText.optional() }),
  ],
  { error: 'Invalid request!' },
);
export type ShiftMovementInput = z.input<typeof shiftMovementSchema>;

/**
 * POST /shifts/{id}/close: the amount counted per line of the count (`key` from the shift's `tenders`).
 * Every cash line must be counted; another line left out counts as not counted.
 */
export const closeShiftSchema = z.object({
  counts: z
    .array(
      z.object({
        key: z.string({ error: 'Invalid request!' }).max(200, { error: 'Invalid request!' }),
        counted: amountInput('Please provide a valid counted amount!'),
      }),
      { error: 'Invalid request!' },
    )
    .max(100, { error: 'Invalid request!' }),
});
export type CloseShiftInput = z.input<typeof closeShiftSchema>;

/** A line of the count: the drawer's cash, or one other payment type. */
export const tenderLineResponse = z.object({
  /** 'type:<payment type id>', or 'title:<title>' for payments whose type was deleted since. */
  key: z.string(),
  title: z.string(),
  is_cash: z.boolean(),
});

export const shiftMovementResponse = z.object({
  id: z.number(),
  kind: z.enum(MOVEMENT_KINDS),
  amount: z.number(),
  note: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type ShiftMovement = z.infer<typeof shiftMovementResponse>;

/** A shift as the Shift screen and the history list show it: who, when, the float. */
export const shiftResponse = z.object({
  id: z.number(),
  status: z.enum(['open', 'closed']),
  currency: z.string(),
  float: z.number(),
  opened_by: z.string(),
  opened_at: z.string(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftResponse>;

/**
 * GET /shifts/current: the open shift (null when none) with its movements and the lines to count,
 * without any expected figure (a blind count: the expected amounts come with the close's answer).
 */
export const currentShiftResponse = z.object({
  shift: shiftResponse.nullable(),
  movements: z.array(shiftMovementResponse),
  tenders: z.array(tenderLineResponse),
  currency: currencyResponse,
  /** The store's time zone: times show on its clock. */
  timezone: z.string(),
});
export type CurrentShift = z.infer<typeof currentShiftResponse>;

const countOf = z.object({ count: z.number(), amount: z.number() });

/**
 * The Z report of a shift (shifts.repo.ts `zReport`): what was sold, paid and counted between its open
 * and its close. Discounts, tips, service charge and refunds are 0 until the columns that hold them land.
 */
export const zReportResponse = z.object({
  store: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    timezone: z.string(),
  }),
  shift: shiftResponse,
  currency: currencyResponse,
  sales: z.object({ bills: z.number(), net: z.number(), tax: z.number(), total: z.number() }),
  discounts: z.number(),
  tips: z.number(),
  service_charge: z.number(),
  voids: countOf,
  refunds: countOf,
  /**
   * Of the sales above, the bills replayed from a device's outbox that were taken before the shift
   * opened (docs/shifts.md): their count and what they paid into this shift.
   */
  taken_before_shift: countOf,
  payments: z.array(
    z.object({ title: z.string(), is_cash: z.boolean(), count: z.number(), amount: z.number() }),
  ),
  pay_ins: countOf,
  pay_outs: countOf,
  no_sales: z.number(),
  movements: z.array(shiftMovementResponse),
  /** Per line of the count: expected, and once closed what was counted and over (+) / short (-). */
  tenders: z.array(
    tenderLineResponse.extend({
      expected: z.number(),
      counted: z.number().nullable(),
      difference: z.number().nullable(),
    }),
  ),
  /** Who was on the time clock during the shift (issue 31): their time inside it, breaks excluded. */
  staff: z.array(zReportStaffResponse),
});
export type ZReport = z.infer<typeof zReportResponse>;

/** POST /shifts/{id}/close answers the message and the shift's Z report. */
export const closeShiftResponse = z.object({ message: z.string(), report: zReportResponse });

/** GET /shifts: past and current shifts, newest first. */
export const shiftsResponse = z.object({ shifts: z.array(shiftResponse), truncated: z.boolean() });
export const SHIFTS_LIST_MAX = 200;

/** POST /shifts/open answers the new shift. */
export const shiftOpenedResponse = z.object({ message: z.string(), shift: shiftResponse });
