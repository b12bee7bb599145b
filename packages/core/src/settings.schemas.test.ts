import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addTaxSchema,
  defaultPaymentTypeOf,
  idParams,
  paperWidth,
  printSettingsSchema,
  storeSettingsSchema,
  storeTableSchema,
  tableQrFileName,
} from './settings.schemas.ts';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('storeTableSchema', () => {
  const ok = { title: 'T1', floor: '-', seatingCapacity: 4 };
  it('answers each SPEC §5 message', () => {
    expect(firstMessage(storeTableSchema, { ...ok, title: '' })).toBe('Please provide Title!');
    expect(firstMessage(storeTableSchema, { ...ok, floor: '' })).toBe("Please provide Floor or use '-'");
    expect(firstMessage(storeTableSchema, { ...ok, seatingCapacity: '' })).toBe(
      "Please provide Seating Capacity or '0'",
    );
    expect(firstMessage(storeTableSchema, { ...ok, seatingCapacity: -1 })).toBe(
      "Please provide Valid Seating Capacity count or '0'",
    );
  });
  it('takes only whole numbers written as digits', () => {
    expect(storeTableSchema.parse({ ...ok, seatingCapacity: '6' }).seatingCapacity).toBe(6);
    for (const bad of ['1e1', '0x10', '2.5'])
      expect(storeTableSchema.safeParse({ ...ok, seatingCapacity: bad }).success).toBe(false);
  });
});

describe('store and tax schemas', () => {
  it('accepts only currencies Intl knows', () => {
    const base = { storeName: '', address: '', phone: '', email: '' };
    expect(firstMessage(storeSettingsSchema, { ...base, currency: 'XYZ' })).toBe('Please select a currency!');
    expect(storeSettingsSchema.parse({ ...base, currency: 'eur' }).currency).toBe('EUR');
  });
  it('answers the tax messages', () => {
    expect(firstMessage(addTaxSchema, { rate: 5, type: 'exclusive' })).toBe('Provide Title!');
    expect(firstMessage(addTaxSchema, { title: 'VAT', rate: -1, type: 'exclusive' })).toBe(
      'Invalid value provided in Tax Rate!',
    );
    expect(firstMessage(addTaxSchema, { title: 'VAT', rate: 5 })).toBe('Select Tax Type!');
  });
  it('names table QR files as SPEC §9 says', () => {
    expect(tableQrFileName('Terrace #2')).toBe('terrace__2-qr.png');
  });
});

describe('idParams', () => {
  it('reads an id only when it is digits: 1e3 and 0x10 are not found', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['1e3', '0x10', '1.0', '+1', ' 1', '0', ''])
      expect(firstMessage(idParams, { id })).toBe('Not found!');
  });
});

describe('page format (SPEC §3: 80 or 57, read as a number or a string)', () => {
  it('reads the paper width from a number or its digits, 80 otherwise', () => {
    expect([57, '57', 80, '80', undefined, null, 90, '57mm'].map(paperWidth)).toEqual([
      57, 57, 80, 80, 80, 80, 80, 80,
    ]);
  });

  it('takes "57" and 57 alike in the print settings form, and refuses other widths', () => {
    const form = {
      showNotes: true,
      isEnablePrint: true,
      showStoreDetails: true,
      showCustomerDetails: true,
      printToken: true,
    };
    expect(printSettingsSchema.parse({ ...form, pageFormat: '57' }).pageFormat).toBe(57);
    expect(printSettingsSchema.parse({ ...form, pageFormat: 57 }).pageFormat).toBe(57);
    expect(printSettingsSchema.parse(form).pageFormat).toBe(80);
    expect(firstMessage(printSettingsSchema, { ...form, pageFormat: '90' })).toBe(
      'Page format is 80 or 57 mm!',
    );
  });
});

describe('defaultPaymentTypeOf', () => {
  const type = (
    id: number,
    more: Partial<{ isActive: boolean; isCash: boolean; isDefault: boolean }> = {},
  ) => ({
    id,
    isActive: true,
    isCash: false,
    isDefault: false,
    ...more,
  });
  it('is the marked type, else the first active cash type, else the first active type, else none', () => {
    expect(defaultPaymentTypeOf([type(1), type(2, { isCash: true }), type(3, { isDefault: true })])?.id).toBe(
      3,
    );
    expect(defaultPaymentTypeOf([type(1), type(2, { isCash: true }), type(3, { isCash: true })])?.id).toBe(2);
    expect(defaultPaymentTypeOf([type(1, { isActive: false, isCash: true }), type(2)])?.id).toBe(2);
    expect(defaultPaymentTypeOf([type(1, { isActive: false })])).toBeUndefined();
    expect(defaultPaymentTypeOf([])).toBeUndefined();
  });
});
