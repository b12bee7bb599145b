import { parseScopes, type SessionUser, type signinSchema, type signupSchema } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, loggableError } from '../../platform/errors.ts';
import {
  hashSecret,
  parseRowToken,
  randomSecret,
  refreshVerdict,
  sameHash,
  sessionEndsAt,
} from '../../platform/session-tokens.ts';
import * as devicesRepo from '../devices/devices.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as resetsRepo from './password-resets.repo.ts';

const RESET_TTL_MS = 60 * 60 * 1000;
const MAX_PENDING_RESET_MAILS = 100;

/** Where a request comes from, for the device row and the audit log. */
export interface ClientInfo {
  ip: string | null;
  deviceName: string;
}

/** A PIN session past its idle time: it ends, a refresh cannot revive it (devices.repo notIdle). */
function pinSessionIdle(device: { idleSeconds: number; lastSeenAt: Date }, now: number): boolean {
  return device.idleSeconds > 0 && now > device.lastSeenAt.getTime() + device.idleSeconds * 1000;
}

/** The session user as the browser keeps it (SPEC §3). */
export function toSessionUser(u: usersRepo.UserRow): SessionUser {
  return {
    username: u.username,
    name: u.name,
    role: u.role,
    scope: u.scope,
    designation: u.designation,
    photo: u.photo,
    tenant_id: u.tenantId,
  };
}

