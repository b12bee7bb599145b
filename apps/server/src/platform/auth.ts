import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { type Action, canDo, canOpen, type Scope, type Screen } from '@comanda/core';
import { COOKIES, type AccessTokens } from './session-tokens.ts';
import { fail } from './errors.ts';

/**
 * Who is calling, built once per request by the auth hook and passed first to every tenant service
 * method, reads included (immich's `auth: AuthDto`). The tenant comes from here, never from the request.
 * It is also the audit actor.
 */
export interface TenantContext {
  tenantId: number;
  userId: number;
  deviceId: number;
  username: string;
  role: 'admin' | 'staff';
  scopes: Scope[];
  ip: string | null;
}

/** A live tenant session, read fresh from the database on every request. */
interface TenantAuth extends TenantContext {
  kind: 'tenant';
  tenantActive: boolean;
}

/** What a session check reads from the database. */
export type TenantSession = Omit<TenantAuth, 'kind' | 'ip'>;

/** Who is calling as the super admin, passed first to the super-admin service like TenantContext. */
export interface SuperadminAuth {
  kind: 'superadmin';
  superadminId: number;
  deviceId: number;
  username: string;
  name: string;
  ip: string | null;
}

/**
 * Who may call a route. Every route says one of these; there is no default. `screen`: whoever may open
 * that screen (reads); `action`: whoever may take that action (the saves a screen's viewers may not make).
 */
export type RouteAccess =
  | { public: true }
  | { superadmin: true }
  | { signedIn: true; allowInactive?: boolean }
  | { screen: Screen }
  | { action: Action; allowInactive?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: TenantAuth | SuperadminAuth | null;
  }
}

export interface SessionLoaders {
  /** The session behind a device if the device is live, or null (signed out, removed, user gone). */
  tenant(tenantId: number, userId: number, deviceId: number): Promise<TenantSession | null>;
  superadmin(superadminId: number, deviceId: number): Promise<Omit<SuperadminAuth, 'kind' | 'ip'> | null>;
}

/**
 * The one authentication hook. Each request's session is checked against the database, so sign-out,
 * device removal, a password change or a deactivated tenant take effect on the very next call.
 */
export const authPlugin = fp<{ tokens: AccessTokens; sessions: SessionLoaders }>(async (app, opts) => {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Routes outside the API (static files, the SPA) and unknown paths carry no access rule.
    if (!access || 'public' in access) return;

    if ('superadmin' in access) {
      const claims = await opts.tokens.verify(request.cookies[COOKIES.superadmin.access] ?? '', 'superadmin');
      const session = claims && (await opts.sessions.superadmin(claims.uid, claims.did));
      if (!session) throw fail('unauthorized');
      request.auth = { kind: 'superadmin', ...session, ip: request.ip ?? null };
      return;
    }

    const claims = await opts.tokens.verify(request.cookies[COOKIES.tenant.access] ?? '', 'tenant');
    const session = claims?.tid ? await opts.sessions.tenant(claims.tid, claims.uid, claims.did) : null;
    if (!session) throw fail('unauthorized');
    request.auth = { kind: 'tenant', ...session, ip: request.ip ?? null };
    const allowInactive = ('signedIn' in access || 'action' in access) && access.allowInactive === true;
    if (!session.tenantActive && !allowInactive) throw fail('payment_required');
    if ('screen' in access && !canOpen(session, access.screen)) throw fail('forbidden');
    if ('action' in access && !canDo(session, access.action)) throw fail('forbidden');
  });
});

/** The caller of a route that requires a tenant session. */
export function tenantContext(request: FastifyRequest): TenantContext {
  if (request.auth?.kind !== 'tenant') throw fail('unauthorized');
  return request.auth;
}

/** The super-admin session of a request whose route requires one. */
export function superadminAuth(request: FastifyRequest): SuperadminAuth {
  if (request.auth?.kind !== 'superadmin') throw fail('unauthorized');
  return request.auth;
}
