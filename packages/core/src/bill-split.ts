/**
 * Splitting a bill (issue 15): a group's lines, each with its figures from lineTotals, shared out into
 * parts by item (some units of a line to a part), by seat, or evenly into N parts. Tax is attributed line
 * by line: each line's net and tax are shared out on their own, so every part's net, tax and total are
 * sums of line shares, and the parts add up EXACTLY to the whole. Integer minor units, BigInt
 * intermediates, and every rounding remainder goes somewhere fixed (largest remainder, ties to the lowest
 * part index), so the same bill always splits the same way.
 */

export const SPLIT_PARTS_MAX = 20;
export const SPLIT_MODES = ['whole', 'item', 'seat', 'even'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

export const SPLIT_PARTS_INVALID = `Please split into 2 to ${SPLIT_PARTS_MAX} parts!`;
export const SPLIT_LINE_UNKNOWN = 'An item of the split is not on this bill!';
export const SPLIT_UNITS_INVALID = 'Every item must be shared out in whole units, no more than it has!';
export const SPLIT_UNASSIGNED = 'Every item must be assigned to a part!';
export const SPLIT_PART_EMPTY = 'Every part needs at least one item!';
export const SPLIT_NO_SEATS = 'No item on this bill has a seat! Set seats or split another way.';

/** A bill line to split: its quantity, its figures (total = net + tax) and its seat, if any. */
export interface SplitLineInput {
  /** The line's id: parts name their lines by it. */
  id: number;
  quantity: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  seat: number | null;
}

/** Units of a line given to a part (split by item). */
export interface SplitAssignment {
  lineId: number;
  /** 0-based part index. */
  part: number;
  units: number;
}

export type SplitPlan =
  | { mode: 'whole' }
  | { mode: 'even'; parts: number }
  | { mode: 'seat' }
  | { mode: 'item'; parts: number; assign: readonly SplitAssignment[] };

/** A part's share of one line: `shareNum / shareDen` of it (units of its quantity, or 1/N of it). */
export interface PartLine {
  lineId: number;
  shareNum: number;
  shareDen: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface BillPart {
  /** 0-based, in the order the parts are paid and shown. */
  index: number;
  /** Split by seat: the seat this part is for. */
  seat: number | null;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  lines: PartLine[];
}

/** Thrown for a split that cannot be made; `message` is what the user is told. */
export class SplitError extends Error {}

function toSafe(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError('Amount too large');
  return n;
}

/**
 * `amountMinor` shared out in proportion to `weights` (non-negative, not all 0), exactly: each share is
 * rounded down, then the units left go one each to the largest remainders, ties to the lowest index.
 * Used for a line's units between parts, and for a bill-level amount (a bill discount) across lines.
 */
export function allocateMinor(amountMinor: number, weights: readonly number[]): number[] {
  const w = weights.map((x) => BigInt(x));
  const sum = w.reduce((a, b) => a + b, 0n);
  if (w.some((x) => x < 0n) || sum === 0n) throw new RangeError('Weights must be non-negative, not all 0');
  const amount = BigInt(amountMinor);
  const shares = w.map((x) => (amount * x) / sum);
  const remainders = w.map((x, i) => ({ i, r: amount * x - (shares[i] ?? 0n) * sum }));
  let left = amount - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(toSafe);
}

/** How many of the minor units numbered [from, to) fall to part `j` when they are dealt round-robin. */
function dealt(from: bigint, to: bigint, j: bigint, n: bigint): bigint {
  const upTo = (x: bigint) => (x <= j ? 0n : (x - j + n - 1n) / n);
  return upTo(to) - upTo(from);
}

function emptyParts(count: number, seats: (number | null)[] = []): BillPart[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    seat: seats[index] ?? null,
    netMinor: 0,
    taxMinor: 0,
    totalMinor: 0,
    lines: [],
  }));
}

function addShare(part: BillPart, share: PartLine) {
  part.lines.push(share);
  part.netMinor += share.netMinor;
  part.taxMinor += share.taxMinor;
  part.totalMinor += share.totalMinor;
}

/**
 * Lines shared evenly between `parts`: every minor unit of the lines' nets, then of their taxes, is dealt
 * round-robin from the lowest part, line after line. Each part gets its share of every line, and the
 * parts' totals differ by at most one minor unit (the lower parts get the extra units).
 */
