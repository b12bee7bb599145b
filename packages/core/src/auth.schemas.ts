import { z } from 'zod';

// Limits keep a hostile request from costing us CPU (argon2 over a megabyte) or storage.
const MAX_PASSWORD = 256;
const MAX_EMAIL = 254;
const MAX_NAME = 120;

/** A required string: missing, wrong type or blank all answer the spec's one message. */
export function requiredText(message: string, max = MAX_NAME, tooLong = 'Value is too long!') {
  return z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });
}

/** An e-mail style username, lower-cased so that it is unique regardless of case. */
export function emailText(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage, MAX_EMAIL, 'Email is too long!')
    .pipe(z.email({ error: invalidMessage }))
    .transform((v) => v.toLowerCase());
}

/** A password: required, not trimmed (spaces are characters too), bounded. */
export function passwordText(message: string) {
  return z
    .string({ error: message })
    .min(1, { error: message })
    .max(MAX_PASSWORD, { error: 'Password is too long!' });
}

/** The shortest password a new one may be (NIST SP 800-63B: at least 8 characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters!`;
export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces!';

/**
 * A password being chosen (sign-up, reset, a user's new password): at least 8 characters, counted as
 * the user sees them (an emoji is one), and not only whitespace. Sign-in keeps `passwordText`, so an
 * account made before the rule still signs in.
 */
export function newPasswordText(requiredMessage: string) {
  return passwordText(requiredMessage)
    .refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT, abort: true })
    .refine((v) => v.trim().length > 0, { error: PASSWORD_ONLY_SPACES });
}

/** POST /auth/signin and the login form (SPEC §5 Login). */
export const signinSchema = z.object({
  username: requiredText('Please provide username!', MAX_EMAIL).transform((v) => v.toLowerCase()),
  password: passwordText('Please provide password!'),
});
export type SigninInput = z.input<typeof signinSchema>;

/** POST /superadmin/signin and the super-admin login form. */
export const superadminSigninSchema = signinSchema;

/** POST /auth/signup and the register form (SPEC §5 Register). */
export const signupSchema = z.object({
  biz_name: requiredText('Please provide business name!', MAX_NAME, 'Business name is too long!'),
  username: emailText('Please provide email!', 'Please provide valid email!'),
  password: newPasswordText('Please provide password!'),
  // The registering browser's time zone; "today" and the daily token reset follow it.
  timezone: z.string().max(64).refine(isTimeZone, { error: 'Unknown time zone!' }).optional(),
});
export type SignupInput = z.input<typeof signupSchema>;

/** POST /auth/forgot-password and its form. */
export const forgotPasswordSchema = z.object({
  username: requiredText('Please provide username!', MAX_EMAIL).transform((v) => v.toLowerCase()),
});

/** POST /auth/reset-password/{token} and its form. */
export const resetPasswordSchema = z.object({
  password: newPasswordText('Please provide new password!'),
});
export const resetTokenParams = z.object({
  token: requiredText('Invalid request!', 512),
});

/** POST /auth/remove-device. */
export const removeDeviceSchema = z.object({
  device_id: z.coerce.number({ error: 'Invalid request!' }).int({ error: 'Invalid request!' }).positive({
    error: 'Invalid request!',
  }),
});

/** POST /auth/profile: the profile form. */
export const profileSchema = z.object({
  name: requiredText('Please provide name!', MAX_NAME, 'Name is too long!'),
  designation: z
    .string({ error: 'Invalid designation!' })
    .trim()
    .max(MAX_NAME, { error: 'Designation is too long!' })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** Whether the runtime knows an IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The signed-in user as the browser keeps it (SPEC §3 Session user). */
export const sessionUserSchema = z.object({
  username: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'staff', 'superadmin']),
  scope: z.string(),
  designation: z.string().nullable(),
  photo: z.string().nullable(),
  tenant_id: z.number().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** The answer of every mutation: a message for the toast. */
export const messageSchema = z.object({ message: z.string() });

/** A device as the devices screen lists it (SPEC §3 Device). */
export const deviceSchema = z.object({
  device_id: z.number(),
  device_ip: z.string().nullable(),
  device_name: z.string(),
  device_location: z.string().nullable(),
  created_at: z.string(),
  isMyDevice: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
