import { describe, expect, it } from 'vitest';
import { exchangeRatesFileSchema, platformReportQuery, toUsdCents } from './platform-reports.schemas.ts';

describe('toUsdCents', () => {
  it('converts minor units at a decimal rate, exactly, rounding half away from zero to the cent', () => {
    expect(toUsdCents(4763, 2, '1')).toBe(4763);
    // 47.63 EUR at 0.92 per dollar = 51.77173... USD
    expect(toUsdCents(4763, 2, '0.92')).toBe(5177);
    // 1,000 JPY at 150 per dollar = 6.666... USD
    expect(toUsdCents(1000, 0, '150')).toBe(667);
    // 1.000 BHD at 0.376 per dollar = 2.65957... USD
    expect(toUsdCents(1000, 3, '0.376')).toBe(266);
    // exactly half a cent rounds up: 1 JPY at 200 per dollar is 0.5 cents
    expect(toUsdCents(1, 0, '200')).toBe(1);
    expect(toUsdCents(1, 0, '200.0000000001')).toBe(0);
    expect(toUsdCents(-1, 0, '200')).toBe(-1);
    expect(toUsdCents(0, 2, '0.92')).toBe(0);
  });
  it('stays exact where floats would not (large sums, long rates)', () => {
    // 900,719,925,474.09 at 0.3 = 3,002,399,751,580.30: a float division drifts in the last cents
    expect(toUsdCents(90_071_992_547_409, 2, '0.3')).toBe(300_239_975_158_030);
    expect(() => toUsdCents(90_071_992_547_409, 2, '0.003')).toThrow(RangeError);
    expect(toUsdCents(100, 2, '0.000000000001')).toBe(100_000_000_000_000);
  });
  it('refuses a rate that is not a positive decimal', () => {
    for (const rate of ['0', '0.00', '-1', '1e3', '', 'abc', '1.']) {
      expect(() => toUsdCents(100, 2, rate), rate).toThrow(RangeError);
    }
  });
});

describe('exchangeRatesFileSchema', () => {
  it('takes a USD-based file of decimal strings', () => {
    const file = { base: 'USD', date: '2026-11-25', rates: { EUR: '0.92', JPY: '156.3' } };
    expect(exchangeRatesFileSchema.parse(file)).toEqual(file);
  });
  it('refuses floats, another base, a bad date, odd codes and an empty list', () => {
    const ok = { base: 'USD', date: '2026-11-25', rates: { EUR: '0.92' } };
    for (const bad of [
      { ...ok, rates: { EUR: 0.92 } },
      { ...ok, base: 'EUR' },
      { ...ok, date: '2026-02-30' },
      { ...ok, rates: { eur: '0.92' } },
      { ...ok, rates: { EUR: '0' } },
      { ...ok, rates: {} },
    ]) {
      expect(exchangeRatesFileSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('platformReportQuery', () => {
  it('offers the reports filters without tomorrow', () => {
    expect(platformReportQuery.safeParse({ type: 'tomorrow' }).success).toBe(false);
    expect(platformReportQuery.parse({})).toEqual({ type: 'today' });
  });
});
