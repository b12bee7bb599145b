import { profileSchema, sessionUserSchema } from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
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
}
