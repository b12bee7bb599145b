import type { IncomingHttpHeaders } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '@comanda/core';
import { deviceName } from './user-agent.ts';

/** A Fastify instance whose routes are typed and validated by their zod schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Error answers every route may give: the message for the toast and its code (packages/core errors.ts). */
export const errorResponses = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
} as const;

/** Where a request comes from, for device rows and the audit log. */
export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip ?? null, deviceName: deviceName(request.headers['user-agent']) };
}

/** True when a string anywhere in a parsed body, query or params holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

export interface OriginPolicy {
  /** PUBLIC_URL's origin, scheme and port included. */
  origin: string;
  allowed: ReadonlySet<string>;
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser page of this app has: PUBLIC_URL's. A loopback PUBLIC_URL (the no-config
 * start) also accepts its loopback aliases on the same scheme and port, so opening localhost instead
 * of 127.0.0.1 works; a DNS-rebinding page cannot take either name.
 */
export function sameOriginPolicy(publicUrl: string): OriginPolicy {
  const u = new URL(publicUrl);
  const allowed = new Set([u.origin]);
  if (LOOPBACK.includes(u.hostname)) {
    for (const host of LOOPBACK) allowed.add(`${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`);
  }
  return { origin: u.origin, allowed };
}

/**
 * Whether a request comes from one of this app's pages: by Origin when sent; else by the browser's
 * Sec-Fetch-Site (same-origin, or none for a typed URL); a client sending neither is not a browser
 * and carries no ambient cookies of a victim.
 */
export function originAllowed(policy: OriginPolicy, headers: IncomingHttpHeaders): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return policy.allowed.has(origin);
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
