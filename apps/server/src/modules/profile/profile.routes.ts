import { messageSchema, profileSchema, sessionUserSchema, setPinSchema } from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import { userLimit } from '../../platform/rate-limits.ts';
import type { ProfileService } from './profile.service.ts';

/** The signed-in user's own record: who am I, and the Profile screen's save. */
export function profileRoutes(app: Api, deps: { profile: ProfileService }) {
  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['profile'],
        response: { 200: z.object({ user: sessionUserSchema }), ...errorResponses },
      },
      config: { access: { signedIn: true, allowInactive: true } },
    },
    async (request) => ({ user: await deps.profile.me(tenantContext(request)) }),
  );

  app.post(
    '/auth/profile',
    {
      schema: {
        tags: ['profile'],
        body: profileSchema,
        response: { 200: z.object({ message: z.string(), user: sessionUserSchema }), ...errorResponses },
      },
      config: { access: { screen: 'profile' } },
    },
    async (request) => deps.profile.update(tenantContext(request), request.body),
  );

  // The user's own PIN, for approving discounts on another's device (docs/discounts.md).
  app.get(
    '/auth/profile/pin',
    {
      schema: {
        tags: ['profile'],
        response: { 200: z.object({ hasPin: z.boolean() }), ...errorResponses },
      },
      // Read beside the subscription card, which an inactive tenant's admin must still see (a 402
      // here would send the Profile screen to the payment page).
      config: { access: { signedIn: true, allowInactive: true } },
    },
    async (request) => deps.profile.pinState(tenantContext(request)),
  );

  app.post(
    '/auth/profile/pin',
    {
      schema: { tags: ['profile'], body: setPinSchema, response: { 200: messageSchema, ...errorResponses } },
      config: {
        access: { screen: 'profile' },
        // The password is checked here: a session left open must not make a password oracle.
        rateLimit: userLimit('pin-set', 10, '15 minutes'),
      },
    },
    async (request) => deps.profile.setPin(tenantContext(request), request.body),
  );
}
