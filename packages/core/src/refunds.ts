import { type LineTotals, lineTotals } from './totals.ts';

/** A sold line as stored: its unit price, quantity and tax, and the figures it was billed at. */
export interface RefundableLine {
  unitMinor: number;
  quantity: number;
  taxRateBp: number;
  taxType: string | null | undefined;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** What a discount took off the line's price (docs/discounts.md); its figures above are after it. */
  discountMinor?: number;
}

/** The figures of the first `quantity` units of a line: the billed figures for all of it. */
function figuresOfFirst(line: RefundableLine, quantity: number): LineTotals {
  if (quantity >= line.quantity) {
    return { netMinor: line.netMinor, taxMinor: line.taxMinor, totalMinor: line.totalMinor };
  }
  if (quantity <= 0) return { netMinor: 0, taxMinor: 0, totalMinor: 0 };
  const discount = line.discountMinor ?? 0;
  if (discount > 0) {
    // The first units' price less their share of the line's discount (rounded down, so the units
    // refunded last take the rest), tax recomputed on it as the bill did.
    const share = Math.floor((discount * quantity) / line.quantity);
    return lineTotals({ ...line, unitMinor: line.unitMinor * quantity - share, quantity: 1 });
  }
  return lineTotals({ ...line, quantity });
}

/**
 * What refunding `quantity` more units of a line gives back, when `alreadyRefunded` units were refunded
 * before: the figures of all units refunded so far less those of the earlier ones, so any sequence of
 * partial refunds of a line adds up exactly to what it was billed (the last one takes the rounding).
 */
export function refundLineFigures(
  line: RefundableLine,
  alreadyRefunded: number,
  quantity: number,
): LineTotals {
  const after = figuresOfFirst(line, alreadyRefunded + quantity);
  const before = figuresOfFirst(line, alreadyRefunded);
  return {
    netMinor: after.netMinor - before.netMinor,
    taxMinor: after.taxMinor - before.taxMinor,
    totalMinor: after.totalMinor - before.totalMinor,
  };
}
