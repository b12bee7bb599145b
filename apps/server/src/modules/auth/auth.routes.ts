import {
  forgotPasswordSchema,
  messageSchema,
  resetPasswordSchema,
  resetTokenParams,
  sessionUserSchema,
  signinSchema,
  signupSchema,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { fail } from '../../platform/errors.ts';
import { type Api, clientInfo, errorResponses } from '../../platform/http.ts';
import { addressLimit } from '../../platform/rate-limits.ts';
import { COOKIES, clearSessionCookies, setSessionCookies } from '../../platform/session-tokens.ts';
import type { AuthService } from './auth.service.ts';

const signedInUser = z.object({ message: z.string(), user: sessionUserSchema });

/** /auth: sign-up, sign-in, sign-out, refresh and password reset (SPEC §7 Authentication). */
export function authRoutes(app: Api, deps: { auth: AuthService; config: Config }) {
  const { auth, config } = deps;
  const cookieOpts = { secure: config.cookieSecure };
  app.addHook('onClose', async () => auth.settle());
  const perAddress = (scope: string) => addressLimit(app, config.authAddressRateLimit, scope);
  // Keyed by address and username, so one guessed account is slowed without locking out a shared office IP.
  const limited = (scope: string) => ({
    max: config.authRateLimit,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: { ip: string; body?: unknown; params?: unknown }) => {
      const body = request.body as { username?: unknown } | undefined;
      // A reset link names its account by its row: `<tenant>.<id>.<secret>`.
      const params = request.params as { token?: unknown } | undefined;
      const account =
        typeof body?.username === 'string'
          ? body.username.toLowerCase()
          : typeof params?.token === 'string'
            ? params.token.split('.').slice(0, 2).join('.')
            : '';
      return `${scope}:${request.ip}:${account}`;
    },
    errorResponseBuilder: () => fail('too_many_attempts'),
  });

  app.post(
    '/auth/signup',
    {
      schema: { tags: ['auth'], body: signupSchema, response: { 200: signedInUser, ...errorResponses } },
      onRequest: perAddress('signup'),
      config: { access: { public: true }, rateLimit: limited('signup') },
    },
    // The new owner is signed in on this device straight away (issue 31): the session cookies as at
    // sign-in, and the user beside SPEC §7's message, so the browser goes to the setup checklist.
    async (request, reply) => {
      const session = await auth.signup(request.body, clientInfo(request));
      setSessionCookies(reply, 'tenant', session, cookieOpts);
      return { message: 'Account created!', user: session.user };
    },
  );

  app.post(
    '/auth/signin',
    {
      schema: { tags: ['auth'], body: signinSchema, response: { 200: signedInUser, ...errorResponses } },
      onRequest: perAddress('signin'),
      config: { access: { public: true }, rateLimit: limited('signin') },
    },
    async (request, reply) => {
      const session = await auth.signin(request.body, clientInfo(request));
      setSessionCookies(reply, 'tenant', session, cookieOpts);
      return { message: 'Login successful!', user: session.user };
    },
  );

  app.post(
    '/auth/signout',
    {
      schema: { tags: ['auth'], response: { 200: messageSchema, ...errorResponses } },
      config: { access: { signedIn: true, allowInactive: true } },
    },
    async (request, reply) => {
      const result = await auth.signout(tenantContext(request));
      clearSessionCookies(reply, 'tenant', cookieOpts);
      return result;
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: { tags: ['auth'], response: { 200: signedInUser, ...errorResponses } },
      onRequest: perAddress('refresh'),
      config: { access: { public: true } },
    },
    async (request, reply) => {
      try {
        const session = await auth.refresh(request.cookies[COOKIES.tenant.refresh]);
        setSessionCookies(reply, 'tenant', session, cookieOpts);
        return { message: 'Session refreshed!', user: session.user };
      } catch (error) {
        // A dead session also loses its readable marker, so the browser's guard sends the user to sign in.
        clearSessionCookies(reply, 'tenant', cookieOpts);
        throw error;
      }
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        body: forgotPasswordSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      onRequest: perAddress('forgot'),
      config: { access: { public: true }, rateLimit: limited('forgot') },
    },
    async (request) => auth.forgotPassword(request.body.username, request.ip),
  );

  app.post(
    '/auth/reset-password/:token',
    {
      schema: {
        tags: ['auth'],
        params: resetTokenParams,
        body: resetPasswordSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      onRequest: perAddress('reset'),
      config: { access: { public: true }, rateLimit: { ...limited('reset'), hook: 'onRequest' as const } },
    },
    async (request) => auth.resetPassword(request.params.token, request.body.password, request.ip),
  );
}
