import { messageSchema, sessionUserSchema, superadminSigninSchema } from '@comanda/core';
import { z } from 'zod';
import { superadminAuth } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { fail } from '../../platform/errors.ts';
import { type Api, clientInfo, errorResponses } from '../../platform/http.ts';
import { addressLimit } from '../../platform/rate-limits.ts';
import { COOKIES, clearSessionCookies, setSessionCookies } from '../../platform/session-tokens.ts';
import { type SuperadminService, superadminUser } from './superadmin.service.ts';

const signedInUser = z.object({ message: z.string(), user: sessionUserSchema });

/** /superadmin sign-in, sign-out, refresh and who-am-I (SPEC §7 Super administrator). */
export function superadminRoutes(app: Api, deps: { superadmin: SuperadminService; config: Config }) {
  const { superadmin, config } = deps;
  const cookieOpts = { secure: config.cookieSecure };

  app.post(
    '/superadmin/signin',
    {
      schema: {
        tags: ['superadmin'],
        body: superadminSigninSchema,
        response: { 200: signedInUser, ...errorResponses },
      },
      config: {
        access: { public: true },
        rateLimit: {
          max: config.authRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `superadmin:${request.ip}`,
          errorResponseBuilder: () => fail('too_many_attempts'),
        },
      },
    },
    async (request, reply) => {
      const session = await superadmin.signin(request.body, clientInfo(request));
      setSessionCookies(reply, 'superadmin', session, cookieOpts);
      return { message: 'Login successful!', user: session.user };
    },
  );

  app.post(
    '/superadmin/signout',
    {
      schema: { tags: ['superadmin'], response: { 200: messageSchema, ...errorResponses } },
      config: { access: { superadmin: true } },
    },
    async (request, reply) => {
      const result = await superadmin.signout(superadminAuth(request));
      clearSessionCookies(reply, 'superadmin', cookieOpts);
      return result;
    },
  );

  app.post(
    '/superadmin/refresh-token',
    {
      schema: { tags: ['superadmin'], response: { 200: signedInUser, ...errorResponses } },
      onRequest: addressLimit(app, config.authAddressRateLimit, 'superadmin-refresh'),
      config: { access: { public: true } },
    },
    async (request, reply) => {
      try {
        const session = await superadmin.refresh(request.cookies[COOKIES.superadmin.refresh]);
        setSessionCookies(reply, 'superadmin', session, cookieOpts);
        return { message: 'Session refreshed!', user: session.user };
      } catch (error) {
        clearSessionCookies(reply, 'superadmin', cookieOpts);
        throw error;
      }
    },
  );

  app.get(
    '/superadmin/me',
    {
      schema: {
        tags: ['superadmin'],
        response: { 200: z.object({ user: sessionUserSchema }), ...errorResponses },
      },
      config: { access: { superadmin: true } },
    },
    async (request) => ({ user: superadminUser(superadminAuth(request)) }),
  );
}
