import { z } from 'zod';
import { requiredText } from './auth.schemas.ts';
import { dateRangeQuery } from './date-ranges.ts';

// Voids, refunds and the owner's audit-log browser (issue 15, VOIDS slice).

const INVALID = 'Invalid request!';
export const VOID_REASON_TITLE_MAX = 100;
export const VOID_REASON_REQUIRED = 'Please select a void reason!';
/** The list every new store starts with (migration 0017 seeds the same titles). */
export const DEFAULT_VOID_REASONS = [
  'Customer changed mind',
  'Wrong item',
  'Kitchen mistake',
  'Quality issue',
];

/** A positive id in a body; `message` when it is anything else. */
const idOf = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(Number.MAX_SAFE_INTEGER, { error: message }),
  );

/** The reason a void, an order cancel or a refund gives: one of the owner's list, by id. */
export const voidReasonIdSchema = idOf(VOID_REASON_REQUIRED);

/** POST /settings/void-reasons/add and /:id/update. */
export const voidReasonSchema = z.object({
  title: requiredText('Please provide a reason!', VOID_REASON_TITLE_MAX, 'Reason is too long!'),
});
export type VoidReasonInput = z.input<typeof voidReasonSchema>;
export const voidReasonResponse = z.object({ id: z.number(), title: z.string() });
export type VoidReason = z.infer<typeof voidReasonResponse>;

/**
 * POST /orders/cancel: the orders of a group and why they are cancelled. SPEC §7 sends `{orderIds}`
 * only: the reason is asked for by the store's setting (voidSettingsSchema), not by the schema.
 */
export const cancelOrdersSchema = z.object({
  orderIds: z
    .array(idOf('Order not found!'), { error: 'Please select orders!' })
    .min(1, { error: 'Please select orders!' })
    .max(100, { error: 'Too many orders!' })
    .transform((ids) => [...new Set(ids)]),
  reasonId: voidReasonIdSchema.optional(),
});
export type CancelOrdersInput = z.input<typeof cancelOrdersSchema>;

/**
 * GET and POST /settings/void-setting (issue 30, docs/voids.md): whether cancelling an order or voiding
 * a line must name one of the store's reasons. Off by default, as SPEC §4 and §7 cancel without one.
 */
export const voidSettingsSchema = z.object({
  requireVoidReason: z.boolean({ error: 'Invalid request!' }),
});
export type VoidSettings = z.infer<typeof voidSettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// Refunds

export const REFUND_LINES_MAX = 200;
const QUANTITY = 'Please provide a valid quantity to refund!';

/**
 * POST /invoices/{id}/refund: `lines` (invoiced lines and how many of each to give back), or none for
 * everything not yet refunded; the reason and the payment type the money goes back by. The server
 * prices it from the invoice's lines; the client sends no amounts.
 */
