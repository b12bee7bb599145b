import { z } from 'zod';
import { staffPinSchema } from './staff-pins.ts';
import { type BillPart, allocateMinor } from './bill-split.ts';
import { amountInput, optionalAmountInput } from './money-input.ts';
import { toMinor } from './money.ts';
import { lineTotals } from './totals.ts';

/**
 * Discounts, tips and a service charge at pay time (issue 15, docs/discounts.md). A discount is taken off
 * a line's price (before exclusive tax, with inclusive tax in it), or off the bill, where it is spread
 * across the lines in proportion to their prices with allocateMinor; each line's tax is then recomputed on
 * its discounted price. Tips and the service charge are money of their own: never taxed, never discounted.
 * Integer minor units throughout; the server and the pay dialogs use these same functions.
 */

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_REASON_REQUIRED = 'Please give a reason for the discount!';
export const DISCOUNT_VALUE_INVALID = 'Please give a discount from 0.01 % to 100 %, or an amount!';
export const DISCOUNT_TOO_LARGE = 'A discount cannot be more than what it is taken off!';
export const DISCOUNT_TWICE = 'Only one discount per item and one on the whole bill!';
export const DISCOUNT_LINE_UNKNOWN = 'A discounted item is not on this bill!';
export const TIP_INVALID = 'Please provide a valid tip!';
export const GUESTS_INVALID = 'Please give the number of guests, from 1 to 999!';
export const DISCOUNTS_MAX = 50;
/** Default of the store setting "discount % needing a manager": 20 %. */
export const MANAGER_DISCOUNT_DEFAULT_BP = 2000;

/** Thrown for a discount that cannot be given; `message` is what the user is told. */
export class DiscountError extends Error {}

/** One discount as a pay call carries it: on a line (its id) or on the whole bill (no lineId). */
export const discountSchema = z.object(
  {
    lineId: z
      .number({ error: DISCOUNT_LINE_UNKNOWN })
      .int({ error: DISCOUNT_LINE_UNKNOWN })
      .positive({ error: DISCOUNT_LINE_UNKNOWN })
      .nullish()
      .transform((v) => v ?? null),
    kind: z.enum(DISCOUNT_KINDS, { error: DISCOUNT_VALUE_INVALID }),
    /** A percentage (up to 2 decimals) or an amount in the currency's decimals. */
    value: amountInput(DISCOUNT_VALUE_INVALID),
    reason: z
      .string({ error: DISCOUNT_REASON_REQUIRED })
      .trim()
      .min(1, { error: DISCOUNT_REASON_REQUIRED })
      .max(200, { error: 'The reason is too long!' }),
  },
  { error: DISCOUNT_VALUE_INVALID },
);
export type DiscountInput = z.input<typeof discountSchema>;
export type Discount = z.output<typeof discountSchema>;

export const APPROVAL_INVALID = "The manager's approval has expired or no longer matches the discount!";
export const PIN_INVALID = 'Please give a PIN of 4 to 8 digits!';

const approvalIdSchema = z
  .uuid({ error: APPROVAL_INVALID })
  .nullish()
  .transform((v) => v ?? null);

/**
 * A manager's PIN on the same device (docs/discounts.md): the manager picks their name and types their
 * PIN for the discounts the dialog holds; the answer's approval is used once, by this user, for these
 * orders and these discounts, within minutes.
 */
export const managerApprovalSchema = z.object({
  orderIds: z
    .array(
      z
        .number({ error: 'Order not found!' })
        .int({ error: 'Order not found!' })
        .positive({ error: 'Order not found!' }),
      { error: 'Please select orders!' },
    )
    .min(1, { error: 'Please select orders!' })
    .max(100, { error: 'Too many orders!' }),
  discounts: z
    .array(discountSchema, { error: DISCOUNT_VALUE_INVALID })
    .min(1, { error: DISCOUNT_VALUE_INVALID })
    .max(DISCOUNTS_MAX, { error: DISCOUNT_TWICE }),
  userId: z
    .number({ error: 'Please choose a manager!' })
    .int()
    .positive({ error: 'Please choose a manager!' }),
  pin: z.string({ error: PIN_INVALID }).regex(/^\d{4,8}$/, { error: PIN_INVALID }),
});
export type ManagerApprovalInput = z.input<typeof managerApprovalSchema>;

