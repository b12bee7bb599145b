import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyReply } from 'fastify';

export const ACCESS_TTL_SECONDS = 15 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A session ends this long after its sign-in, however active (the refresh cookie's age matches). */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** A session not refreshed for this long ends: a device left in a drawer does not stay signed in. */
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const REFRESH_TTL_SECONDS = SESSION_MAX_AGE_MS / 1000;
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

/**
 * Signs and checks the short-lived access token, and tags refresh tokens; the key lives in the database
 * so every node shares it.
 */
export function createAccessTokens(secretBytes: Uint8Array) {
  // A CryptoKey, imported once: given a KeyObject (or bytes), jose imports a CryptoKey again on every
  // sign and verify (about 70 µs of CPU per request, measured in docs/benchmarks.md).
  const secret = crypto.webcrypto.subtle.importKey(
    'raw',
    secretBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A key of its own for refresh tags, derived so that neither use can stand in for the other.
  const tagKey = Buffer.from(
    crypto.hkdfSync('sha256', secretBytes, Buffer.alloc(0), 'comanda refresh token tag', 32),
  );
  const tagOf = (aud: Audience, ids: number[], refreshSecret: string) =>
    crypto
      .createHmac('sha256', tagKey)
      .update(`${aud}.${ids.join('.')}.${refreshSecret}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  const idCount = (aud: Audience) => (aud === 'tenant' ? 2 : 1);
  return {
    /**
     * A new refresh token for a device: `<tenant>.<device>.<secret>.<tag>` (the super admin's have no
     * tenant part). The tag is an HMAC only this server can make, so a token it never issued is told
     * apart from one it issued and has since rotated away: guessing a secret can sign nobody out.
     * Stored is the secret's hash only.
     */
    issueRefresh(aud: Audience, ids: number[]): { token: string; hash: string } {
      const refreshSecret = randomSecret();
      return {
        token: [...ids, refreshSecret, tagOf(aud, ids, refreshSecret)].join('.'),
        hash: hashSecret(refreshSecret),
      };
    },
    /** The ids and secret hash of a refresh token this server issued, or null for anything else. */
    readRefresh(aud: Audience, token: string | undefined): { ids: number[]; hash: string } | null {
      if (!token || token.length > 200) return null;
      const pieces = token.split('.');
      if (pieces.length !== idCount(aud) + 2) return null;
      const [refreshSecret, tag] = pieces.slice(-2) as [string, string];
      const ids = pieces.slice(0, -2).map((p) => (/^\d{1,15}$/.test(p) ? Number(p) : NaN));
      if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0) || refreshSecret.length < 20) return null;
      const expected = tagOf(aud, ids, refreshSecret);
      if (tag.length !== expected.length) return null;
      if (!crypto.timingSafeEqual(Buffer.from(tag), Buffer.from(expected))) return null;
      return { ids, hash: hashSecret(refreshSecret) };
    },
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ tid: claims.tid, uid: claims.uid, did: claims.did })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(claims.aud)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TTL_SECONDS}s`)
        .sign(await secret);
    },
    async verify(token: string, aud: Audience): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await secret, { audience: aud, algorithms: ['HS256'] });
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
 * Reset tokens name their row, so a lookup is by primary key and the secret is compared in constant
 * time: `<tenant>.<id>.<secret>`.
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
 * When a device session ends unless it is refreshed before (ms since the epoch): its absolute lifetime
 * after sign-in, or its idle limit after the last refresh, whichever comes first.
 */
export function sessionEndsAt(device: { createdAt: Date; rotatedAt: Date }): number {
  return Math.min(
    device.createdAt.getTime() + SESSION_MAX_AGE_MS,
    device.rotatedAt.getTime() + SESSION_IDLE_MS,
  );
}

/**
 * What a refresh token this server issued means for its device (read under the device's row lock):
 * - `expired`: the session outlived its absolute lifetime or sat idle too long; it ends.
 * - `current`: the live token; the session rotates.
 * - `grace`: the token rotated away moments ago by another tab refreshing at the same time; that tab
 *   already holds the new one, so the session goes on without rotating again.
 * - `reused`: an older token, rotated away for good: a copy is being replayed, the device is burnt.
 */
export function refreshVerdict(
  device: { refreshHash: string; previousRefreshHash: string | null; rotatedAt: Date; createdAt: Date },
  presentedHash: string,
  now = Date.now(),
): 'expired' | 'current' | 'grace' | 'reused' {
  if (now > sessionEndsAt(device)) return 'expired';
  if (sameHash(device.refreshHash, presentedHash)) return 'current';
  if (
    sameHash(device.previousRefreshHash, presentedHash) &&
    now - device.rotatedAt.getTime() < REFRESH_GRACE_MS
  )
    return 'grace';
  return 'reused';
}

export interface CookieOptions {
  secure: boolean;
}

/**
 * Sets the session cookies after a sign-in or a refresh. Without a refresh token (a tab that refreshed
 * within the grace of another) the browser keeps the refresh cookie the other tab's answer set.
 */
export function setSessionCookies(
  reply: FastifyReply,
  aud: Audience,
  tokens: { access: string; refresh: string | null },
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
  if (tokens.refresh !== null)
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
