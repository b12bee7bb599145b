import type { SessionUser } from '@comanda/core';
import { auditPlatform } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { ClientInfo } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { refreshIsValid, hashSecret, parseRowToken, randomSecret } from '../../platform/session-tokens.ts';
import * as repo from './superadmin.repo.ts';

/** The super admin as the browser keeps it. */
export function superadminUser(row: { username: string; name: string }): SessionUser {
  return {
    username: row.username,
    name: row.name,
    role: 'superadmin',
    scope: '',
    designation: null,
    photo: null,
    tenant_id: null,
  };
}

/** The super administrator's sessions: the same device model as tenants, on its own tables and cookies. */
export function createSuperadminService(ctx: AppContext) {
  const { database } = ctx;
  const expired = () => unauthorized('Session expired! Please sign in again.');
  return {
    /** Creates or updates the super admin from SUPERADMIN_USERNAME / SUPERADMIN_PASSWORD at start. */
    async ensureFromConfig() {
      const sa = ctx.config.superadmin;
      if (!sa) return;
      const passwordHash = await hashPassword(sa.password);
      await database.asSystem((tx) => repo.upsertSuperadmin(tx, sa.username, passwordHash));
    },

    async signin(input: { username: string; password: string }, client: ClientInfo) {
      const row = await database.asSystem((tx) => repo.findSuperadminByUsername(tx, input.username));
      const ok = await verifyPassword(row?.passwordHash, input.password);
      if (!row || !ok) throw unauthorized('Invalid username or password!');
      const secret = randomSecret();
      const deviceId = await database.asSystem(async (tx) => {
        const id = await repo.insertSuperadminDevice(tx, {
          superadminId: row.id,
          name: client.deviceName,
          ip: client.ip,
          refreshHash: hashSecret(secret),
        });
        await auditPlatform(
          tx,
          { superadminId: row.id, ip: client.ip },
          { action: 'superadmin.signin', targetId: id },
        );
        return id;
      });
      return {
        user: superadminUser(row),
        access: await ctx.tokens.sign({ aud: 'superadmin', tid: null, uid: row.id, did: deviceId }),
        refresh: `${deviceId}.${secret}`,
      };
    },

    async signout(superadminId: number, deviceId: number, ip: string | null) {
      await database.asSystem(async (tx) => {
        await repo.revokeSuperadminDevice(tx, deviceId);
        await auditPlatform(tx, { superadminId, ip }, { action: 'superadmin.signout', targetId: deviceId });
      });
      return { message: 'Logged out successfully!' };
    },

    async refresh(token: string | undefined) {
      const parsed = parseRowToken(token, 2);
      if (!parsed) throw expired();
      const [deviceId] = parsed.ids as [number];
      const presented = hashSecret(parsed.secret);
      const result = await database.asSystem(async (tx) => {
        const device = await repo.findSuperadminDevice(tx, deviceId);
        if (!device || device.revokedAt) return null;
        if (!refreshIsValid(device, presented)) {
          await repo.revokeSuperadminDevice(tx, deviceId);
          await auditPlatform(
            tx,
            { superadminId: device.superadminId, ip: null },
            { action: 'superadmin.refresh_reuse', targetId: deviceId },
          );
          return null;
        }
        const session = await repo.loadSuperadminSession(tx, device.superadminId, deviceId);
        if (!session) return null;
        const secret = randomSecret();
        await repo.rotateSuperadminRefresh(tx, deviceId, hashSecret(secret), device.refreshHash);
        return { superadminId: device.superadminId, session, secret };
      });
      if (!result) throw expired();
      return {
        user: superadminUser(result.session),
        access: await ctx.tokens.sign({
          aud: 'superadmin',
          tid: null,
          uid: result.superadminId,
          did: deviceId,
        }),
        refresh: `${deviceId}.${result.secret}`,
      };
    },

    async loadSession(superadminId: number, deviceId: number) {
      const row = await database.asSystem((tx) => repo.loadSuperadminSession(tx, superadminId, deviceId));
      return row ? { superadminId, deviceId, username: row.username, name: row.name } : null;
    },
  };
}
export type SuperadminService = ReturnType<typeof createSuperadminService>;
