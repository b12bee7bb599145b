import { describe, expect, it } from 'vitest';
import { currencyDigits, fromMinor, toMinor } from './money.ts';
import { averageMinor, cartTotals, lineTotals, unitPrice } from './totals.ts';

describe('lineTotals', () => {
  it('adds exclusive tax on top', () => {
    expect(lineTotals({ unitMinor: 1000, quantity: 2, taxRateBp: 750, taxType: 'exclusive' })).toEqual({
      netMinor: 2000,
      taxMinor: 150,
      totalMinor: 2150,
    });
  });

  it('takes inclusive tax out of the price', () => {
    // 1100 at 10 % inclusive: tax = 1100 × 1000 / 11000 = 100.
    expect(lineTotals({ unitMinor: 1100, quantity: 1, taxRateBp: 1000, taxType: 'inclusive' })).toEqual({
      netMinor: 1000,
      taxMinor: 100,
      totalMinor: 1100,
    });
  });

  it('charges no tax without a type, with an unknown type or a zero rate', () => {
    for (const taxType of [null, undefined, 'other'] as const) {
      expect(lineTotals({ unitMinor: 499, quantity: 3, taxRateBp: 1800, taxType })).toEqual({
        netMinor: 1497,
        taxMinor: 0,
        totalMinor: 1497,
      });
    }
    expect(lineTotals({ unitMinor: 499, quantity: 3, taxRateBp: 0, taxType: 'exclusive' }).taxMinor).toBe(0);
  });

  it('rounds half up per line', () => {
    // 10 × 5 % = 0.5 → 1; 9 × 5 % = 0.45 → 0; 30 × 5 % = 1.5 → 2.
    expect(lineTotals({ unitMinor: 10, quantity: 1, taxRateBp: 500, taxType: 'exclusive' }).taxMinor).toBe(1);
    expect(lineTotals({ unitMinor: 9, quantity: 1, taxRateBp: 500, taxType: 'exclusive' }).taxMinor).toBe(0);
    expect(lineTotals({ unitMinor: 30, quantity: 1, taxRateBp: 500, taxType: 'exclusive' }).taxMinor).toBe(2);
    // Inclusive 7.5 %: 1999 × 750 / 10750 = 139.465… → 139; 43 × 750 / 10750 = 3.0 → 3;
    // 215 × 750 / 10750 = 15.0; 2150 × 25 / 10025 = 5.36… → 5.
    expect(lineTotals({ unitMinor: 1999, quantity: 1, taxRateBp: 750, taxType: 'inclusive' })).toEqual({
      netMinor: 1860,
      taxMinor: 139,
      totalMinor: 1999,
    });
    // Exactly half: 105 × 2000 / 12000 = 17.5 → 18.
    expect(lineTotals({ unitMinor: 105, quantity: 1, taxRateBp: 2000, taxType: 'inclusive' }).taxMinor).toBe(
      18,
    );
  });

  it('computes quantity 1000 of a big price exactly', () => {
    // 9 999 999 999 minor × 1000 = 9 999 999 999 000; × 1875 bp passes 2^53 on the way.
    const line = lineTotals({
      unitMinor: 9_999_999_999,
      quantity: 1000,
      taxRateBp: 1875,
      taxType: 'exclusive',
    });
    expect(line.netMinor).toBe(9_999_999_999_000);
    expect(line.taxMinor).toBe(1_874_999_999_813); // 1 874 999 999 812.5 → up
    expect(line.totalMinor).toBe(11_874_999_998_813);
    const incl = lineTotals({
      unitMinor: 9_999_999_999,
      quantity: 1000,
      taxRateBp: 1875,
      taxType: 'inclusive',
    });
    expect(incl.netMinor + incl.taxMinor).toBe(9_999_999_999_000);
    // 9 999 999 999 000 × 1875 / 11875 = 1 578 947 368 263.157… → 1 578 947 368 263
    expect(incl.taxMinor).toBe(1_578_947_368_263);
  });
});

describe('unitPrice', () => {
  it('lets a variant price replace the base price and adds the addons', () => {
    expect(unitPrice(1000, null)).toBe(1000);
    expect(unitPrice(1000, 1400)).toBe(1400);
    expect(unitPrice(1000, 0, [150])).toBe(150);
    expect(unitPrice(1000, 1400, [150, 75])).toBe(1625);
    expect(unitPrice(1000, undefined, [150, 75])).toBe(1225);
  });
});

describe('cartTotals', () => {
  it('sums a mixed cart', () => {
    const cart = cartTotals([
      { unitMinor: unitPrice(1000, 1200, [150]), quantity: 2, taxRateBp: 750, taxType: 'exclusive' },
      { unitMinor: 1100, quantity: 1, taxRateBp: 1000, taxType: 'inclusive' },
      { unitMinor: 250, quantity: 4, taxRateBp: 0, taxType: null },
    ]);
    expect(cart.lines).toEqual([
      { netMinor: 2700, taxMinor: 203, totalMinor: 2903 }, // 202.5 → 203
      { netMinor: 1000, taxMinor: 100, totalMinor: 1100 },
      { netMinor: 1000, taxMinor: 0, totalMinor: 1000 },
    ]);
    expect(cart.itemsTotal).toBe(4700);
    expect(cart.taxTotal).toBe(303);
    expect(cart.payableTotal).toBe(5003);
    expect(cart.itemsTotal + cart.taxTotal).toBe(cart.payableTotal);
  });

  it('is empty for an empty cart', () => {
    expect(cartTotals([])).toEqual({ lines: [], itemsTotal: 0, taxTotal: 0, payableTotal: 0 });
  });

  it('works in zero-decimal JPY', () => {
    const digits = currencyDigits('JPY');
    expect(digits).toBe(0);
    const unit = toMinor('980', digits) ?? 0;
    const cart = cartTotals([{ unitMinor: unit, quantity: 3, taxRateBp: 1000, taxType: 'inclusive' }]);
    // 2940 × 1000 / 11000 = 267.27… → 267
    expect(cart).toMatchObject({ itemsTotal: 2673, taxTotal: 267, payableTotal: 2940 });
    expect(fromMinor(cart.payableTotal, digits)).toBe(2940);
  });

  it('works in three-decimal BHD', () => {
    const digits = currencyDigits('BHD');
    expect(digits).toBe(3);
    const unit = toMinor('1.255', digits) ?? 0;
    const cart = cartTotals([{ unitMinor: unit, quantity: 3, taxRateBp: 1000, taxType: 'exclusive' }]);
    // 3765 × 10 % = 376.5 → 377
    expect(cart).toMatchObject({ itemsTotal: 3765, taxTotal: 377, payableTotal: 4142 });
    expect(fromMinor(cart.payableTotal, digits)).toBe(4.142);
  });
});

describe('averageMinor', () => {
  it('divides in minor units and rounds half up', () => {
    expect(averageMinor(23715, 5)).toBe(4743); // 237.15 over 5 orders
    expect(averageMinor(3763, 2)).toBe(1882); // 18.815 → 18.82
    expect(averageMinor(100, 3)).toBe(33);
    expect(averageMinor(200, 3)).toBe(67);
    expect(averageMinor(5, 2)).toBe(3);
  });

  it('is 0 with nothing to share, and exact up to the largest safe amount', () => {
    expect(averageMinor(0, 0)).toBe(0);
    expect(averageMinor(1234, 0)).toBe(0);
    expect(averageMinor(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
  });
});
