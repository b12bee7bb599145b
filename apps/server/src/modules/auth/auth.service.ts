import { parseScopes, type SessionUser, type signinSchema, type signupSchema } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, unauthorized } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  refreshIsValid,
  hashSecret,
  parseRowToken,
  randomSecret,
  sameHash,
} from '../../platform/session-tokens.ts';
import * as repo from './auth.repo.ts';

const RESET_TTL_MS = 60 * 60 * 1000;

/** Where a request comes from, for the device row and the audit log. */
export interface ClientInfo {
  ip: string | null;
  deviceName: string;
}

/** The session user as the browser keeps it (SPEC §3). */
export function toSessionUser(u: repo.UserRow): SessionUser {
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
  async function startSession(user: repo.UserRow, client: ClientInfo) {
    const secret = randomSecret();
    const deviceId = await database.inTenant(user.tenantId, async (tx) => {
      const id = await repo.insertDevice(tx, user.tenantId, {
        userId: user.id,
        name: client.deviceName,
        ip: client.ip,
        refreshHash: hashSecret(secret),
      });
      await audit(
        tx,
        { tenantId: user.tenantId, userId: user.id, deviceId: id, ip: client.ip },
        { action: 'auth.signin', targetType: 'device', targetId: id, details: { device: client.deviceName } },
      );
      return id;
    });
    return {
      user: toSessionUser(user),
      access: await ctx.tokens.sign({ aud: 'tenant', tid: user.tenantId, uid: user.id, did: deviceId }),
      refresh: `${user.tenantId}.${deviceId}.${secret}`,
    };
  }

  return {
    /** Creates a tenant and its first user, the admin (SPEC §1). */
    async signup(input: z.output<typeof signupSchema>) {
      const passwordHash = await hashPassword(input.password);
      await database.asSystem(async (tx) => {
        if (await repo.findUserByUsername(tx, input.username))
          throw conflict('This email is already registered!');
        const tenantId = await repo.insertTenant(tx, {
          name: input.biz_name,
          email: input.username,
          timezone: input.timezone ?? 'UTC',
        });
        const user = await repo.insertUser(tx, tenantId, {
          username: input.username,
          passwordHash,
          name: input.biz_name,
          role: 'admin',
        });
        await audit(tx, { tenantId, userId: user.id, deviceId: null, ip: null }, { action: 'tenant.signup' });
      });
      return { message: 'Account created! Please sign in.' };
    },

    async signin(input: z.output<typeof signinSchema>, client: ClientInfo) {
      const user = await database.asSystem((tx) => repo.findUserByUsername(tx, input.username));
      const ok = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !ok) throw unauthorized('Invalid username or password!');
      return startSession(user, client);
    },

    async signout(tenantId: number, userId: number, deviceId: number, ip: string | null) {
      await database.inTenant(tenantId, async (tx) => {
        await repo.revokeDevice(tx, tenantId, deviceId, 'signout');
        await audit(
          tx,
          { tenantId, userId, deviceId, ip },
          { action: 'auth.signout', targetType: 'device', targetId: deviceId },
        );
      });
      ctx.events.deviceRevoked(tenantId, deviceId);
      return { message: 'Logged out successfully!' };
    },

    /**
     * Rotates a refresh token. A token that was already rotated away (outside the short grace for two
     * tabs refreshing together) means it was copied: the whole device is revoked.
     */
    async refresh(token: string | undefined) {
      const parsed = parseRowToken(token, 3);
      if (!parsed) throw unauthorized('Session expired! Please sign in again.');
      const [tenantId, deviceId] = parsed.ids as [number, number];
      const presented = hashSecret(parsed.secret);
      const result = await database.inTenant(tenantId, async (tx) => {
        const device = await repo.findDevice(tx, tenantId, deviceId);
        if (!device || device.revokedAt) return null;
        if (!refreshIsValid(device, presented)) {
          await repo.revokeDevice(tx, tenantId, deviceId, 'refresh token reuse');
          await audit(
            tx,
            { tenantId, userId: device.userId, deviceId, ip: null },
            { action: 'auth.refresh_reuse', targetType: 'device', targetId: deviceId },
          );
          return 'reused' as const;
        }
        const user = await repo.findUser(tx, tenantId, device.userId);
        if (!user) return null;
        const secret = randomSecret();
        await repo.rotateRefresh(tx, tenantId, deviceId, hashSecret(secret), device.refreshHash);
        return { user, secret };
      });
      if (result === 'reused') ctx.events.deviceRevoked(tenantId, deviceId);
      if (!result || result === 'reused') throw unauthorized('Session expired! Please sign in again.');
      return {
        user: toSessionUser(result.user),
        access: await ctx.tokens.sign({ aud: 'tenant', tid: tenantId, uid: result.user.id, did: deviceId }),
        refresh: `${tenantId}.${deviceId}.${result.secret}`,
      };
    },

    /** Mails a single-use reset link; answers the same whether or not the account exists. */
    async forgotPassword(username: string, ip: string | null) {
      const message = 'If an account exists for this email, a reset link has been sent to it!';
      const user = await database.asSystem((tx) => repo.findUserByUsername(tx, username));
      if (!user) return { message };
      const secret = randomSecret();
      const id = await database.inTenant(user.tenantId, async (tx) => {
        const tokenId = await repo.insertResetToken(tx, user.tenantId, {
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
      return { message };
    },

    /** Sets a new password from a reset link; the link works once, and every signed-in device is signed out. */
    async resetPassword(token: string, password: string, ip: string | null) {
      const invalid = badRequest('Invalid or expired reset link!');
      const parsed = parseRowToken(token, 3);
      if (!parsed) throw invalid;
      const [tenantId, tokenId] = parsed.ids as [number, number];
      const passwordHash = await hashPassword(password);
      const revoked = await database.inTenant(tenantId, async (tx) => {
        const row = await repo.findResetToken(tx, tenantId, tokenId);
        if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw invalid;
        if (!sameHash(row.tokenHash, hashSecret(parsed.secret))) throw invalid;
        if (!(await repo.useResetToken(tx, tenantId, tokenId))) throw invalid;
        await repo.updatePasswordHash(tx, tenantId, row.userId, passwordHash);
        const ids = await repo.revokeUserDevices(tx, tenantId, row.userId, 'password reset');
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
      const row = await database.asSystem((tx) => repo.loadSession(tx, tenantId, userId, deviceId));
      if (!row) return null;
      return {
        tenantId,
        userId,
        deviceId,
        username: row.username,
        role: row.role,
        scopes: parseScopes(row.scope),
        tenantActive: row.tenantActive,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
