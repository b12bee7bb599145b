import {
  IDLE_SECONDS_DEFAULT,
  type PinPad,
  type StoreDevice,
  type createStoreDeviceSchema,
  type pinSigninSchema,
  type setUserPinSchema,
  type updateStoreDeviceSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { hashSecret, parseRowToken, randomSecret, sameHash } from '../../platform/session-tokens.ts';
import type { AuthService, ClientInfo } from '../auth/auth.service.ts';
import * as devicesRepo from '../devices/devices.repo.ts';
import { savePinHash } from '../discounts/discounts.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as repo from './store-devices.repo.ts';

/** Wrong PINs of one person on one device before that device locks their PIN; the locks, longer each time. */
const PIN_LOCK_AFTER = 5;
const PIN_LOCK_MINUTES = [15, 30, 60] as const;

/** The credential a store device holds: `<tenant>.<store device>.<secret>` (the secret stored hashed). */
function readCredential(token: string | undefined) {
  const parsed = parseRowToken(token, 3);
  if (!parsed) return null;
  const [tenantId, id] = parsed.ids as [number, number];
  return { tenantId, id, secretHash: hashSecret(parsed.secret) };
}

/**
 * Store devices and staff PINs (issue 31, docs/staff-pins.md): the owner makes a browser a store device;
 * its credential opens the PIN pad, where staff sign in by name and PIN into an ordinary session of
 * their own that ends after the device's idle time.
 */
export function createStoreDevicesService(ctx: AppContext, deps: { auth: AuthService }) {
  const { database } = ctx;

  /** The live store device a credential names, or null (absent, forged, revoked, another's secret). */
  async function deviceOf(token: string | undefined) {
    const cred = readCredential(token);
    if (!cred) return null;
    const device = await database.inTenant(cred.tenantId, (tx) =>
      repo.findLiveStoreDevice(tx, cred.tenantId, cred.id),
    );
    if (!device || !sameHash(device.secretHash, cred.secretHash)) return null;
    return device;
  }

  const present = (d: repo.StoreDeviceRow, thisId: number | null): StoreDevice => ({
    id: d.id,
    name: d.name,
    idleSeconds: d.idleSeconds,
    createdAt: d.createdAt.toISOString(),
    lastSeenAt: d.lastSeenAt.toISOString(),
    isThisDevice: d.id === thisId,
  });

  /**
   * Claims one of the PIN_LOCK_AFTER checks of a person's lock window on this device, holding the
   * failures row, so requests sent at once claim one after another; the last check takes the lock
   * before argon2 runs. A user not of this store or without a PIN answers 'none'.
   */
  async function claimCheck(tenantId: number, storeDeviceId: number, userId: number) {
    return database.inTenant(tenantId, async (tx) => {
      const state = await repo.lockPinFailures(tx, tenantId, storeDeviceId, userId);
      if (!state || state.pinHash === null) return { kind: 'none' } as const;
      if (state.lockedMs > 0) return { kind: 'locked', minutes: Math.ceil(state.lockedMs / 60_000) } as const;
      const failures = state.failures + 1;
      if (failures < PIN_LOCK_AFTER) {
        await repo.countPinFailure(tx, tenantId, storeDeviceId, userId, failures);
        return { kind: 'check', pinHash: state.pinHash, failures, lock: null } as const;
      }
      const minutes = PIN_LOCK_MINUTES[Math.min(state.locks, PIN_LOCK_MINUTES.length - 1)] ?? 60;
      await repo.lockPinOnDevice(tx, tenantId, storeDeviceId, userId, minutes);
      return { kind: 'check', pinHash: state.pinHash, failures, lock: minutes } as const;
    });
  }

  return {
    /**
     * POST /auth/store-devices: the caller's browser becomes a store device. The owner's own session on
     * it ends in the same step, so the tablet goes straight to the PIN pad and nobody inherits the
     * owner's rights (audited `store_device.create`).
     */
    async create(tc: TenantContext, input: z.output<typeof createStoreDeviceSchema>) {
      const secret = randomSecret();
      const id = await database.inTenant(tc.tenantId, async (tx) => {
        const deviceId = await repo.insertStoreDevice(tx, tc.tenantId, {
          name: input.name,
          idleSeconds: input.idleSeconds ?? IDLE_SECONDS_DEFAULT,
          secretHash: hashSecret(secret),
        });
        await devicesRepo.revokeDevice(tx, tc.tenantId, tc.deviceId, 'made a store device');
        await audit(tx, tc, {
          action: 'store_device.create',
          targetType: 'store_device',
          targetId: deviceId,
          details: { name: input.name },
        });
        return deviceId;
      });
      ctx.events.deviceRevoked(tc.tenantId, tc.deviceId);
      return { id, credential: `${tc.tenantId}.${id}.${secret}` };
    },

    /** GET /auth/store-devices: the store's devices, the asking browser's marked. */
    async list(tc: TenantContext, token: string | undefined): Promise<StoreDevice[]> {
      const cred = readCredential(token);
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listLiveStoreDevices(tx, tc.tenantId));
      const thisId =
        cred?.tenantId === tc.tenantId
          ? (rows.find((r) => r.id === cred.id && sameHash(r.secretHash, cred.secretHash))?.id ?? null)
          : null;
      return rows.map((r) => present(r, thisId));
    },

    /** PATCH /auth/store-devices/:id: a new name or idle time (the sessions open keep theirs). */
    async update(tc: TenantContext, id: number, input: z.output<typeof updateStoreDeviceSchema>) {
      const row = await database.inTenant(tc.tenantId, async (tx) => {
        const updated = await repo.updateStoreDevice(tx, tc.tenantId, id, input);
        if (!updated) throw fail('store_device_not_found');
        await audit(tx, tc, {
          action: 'store_device.update',
          targetType: 'store_device',
          targetId: id,
          details: { ...input },
        });
        return updated;
      });
      return present(row, null);
    },

    /** DELETE /auth/store-devices/:id: the device shows the e-mail sign-in again; its PIN sessions end. */
    async revoke(tc: TenantContext, id: number) {
      const sessions = await database.inTenant(tc.tenantId, async (tx) => {
        if (!(await repo.findLiveStoreDevice(tx, tc.tenantId, id))) throw fail('store_device_not_found');
        const ended = await repo.revokeStoreDevice(tx, tc.tenantId, id);
        await audit(tx, tc, { action: 'store_device.revoke', targetType: 'store_device', targetId: id });
        return ended;
      });
      for (const deviceId of sessions) ctx.events.deviceRevoked(tc.tenantId, deviceId);
      return { message: 'Store device removed! It shows the e-mail sign-in again.' };
    },

    /** GET /auth/pin-pad: the store, the device and the staff with a PIN; nothing else. */
    async pinPad(token: string | undefined): Promise<PinPad> {
      const device = await deviceOf(token);
      if (!device) throw fail('store_device_required');
      const { tenantId } = device;
      return database.inTenant(tenantId, async (tx) => {
        await repo.touchStoreDevice(tx, tenantId, device.id);
        return {
          store: { name: await repo.storeName(tx, tenantId) },
          device: { id: device.id, name: device.name, idleSeconds: device.idleSeconds },
          staff: await repo.listPinStaff(tx, tenantId),
        };
      });
    },

    /**
     * POST /auth/pin-signin: a person's PIN on this device opens a session of their own (their scopes,
     * their name on everything they do). Wrong PINs are audited `auth.pin_wrong`; the fifth in a row
     * locks that person's PIN on this device only (429, `auth.pin_locked`).
     */
    async pinSignin(token: string | undefined, input: z.output<typeof pinSigninSchema>, client: ClientInfo) {
      const device = await deviceOf(token);
      if (!device) throw fail('store_device_required');
      const { tenantId } = device;
      const claim = await claimCheck(tenantId, device.id, input.userId);
      if (claim.kind === 'locked') throw fail('pin_locked', { minutes: String(claim.minutes) });
      if (claim.kind === 'none') {
        // As long as a real check: the time taken does not tell who has a PIN.
        await ctx.passwords.verify(undefined, input.pin);
        throw fail('pin_wrong');
      }
      const right = await ctx.passwords.verify(claim.pinHash, input.pin);
      const user = await database.inTenant(tenantId, async (tx) => {
        const actor = { tenantId, userId: input.userId, deviceId: null, ip: client.ip };
        if (right) {
          await repo.resetPinFailures(tx, tenantId, device.id, input.userId);
          return usersRepo.findUser(tx, tenantId, input.userId);
        }
        await audit(tx, actor, {
          action: claim.lock === null ? 'auth.pin_wrong' : 'auth.pin_locked',
          targetType: 'user',
          targetId: input.userId,
          details: {
            storeDeviceId: device.id,
            failures: claim.failures,
            ...(claim.lock === null ? {} : { lockedMinutes: claim.lock }),
          },
        });
        return null;
      });
      if (!user) {
        if (claim.lock !== null) throw fail('pin_locked', { minutes: String(claim.lock) });
        throw fail('pin_wrong');
      }
      const session = await deps.auth.startSession(
        user,
        { ...client, deviceName: device.name },
        { storeDeviceId: device.id, idleSeconds: device.idleSeconds },
      );
      return { ...session, device: { id: device.id, name: device.name, idleSeconds: device.idleSeconds } };
    },

    /** POST /auth/pin-session/active: input on a PIN session; its idle clock starts again. */
    async active(tc: TenantContext) {
      await database.inTenant(tc.tenantId, (tx) => repo.touchPinSession(tx, tc.tenantId, tc.deviceId));
      return { message: 'OK' };
    },

    /**
     * POST /users/:id/pin: the owner sets (4 to 6 digits) or removes a staff member's PIN, for one who
     * forgot theirs or never signs in by e-mail (audited `user.pin_set`, `user.pin_remove`).
     */
    async setUserPin(tc: TenantContext, username: string, input: z.output<typeof setUserPinSchema>) {
      const pinHash = input.pin === null ? null : await ctx.passwords.hash(input.pin);
      await database.inTenant(tc.tenantId, async (tx) => {
        const user = await usersRepo.findUserByUsernameInTenant(tx, tc.tenantId, username);
        if (!user) throw fail('user_not_found');
        const userId = user.id;
        await savePinHash(tx, tc.tenantId, userId, pinHash);
        await repo.clearPinFailures(tx, tc.tenantId, userId);
        await audit(tx, tc, {
          action: input.pin === null ? 'user.pin_remove' : 'user.pin_set',
          targetType: 'user',
          targetId: userId,
        });
      });
      return { message: input.pin === null ? 'PIN removed!' : 'PIN saved!' };
    },

    /** GET /users/pins: which users have a PIN (the Users screen's PIN column). */
    async pinHolders(tc: TenantContext) {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listPinHolders(tx, tc.tenantId));
      return { usernames: rows.map((r) => r.username) };
    },
  };
}
export type StoreDevicesService = ReturnType<typeof createStoreDevicesService>;
