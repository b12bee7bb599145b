import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addCustomerSchema,
  csvCell,
  isPhone,
  phoneKeyOf,
  toCsv,
  updateCustomerSchema,
} from './customers.schemas.ts';

const firstMessage = (input: unknown, schema: z.ZodType = addCustomerSchema) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed.data : parsed.error.issues[0]?.message;
};

describe('addCustomerSchema', () => {
  it("checks in SPEC §5's order: phone missing, name missing, email, phone validity", () => {
    expect(firstMessage({})).toBe("Please Provide Customer's Phone!");
    expect(firstMessage({ phone: 'abc' })).toBe("Please Provide Customer's Name!");
    expect(firstMessage({ phone: 'abc', name: 'Ana', email: 'nope' })).toBe('Please Provide Valid Email!');
    expect(firstMessage({ phone: 'abc', name: 'Ana' })).toBe('Please provide valid phone no.!');
  });
  it('stores empty optional fields as null', () => {
    expect(firstMessage({ phone: '555 0101', name: ' Ana ', email: '', birthDate: '', gender: '' })).toEqual({
      phone: '555 0101',
      name: 'Ana',
      email: null,
      birthDate: null,
      gender: null,
    });
  });
  it('refuses a birth date in the future and a gender outside the list', () => {
    expect(firstMessage({ phone: '1', name: 'A', birthDate: '2199-01-01' })).toBe(
      'Birth date cannot be in the future!',
    );
    expect(firstMessage({ phone: '1', name: 'A', gender: 'robot' })).toBe(
      'Please select female, male or other!',
    );
  });
});

describe('isPhone', () => {
  it('takes 1 to 20 units of digits, the listed signs and the words ext and x', () => {
    expect(isPhone('+1 (555) 010-1234')).toBe(true);
    expect(isPhone('555 0101 ext 12')).toBe(true);
    expect(isPhone('555x12')).toBe(true);
    expect(isPhone('12345678901234567890')).toBe(true);
    expect(isPhone('123456789012345678901')).toBe(false);
    expect(isPhone('555-CALL')).toBe(false);
    expect(isPhone('+')).toBe(false);
  });
});

describe('phoneKeyOf', () => {
  it('keeps letters and digits, lower-cased, and reads the word ext as x', () => {
    expect(phoneKeyOf('(555) 01-01')).toBe('5550101');
    expect(phoneKeyOf('1 ext 2')).toBe('1x2');
    expect(phoneKeyOf('1 EXT 2')).toBe(phoneKeyOf('1 x 2'));
    expect(phoneKeyOf('+1 555 0101 X 7')).toBe('15550101x7');
  });
});

describe('updateCustomerSchema', () => {
  it('ignores a phone sent along: the phone is the key', () => {
    expect(firstMessage({ phone: '999', name: 'Bo' }, updateCustomerSchema)).toEqual({
      name: 'Bo',
      email: null,
      birthDate: null,
      gender: null,
    });
  });
});

describe('csvCell', () => {
  it('quotes per RFC 4180 and defuses what a spreadsheet would run', () => {
    expect(csvCell('Ana')).toBe('Ana');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Lima, "Bo"')).toBe('"Lima, ""Bo"""');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('+cmd')).toBe("'+cmd");
    expect(csvCell('-cmd')).toBe("'-cmd");
    // A phone keeps its sign.
    expect(csvCell('+1 555 0101')).toBe('+1 555 0101');
    expect(csvCell('-')).toBe("'-");
  });
  it('writes a header row and CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('a,b\r\n1,\r\n');
  });
});