export const refundSchema = z.object({
  reasonId: voidReasonIdSchema,
  paymentTypeId: idOf('Please select a payment type!'),
  lines: z
    .array(
      z.object({
        orderItemId: idOf('Order item not found!'),
        quantity: z.preprocess(
          (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
          z.number({ error: QUANTITY }).int({ error: QUANTITY }).min(1, { error: QUANTITY }).max(1000, {
            error: QUANTITY,
          }),
        ),
      }),
      { error: INVALID },
    )
    .max(REFUND_LINES_MAX, { error: INVALID })
    .refine((lines) => new Set(lines.map((l) => l.orderItemId)).size === lines.length, {
      error: 'Each line may be listed once!',
    })
    .optional(),
});
export type RefundInput = z.input<typeof refundSchema>;

/** One refund of an invoice as the invoice shows it: amounts in the invoice currency's decimals. */
export const refundResponse = z.object({
  id: z.number(),
  invoice_id: z.number(),
  created_at: z.string(),
  reason: z.string(),
  payment_type: z.string(),
  currency: z.string(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  created_by: z.string().nullable(),
  lines: z.array(
    z.object({
      order_item_id: z.number(),
      item_title: z.string(),
      quantity: z.number(),
      total: z.number(),
    }),
  ),
});
export type Refund = z.infer<typeof refundResponse>;

/**
 * GET /invoices/{id}/refunds: the invoice's refunds, and each of its lines with how many units are
 * still refundable (what the refund dialog offers).
 */
export const invoiceRefundsResponse = z.object({
  invoice_id: z.number(),
  currency: z.string(),
  total: z.number(),
  refunded: z.number(),
  refunds: z.array(refundResponse),
  /** The active payment types a refund may be paid out by. */
  paymentTypes: z.array(z.object({ id: z.number(), title: z.string() })),
  /**
   * How the bill was paid, by payment type (issue 31): the refund dialog pays back to these by default.
   * Amounts without change, in the currency's decimals.
   */
  payments: z.array(
    z.object({ payment_type_id: z.number().nullable(), title: z.string(), amount: z.number() }),
  ),
  lines: z.array(
    z.object({
      order_item_id: z.number(),
      item_title: z.string(),
      variant_title: z.string().nullable(),
      quantity: z.number(),
      refundable: z.number(),
      price: z.number(),
      total: z.number(),
      /**
       * What giving back 1, 2, … of the units left would refund, as the server prices it (issue 31): the
       * dialog's button reads the amount before it is sent.
       */
      refund_amounts: z.array(z.number()),
    }),
  ),
});
export type InvoiceRefunds = z.infer<typeof invoiceRefundsResponse>;

export const refundCreatedResponse = z.object({ message: z.string(), refund: refundResponse });
export type RefundCreated = z.infer<typeof refundCreatedResponse>;

// ---------------------------------------------------------------------------------------------------
// The owner's audit log

export const AUDIT_LOG_PER_PAGE = 25;
const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: INVALID })
    .int({ error: INVALID })
    .min(1, { error: INVALID })
    .max(max, { error: INVALID })
    .default(fallback);

const auditDates = dateRangeQuery();

/**
 * GET /audit-log?action&userId&q&type&from&to&page&perPage: newest first. `action` is an exact action
 * name ('order_item.void') or a family ('order_item'); `q` matches the target (type or id) and the
 * details' text; `type` is a date filter of the store's days (none: every day).
 */
export const auditLogQuery = z
  .object({
    page: pageNumber(1, 1_000_000),
    perPage: pageNumber(AUDIT_LOG_PER_PAGE, 100),
    action: z
      .string({ error: INVALID })
      .trim()
      .max(60, { error: 'Value is too long!' })
      .optional()
      .transform((v) => v || undefined),
    userId: z.preprocess(
      (v) => (v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
      idOf('User not found!').optional(),
    ),
    q: z
      .string({ error: INVALID })
      .trim()
      .max(120, { error: 'Value is too long!' })
      .optional()
      .transform((v) => v || undefined),
    type: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .transform((q, ctx) => {
    if (q.type === undefined || q.type === '') return { ...q, dates: undefined };
    const parsed = auditDates.safeParse({ type: q.type, from: q.from, to: q.to });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return { ...q, dates: parsed.data };
  });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const auditLogEntryResponse = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  user_id: z.number().nullable(),
  /** The acting user's name and username, or null when the user was deleted or it was the system. */
  user: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntryResponse>;

export const auditLogResponse = z.object({
  entries: z.array(auditLogEntryResponse),
  currentPage: z.number(),
  perPage: z.number(),
  total: z.number(),
  /** The tenant's users, for the user filter. */
  users: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Every action name the log holds, for the action filter. */
  actions: z.array(z.string()),
  /** The store's time zone and currency: what the entries' times and amounts are shown in. */
  timezone: z.string(),
  currency: z.string(),
});
export type AuditLogPage = z.infer<typeof auditLogResponse>;