export const managerApprovalResponse = z.object({
  approvalId: z.string(),
  approver: z.object({ id: z.number(), name: z.string() }),
  /** ISO instant after which the approval is refused. */
  expiresAt: z.string(),
});
export type ManagerApproval = z.infer<typeof managerApprovalResponse>;

/** GET /discounts/approvers: the users who may approve with a PIN (MANAGER or admin, PIN set). */
export const approversResponse = z.object({
  approvers: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** POST /auth/profile/pin: set (or, with null, remove) the user's own PIN; their password confirms it. */
export const setPinSchema = z.object({
  password: z
    .string({ error: 'Please provide your password!' })
    .min(1, { error: 'Please provide your password!' }),
  // New PINs are 4 to 6 digits (issue 31: the same PIN opens the PIN pad); older ones of 7 or 8 still work.
  pin: staffPinSchema.nullable(),
});
export type SetPinInput = z.input<typeof setPinSchema>;

/**
 * What an approval is for: the orders and the discounts (line, kind, value; not the reason's wording).
 * The server compares the pay call's key with the approval's, so an approval for 25 % cannot pay 100 %.
 */
export function approvalKey(orderIds: readonly number[], discounts: readonly Discount[]): string {
  const orders = [...new Set(orderIds)].sort((a, b) => a - b);
  const taken = discounts
    .map((d) => [d.lineId ?? 0, d.kind, String(d.value).trim()] as const)
    .sort((a, b) => a[0] - b[0]);
  return JSON.stringify([orders, taken]);
}

/** The fields a table pay and a split pay add: discounts, the tip and the guests (service charge). */
export const billExtrasSchema = z.object({
  discounts: z
    .array(discountSchema, { error: DISCOUNT_VALUE_INVALID })
    .max(DISCOUNTS_MAX, { error: DISCOUNT_TWICE })
    .default([]),
  tip: optionalAmountInput(TIP_INVALID),
  guests: z
    .number({ error: GUESTS_INVALID })
    .int({ error: GUESTS_INVALID })
    .min(1, { error: GUESTS_INVALID })
    .max(999, { error: GUESTS_INVALID })
    .nullish()
    .transform((v) => v ?? null),
  /** A manager's approval given with their PIN on this device (POST /discounts/approvals). */
  approvalId: approvalIdSchema,
});

/** A bill line as discounts see it: its price (unit × quantity) and its tax. */
export interface DiscountLineInput {
  id: number;
  /** The line's price: unit price × quantity (for inclusive tax, the tax is in it). */
  amountMinor: number;
  taxRateBp: number;
  taxType: string | null | undefined;
}

/** A discounted line: what was taken off its price and its figures after that, tax recomputed. */
export interface DiscountedLine {
  id: number;
  discountMinor: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** A discount as given: what it took off what base (for the manager threshold), and its reason. */
export interface AppliedDiscount {
  lineId: number | null;
  kind: DiscountKind;
  /** Hundredths of a percent for `percent`, minor units for `amount`. */
  value: number;
  reason: string;
  baseMinor: number;
  offMinor: number;
}

export interface DiscountedBill {
  lines: DiscountedLine[];
  applied: AppliedDiscount[];
  /** The lines' prices before any discount: what the whole bill's reduction is measured against. */
  priceMinor: number;
  /** What the discounts took off the lines' prices. */
  discountMinor: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** A line's price as stored: its net for exclusive tax, its total otherwise (the tax is in it or none). */
export function linePrice(line: {
  netMinor: number;
  totalMinor: number;
  taxType: string | null | undefined;
}) {
  return line.taxType === 'exclusive' ? line.netMinor : line.totalMinor;
}

/** round_half_up(amount × bp / 10000) for non-negative integers. */
export function percentOf(amountMinor: number, bp: number): number {
  const n = BigInt(amountMinor) * BigInt(bp);
  return Number((n * 2n + 10000n) / 20000n);
}

/** A discount's value in hundredths of a percent or minor units; throws DiscountError when invalid. */
export function discountValue(kind: DiscountKind, value: string, digits: number): number {
  const parsed = toMinor(value, kind === 'percent' ? 2 : digits);
  if (parsed === null || parsed <= 0 || (kind === 'percent' && parsed > 10000))
    throw new DiscountError(DISCOUNT_VALUE_INVALID);
  return parsed;
}

function off(kind: DiscountKind, value: number, base: number) {
  const taken = kind === 'percent' ? percentOf(base, value) : value;
  if (taken > base) throw new DiscountError(DISCOUNT_TOO_LARGE);
  return taken;
}

/**
 * The bill's lines after its discounts: line discounts first, then a bill discount spread across what
 * is left of every line in proportion (allocateMinor, so the shares add up exactly). Each line's tax is
 * recomputed on its discounted price. Without discounts every line keeps exactly its stored figures.
 */
export function applyDiscounts(
  lines: readonly DiscountLineInput[],
  discounts: readonly Discount[],
  digits: number,
): DiscountedBill {
  const byLine = new Map<number, number>();
  const applied: AppliedDiscount[] = [];
  let bill: Discount | undefined;
  for (const d of discounts) {
    if (d.lineId === null) {
      if (bill) throw new DiscountError(DISCOUNT_TWICE);
      bill = d;
      continue;
    }
    const line = lines.find((l) => l.id === d.lineId);
    if (!line) throw new DiscountError(DISCOUNT_LINE_UNKNOWN);
    if (byLine.has(line.id)) throw new DiscountError(DISCOUNT_TWICE);
    const value = discountValue(d.kind, d.value, digits);
    const taken = off(d.kind, value, line.amountMinor);
    byLine.set(line.id, taken);
    applied.push({ ...d, value, baseMinor: line.amountMinor, offMinor: taken });
  }
  const left = lines.map((l) => l.amountMinor - (byLine.get(l.id) ?? 0));
  let shares = lines.map(() => 0);
  if (bill) {
    const base = left.reduce((s, a) => s + a, 0);
    const value = discountValue(bill.kind, bill.value, digits);
    const taken = off(bill.kind, value, base);
    if (taken > 0) shares = allocateMinor(taken, left);
    applied.push({ ...bill, value, baseMinor: base, offMinor: taken });
  }
  const out = lines.map((l, i): DiscountedLine => {
    const discountMinor = (byLine.get(l.id) ?? 0) + (shares[i] ?? 0);
    const t = lineTotals({
      unitMinor: l.amountMinor - discountMinor,
      quantity: 1,
      taxRateBp: l.taxRateBp,
      taxType: l.taxType,
    });
    return { id: l.id, discountMinor, ...t };
  });
  const sum = (k: keyof DiscountedLine) => out.reduce((s, l) => s + l[k], 0);
  return {
    lines: out,
    applied,
    priceMinor: lines.reduce((s, l) => s + l.amountMinor, 0),
    discountMinor: sum('discountMinor'),
    netMinor: sum('netMinor'),
    taxMinor: sum('taxMinor'),
    totalMinor: sum('totalMinor'),
  };
}

/** Whether a discount takes off more than `thresholdBp` (hundredths of a percent) of its base. */
export function needsManager(d: AppliedDiscount, thresholdBp: number): boolean {
  return BigInt(d.offMinor) * 10000n > BigInt(d.baseMinor) * BigInt(thresholdBp);
}

/**
 * Whether a bill's discounts need a manager: one of them takes off more than `thresholdBp` of its own
 * base, or all of them together take off more than that of the bill's price. Stacked discounts (20 % on
 * each line and 20 % on the bill: 36 % in all) are measured as the one reduction they make.
 */
export function billNeedsManager(bill: DiscountedBill, thresholdBp: number): boolean {
  return (
    bill.applied.some((d) => needsManager(d, thresholdBp)) ||
    BigInt(bill.discountMinor) * 10000n > BigInt(bill.priceMinor) * BigInt(thresholdBp)
  );
}

/**
 * The automatic service charge: `bp` of the bill's total after discounts when the party has at least
 * `minGuests` guests; 0 when the store has none (bp 0) or the party is smaller.
 */
export function serviceCharge(totalMinor: number, bp: number, minGuests: number, guests: number | null) {
  if (bp <= 0 || guests === null || guests < minGuests) return 0;
  return percentOf(totalMinor, bp);
}

const PERCENT_INVALID = 'Please give a percentage from 0 to 100!';
const percentField = amountInput(PERCENT_INVALID).refine(
  (v) => {
    const bp = toMinor(v, 2);
    return bp !== null && bp <= 10000;
  },
  { error: PERCENT_INVALID },
);

/** POST /settings/bill-setting: the manager threshold and the automatic service charge (percentages). */
export const billSettingsSchema = z.object({
  managerDiscountPercent: percentField,
  serviceChargePercent: percentField,
  serviceChargeGuests: z
    .number({ error: GUESTS_INVALID })
    .int({ error: GUESTS_INVALID })
    .min(1, { error: GUESTS_INVALID })
    .max(999, { error: GUESTS_INVALID }),
});
export type BillSettingsInput = z.input<typeof billSettingsSchema>;

/** The bill settings as the API answers them: percentages as numbers (20 is 20 %). */
export const billSettingsResponse = z.object({
  managerDiscountPercent: z.number(),
  serviceChargePercent: z.number(),
  serviceChargeGuests: z.number(),
});
export type BillSettings = z.infer<typeof billSettingsResponse>;

/** What a paid bill adds to its figures, in the currency's decimals (the pay answers carry them). */
/**
 * A discount given on one line of a paid bill (not its share of a bill discount): what it took off the
 * line's price, the percent when it was a percentage, and its reason. Receipts print it under its line
 * (issue 31), so "1 x 7.00 ... 6.30" reads "Discount 10% −0.70" between the two.
 */
export const lineDiscountResponse = z.object({
  line_id: z.number(),
  discount: z.number(),
  percent: z.number().nullable(),
  reason: z.string(),
});
export type LineDiscountShown = z.infer<typeof lineDiscountResponse>;

export const billExtrasResponse = z.object({
  discount: z.number(),
  serviceCharge: z.number(),
  tip: z.number(),
  /** The line discounts among `discount` (the rest is the bill's own discount). */
  lineDiscounts: z.array(lineDiscountResponse),
});

/** A split part's share of the bill's discount and service charge, its tip, and what its payments owe. */
export interface PartExtras {
  discountMinor: number;
  serviceChargeMinor: number;
  tipMinor: number;
  /** The part's total + its service charge + its tip: what its payments must add up to. */
  owesMinor: number;
}

/** The key of a part's share of a line in `partLineDiscounts`: the part's index and the line's id. */
export const partLineKey = (partIndex: number, lineId: number) => `${partIndex}:${lineId}`;

/**
 * Each part's share of each line's discount (keyed by `partLineKey`): the line's discount shared between
 * the parts that pay for it in proportion to their shares of the line (allocateMinor, so the shares add
 * up exactly to the line's discount). A part's receipt prints each share under its line.
 */
export function partLineDiscounts(
  parts: readonly BillPart[],
  lines: readonly { id: number; discountMinor: number }[],
): Map<string, number> {
  const shares = new Map<string, number>();
  for (const line of lines) {
    if (line.discountMinor <= 0) continue;
    const holders = parts.flatMap((p) =>
      p.lines.filter((l) => l.lineId === line.id).map((l) => ({ part: p.index, num: l.shareNum })),
    );
    if (holders.length === 0) continue;
    allocateMinor(
      line.discountMinor,
      holders.map((h) => h.num),
    ).forEach((share, i) => {
      const key = partLineKey(holders[i]?.part ?? 0, line.id);
      shares.set(key, (shares.get(key) ?? 0) + share);
    });
  }
  return shares;
}

/**
 * What each part of a split (discounted) bill adds: each line's discount shared between the parts that
 * pay for it in proportion to their shares of the line, the service charge in proportion to the parts'
 * totals (allocateMinor: both add up exactly), and each part's own tip.
 */
export function partExtras(
  parts: readonly BillPart[],
  lines: readonly { id: number; discountMinor: number }[],
  serviceChargeMinor: number,
  tips: readonly number[],
): PartExtras[] {
  const discounts = parts.map(() => 0);
  for (const [key, share] of partLineDiscounts(parts, lines)) {
    const part = Number(key.split(':')[0]);
    discounts[part] = (discounts[part] ?? 0) + share;
  }
  const totals = parts.map((p) => p.totalMinor);
  const charges =
    serviceChargeMinor > 0 && totals.some((t) => t > 0)
      ? allocateMinor(serviceChargeMinor, totals)
      : parts.map(() => 0);
  return parts.map((p, i) => {
    const serviceCharge = charges[i] ?? 0;
    const tip = tips[i] ?? 0;
    return {
      discountMinor: discounts[i] ?? 0,
      serviceChargeMinor: serviceCharge,
      tipMinor: tip,
      owesMinor: p.totalMinor + serviceCharge + tip,
    };
  });
}
