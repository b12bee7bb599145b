import {
  type Scope,
  type User,
  type addUserSchema,
  hasScope,
  parseScopes,
  type updateUserSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as devicesRepo from '../devices/devices.repo.ts';
import * as repo from './users.repo.ts';

function present(u: repo.UserRow): User {
  return {
    username: u.username,
    name: u.name,
    role: u.role,
    photo: u.photo,
    designation: u.designation,
    phone: u.phone,
    email: u.email,
    scope: u.scope,
  };
}

/** A staff user can hand out only the scopes they hold; an admin holds them all. */
function checkGrantable(tc: TenantContext, scopes: Scope[]) {
  const missing = scopes.filter((s) => !hasScope(tc, s));
  if (missing.length) throw fail('scopes_not_yours', { scopes: missing.join(', ') });
}

/**
 * The staff member behind a username in the caller's tenant, if the caller may manage them. Admins are
 * not managed here (SPEC §6); and a user may manage only users whose scopes are all their own, or a
 * SETTINGS holder could reset the password of a stronger account and sign in as it.
 */
async function managedUser(tx: Tx, tc: TenantContext, username: string) {
  const user = await repo.findUserByUsernameInTenant(tx, tc.tenantId, username);
  if (!user) throw fail('user_not_found');
  if (user.role === 'admin') throw fail('admin_not_editable');
  const beyond = parseScopes(user.scope).filter((s) => !hasScope(tc, s));
  if (beyond.length) throw fail('user_beyond_your_scopes', { scopes: beyond.join(', ') });
  return user;
}

export function createUsersService(ctx: AppContext) {
  const { database } = ctx;
  return {
    async list(tc: TenantContext): Promise<User[]> {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listUsers(tx, tc.tenantId));
      return rows.map(present);
    },

    async add(tc: TenantContext, input: z.output<typeof addUserSchema>) {
      checkGrantable(tc, input.userScopes);
      const passwordHash = await ctx.passwords.hash(input.password);
      // Usernames are unique across every tenant, so the check looks across them (system path), and
      // the unique index still settles a race between two adds.
      const taken = await database.asSystem((tx) => repo.findUserByUsername(tx, input.username));
      if (taken) throw fail('username_taken');
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const user = await repo.insertUser(tx, tc.tenantId, {
          username: input.username,
          passwordHash,
          name: input.name,
          role: 'staff',
          scope: input.userScopes.join(','),
          designation: input.designation,
          phone: input.phone,
          email: input.email,
        });
        await audit(tx, tc, {
          action: 'user.add',
          targetType: 'user',
          targetId: user.username,
          details: { scopes: input.userScopes },
        });
        emit('users_updated', {});
      });
      return { message: 'User added successfully!' };
    },

    async update(tc: TenantContext, username: string, input: z.output<typeof updateUserSchema>) {
      const userId = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const user = await managedUser(tx, tc, username);
        checkGrantable(tc, input.userScopes);
        await repo.updateUser(tx, tc.tenantId, user.id, {
          name: input.name,
          designation: input.designation,
          phone: input.phone,
          email: input.email,
          scope: input.userScopes.join(','),
        });
        await audit(tx, tc, {
          action: 'user.update',
          targetType: 'user',
          targetId: username,
          details: { scopes: input.userScopes },
        });
        emit('users_updated', {});
        return user.id;
      });
      // After commit: the user's open screens reconnect and read their new scopes.
      ctx.events.sessionChanged(tc.tenantId, userId);
      return { message: 'User updated successfully!' };
    },

    /** Sets a staff member's password; their devices are signed out at once. */
    async resetPassword(tc: TenantContext, username: string, password: string) {
      const passwordHash = await ctx.passwords.hash(password);
      const revoked = await database.inTenant(tc.tenantId, async (tx) => {
        const user = await managedUser(tx, tc, username);
        await repo.updatePasswordHash(tx, tc.tenantId, user.id, passwordHash);
        const ids = await devicesRepo.revokeUserDevices(tx, tc.tenantId, user.id, 'password changed');
        await audit(tx, tc, { action: 'user.password_reset', targetType: 'user', targetId: username });
        return ids;
      });
      for (const id of revoked) ctx.events.deviceRevoked(tc.tenantId, id);
      return { message: 'Password updated successfully!' };
    },

    async remove(tc: TenantContext, username: string) {
      const revoked = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const user = await managedUser(tx, tc, username);
        if (user.id === tc.userId) throw fail('cannot_delete_self');
        const ids = await devicesRepo.revokeUserDevices(tx, tc.tenantId, user.id, 'user deleted');
        await repo.deleteUser(tx, tc.tenantId, user.id);
        await audit(tx, tc, { action: 'user.delete', targetType: 'user', targetId: username });
        emit('users_updated', {});
        return ids;
      });
      for (const id of revoked) ctx.events.deviceRevoked(tc.tenantId, id);
      return { message: 'User deleted successfully!' };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
