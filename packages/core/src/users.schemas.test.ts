import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { addUserSchema, resetUserPasswordSchema, updateUserSchema, usernameParams } from './users.schemas.ts';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('addUserSchema', () => {
  const ok = { name: 'Rui', username: 'rui@cafe.com', password: 'staff pass' };
  it('answers each SPEC §5 message', () => {
    expect(firstMessage(addUserSchema, { ...ok, name: '' })).toBe('Please provide name!');
    expect(firstMessage(addUserSchema, { ...ok, username: '' })).toBe('Please provide username!');
    expect(firstMessage(addUserSchema, { ...ok, password: '' })).toBe('Please provide password!');
    expect(firstMessage(addUserSchema, { ...ok, username: 'rui' })).toBe('Please provide valid email!');
  });
  it('keeps known scopes once and refuses unknown ones', () => {
    expect(addUserSchema.parse({ ...ok, userScopes: ['POS', 'POS', 'KITCHEN'] }).userScopes).toEqual([
      'POS',
      'KITCHEN',
    ]);
    expect(firstMessage(addUserSchema, { ...ok, userScopes: ['ROOT'] })).toBe('Invalid scope!');
    expect(addUserSchema.parse(ok).userScopes).toEqual([]);
  });
  it('stores empty optional fields as null and checks a given email', () => {
    expect(addUserSchema.parse({ ...ok, phone: '', email: '', designation: '' })).toMatchObject({
      phone: null,
      email: null,
      designation: null,
    });
    expect(firstMessage(addUserSchema, { ...ok, email: 'nope' })).toBe('Please provide valid email!');
  });
});

describe('updateUserSchema and friends', () => {
  it('answers the update and reset messages', () => {
    expect(firstMessage(updateUserSchema, {})).toBe('Please provide name!');
    expect(firstMessage(resetUserPasswordSchema, {})).toBe('Provide new password!');
    expect(firstMessage(usernameParams, { username: ' ' })).toBe('Invalid Request!');
  });
  it("asks a staff member's password, new or reset, for 8 characters that are not all spaces", () => {
    expect(firstMessage(addUserSchema, { name: 'Rui', username: 'rui@cafe.com', password: 'pw' })).toBe(
      'Password must be at least 8 characters!',
    );
    expect(firstMessage(resetUserPasswordSchema, { password: 'pw' })).toBe(
      'Password must be at least 8 characters!',
    );
    expect(firstMessage(resetUserPasswordSchema, { password: '         ' })).toBe(
      'Password cannot be only spaces!',
    );
  });
});
