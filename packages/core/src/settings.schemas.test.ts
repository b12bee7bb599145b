import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addTaxSchema,
  idParams,
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
