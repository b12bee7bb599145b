import { describe, expect, it } from 'vitest';
import { splitBill } from './bill-split.ts';
import {
  DISCOUNT_LINE_UNKNOWN,
  DISCOUNT_TOO_LARGE,
  DISCOUNT_TWICE,
  DISCOUNT_VALUE_INVALID,
  type Discount,
  type DiscountLineInput,
  applyDiscounts,
  approvalKey,
  billExtrasSchema,
  billNeedsManager,
  linePrice,
  needsManager,
  partExtras,
  partLineDiscounts,
  partLineKey,
  serviceCharge,
} from './discounts.ts';
import { currencyDigits } from './money.ts';
import { lineTotals } from './totals.ts';

const VAT = { bp: 750, type: 'exclusive' } as const;
const GST = { bp: 1000, type: 'inclusive' } as const;
const UNTAXED = { bp: 0, type: null };

function line(id: number, amountMinor: number, tax: { bp: number; type: string | null }): DiscountLineInput {
  return { id, amountMinor, taxRateBp: tax.bp, taxType: tax.type };
}

const bill = (kind: 'percent' | 'amount', value: string, lineId: number | null = null): Discount => ({
  lineId,
  kind,
  value,
  reason: 'Regular',
});

describe('applyDiscounts', () => {
  it('leaves lines at their own figures without a discount', () => {
    const lines = [line(1, 1000, VAT), line(2, 999, GST)];
    const out = applyDiscounts(lines, [], 2);
    expect(out.discountMinor).toBe(0);
    expect(out.lines[0]).toEqual({
      id: 1,
      discountMinor: 0,
      ...lineTotals({ unitMinor: 1000, quantity: 1, taxRateBp: 750, taxType: 'exclusive' }),
    });
    expect(out.totalMinor).toBe(1075 + 999);
  });

  it('takes a line discount off its price and recomputes its tax', () => {
    const out = applyDiscounts([line(1, 1000, VAT), line(2, 500, VAT)], [bill('percent', '10', 1)], 2);
    expect(out.lines[0]).toEqual({ id: 1, discountMinor: 100, netMinor: 900, taxMinor: 68, totalMinor: 968 });
    expect(out.lines[1]?.discountMinor).toBe(0);
    expect(out.discountMinor).toBe(100);
  });

  it('spreads a bill amount across the lines exactly, after line discounts', () => {
    const out = applyDiscounts(
      [line(1, 1000, GST), line(2, 1000, GST), line(3, 1000, GST)],
      [bill('amount', '1.00', 1), bill('amount', '1.00')],
      2,
    );
    // 900, 1000 and 1000 left: 100 shared 31, 35, 34 (largest remainders, ties to the lowest).
    expect(out.lines.map((l) => l.discountMinor)).toEqual([131, 35, 34]);
    expect(out.discountMinor).toBe(200);
    expect(out.totalMinor).toBe(2800);
  });

  it('refuses discounts that cannot be given', () => {
    const lines = [line(1, 1000, VAT)];
    expect(() => applyDiscounts(lines, [bill('amount', '10.01')], 2)).toThrow(DISCOUNT_TOO_LARGE);
    expect(() => applyDiscounts(lines, [bill('percent', '100.01')], 2)).toThrow(DISCOUNT_VALUE_INVALID);
    expect(() => applyDiscounts(lines, [bill('percent', '0')], 2)).toThrow(DISCOUNT_VALUE_INVALID);
    expect(() => applyDiscounts(lines, [bill('amount', '1.001')], 2)).toThrow(DISCOUNT_VALUE_INVALID);
    expect(() => applyDiscounts(lines, [bill('amount', '1'), bill('percent', '5')], 2)).toThrow(
      DISCOUNT_TWICE,
    );
    expect(() => applyDiscounts(lines, [bill('amount', '1', 1), bill('amount', '1', 1)], 2)).toThrow(
      DISCOUNT_TWICE,
    );
    expect(() => applyDiscounts(lines, [bill('amount', '1', 7)], 2)).toThrow(DISCOUNT_LINE_UNKNOWN);
  });

  it('needs a manager above the threshold, not at it', () => {
    const out = applyDiscounts([line(1, 1000, VAT)], [bill('percent', '20')], 2);
    expect(needsManager(out.applied[0]!, 2000)).toBe(false);
    expect(needsManager(out.applied[0]!, 1999)).toBe(true);
  });

  it("measures the threshold against the whole bill's reduction, whatever mix makes it", () => {
    // Two lines of 12.00 with 20 % each, then 20 % off the bill: 2.40 + 2.40 + 3.84 = 8.64, 36 % of 24.00.
    const lines = [line(1, 1200, GST), line(2, 1200, UNTAXED)];
    const stacked = applyDiscounts(
      lines,
      [bill('percent', '20', 1), bill('percent', '20', 2), bill('percent', '20')],
      2,
    );
    expect([stacked.priceMinor, stacked.discountMinor]).toEqual([2400, 864]);
    expect(stacked.applied.some((d) => needsManager(d, 2000))).toBe(false);
    expect(billNeedsManager(stacked, 2000)).toBe(true);
    expect(billNeedsManager(stacked, 3600)).toBe(false);
    // One 36 % discount needs one too; amounts count alike; 20 % of the bill in all is not above it.
    expect(billNeedsManager(applyDiscounts(lines, [bill('percent', '36')], 2), 2000)).toBe(true);
    const amounts = [bill('amount', '2.40', 1), bill('amount', '2.40', 2), bill('amount', '0.01')];
    expect(billNeedsManager(applyDiscounts(lines, amounts, 2), 2000)).toBe(true);
    const twenty = [bill('percent', '10', 1), bill('amount', '1.20', 2), bill('amount', '2.40')];
    expect(billNeedsManager(applyDiscounts(lines, twenty, 2), 2000)).toBe(false);
    // A discount above the threshold of its own line still needs one, however small on the bill.
    const comp = applyDiscounts(
      [line(1, 100, UNTAXED), line(2, 9900, UNTAXED)],
      [bill('percent', '100', 1)],
      2,
    );
    expect(billNeedsManager(comp, 2000)).toBe(true);
    expect(billNeedsManager(applyDiscounts(lines, [], 2), 0)).toBe(false);
  });

  it('charges service for parties of at least N guests only', () => {
    expect(serviceCharge(10000, 1000, 6, 6)).toBe(1000);
    expect(serviceCharge(10000, 1000, 6, 5)).toBe(0);
    expect(serviceCharge(10000, 0, 6, 8)).toBe(0);
    expect(serviceCharge(10000, 1250, 1, null)).toBe(0);
  });

  it('parses the pay fields: a reason is required', () => {
    const r = billExtrasSchema.safeParse({ discounts: [{ kind: 'percent', value: '10', reason: ' ' }] });
    expect(r.success).toBe(false);
    expect(billExtrasSchema.parse({})).toEqual({ discounts: [], tip: null, guests: null, approvalId: null });
  });
});

