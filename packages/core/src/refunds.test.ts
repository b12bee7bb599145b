import { describe, expect, it } from 'vitest';
import { refundLineFigures } from './refunds.ts';
import { lineTotals } from './totals.ts';

const line = (unitMinor: number, quantity: number, taxRateBp: number, taxType: string | null) => ({
  unitMinor,
  quantity,
  taxRateBp,
  taxType,
  ...lineTotals({ unitMinor, quantity, taxRateBp, taxType }),
});

describe('refundLineFigures', () => {
  it('gives back one unit at its own figures', () => {
    expect(refundLineFigures(line(1750, 2, 750, 'exclusive'), 0, 1)).toEqual({
      netMinor: 1750,
      taxMinor: 131,
      totalMinor: 1881,
    });
  });

  it('adds up to exactly what the line was billed, in any split of its quantity', () => {
    for (const sold of [
      line(333, 3, 750, 'exclusive'),
      line(333, 7, 1000, 'inclusive'),
      line(1, 9, 1950, 'exclusive'),
      line(5, 1000, 1250, 'inclusive'),
      line(999, 5, 0, null),
    ]) {
      for (const split of [[1, 1, sold.quantity - 2], [sold.quantity], [sold.quantity - 1, 1]]) {
        let done = 0;
        const sum = { netMinor: 0, taxMinor: 0, totalMinor: 0 };
        for (const q of split) {
          const part = refundLineFigures(sold, done, q);
          expect(part.netMinor + part.taxMinor).toBe(part.totalMinor);
          sum.netMinor += part.netMinor;
          sum.taxMinor += part.taxMinor;
          sum.totalMinor += part.totalMinor;
          done += q;
        }
        expect(sum).toEqual({
          netMinor: sold.netMinor,
          taxMinor: sold.taxMinor,
          totalMinor: sold.totalMinor,
        });
      }
    }
  });
});