export function createAuthService(ctx: AppContext) {
  const { database } = ctx;

  /** Starts a device session for a user: the device row, its refresh token and an access token. */
  async function startSession(
    user: usersRepo.UserRow,
    client: ClientInfo,
    /** A PIN sign-in on a store device (docs/staff-pins.md): the session ends after its idle time. */
    pin?: { storeDeviceId: number; idleSeconds: number },
  ) {
    const { deviceId, refresh } = await database.inTenant(user.tenantId, async (tx) => {
      // The token's tag covers the device id, so the row is made first with a hash nothing matches.
      const id = await devicesRepo.insertDevice(tx, user.tenantId, {
        userId: user.id,
        name: client.deviceName,
        ip: client.ip,
        refreshHash: hashSecret(randomSecret()),
        // On the app clock, as the sales it bounds are dated (shifts/sale-clock.ts).
        createdAt: ctx.now(),
        ...pin,
      });
      const issued = ctx.tokens.issueRefresh('tenant', [user.tenantId, id]);
      await devicesRepo.setRefreshHash(tx, user.tenantId, id, issued.hash);
      await audit(
        tx,
        { tenantId: user.tenantId, userId: user.id, deviceId: id, ip: client.ip },
        {
          action: pin ? 'auth.pin_signin' : 'auth.signin',
          targetType: 'device',
          targetId: id,
          details: { device: client.deviceName, ...(pin ? { storeDeviceId: pin.storeDeviceId } : {}) },
        },
      );
      return { deviceId: id, refresh: issued.token };
    });
    return {
      user: toSessionUser(user),
      access: await ctx.tokens.sign({ aud: 'tenant', tid: user.tenantId, uid: user.id, did: deviceId }),
      refresh,
    };
  }

  /** Reset links being looked up and mailed after their answer went out. */
  const background = new Set<Promise<unknown>>();

  async function sendResetLink(username: string, ip: string | null) {
    const user = await database.asSystem((tx) => usersRepo.findUserByUsername(tx, username));
    if (!user) return;
    const secret = randomSecret();
    const id = await database.inTenant(user.tenantId, async (tx) => {
      const tokenId = await resetsRepo.insertResetToken(tx, user.tenantId, {
        userId: user.id,
        tokenHash: hashSecret(secret),
        expiresAt: new Date(Date.now() + RESET_TTL_MS),
      });
      await audit(
        tx,
        { tenantId: user.tenantId, userId: user.id, deviceId: null, ip },
        { action: 'auth.password_reset_requested', targetType: 'user', targetId: user.id },
      );
      return tokenId;
    });
    const token = `${user.tenantId}.${id}.${secret}`;
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: user.username,
      subject: 'Reset your Comanda password',
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of your Comanda account.\nOpen this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`,
    });
  }

  /**
   * Creates a tenant and its first user, the admin (SPEC §1), from an already computed password hash.
   * The tenant's store and print settings come with the tenant row (a trigger, migration 0006).
   * The super admin's add (tenants.service) comes this way too, with its active switch and its own
   * audit entry in the same transaction (`also`).
   */
  async function createTenantWithAdmin(input: {
    bizName: string;
    username: string;
    passwordHash: string;
    timezone: string;
    isActive?: boolean;
    also?: (tx: Tx, tenantId: number) => Promise<void>;
  }) {
    return database.asSystem(async (tx) => {
      if (await usersRepo.findUserByUsername(tx, input.username)) throw fail('email_registered');
      const tenantId = await tenantsRepo.insertTenant(tx, {
        name: input.bizName,
        email: input.username,
        timezone: input.timezone,
        // With a card provider a new tenant pays before it works (docs/billing.md); without, it is active.
        // The super admin may choose (tenants.service).
        isActive: input.isActive ?? ctx.config.billing === 'off',
      });
      const user = await usersRepo.insertUser(tx, tenantId, {
        username: input.username,
        passwordHash: input.passwordHash,
        name: input.bizName,
        role: 'admin',
      });
      await audit(tx, { tenantId, userId: user.id, deviceId: null, ip: null }, { action: 'tenant.signup' });
      await input.also?.(tx, tenantId);
      return user;
    });
  }

  return {
    createTenantWithAdmin,
    startSession,

    /**
     * Sign-up (SPEC §1): a new tenant whose admin is the person signing up, signed in on this device
     * (issue 31: no empty login form after registering).
     */
    async signup(input: z.output<typeof signupSchema>, client: ClientInfo) {
      const user = await createTenantWithAdmin({
        bizName: input.biz_name,
        username: input.username,
        passwordHash: await ctx.passwords.hash(input.password),
        timezone: input.timezone ?? 'UTC',
      });
      return startSession(user, client);
    },

    async signin(input: z.output<typeof signinSchema>, client: ClientInfo) {
      const user = await database.asSystem((tx) => usersRepo.findUserByUsername(tx, input.username));
      const ok = await ctx.passwords.verify(user?.passwordHash, input.password);
      if (!user || !ok) throw fail('invalid_credentials');
      return startSession(user, client);
    },

    /** Signs the caller's current device out; their other devices stay signed in. */
    async signout(tc: TenantContext) {
      await database.inTenant(tc.tenantId, async (tx) => {
        await devicesRepo.revokeDevice(tx, tc.tenantId, tc.deviceId, 'signout');
        await audit(tx, tc, { action: 'auth.signout', targetType: 'device', targetId: tc.deviceId });
      });
      ctx.events.deviceRevoked(tc.tenantId, tc.deviceId);
      return { message: 'Logged out successfully!' };
    },

    /**
     * Rotates a refresh token. A token this server never issued changes nothing. One it issued and
     * rotated away (outside the short grace for two tabs refreshing together) means it was copied: the
     * whole device is revoked. The device row is locked meanwhile, so concurrent refreshes of one
     * session take turns and see each other's rotation.
     */
    async refresh(token: string | undefined) {
      const expired = () => fail('session_expired');
      const parsed = ctx.tokens.readRefresh('tenant', token);
      if (!parsed) throw expired();
      const [tenantId, deviceId] = parsed.ids as [number, number];
      const result = await database.inTenant(tenantId, async (tx) => {
        const device = await devicesRepo.lockDevice(tx, tenantId, deviceId);
        if (!device || device.revokedAt) return null;
        // The session's start is on the app clock (startSession), so its end is judged on it too.
        const idle = pinSessionIdle(device, Date.now());
        const verdict = idle ? 'expired' : refreshVerdict(device, parsed.hash, ctx.now().getTime());
        if (verdict === 'expired' || verdict === 'reused') {
          const reused = verdict === 'reused';
          await devicesRepo.revokeDevice(
            tx,
            tenantId,
            deviceId,
            reused ? 'refresh token reuse' : idle ? 'idle' : 'session expired',
          );
          await audit(
            tx,
            { tenantId, userId: device.userId, deviceId, ip: null },
            {
              action: reused ? 'auth.refresh_reuse' : idle ? 'auth.pin_idle_lock' : 'auth.session_expired',
              targetType: 'device',
              targetId: deviceId,
            },
          );
          return 'revoked' as const;
        }
        const user = await usersRepo.findUser(tx, tenantId, device.userId);
        if (!user) return null;
        if (verdict === 'grace') return { user, refresh: null };
        const issued = ctx.tokens.issueRefresh('tenant', [tenantId, deviceId]);
        await devicesRepo.rotateRefresh(tx, tenantId, deviceId, issued.hash, device.refreshHash);
        return { user, refresh: issued.token };
      });
      if (result === 'revoked') ctx.events.deviceRevoked(tenantId, deviceId);
      if (!result || result === 'revoked') throw expired();
      return {
        user: toSessionUser(result.user),
        access: await ctx.tokens.sign({ aud: 'tenant', tid: tenantId, uid: result.user.id, did: deviceId }),
        refresh: result.refresh,
      };
    },

    /**
     * Mails a single-use reset link. The answer goes out before anything is looked up, so it takes the
     * same time whether or not the account exists (the insert and the mail would otherwise tell); the
     * work carries on afterwards and its failures are logged.
     */
    forgotPassword(username: string, ip: string | null) {
      const message = 'If an account exists for this email, a reset link has been sent to it!';
      // A flood from many addresses against a slow mail server must not pile up without end; the
      // answer stays the same, so skipping tells nothing about the account.
      if (background.size >= MAX_PENDING_RESET_MAILS) {
        ctx.log.warn('too many reset links pending; this request is dropped');
        return { message };
      }
      const work = sendResetLink(username, ip)
        .catch((error: unknown) =>
          ctx.log.error({ error: loggableError(error) }, 'password reset link not sent'),
        )
        .finally(() => background.delete(work));
      background.add(work);
      return { message };
    },

    /** Waits (a bounded time) for reset links still being mailed, so a shutdown does not cut them off. */
    async settle(timeoutMs = 5000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.allSettled([...background]), timeout]);
      clearTimeout(timer);
    },

    /**
     * Sets a new password from a reset link; the link and every other open link of the user stop working,
     * and every signed-in device is signed out.
     */
    async resetPassword(token: string, password: string, ip: string | null) {
      const invalid = fail('reset_link_invalid');
      const parsed = parseRowToken(token, 3);
      if (!parsed) throw invalid;
      const [tenantId, tokenId] = parsed.ids as [number, number];
      const passwordHash = await ctx.passwords.hash(password);
      const revoked = await database.inTenant(tenantId, async (tx) => {
        const row = await resetsRepo.findResetToken(tx, tenantId, tokenId);
        if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw invalid;
        if (!sameHash(row.tokenHash, hashSecret(parsed.secret))) throw invalid;
        if (!(await resetsRepo.useResetToken(tx, tenantId, tokenId))) throw invalid;
        // Every other open link of the user goes too: an older mail must not set the password again.
        await resetsRepo.useOpenResetTokens(tx, tenantId, row.userId);
        await usersRepo.updatePasswordHash(tx, tenantId, row.userId, passwordHash);
        const ids = await devicesRepo.revokeUserDevices(tx, tenantId, row.userId, 'password reset');
        await audit(
          tx,
          { tenantId, userId: row.userId, deviceId: null, ip },
          {
            action: 'auth.password_reset',
            targetType: 'user',
            targetId: row.userId,
            details: { devicesSignedOut: ids.length },
          },
        );
        return ids;
      });
      for (const id of revoked) ctx.events.deviceRevoked(tenantId, id);
      return { message: 'Password updated! Please sign in with your new password.' };
    },

    /** The live session's data, for the auth hook (system path: runs before any tenant is trusted). */
    async loadSession(tenantId: number, userId: number, deviceId: number) {
      const row = await database.statementAsSystem((db) =>
        devicesRepo.loadLiveSession(db, tenantId, userId, deviceId),
      );
      if (!row) return null;
      return {
        tenantId,
        userId,
        deviceId,
        username: row.username,
        role: row.role,
        scopes: parseScopes(row.scope),
        tenantActive: row.tenantActive,
        /** When the session ends unless refreshed (a socket lives until then: realtime.ts). */
        endsAt: sessionEndsAt(row),
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
