import { z } from 'zod';
import { SPLIT_PARTS_INVALID, SPLIT_PARTS_MAX, SPLIT_UNITS_INVALID } from './bill-split.ts';
import { TIP_INVALID, billExtrasResponse, billExtrasSchema } from './discounts.ts';
import { amountInput, optionalAmountInput } from './money-input.ts';
import { orderIdsSchema } from './orders.schemas.ts';

// Split bills and mixed tenders (issue 15, docs/bills.md): POST /orders/pay-split.

export const TENDERS_MAX = 10;
export const TENDERS_MISMATCH = 'The payments of each part must add up to exactly what the part owes!';
export const PARTS_MISMATCH = 'Please give the payments of every part of the split!';
export const TENDER_AMOUNT_INVALID = 'Please provide a valid amount for each payment!';
export const SPLIT_PAID = 'Bill paid!';

const whole = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );

/** One payment of a part: a payment type, the amount it pays and, for cash, what was handed over. */
export const tenderSchema = z.object(
  {
    paymentTypeId: whole('Please select a payment type!', 1, Number.MAX_SAFE_INTEGER),
    amount: amountInput(TENDER_AMOUNT_INVALID),
    /** Cash handed over for this payment (at least its amount): the rest is change. */
    tendered: optionalAmountInput('Please provide a valid tendered amount!'),
  },
  { error: 'Please select a payment type!' },
);

/** How the bill is split: not at all, evenly into N, by seat, or by item (units of lines to parts). */
export const splitSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('whole') }),
    z.object({ mode: z.literal('even'), parts: whole(SPLIT_PARTS_INVALID, 2, SPLIT_PARTS_MAX) }),
    z.object({ mode: z.literal('seat') }),
    z.object({
      mode: z.literal('item'),
      parts: whole(SPLIT_PARTS_INVALID, 2, SPLIT_PARTS_MAX),
      assign: z
        .array(
          z.object({
            lineId: whole('Order item not found!', 1, Number.MAX_SAFE_INTEGER),
            part: whole(SPLIT_PARTS_INVALID, 0, SPLIT_PARTS_MAX - 1),
            units: whole(SPLIT_UNITS_INVALID, 1, 1000),
          }),
          { error: SPLIT_UNITS_INVALID },
        )
        .min(1, { error: SPLIT_UNITS_INVALID })
        .max(2000, { error: SPLIT_UNITS_INVALID }),
    }),
  ],
  { error: 'Please choose how to split the bill!' },
);
export type SplitInput = z.input<typeof splitSchema>;

/**
 * POST /orders/pay-split: a table group's orders, how the bill is split and, for each part in order, its
 * payments. The server splits its own figures (bill-split.ts) and each part's payments must add up to
 * exactly that part: all parts are paid or none. Honours Idempotency-Key and X-Queued-Ms.
 */
export const paySplitSchema = orderIdsSchema.and(
  z.object({
    split: splitSchema,
    parts: z
      .array(
        z.object({
          tenders: z
            .array(tenderSchema, { error: TENDERS_MISMATCH })
            .min(1, { error: TENDERS_MISMATCH })
            .max(TENDERS_MAX, { error: 'Too many payments for one part!' }),
          /** The part's tip (docs/discounts.md), paid on top of what the part owes. */
          tip: optionalAmountInput(TIP_INVALID),
        }),
        { error: PARTS_MISMATCH },
      )
      .min(1, { error: PARTS_MISMATCH })
      .max(SPLIT_PARTS_MAX, { error: PARTS_MISMATCH }),
    // The bill's discounts and the guests (service charge); each part carries its own tip.
    discounts: billExtrasSchema.shape.discounts,
    guests: billExtrasSchema.shape.guests,
    approvalId: billExtrasSchema.shape.approvalId,
  }),
);
export type PaySplitInput = z.input<typeof paySplitSchema>;

const partLineResponse = z.object({
  line_id: z.number(),
  item_title: z.string(),
  seat: z.number().nullable(),
  /** The part has share_num / share_den of the line. */
  share_num: z.number(),
  share_den: z.number(),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  /** What discounts took off this share of the line (its figures above are after it). */
  discount: z.number(),
});

const partPaymentResponse = z.object({
  payment_type: z.string(),
  amount: z.number(),
  tendered: z.number().nullable(),
  change: z.number().nullable(),
});

/** One part of a split bill as paid, amounts in the currency's decimals. */
export const billPartResponse = z.object({
  part_no: z.number(),
  seat: z.number().nullable(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  /** The part's share of the bill's discount and service charge, and its tip. */
  discount: z.number(),
  service_charge: z.number(),
  tip: z.number(),
  lines: z.array(partLineResponse),
  payments: z.array(partPaymentResponse),
});
export type BillPartShown = z.infer<typeof billPartResponse>;

export const splitPaidResponse = z.object({
  message: z.string(),
  invoiceId: z.number(),
  subTotal: z.number(),
  taxTotal: z.number(),
  total: z.number(),
  /** The change of all the cash payments. */
  change: z.number().nullable(),
  parts: z.array(billPartResponse),
  ...billExtrasResponse.shape,
});
export type SplitPaid = z.infer<typeof splitPaidResponse>;
