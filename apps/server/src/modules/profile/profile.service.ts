import type { profileSchema, setPinSchema } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { toSessionUser } from '../auth/auth.service.ts';
import { savePinHash } from '../discounts/discounts.repo.ts';
import { clearPinFailures } from '../store-devices/store-devices.repo.ts';
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

    /** Whether the user has set a PIN (the Profile screen's PIN card). */
    async pinState(tc: TenantContext) {
      const user = await database.inTenant(tc.tenantId, (tx) =>
        usersRepo.findUser(tx, tc.tenantId, tc.userId),
      );
      if (!user) throw fail('user_not_found');
      return { hasPin: user.pinHash !== null };
    },

    /**
     * Sets or removes the user's own PIN, confirmed by their password (audited `profile.pin_set` or
     * `profile.pin_remove`; the PIN itself is stored only as an argon2id hash).
     */
    async setPin(tc: TenantContext, input: z.output<typeof setPinSchema>) {
      const user = await database.inTenant(tc.tenantId, (tx) =>
        usersRepo.findUser(tx, tc.tenantId, tc.userId),
      );
      if (!user) throw fail('user_not_found');
      if (!(await ctx.passwords.verify(user.passwordHash, input.password))) throw fail('password_wrong');
      const pinHash = input.pin === null ? null : await ctx.passwords.hash(input.pin);
      await database.inTenant(tc.tenantId, async (tx) => {
        await savePinHash(tx, tc.tenantId, tc.userId, pinHash);
        await clearPinFailures(tx, tc.tenantId, tc.userId);
        await audit(tx, tc, {
          action: input.pin === null ? 'profile.pin_remove' : 'profile.pin_set',
          targetType: 'user',
          targetId: tc.userId,
        });
      });
      return { message: input.pin === null ? 'PIN removed!' : 'PIN saved!' };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
