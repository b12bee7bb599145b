import { describe, expect, it } from 'vitest';
import {
  type BillPart,
  SPLIT_NO_SEATS,
  SPLIT_PARTS_INVALID,
  SPLIT_PART_EMPTY,
  SPLIT_UNASSIGNED,
  SPLIT_UNITS_INVALID,
  SPLIT_LINE_UNKNOWN,
  type SplitAssignment,
  type SplitLineInput,
  type SplitPlan,
  allocateMinor,
  splitBill,
} from './bill-split.ts';
import { currencyDigits, toMinor } from './money.ts';
import { lineTotals } from './totals.ts';

/** A bill line priced by the one totals function. */
function line(
  id: number,
  unitMinor: number,
  quantity: number,
  tax: { bp: number; type: 'exclusive' | 'inclusive' | null },
  seat: number | null = null,
): SplitLineInput {
  return { id, quantity, seat, ...lineTotals({ unitMinor, quantity, taxRateBp: tax.bp, taxType: tax.type }) };
}

const VAT = { bp: 750, type: 'exclusive' } as const;
const GST = { bp: 1000, type: 'inclusive' } as const;
const NONE = { bp: 0, type: null } as const;

function sums(parts: BillPart[]) {
  return {
    net: parts.reduce((s, p) => s + p.netMinor, 0),
    tax: parts.reduce((s, p) => s + p.taxMinor, 0),
    total: parts.reduce((s, p) => s + p.totalMinor, 0),
  };
}

function whole(lines: SplitLineInput[]) {
  return {
    net: lines.reduce((s, l) => s + l.netMinor, 0),
    tax: lines.reduce((s, l) => s + l.taxMinor, 0),
    total: lines.reduce((s, l) => s + l.totalMinor, 0),
  };
}

/** Every part is its lines' sum, and every line is shared out exactly (net, tax and total). */
function expectExact(lines: SplitLineInput[], parts: BillPart[]) {
  expect(sums(parts)).toEqual(whole(lines));
  for (const part of parts) {
    expect(part.totalMinor).toBe(part.netMinor + part.taxMinor);
    expect(part.netMinor).toBe(part.lines.reduce((s, l) => s + l.netMinor, 0));
    expect(part.taxMinor).toBe(part.lines.reduce((s, l) => s + l.taxMinor, 0));
    for (const share of part.lines) {
      expect(share.netMinor).toBeGreaterThanOrEqual(0);
      expect(share.taxMinor).toBeGreaterThanOrEqual(0);
    }
  }
  for (const l of lines) {
    const shares = parts.flatMap((p) => p.lines.filter((s) => s.lineId === l.id));
    expect(shares.reduce((s, x) => s + x.netMinor, 0)).toBe(l.netMinor);
    expect(shares.reduce((s, x) => s + x.taxMinor, 0)).toBe(l.taxMinor);
    expect(shares.reduce((s, x) => s + x.totalMinor, 0)).toBe(l.totalMinor);
  }
}

