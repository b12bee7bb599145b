/**
 * The one totals function (SPEC §3 Cart line, Order summary): every screen and the server compute a
 * cart's figures here, in integer minor units of the store currency. No floats: intermediates run in
 * BigInt, and tax is rounded half up per line.
 */

export interface TotalsLineInput {
  /** One unit: the item's price, or its variant's (which replaces it), plus the addons'. */
  unitMinor: number;
  quantity: number;
  /** Hundredths of a percent: 750 is 7.5 %. */
  taxRateBp: number;
  /** Anything but exclusive or inclusive means no tax. */
  taxType: string | null | undefined;
}

export interface LineTotals {
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface CartTotals {
  lines: LineTotals[];
  /** Sum of the lines' nets (before tax). */
  itemsTotal: number;
  taxTotal: number;
  /** Sum of the lines' totals. */
  payableTotal: number;
}

/** round_half_up(numerator / denominator) for non-negative integers. */
function divHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** An average in minor units: `totalMinor / count`, rounded half up; 0 when there is nothing to share. */
export function averageMinor(totalMinor: number, count: number): number {
  if (count <= 0) return 0;
  return toSafe(divHalfUp(BigInt(totalMinor), BigInt(count)));
}

function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError('Amount too large');
  return n;
}

/** One line's net, tax and total. */
export function lineTotals(line: TotalsLineInput): LineTotals {
  const amount = BigInt(line.unitMinor) * BigInt(line.quantity);
  const bp = BigInt(Math.max(0, Math.trunc(line.taxRateBp)));
  if (line.taxType === 'exclusive') {
    const tax = divHalfUp(amount * bp, 10000n);
    return { netMinor: toSafe(amount), taxMinor: toSafe(tax), totalMinor: toSafe(amount + tax) };
  }
  if (line.taxType === 'inclusive') {
    const tax = divHalfUp(amount * bp, 10000n + bp);
    return { netMinor: toSafe(amount - tax), taxMinor: toSafe(tax), totalMinor: toSafe(amount) };
  }
  const total = toSafe(amount);
  return { netMinor: total, taxMinor: 0, totalMinor: total };
}

/** A cart's lines and its items total, tax total and payable total. */
export function cartTotals(lines: readonly TotalsLineInput[]): CartTotals {
  const figures = lines.map(lineTotals);
  let net = 0n;
  let tax = 0n;
  let total = 0n;
  for (const f of figures) {
    net += BigInt(f.netMinor);
    tax += BigInt(f.taxMinor);
    total += BigInt(f.totalMinor);
  }
  return { lines: figures, itemsTotal: toSafe(net), taxTotal: toSafe(tax), payableTotal: toSafe(total) };
}

/** One unit's price: the variant's price when chosen (it replaces the item's), plus the addons'. */
export function unitPrice(
  basePriceMinor: number,
  variantPriceMinor: number | null | undefined,
  addonsMinor: readonly number[] = [],
): number {
  return (variantPriceMinor ?? basePriceMinor) + addonsMinor.reduce((sum, a) => sum + a, 0);
}
