import { z } from 'zod';
import { newPasswordText, requiredText } from './auth.schemas.ts';
import { SCOPES } from './scopes.ts';

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Invalid request!' })
    .trim()
    .max(max, { error: tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

const userScopes = z
  .array(z.enum(SCOPES, { error: 'Invalid scope!' }), { error: 'Invalid scope!' })
  .max(SCOPES.length * 2, { error: 'Invalid scope!' })
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

const contact = {
  designation: optionalText(120, 'Designation is too long!'),
  phone: optionalText(20, 'Phone is too long!'),
  email: z
    .string({ error: 'Please provide valid email!' })
    .trim()
    .max(254, { error: 'Email is too long!' })
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email({ error: 'Please provide valid email!' }).nullable()),
  userScopes,
};

/** POST /users/add and the add-user dialog (SPEC §5 User add). */
export const addUserSchema = z.object({
  name: requiredText('Please provide name!', 120, 'Name is too long!'),
  username: requiredText('Please provide username!', 254, 'Email is too long!')
    .pipe(z.email({ error: 'Please provide valid email!' }))
    .transform((v) => v.toLowerCase()),
  password: newPasswordText('Please provide password!'),
  ...contact,
});
export type AddUserInput = z.input<typeof addUserSchema>;

/** POST /users/update/{username} and the update dialog. */
export const updateUserSchema = z.object({
  name: requiredText('Please provide name!', 120, 'Name is too long!'),
  ...contact,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** POST /users/update-password/{username}: the reset-password dialog. */
export const resetUserPasswordSchema = z.object({ password: newPasswordText('Provide new password!') });

/** The {username} of the /users paths. */
export const usernameParams = z.object({
  username: requiredText('Invalid Request!', 254).transform((v) => v.toLowerCase()),
});

/** A user as the users screen lists it (SPEC §3 User). */
export const userSchema = z.object({
  username: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'staff']),
  photo: z.string().nullable(),
  designation: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  scope: z.string(),
});
export type User = z.infer<typeof userSchema>;