describe('allocateMinor', () => {
  it('shares an amount by weights exactly, the remainder to the largest remainders, ties to the lowest index', () => {
    expect(allocateMinor(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateMinor(200, [1, 1, 1])).toEqual([67, 67, 66]);
    expect(allocateMinor(10, [1, 2])).toEqual([3, 7]); // 3.33 and 6.67: the larger remainder wins
    expect(allocateMinor(5, [0, 3, 0])).toEqual([0, 5, 0]);
    expect(allocateMinor(0, [2, 5])).toEqual([0, 0]);
  });

  it('refuses weights that share nothing', () => {
    expect(() => allocateMinor(10, [0, 0])).toThrow(RangeError);
    expect(() => allocateMinor(10, [])).toThrow(RangeError);
  });

  it('allocates a bill discount across lines in proportion to their totals', () => {
    // A 5.00 discount over lines of 21.50, 9.00 and 1.00.
    const shares = allocateMinor(500, [2150, 900, 100]);
    expect(shares).toEqual([341, 143, 16]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(500);
  });
});

describe('splitBill', () => {
  // The table of four: a burger on each of seats 1-3, two sodas on seat 4, a shared water.
  const table = [
    line(1, 1750, 1, VAT, 1), // 17.50 + 1.31 (1.3125)
    line(2, 1000, 1, VAT, 2), // 10.00 + 0.75
    line(3, 1000, 1, VAT, 3),
    line(4, 300, 2, GST, 4), // 6.00 incl. 0.55
    line(5, 100, 1, NONE, null),
  ];

  it('keeps the whole bill in one part', () => {
    const parts = splitBill(table, { mode: 'whole' });
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ netMinor: 4395, taxMinor: 336, totalMinor: 4731 });
    expectExact(table, parts);
  });

  it('splits by seat, lowest seat first, sharing a line without a seat evenly', () => {
    const parts = splitBill(table, { mode: 'seat' });
    expect(parts.map((p) => p.seat)).toEqual([1, 2, 3, 4]);
    // The water's 100 dealt 25 each.
    expect(parts.map((p) => p.totalMinor)).toEqual([1881 + 25, 1075 + 25, 1075 + 25, 600 + 25]);
    expect(parts.map((p) => p.taxMinor)).toEqual([131, 75, 75, 55]);
    expect(parts[3]?.lines).toEqual([
      { lineId: 4, shareNum: 1, shareDen: 1, netMinor: 545, taxMinor: 55, totalMinor: 600 },
      { lineId: 5, shareNum: 1, shareDen: 4, netMinor: 25, taxMinor: 0, totalMinor: 25 },
    ]);
    expectExact(table, parts);
  });

  it('refuses a split by seat when no line has a seat', () => {
    expect(() => splitBill([line(1, 100, 1, NONE)], { mode: 'seat' })).toThrow(SPLIT_NO_SEATS);
  });

  it('splits evenly, parts within one minor unit, the extra units to the lowest parts', () => {
    const parts = splitBill(table, { mode: 'even', parts: 3 });
    // 47.31 / 3 = 15.77 each.
    expect(parts.map((p) => p.totalMinor)).toEqual([1577, 1577, 1577]);
    expectExact(table, parts);
    const bill = [line(1, 1001, 1, NONE)];
    expect(splitBill(bill, { mode: 'even', parts: 3 }).map((p) => p.totalMinor)).toEqual([334, 334, 333]);
  });

  it('refuses fewer than 2 or more than 20 even parts', () => {
    for (const parts of [0, 1, 21, 2.5]) {
      expect(() => splitBill(table, { mode: 'even', parts })).toThrow(SPLIT_PARTS_INVALID);
    }
  });

  it('splits by item, units of a line to different parts, its tax shared by units', () => {
    const bill = [line(1, 1000, 3, VAT), line(2, 300, 1, GST)];
    // 3 burgers: 30.00 + 2.25 tax; 2 to part 0, 1 to part 1 with the soda.
    const parts = splitBill(bill, {
      mode: 'item',
      parts: 2,
      assign: [
        { lineId: 1, part: 0, units: 2 },
        { lineId: 1, part: 1, units: 1 },
        { lineId: 2, part: 1, units: 1 },
      ],
    });
    expect(parts[0]?.lines).toEqual([
      { lineId: 1, shareNum: 2, shareDen: 3, netMinor: 2000, taxMinor: 150, totalMinor: 2150 },
    ]);
    expect(parts[1]).toMatchObject({ netMinor: 1000 + 273, taxMinor: 75 + 27, totalMinor: 1075 + 300 });
    expectExact(bill, parts);
  });

  it('refuses a split by item that leaves a line out, gives too much, names another line or leaves a part empty', () => {
    const bill = [line(1, 1000, 2, VAT), line(2, 300, 1, GST)];
    const item = (assign: SplitAssignment[], parts = 2): SplitPlan => ({ mode: 'item', parts, assign });
    expect(() => splitBill(bill, item([{ lineId: 1, part: 0, units: 2 }]))).toThrow(SPLIT_UNASSIGNED);
    expect(() =>
      splitBill(
        bill,
        item([
          { lineId: 1, part: 0, units: 2 },
          { lineId: 1, part: 1, units: 1 },
          { lineId: 2, part: 1, units: 1 },
        ]),
      ),
    ).toThrow(SPLIT_UNITS_INVALID);
    expect(() =>
      splitBill(
        bill,
        item([
          { lineId: 1, part: 0, units: 2 },
          { lineId: 2, part: 1, units: 1 },
          { lineId: 9, part: 1, units: 1 },
        ]),
      ),
    ).toThrow(SPLIT_LINE_UNKNOWN);
    expect(() =>
      splitBill(
        bill,
        item([
          { lineId: 1, part: 0, units: 2 },
          { lineId: 2, part: 0, units: 1 },
        ]),
      ),
    ).toThrow(SPLIT_PART_EMPTY);
    expect(() => splitBill(bill, item([{ lineId: 1, part: 2, units: 2 }]))).toThrow(SPLIT_PARTS_INVALID);
    expect(() => splitBill(bill, item([{ lineId: 1, part: 0, units: 0 }]))).toThrow(SPLIT_UNITS_INVALID);
  });

  it('always gives the same split for the same bill', () => {
    expect(splitBill(table, { mode: 'even', parts: 4 })).toEqual(
      splitBill(table, { mode: 'even', parts: 4 }),
    );
  });
});

