import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PASSWORD_ONLY_SPACES,
  PASSWORD_TOO_SHORT,
  profileSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
} from './auth.schemas.ts';

/** The first message a schema answers for an input, as the server and the form show it. */
function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('signinSchema', () => {
  it('answers the spec messages for missing, blank and mistyped fields', () => {
    expect(firstMessage(signinSchema, { password: 'x' })).toBe('Please provide username!');
    expect(firstMessage(signinSchema, { username: '   ', password: 'x' })).toBe('Please provide username!');
    expect(firstMessage(signinSchema, { username: 'a@b.co' })).toBe('Please provide password!');
    expect(firstMessage(signinSchema, { username: 42, password: 'x' })).toBe('Please provide username!');
  });
  it('lower-cases the username', () => {
    expect(signinSchema.parse({ username: ' Ana@Cafe.COM ', password: 'x' }).username).toBe('ana@cafe.com');
  });
});

describe('signupSchema', () => {
  const ok = { biz_name: 'Cafe Sol', username: 'ana@cafe.com', password: 'secret pass' };
  it('answers each register message', () => {
    expect(firstMessage(signupSchema, { ...ok, biz_name: '' })).toBe('Please provide business name!');
    expect(firstMessage(signupSchema, { ...ok, username: '' })).toBe('Please provide email!');
    expect(firstMessage(signupSchema, { ...ok, username: 'not-an-email' })).toBe(
      'Please provide valid email!',
    );
    expect(firstMessage(signupSchema, { ...ok, password: '' })).toBe('Please provide password!');
  });
  it('refuses a 10,000 character business name and an unknown time zone', () => {
    expect(firstMessage(signupSchema, { ...ok, biz_name: 'x'.repeat(10_000) })).toBe(
      'Business name is too long!',
    );
    expect(firstMessage(signupSchema, { ...ok, timezone: 'Mars/Olympus' })).toBe('Unknown time zone!');
    expect(firstMessage(signupSchema, { ...ok, timezone: 'Europe/Lisbon' })).toBeUndefined();
  });
});

describe('resetPasswordSchema', () => {
  it('asks for the new password', () => {
    expect(firstMessage(resetPasswordSchema, {})).toBe('Please provide new password!');
  });
});

describe('a new password (NIST SP 800-63B)', () => {
  it.each([signupSchema, resetPasswordSchema])('needs at least 8 characters, not only spaces', (schema) => {
    const base = schema === signupSchema ? { biz_name: 'Cafe', username: 'ana@cafe.com' } : {};
    expect(firstMessage(schema, { ...base, password: 'x' })).toBe(PASSWORD_TOO_SHORT);
    expect(firstMessage(schema, { ...base, password: '1234567' })).toBe(PASSWORD_TOO_SHORT);
    expect(firstMessage(schema, { ...base, password: ' '.repeat(12) })).toBe(PASSWORD_ONLY_SPACES);
    expect(firstMessage(schema, { ...base, password: '\t\n  \u00a0   ' })).toBe(PASSWORD_ONLY_SPACES);
    expect(firstMessage(schema, { ...base, password: '12345678' })).toBeUndefined();
    // Characters as a person counts them: seven emoji are seven characters, not fourteen code units.
    expect(firstMessage(schema, { ...base, password: '🍕'.repeat(7) })).toBe(PASSWORD_TOO_SHORT);
    expect(firstMessage(schema, { ...base, password: '🍕'.repeat(8) })).toBeUndefined();
  });

  it('reads clearly', () => {
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters!');
  });

  it('is not asked of sign-in, so an older short password still signs in', () => {
    expect(firstMessage(signinSchema, { username: 'a@b.co', password: 'x' })).toBeUndefined();
  });
});

describe('profileSchema', () => {
  it('needs a name and stores an empty designation as null', () => {
    expect(firstMessage(profileSchema, { name: ' ' })).toBe('Please provide name!');
    expect(profileSchema.parse({ name: 'Ana', designation: '' }).designation).toBeNull();
  });
});