function shareEvenly(lines: readonly SplitLineInput[], parts: BillPart[]) {
  const n = BigInt(parts.length);
  const netAll = lines.reduce((s, l) => s + BigInt(l.netMinor), 0n);
  let netAt = 0n;
  let taxAt = netAll;
  for (const line of lines) {
    const netEnd = netAt + BigInt(line.netMinor);
    const taxEnd = taxAt + BigInt(line.taxMinor);
    for (const part of parts) {
      const j = BigInt(part.index);
      const net = toSafe(dealt(netAt, netEnd, j, n));
      const tax = toSafe(dealt(taxAt, taxEnd, j, n));
      addShare(part, {
        lineId: line.id,
        shareNum: 1,
        shareDen: parts.length,
        netMinor: net,
        taxMinor: tax,
        totalMinor: net + tax,
      });
    }
    netAt = netEnd;
    taxAt = taxEnd;
  }
}

function wholeLine(line: SplitLineInput): PartLine {
  return {
    lineId: line.id,
    shareNum: 1,
    shareDen: 1,
    netMinor: line.netMinor,
    taxMinor: line.taxMinor,
    totalMinor: line.totalMinor,
  };
}

function checkPartCount(count: number) {
  if (!Number.isInteger(count) || count < 2 || count > SPLIT_PARTS_MAX)
    throw new SplitError(SPLIT_PARTS_INVALID);
}

function splitByItem(lines: readonly SplitLineInput[], count: number, assign: readonly SplitAssignment[]) {
  checkPartCount(count);
  const parts = emptyParts(count);
  const byLine = new Map(lines.map((l) => [l.id, new Array<number>(count).fill(0)]));
  for (const a of assign) {
    const units = byLine.get(a.lineId);
    if (!units) throw new SplitError(SPLIT_LINE_UNKNOWN);
    if (!Number.isInteger(a.part) || a.part < 0 || a.part >= count) throw new SplitError(SPLIT_PARTS_INVALID);
    if (!Number.isInteger(a.units) || a.units < 1) throw new SplitError(SPLIT_UNITS_INVALID);
    units[a.part] = (units[a.part] ?? 0) + a.units;
  }
  for (const line of lines) {
    const units = byLine.get(line.id) ?? [];
    const given = units.reduce((s, u) => s + u, 0);
    if (given > line.quantity) throw new SplitError(SPLIT_UNITS_INVALID);
    if (given < line.quantity) throw new SplitError(SPLIT_UNASSIGNED);
    const nets = allocateMinor(line.netMinor, units);
    const taxes = allocateMinor(line.taxMinor, units);
    units.forEach((u, i) => {
      const part = parts[i];
      if (!part || u === 0) return;
      const net = nets[i] ?? 0;
      const tax = taxes[i] ?? 0;
      addShare(part, {
        lineId: line.id,
        shareNum: u,
        shareDen: line.quantity,
        netMinor: net,
        taxMinor: tax,
        totalMinor: net + tax,
      });
    });
  }
  if (parts.some((p) => p.lines.length === 0)) throw new SplitError(SPLIT_PART_EMPTY);
  return parts;
}

/** One part per seat, lowest seat first; lines without a seat are shared evenly between the seats. */
function splitBySeat(lines: readonly SplitLineInput[]) {
  const seats = [...new Set(lines.flatMap((l) => (l.seat === null ? [] : [l.seat])))].sort((a, b) => a - b);
  if (seats.length === 0) throw new SplitError(SPLIT_NO_SEATS);
  const parts = emptyParts(seats.length, seats);
  const shared: SplitLineInput[] = [];
  for (const line of lines) {
    const part = line.seat === null ? undefined : parts[seats.indexOf(line.seat)];
    if (part) addShare(part, wholeLine(line));
    else shared.push(line);
  }
  if (shared.length > 0) shareEvenly(shared, parts);
  return parts;
}

/**
 * A bill's lines split into parts by `plan`. The parts' nets, taxes and totals each sum exactly to the
 * lines'; a part's total is its net plus its tax. Throws SplitError for a plan that does not fit the lines.
 */
export function splitBill(lines: readonly SplitLineInput[], plan: SplitPlan): BillPart[] {
  switch (plan.mode) {
    case 'whole': {
      const [part] = emptyParts(1);
      if (!part) return [];
      for (const line of lines) addShare(part, wholeLine(line));
      return [part];
    }
    case 'even': {
      checkPartCount(plan.parts);
      const parts = emptyParts(plan.parts);
      shareEvenly(lines, parts);
      return parts;
    }
    case 'seat':
      return splitBySeat(lines);
    case 'item':
      return splitByItem(lines, plan.parts, plan.assign);
  }
}
