import type { SessionUser } from '@comanda/core';
import { auditPlatform } from '../../platform/audit.ts';
import type { SuperadminAuth } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import type { ClientInfo } from '../auth/auth.service.ts';
import { hashSecret, randomSecret, refreshVerdict } from '../../platform/session-tokens.ts';
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
  const expired = () => fail('session_expired');
  return {
    /** Creates or updates the super admin from SUPERADMIN_USERNAME / SUPERADMIN_PASSWORD at start. */
    async ensureFromConfig() {
      const sa = ctx.config.superadmin;
      if (!sa) return;
      const passwordHash = await ctx.passwords.hash(sa.password);
      await database.asSystem((tx) => repo.upsertSuperadmin(tx, sa.username, passwordHash));
    },

    async signin(input: { username: string; password: string }, client: ClientInfo) {
      const row = await database.asSystem((tx) => repo.findSuperadminByUsername(tx, input.username));
      const ok = await ctx.passwords.verify(row?.passwordHash, input.password);
      if (!row || !ok) throw fail('invalid_credentials');
      const { deviceId, refresh } = await database.asSystem(async (tx) => {
        // The token's tag covers the device id, so the row is made first with a hash nothing matches.
        const id = await repo.insertSuperadminDevice(tx, {
          superadminId: row.id,
          name: client.deviceName,
          ip: client.ip,
          refreshHash: hashSecret(randomSecret()),
        });
        const issued = ctx.tokens.issueRefresh('superadmin', [id]);
        await repo.setSuperadminRefreshHash(tx, id, issued.hash);
        await auditPlatform(
          tx,
          { superadminId: row.id, ip: client.ip },
          { action: 'superadmin.signin', targetId: id },
        );
        return { deviceId: id, refresh: issued.token };
      });
      return {
        user: superadminUser(row),
        access: await ctx.tokens.sign({ aud: 'superadmin', tid: null, uid: row.id, did: deviceId }),
        refresh,
      };
    },

    async signout(sa: SuperadminAuth) {
      await database.asSystem(async (tx) => {
        await repo.revokeSuperadminDevice(tx, sa.deviceId);
        await auditPlatform(tx, sa, { action: 'superadmin.signout', targetId: sa.deviceId });
      });
      return { message: 'Logged out successfully!' };
    },

    /** Rotates the super admin's refresh token, by the same rules as a tenant user's (see auth.service). */
    async refresh(token: string | undefined) {
      const parsed = ctx.tokens.readRefresh('superadmin', token);
      if (!parsed) throw expired();
      const [deviceId] = parsed.ids as [number];
      const result = await database.asSystem(async (tx) => {
        const device = await repo.lockSuperadminDevice(tx, deviceId);
        if (!device || device.revokedAt) return null;
        const verdict = refreshVerdict(device, parsed.hash);
        if (verdict === 'expired' || verdict === 'reused') {
          await repo.revokeSuperadminDevice(tx, deviceId);
          await auditPlatform(
            tx,
            { superadminId: device.superadminId, ip: null },
            {
              action: verdict === 'reused' ? 'superadmin.refresh_reuse' : 'superadmin.session_expired',
              targetId: deviceId,
            },
          );
          return null;
        }
        const session = await repo.loadSuperadminSession(tx, device.superadminId, deviceId);
        if (!session) return null;
        if (verdict === 'grace') return { superadminId: device.superadminId, session, refresh: null };
        const issued = ctx.tokens.issueRefresh('superadmin', [deviceId]);
        await repo.rotateSuperadminRefresh(tx, deviceId, issued.hash, device.refreshHash);
        return { superadminId: device.superadminId, session, refresh: issued.token };
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
        refresh: result.refresh,
      };
    },

    async loadSession(superadminId: number, deviceId: number) {
      const row = await database.statementAsSystem((db) =>
        repo.loadSuperadminSession(db, superadminId, deviceId),
      );
      return row ? { superadminId, deviceId, username: row.username, name: row.name } : null;
    },
  };
}
export type SuperadminService = ReturnType<typeof createSuperadminService>;
