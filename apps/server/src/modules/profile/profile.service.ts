import type { profileSchema } from '@comanda/core';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { findUser } from '../auth/auth.repo.ts';
import { toSessionUser } from '../auth/auth.service.ts';
import * as repo from './profile.repo.ts';

export function createProfileService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** The signed-in user, fresh from the database (the browser's copy may be stale). */
    async me(tenantId: number, userId: number) {
      const user = await database.inTenant(tenantId, (tx) => findUser(tx, tenantId, userId));
      if (!user) throw fail('user_not_found');
      return toSessionUser(user);
    },

    /** Saves the user's own name and designation. */
    async update(actor: Actor & { userId: number }, input: z.output<typeof profileSchema>) {
      const user = await database.inTenant(actor.tenantId, async (tx) => {
        const row = await repo.updateProfile(tx, actor.tenantId, actor.userId, input);
        if (!row) throw fail('user_not_found');
        await audit(tx, actor, { action: 'profile.update', targetType: 'user', targetId: actor.userId });
        return row;
      });
      return { message: 'Profile updated!', user: toSessionUser(user) };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