describe('approvalKey', () => {
  const bill = { lineId: null, kind: 'percent', value: '25', reason: 'Birthday' } as const;
  const line = { lineId: 7, kind: 'amount', value: '3.50', reason: 'Cold' } as const;

  it('names the same orders and discounts alike, whatever their order and reasons', () => {
    expect(approvalKey([3, 1, 3], [bill, line])).toBe(
      approvalKey([1, 3], [line, { ...bill, reason: 'Anniversary' }]),
    );
  });

  it('tells apart another order, another line, kind or value', () => {
    const key = approvalKey([1], [bill]);
    expect(approvalKey([2], [bill])).not.toBe(key);
    expect(approvalKey([1], [{ ...bill, value: '30' }])).not.toBe(key);
    expect(approvalKey([1], [{ ...bill, kind: 'amount' }])).not.toBe(key);
    expect(approvalKey([1], [{ ...bill, lineId: 7 }])).not.toBe(key);
  });
});

/** A small seeded generator (mulberry32): the same random carts on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(['JPY', 'USD', 'BHD'])('discounts over 300 random carts in %s', (currency) => {
  it('line shares add up to the discount, lines to the bill, split parts to the bill', () => {
    const digits = currencyDigits(currency);
    const rand = random(digits + 41);
    const taxes = [VAT, GST, { bp: 0, type: null }, { bp: 1250, type: 'exclusive' }];
    for (let cart = 0; cart < 300; cart++) {
      const count = 1 + Math.floor(rand() * 6);
      const lines = Array.from({ length: count }, (_, i) => {
        const quantity = 1 + Math.floor(rand() * 4);
        const unit = 1 + Math.floor(rand() * 10 ** (digits + 2));
        const tax = taxes[Math.floor(rand() * taxes.length)] ?? VAT;
        const figures = lineTotals({ unitMinor: unit, quantity, taxRateBp: tax.bp, taxType: tax.type });
        return { id: i + 1, quantity, seat: 1 + (i % 3), tax, figures };
      });
      const input = lines.map((l) => line(l.id, linePrice({ ...l.figures, taxType: l.tax.type }), l.tax));
      const discounts: Discount[] = [];
      if (rand() < 0.5) discounts.push(bill('percent', String(1 + Math.floor(rand() * 50)), 1));
      discounts.push(bill('percent', (rand() * 60 + 0.01).toFixed(2)));
      const out = applyDiscounts(input, discounts, digits);
      const taken = out.applied.reduce((s, d) => s + d.offMinor, 0);
      expect(out.lines.reduce((s, l) => s + l.discountMinor, 0)).toBe(taken);
      expect(out.discountMinor).toBe(taken);
      input.forEach((l, i) => {
        const d = out.lines[i]!;
        expect(d.netMinor + d.taxMinor).toBe(d.totalMinor);
        expect(linePrice({ ...d, taxType: l.taxType })).toBe(l.amountMinor - d.discountMinor);
      });
      const parts = splitBill(
        out.lines.map((d, i) => ({ ...d, quantity: lines[i]!.quantity, seat: lines[i]!.seat })),
        { mode: 'even', parts: 3 },
      );
      expect(parts.reduce((s, p) => s + p.totalMinor, 0)).toBe(out.totalMinor);
      expect(parts.reduce((s, p) => s + p.taxMinor, 0)).toBe(out.taxMinor);
      // Each part's share of the discount and of a service charge add up exactly too.
      const charge = Math.floor(rand() * 10 ** (digits + 1));
      const extras = partExtras(parts, out.lines, charge, [0, 1, 0]);
      expect(extras.reduce((s, e) => s + e.discountMinor, 0)).toBe(out.discountMinor);
      // Each part's receipt prints its share of each line's discount: they add up to the part's and,
      // per line, to the line's.
      const shares = partLineDiscounts(parts, out.lines);
      parts.forEach((p, i) => {
        const ofPart = p.lines.reduce((s, l) => s + (shares.get(partLineKey(p.index, l.lineId)) ?? 0), 0);
        expect(ofPart).toBe(extras[i]!.discountMinor);
      });
      out.lines.forEach((l) => {
        const ofLine = parts.reduce((s, p) => s + (shares.get(partLineKey(p.index, l.id)) ?? 0), 0);
        expect(ofLine).toBe(l.discountMinor);
      });
      expect(extras.reduce((s, e) => s + e.serviceChargeMinor, 0)).toBe(out.totalMinor > 0 ? charge : 0);
      expect(extras.reduce((s, e) => s + e.owesMinor, 0)).toBe(
        out.totalMinor + (out.totalMinor > 0 ? charge : 0) + 1,
      );
    }
  });
});
