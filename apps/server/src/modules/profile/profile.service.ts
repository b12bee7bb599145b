import type { profileSchema } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { toSessionUser } from '../auth/auth.service.ts';
import * as usersRepo from '../users/users.repo.ts';

/** The signed-in user's own record: their users row, read and saved by themselves. */
export function createProfileService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** The signed-in user, fresh from the database (the browser's copy may be stale). */
    async me(tc: TenantContext) {
      const user = await database.inTenant(tc.tenantId, (tx) =>
        usersRepo.findUser(tx, tc.tenantId, tc.userId),
      );
      if (!user) throw fail('user_not_found');
      return toSessionUser(user);
    },

    /** Saves the user's own name and designation. */
    async update(tc: TenantContext, input: z.output<typeof profileSchema>) {
      const user = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await usersRepo.updateProfile(tx, tc.tenantId, tc.userId, input);
        if (!row) throw fail('user_not_found');
        await audit(tx, tc, { action: 'profile.update', targetType: 'user', targetId: tc.userId });
        // The Users screen lists names and designations too.
        emit('users_updated', {});
        return row;
      });
      return { message: 'Profile updated!', user: toSessionUser(user) };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
