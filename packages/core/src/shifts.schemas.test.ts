import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { closeShiftSchema, openShiftSchema, shiftMovementSchema } from './shifts.schemas.ts';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('openShiftSchema', () => {
  it('takes a float of 0 or more, as a decimal string, and refuses a blank one', () => {
    expect(openShiftSchema.parse({ float: 100 })).toEqual({ float: '100' });
    expect(openShiftSchema.parse({ float: ' 0 ' })).toEqual({ float: '0' });
    for (const float of ['', '   ', null, -1, 'ten', '1e3'])
      expect(firstMessage(openShiftSchema, { float }), String(float)).toBe(
        'Please provide a valid float amount!',
      );
  });
});

describe('shiftMovementSchema', () => {
  it('needs an amount above 0 and a note for a pay in or out', () => {
    expect(shiftMovementSchema.parse({ kind: 'pay_out', amount: '12.50', note: ' Milk ' })).toEqual({
      kind: 'pay_out',
      amount: '12.50',
      note: 'Milk',
    });
    expect(firstMessage(shiftMovementSchema, { kind: 'pay_in', amount: '0.00', note: 'x' })).toBe(
      'Please provide a valid amount!',
    );
    expect(firstMessage(shiftMovementSchema, { kind: 'pay_in', amount: 5, note: '' })).toBe(
      'Please provide a note!',
    );
    expect(firstMessage(shiftMovementSchema, { kind: 'pay_in', amount: 5, note: 'x'.repeat(201) })).toBe(
      'The note is too long!',
    );
  });

  it('takes a "No sale" without amount or note, and refuses any other kind', () => {
    expect(shiftMovementSchema.parse({ kind: 'no_sale' })).toEqual({ kind: 'no_sale' });
    expect(firstMessage(shiftMovementSchema, { kind: 'refund', amount: 1, note: 'x' })).toBe(
      'Invalid request!',
    );
  });
});

describe('closeShiftSchema', () => {
  it('takes counted amounts per line and refuses a bad one', () => {
    expect(closeShiftSchema.parse({ counts: [{ key: 'type:1', counted: 90 }] })).toEqual({
      counts: [{ key: 'type:1', counted: '90' }],
    });
    expect(firstMessage(closeShiftSchema, { counts: [{ key: 'type:1', counted: '-3' }] })).toBe(
      'Please provide a valid counted amount!',
    );
  });
});
