import { z } from 'zod';

// Staff PINs on a shared tablet (issue 31, docs/staff-pins.md): a store device's PIN pad, the PIN
// sign-in, and the PINs the staff and the owner set.

export const STAFF_PIN_INVALID = 'Please give a PIN of 4 to 6 digits!';
/** A new PIN: 4 to 6 digits. Older manager PINs of 7 or 8 digits (issue 15) still sign in and approve. */
export const staffPinSchema = z
  .string({ error: STAFF_PIN_INVALID })
  .regex(/^\d{4,6}$/, { error: STAFF_PIN_INVALID });

/** Idle seconds before a PIN session locks back to the pad: 0 (never) or 15 s to an hour. */
export const IDLE_SECONDS_MIN = 15;
export const IDLE_SECONDS_MAX = 3600;
export const IDLE_SECONDS_DEFAULT = 120;
const IDLE_INVALID = `Please give an idle time of ${IDLE_SECONDS_MIN} seconds to an hour, or 0 for never!`;
const idleSecondsSchema = z
  .number({ error: IDLE_INVALID })
  .int({ error: IDLE_INVALID })
  .refine((s) => s === 0 || (s >= IDLE_SECONDS_MIN && s <= IDLE_SECONDS_MAX), { error: IDLE_INVALID });

const DEVICE_NAME_INVALID = 'Please give the device a name of up to 60 characters!';
const deviceNameSchema = z
  .string({ error: DEVICE_NAME_INVALID })
  .trim()
  .min(1, { error: DEVICE_NAME_INVALID })
  .max(60, { error: DEVICE_NAME_INVALID });

/** POST /auth/store-devices: this browser becomes a store device. */
export const createStoreDeviceSchema = z.object({
  name: deviceNameSchema,
  idleSeconds: idleSecondsSchema.optional(),
});
export type CreateStoreDeviceInput = z.input<typeof createStoreDeviceSchema>;

/** PATCH /auth/store-devices/:id: rename it or change its idle time. */
export const updateStoreDeviceSchema = z
  .object({
    name: deviceNameSchema.optional(),
    idleSeconds: idleSecondsSchema.optional(),
  })
  // An empty change is refused, not sent to the database as an UPDATE with nothing to set (a 500).
  .refine((v) => v.name !== undefined || v.idleSeconds !== undefined, { error: 'Invalid request!' });
export type UpdateStoreDeviceInput = z.input<typeof updateStoreDeviceSchema>;

export const storeDeviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  idleSeconds: z.number(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The browser asking is this store device. */
  isThisDevice: z.boolean(),
});
export type StoreDevice = z.infer<typeof storeDeviceSchema>;

/** GET /auth/pin-pad: what a store device's credential shows before anyone signs in. */
export const pinPadSchema = z.object({
  store: z.object({ name: z.string() }),
  device: z.object({ id: z.number(), name: z.string(), idleSeconds: z.number() }),
  /** The staff who have a PIN: a tile each. */
  staff: z.array(z.object({ id: z.number(), name: z.string(), photo: z.string().nullable() })),
});
export type PinPad = z.infer<typeof pinPadSchema>;

const PIN_WRONG_SHAPE = 'Please type your PIN!';
/** POST /auth/pin-signin: the tile tapped and the PIN typed (4 to 8 digits: older PINs are longer). */
export const pinSigninSchema = z.object({
  userId: z.number({ error: 'Please tap your name!' }).int().positive({ error: 'Please tap your name!' }),
  pin: z.string({ error: PIN_WRONG_SHAPE }).regex(/^\d{4,8}$/, { error: PIN_WRONG_SHAPE }),
});
export type PinSigninInput = z.input<typeof pinSigninSchema>;

/** POST /users/:id/pin: the owner sets or (null) removes a staff member's PIN. */
export const setUserPinSchema = z.object({ pin: staffPinSchema.nullable() });
export type SetUserPinInput = z.input<typeof setUserPinSchema>;

/** The path id of a store device; anything not an id is a 404. */
export const storeDeviceParams = z.object({
  id: z.coerce
    .number({ error: 'Not found!' })
    .int({ error: 'Not found!' })
    .positive({ error: 'Not found!' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Not found!' }),
});

/** GET /users/pins: the usernames of the users who have a PIN (the Users screen's PIN badge). */
export const pinHoldersSchema = z.object({ usernames: z.array(z.string()) });
