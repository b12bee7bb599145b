import {
  createStoreDeviceSchema,
  messageSchema,
  pinHoldersSchema,
  pinPadSchema,
  pinSigninSchema,
  sessionUserSchema,
  setUserPinSchema,
  storeDeviceParams,
  storeDeviceSchema,
  updateStoreDeviceSchema,
  usernameParams,
} from '@comanda/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { fail } from '../../platform/errors.ts';
import { type Api, clientInfo, errorResponses } from '../../platform/http.ts';
import { addressLimit } from '../../platform/rate-limits.ts';
import { clearSessionCookies, setSessionCookies } from '../../platform/session-tokens.ts';
import type { StoreDevicesService } from './store-devices.service.ts';

/**
 * The store device's credential (httpOnly, only sent to /auth: the pad and the PIN sign-in read it) and
 * a readable marker that tells the web to show the PIN pad instead of the e-mail sign-in.
 */
export const STORE_DEVICE_COOKIES = { credential: 'comanda_sd', marker: 'comanda_sd_on', path: '/api/v1/auth' };
// 400 days: the longest a browser keeps a cookie; the owner revokes a device from the list instead.
const STORE_DEVICE_MAX_AGE = 400 * 24 * 60 * 60;

const pinDevice = z.object({ id: z.number(), name: z.string(), idleSeconds: z.number() });

/** /auth/store-devices, the PIN pad and PIN sign-in, and the owner's PIN reset (docs/staff-pins.md). */
export function storeDevicesRoutes(app: Api, deps: { storeDevices: StoreDevicesService; config: Config }) {
  const { storeDevices, config } = deps;
  const base = { sameSite: 'lax' as const, secure: config.cookieSecure };
  const setDeviceCookies = (reply: FastifyReply, credential: string) => {
    reply.setCookie(STORE_DEVICE_COOKIES.credential, credential, {
      ...base,
      httpOnly: true,
      path: STORE_DEVICE_COOKIES.path,
      maxAge: STORE_DEVICE_MAX_AGE,
    });
    reply.setCookie(STORE_DEVICE_COOKIES.marker, '1', {
      ...base,
      httpOnly: false,
      path: '/',
      maxAge: STORE_DEVICE_MAX_AGE,
    });
  };
  const clearDeviceCookies = (reply: FastifyReply) => {
    reply.clearCookie(STORE_DEVICE_COOKIES.credential, { ...base, path: STORE_DEVICE_COOKIES.path });
    reply.clearCookie(STORE_DEVICE_COOKIES.marker, { ...base, path: '/' });
  };
  /** A dead credential loses its cookies: the browser shows the e-mail sign-in again. */
  const orForget = async <T>(reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === 'store_device_required') clearDeviceCookies(reply);
      throw error;
    }
  };

  app.post(
    '/auth/store-devices',
    {
      schema: {
        tags: ['store-devices'],
        body: createStoreDeviceSchema,
        response: { 200: z.object({ message: z.string(), id: z.number() }), ...errorResponses },
      },
      config: { access: { action: 'staffPins.manage' } },
    },
    async (request, reply) => {
      const made = await storeDevices.create(tenantContext(request), request.body);
      setDeviceCookies(reply, made.credential);
      // The owner's session on this browser ended with it (the service revoked it).
      clearSessionCookies(reply, 'tenant', { secure: config.cookieSecure });
      return { message: 'This device is now a store device! Staff sign in with their PIN.', id: made.id };
    },
  );

  app.get(
    '/auth/store-devices',
    {
      schema: {
        tags: ['store-devices'],
        response: { 200: z.array(storeDeviceSchema), ...errorResponses },
      },
      config: { access: { action: 'staffPins.manage' } },
    },
    async (request) =>
      storeDevices.list(tenantContext(request), request.cookies[STORE_DEVICE_COOKIES.credential]),
  );

  app.patch(
    '/auth/store-devices/:id',
    {
      schema: {
        tags: ['store-devices'],
        params: storeDeviceParams,
        body: updateStoreDeviceSchema,
        response: { 200: storeDeviceSchema, ...errorResponses },
      },
      config: { access: { action: 'staffPins.manage' } },
    },
    async (request) => storeDevices.update(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/auth/store-devices/:id',
    {
      schema: {
        tags: ['store-devices'],
        params: storeDeviceParams,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access: { action: 'staffPins.manage' } },
    },
    async (request) => storeDevices.revoke(tenantContext(request), request.params.id),
  );

  app.get(
    '/auth/pin-pad',
    {
      schema: { tags: ['store-devices'], response: { 200: pinPadSchema, ...errorResponses } },
      onRequest: addressLimit(app, config.authAddressRateLimit, 'pin-pad'),
      config: { access: { public: true } },
    },
    async (request, reply) =>
      orForget(reply, () => storeDevices.pinPad(request.cookies[STORE_DEVICE_COOKIES.credential])),
  );

  app.post(
    '/auth/pin-signin',
    {
      schema: {
        tags: ['store-devices'],
        body: pinSigninSchema,
        response: {
          200: z.object({ message: z.string(), user: sessionUserSchema, device: pinDevice }),
          ...errorResponses,
        },
      },
      onRequest: addressLimit(app, config.authAddressRateLimit, 'pin-signin'),
      config: {
        access: { public: true },
        // Per device and person, on top of the device's own lock after five wrong PINs.
        rateLimit: {
          max: config.authRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (request: { ip: string; body?: unknown; cookies: Record<string, string | undefined> }) => {
            const device = (request.cookies[STORE_DEVICE_COOKIES.credential] ?? '').split('.').slice(0, 2);
            const body = request.body as { userId?: unknown } | undefined;
            const user = typeof body?.userId === 'number' ? body.userId : '';
            return `pin-signin:${device.join('.') || request.ip}:${user}`;
          },
          errorResponseBuilder: () => fail('too_many_attempts'),
        },
      },
    },
    async (request, reply) => {
      const session = await orForget(reply, () =>
        storeDevices.pinSignin(
          request.cookies[STORE_DEVICE_COOKIES.credential],
          request.body,
          clientInfo(request),
        ),
      );
      setSessionCookies(reply, 'tenant', session, { secure: config.cookieSecure });
      return { message: 'Login successful!', user: session.user, device: session.device };
    },
  );

  app.post(
    '/auth/pin-session/active',
    {
      schema: { tags: ['store-devices'], response: { 200: messageSchema, ...errorResponses } },
      config: { access: { signedIn: true } },
    },
    async (request) => storeDevices.active(tenantContext(request)),
  );

  app.get(
    '/users/pins',
    {
      schema: { tags: ['users'], response: { 200: pinHoldersSchema, ...errorResponses } },
      config: { access: { action: 'staffPins.manage' } },
    },
    async (request) => storeDevices.pinHolders(tenantContext(request)),
  );

  app.post(
    '/users/:username/pin',
    {
      schema: {
        tags: ['users'],
        params: usernameParams,
        body: setUserPinSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access: { action: 'staffPins.manage' } },
    },
    async (request) =>
      storeDevices.setUserPin(tenantContext(request), request.params.username, request.body),
  );
}