/** A small seeded generator (mulberry32): the same random carts on every run. */
function random(seed: number) {
  let a = seed;
  return (max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max);
  };
}

describe.each(['JPY', 'USD', 'BHD'])('splitBill over 300 random carts in %s', (currency) => {
  const digits = currencyDigits(currency);
  const taxes = [
    VAT,
    GST,
    NONE,
    { bp: 1875, type: 'exclusive' as const },
    { bp: 333, type: 'inclusive' as const },
  ];

  it('always adds up exactly to the whole, however it is split', () => {
    const rand = random(digits + 17);
    for (let cart = 0; cart < 300; cart++) {
      const lineCount = 1 + rand(8);
      const lines = Array.from({ length: lineCount }, (_, i) => {
        // A price with every decimal of the currency used: 0.001 to 99.999 in BHD, 1 to 99999 yen.
        const unit =
          toMinor(
            `${rand(100)}.${String(rand(10 ** digits)).padStart(digits, '0')}`.replace(/\.$/, ''),
            digits,
          ) ?? 0;
        const tax = taxes[rand(taxes.length)] ?? NONE;
        return line(i + 1, unit + 1, 1 + rand(5), tax, rand(3) === 0 ? null : 1 + rand(4));
      });
      const parts = 2 + rand(6);
      expectExact(lines, splitBill(lines, { mode: 'even', parts }));
      expectExact(lines, splitBill(lines, { mode: 'whole' }));
      if (lines.some((l) => l.seat !== null)) expectExact(lines, splitBill(lines, { mode: 'seat' }));
      // By item: each unit to a random part, making sure every part gets one line at least.
      const assign: SplitAssignment[] = [];
      const count = Math.min(
        parts,
        lines.reduce((s, l) => s + l.quantity, 0),
      );
      let next = 0;
      for (const l of lines) {
        for (let u = 0; u < l.quantity; u++) {
          const part = next < count ? next++ : rand(count);
          assign.push({ lineId: l.id, part, units: 1 });
        }
      }
      if (count >= 2) expectExact(lines, splitBill(lines, { mode: 'item', parts: count, assign }));
      const even = splitBill(lines, { mode: 'even', parts });
      const totals = even.map((p) => p.totalMinor);
      expect(Math.max(...totals) - Math.min(...totals)).toBeLessThanOrEqual(1);
    }
  });
});
