import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyReply } from 'fastify';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Two tabs refreshing at once both present the same token; the slower one is not a thief. */
export const REFRESH_GRACE_MS = 30_000;

/** Cookie names per audience; `marker` is the readable "authentication cookie" the web guard checks. */
export const COOKIES = {
  tenant: {
    access: 'comanda_at',
    refresh: 'comanda_rt',
    marker: 'comanda_auth',
    refreshPath: '/api/v1/auth',
  },
  superadmin: {
    access: 'comanda_sa_at',
    refresh: 'comanda_sa_rt',
    marker: 'comanda_sa_auth',
    refreshPath: '/api/v1/superadmin',
  },
} as const;
export type Audience = keyof typeof COOKIES;

export interface AccessClaims {
  aud: Audience;
  /** tenant users: tenant id; super admin: null */
  tid: number | null;
  /** user or super-admin id */
  uid: number;
  /** device (session) id */
  did: number;
}

/** Signs and checks the short-lived access token; the key lives in the database so every node shares it. */
export function createAccessTokens(secretBytes: Uint8Array) {
  // Imported once: jose would otherwise import a raw byte key again on every verification.
  const secret = crypto.createSecretKey(secretBytes);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ tid: claims.tid, uid: claims.uid, did: claims.did })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(claims.aud)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
        .sign(secret);
    },
    async verify(token: string, aud: Audience): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, { audience: aud, algorithms: ['HS256'] });
        const { tid, uid, did } = payload as Record<string, unknown>;
        if (typeof uid !== 'number' || typeof did !== 'number') return null;
        if (aud === 'tenant' && typeof tid !== 'number') return null;
        return { aud, tid: typeof tid === 'number' ? tid : null, uid, did };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** A new random secret for a refresh or reset token. */
export function randomSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed: a database leak hands out no live sessions. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('base64url');
}

/** Constant-time comparison of two stored hashes. */
export function sameHash(a: string | null | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Refresh and reset tokens name their row, so a lookup is by primary key and the secret is compared in
 * constant time: `<tenant>.<id>.<secret>` (the super admin's have no tenant part).
 */
export function parseRowToken(
  token: string | undefined,
  parts: 2 | 3,
): { ids: number[]; secret: string } | null {
  if (!token || token.length > 200) return null;
  const pieces = token.split('.');
  if (pieces.length !== parts) return null;
  const ids = pieces.slice(0, -1).map((p) => (/^\d{1,15}$/.test(p) ? Number(p) : NaN));
  const secret = pieces.at(-1) ?? '';
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0) || secret.length < 20) return null;
  return { ids, secret };
}

/**
 * Whether a presented refresh secret may rotate its device's session: the current token, or the one just
 * rotated away while two tabs refresh together. Anything else is a copied token being replayed.
 */
export function refreshIsValid(
  device: { refreshHash: string; previousRefreshHash: string | null; rotatedAt: Date },
  presentedHash: string,
): boolean {
  if (sameHash(device.refreshHash, presentedHash)) return true;
  return (
    sameHash(device.previousRefreshHash, presentedHash) &&
    Date.now() - device.rotatedAt.getTime() < REFRESH_GRACE_MS
  );
}

export interface CookieOptions {
  secure: boolean;
}

/** Sets the three session cookies after a sign-in or a refresh. */
export function setSessionCookies(
  reply: FastifyReply,
  aud: Audience,
  tokens: { access: string; refresh: string },
  opts: CookieOptions,
) {
  const names = COOKIES[aud];
  const base = { sameSite: 'lax' as const, secure: opts.secure };
  reply.setCookie(names.access, tokens.access, {
    ...base,
    httpOnly: true,
    path: '/',
    maxAge: ACCESS_TTL_SECONDS,
  });
  reply.setCookie(names.refresh, tokens.refresh, {
    ...base,
    httpOnly: true,
    path: names.refreshPath,
    maxAge: REFRESH_TTL_SECONDS,
  });
  reply.setCookie(names.marker, '1', { ...base, httpOnly: false, path: '/', maxAge: REFRESH_TTL_SECONDS });
}

/** Removes the session cookies (sign-out, revoked or stolen session). */
export function clearSessionCookies(reply: FastifyReply, aud: Audience, opts: CookieOptions) {
  const names = COOKIES[aud];
  const base = { sameSite: 'lax' as const, secure: opts.secure };
  reply.clearCookie(names.access, { ...base, path: '/' });
  reply.clearCookie(names.refresh, { ...base, path: names.refreshPath });
  reply.clearCookie(names.marker, { ...base, path: '/' });
}
