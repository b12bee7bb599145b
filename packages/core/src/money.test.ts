import { describe, expect, it } from 'vitest';
import { amountInput } from './money-input.ts';
import { currencyDigits, formatMoney, fromMinor, minorAsDecimal, rescaleMinor, toMinor } from './money.ts';

describe('toMinor', () => {
  it('reads decimals into integer minor units without float arithmetic', () => {
    expect(toMinor('3.5', 2)).toBe(350);
    expect(toMinor(0.1, 2)).toBe(10);
    expect(toMinor('19.99', 2)).toBe(1999);
    expect(toMinor('1.230', 2)).toBe(123);
    expect(toMinor('7', 0)).toBe(7);
    expect(toMinor('1.234', 3)).toBe(1234);
  });
  it('refuses negatives, text, too many decimals and absurd amounts', () => {
    expect(toMinor('-1', 2)).toBeNull();
    expect(toMinor('abc', 2)).toBeNull();
    expect(toMinor('1.005', 2)).toBeNull();
    expect(toMinor('1.5', 0)).toBeNull();
    expect(toMinor(1e21, 2)).toBeNull();
    expect(toMinor(Number.NaN, 2)).toBeNull();
  });
});

describe('fromMinor and rescaleMinor', () => {
  it('turns minor units back into the decimal the JSON edge carries', () => {
    expect(fromMinor(350, 2)).toBe(3.5);
    expect(fromMinor(5, 2)).toBe(0.05);
    expect(fromMinor(1234, 3)).toBe(1.234);
    expect(fromMinor(42, 0)).toBe(42);
  });
  it('writes minor units with every digit of the currency, as a CSV cell shows them', () => {
    expect(minorAsDecimal(350, 2)).toBe('3.50');
    expect(minorAsDecimal(5, 2)).toBe('0.05');
    expect(minorAsDecimal(-1205, 3)).toBe('-1.205');
    expect(minorAsDecimal(42, 0)).toBe('42');
  });
  it('rescales between currencies of different digits, rounding half up', () => {
    expect(rescaleMinor(350, 2, 0)).toBe(4);
    expect(rescaleMinor(349, 2, 0)).toBe(3);
    expect(rescaleMinor(4, 0, 3)).toBe(4000);
    expect(rescaleMinor(1999, 2, 2)).toBe(1999);
  });
});

describe('currency display', () => {
  it('knows each currency digits and symbol', () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('BHD')]).toEqual([2, 0, 3]);
    expect(formatMoney(350, 'EUR')).toBe('€3.50');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });
});

describe('amountInput', () => {
  it('accepts numbers and numeric strings, and blank only where it counts as a value', () => {
    expect(amountInput('bad').parse(3.5)).toBe('3.5');
    expect(amountInput('bad').safeParse('').success).toBe(false);
    expect(amountInput('bad', '0').parse('')).toBe('0');
    expect(amountInput('bad').safeParse(-1).error?.issues[0]?.message).toBe('bad');
  });
});
