import {
  type BillSettings,
  type Discount,
  type DiscountKind,
  DiscountError,
  type DiscountedBill,
  type OrderItem,
  applyDiscounts,
  approvalKey,
  billNeedsManager,
  linePrice,
  serviceCharge,
  toMinor,
} from '@comanda/core';
import { minorOf } from './money.ts';

/** A discount on one line of the bill, as typed (the line is an order item's id). */
export interface LineDiscountInput {
  /** The row's own key: the line it discounts can be changed. */
  rowId: string;
  lineId: number | null;
  kind: DiscountKind;
  value: string | number;
  reason: string;
}

/** The Discount, item discounts, Tip and Guests fields of a pay dialog, as typed. */
export interface ExtrasInput {
  kind: DiscountKind;
  value: string | number;
  reason: string;
  lines: LineDiscountInput[];
  tip: string | number;
  guests: string | number;
}

export const NO_EXTRAS: ExtrasInput = {
  kind: 'percent',
  value: '',
  reason: '',
  lines: [],
  tip: '',
  guests: '',
};

/**
 * What Pay & Complete hands to Split & pay (issue 31): the typed discounts, tip and guests, and a
 * manager's approval still valid for them, so Split starts where the waiter was.
 */
export interface CarriedExtras {
  extras: ExtrasInput;
  approval: Approval | null;
}

/** A manager's approval by PIN, for the orders and discounts of `key` (approvalKey in core). */
export interface Approval {
  id: string;
  approver: string;
  key: string;
  /** Epoch ms after which the server refuses it. */
  expiresAt: number;
}

/** The approval while the dialog still holds what it was given for; null once anything changed. */
export function currentApproval(approval: Approval | null, orderIds: number[], discounts: Discount[]) {
  return approval && approval.key === approvalKey(orderIds, discounts) ? approval : null;
}

const text = (v: string | number) => String(v).trim();

/** What the typed fields make of the bill, worked out with the core functions the server uses. */
export interface ExtrasFigures {
  bill: DiscountedBill;
  discountMinor: number;
  serviceChargeMinor: number;
  tipMinor: number;
  /** total + service charge + tip: what the payment must cover. */
  payMinor: number;
  /** A field's problem in words (shown, and Pay disabled), or null. */
  error: string | null;
  reasonMissing: boolean;
  /** The discounts' reasons, as the receipt prints them (the server joins them the same way). */
  reasons: string | null;
  /** The discount is above the owner's threshold: a manager must take the payment. */
  aboveThreshold: boolean;
  /** The request fields: discounts, tip and guests. */
  body: { discounts: Discount[]; tip: string | null; guests: number | null };
}

/**
 * The bill's lines after a bill discount, the service charge and the tip, from the lines' server figures
 * (cancelled lines left out). The server recomputes all of it; this is what the dialog shows.
 */
export function extrasFigures(
  items: readonly OrderItem[],
  input: ExtrasInput,
  settings: BillSettings | undefined,
  digits: number,
): ExtrasFigures {
  const lines = items
    .filter((i) => i.status !== 'cancelled')
    .map((i) => ({
      id: i.id,
      amountMinor: linePrice({
        netMinor: minorOf(i.net, digits),
        totalMinor: minorOf(i.total, digits),
        taxType: i.tax_type,
      }),
      taxRateBp: toMinor(String(i.tax_rate), 2) ?? 0,
      taxType: i.tax_type,
    }));
  const reason = input.reason.trim();
  // Item discounts first (the order the server applies them in), then the one on the bill.
  const discounts: Discount[] = input.lines
    .filter((l) => l.lineId !== null && text(l.value) !== '')
    .map((l) => ({ lineId: l.lineId, kind: l.kind, value: text(l.value), reason: l.reason.trim() }));
  if (text(input.value) !== '')
    discounts.push({ lineId: null, kind: input.kind, value: text(input.value), reason });
  let error: string | null = null;
  let bill: DiscountedBill;
  try {
    bill = applyDiscounts(lines, discounts, digits);
  } catch (e) {
    if (!(e instanceof DiscountError)) throw e;
    error = e.message;
    bill = applyDiscounts(lines, [], digits);
  }
  const tipText = text(input.tip);
  const tipMinor = tipText === '' ? 0 : toMinor(tipText, digits);
  if (tipMinor === null) error ??= 'Please provide a valid tip!';
  const guests = text(input.guests) === '' ? null : Number(text(input.guests));
  const chargeBp = Math.round((settings?.serviceChargePercent ?? 0) * 100);
  const serviceChargeMinor = serviceCharge(
    bill.totalMinor,
    chargeBp,
    settings?.serviceChargeGuests ?? 1,
    guests !== null && Number.isInteger(guests) ? guests : null,
  );
  const thresholdBp = Math.round((settings?.managerDiscountPercent ?? 100) * 100);
  return {
    bill,
    discountMinor: bill.discountMinor,
    serviceChargeMinor,
    tipMinor: tipMinor ?? 0,
    payMinor: bill.totalMinor + serviceChargeMinor + (tipMinor ?? 0),
    error,
    reasonMissing: discounts.some((d) => d.reason === ''),
    reasons: [...new Set(discounts.map((d) => d.reason).filter((r) => r !== ''))].join('; ') || null,
    aboveThreshold: billNeedsManager(bill, thresholdBp),
    body: {
      discounts,
      tip: tipText === '' ? null : tipText,
      guests: guests !== null && Number.isInteger(guests) && guests > 0 ? guests : null,
    },
  };
}
