import { describe, expect, it } from 'vitest';
import { shouldPrintToken } from './print-token.ts';

const on = { isEnablePrint: true, printToken: true, printTokenDineIn: false };

describe('shouldPrintToken', () => {
  it('prints for takeaway and delivery, not for dine-in by default', () => {
    expect(shouldPrintToken('takeaway', on)).toBe(true);
    expect(shouldPrintToken('delivery', on)).toBe(true);
    expect(shouldPrintToken('dinein', on)).toBe(false);
  });

  it('prints for dine-in when the owner switched it on', () => {
    expect(shouldPrintToken('dinein', { ...on, printTokenDineIn: true })).toBe(true);
  });

  it('prints nothing when printing or tokens are off', () => {
    for (const type of ['dinein', 'takeaway', 'delivery'] as const) {
      expect(shouldPrintToken(type, { ...on, printTokenDineIn: true, isEnablePrint: false })).toBe(false);
      expect(shouldPrintToken(type, { ...on, printTokenDineIn: true, printToken: false })).toBe(false);
    }
  });
});
