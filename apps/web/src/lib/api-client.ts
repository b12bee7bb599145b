import { saveFile } from './download.ts';
import { API_BASE, takeEarlyAnswer } from './early-fetch.ts';
import { queryClient } from './query-client.ts';
import {
  type Audience,
  forgetSession,
  hasAuthCookie,
  isSigningOut,
  setSigningOut,
  storeUser,
} from './session.ts';
import type { ApiErrorBody, SessionUser } from '@comanda/core';

/**
 * An answer other than 2xx. `serverMessage` is the server's `message`, `code` its catalogue code
 * (packages/core/src/errors.ts) and `params` what fills the message's `{{name}}` marks, when it sent them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly code?: string,
    readonly params: Record<string, string> = {},
  ) {
    super(serverMessage ?? `HTTP ${status}`);
  }
}

export { API_BASE };
const MAX_REFRESH_FAILURES = 3;

/** Where the client sends the user; the app fills it in, so redirects stay inside the single-page app. */
export interface ApiRedirects {
  /** The session is over: that audience's sign-in page. */
  signedOut: (aud: Audience) => void;
  /** 402: the inactive-subscription page. */
  paymentRequired: () => void;
}
// Only the landing page runs before the app sets these, and it calls no API.
let redirects: ApiRedirects = { signedOut: () => undefined, paymentRequired: () => undefined };
export function setApiRedirects(r: ApiRedirects) {
  redirects = r;
}

const refreshFailures: Record<Audience, number> = { tenant: 0, superadmin: 0 };

const refreshing: Partial<Record<Audience, Promise<'ok' | 'refused' | 'unreachable'>>> = {};
const REFRESH_TIMEOUT_MS = 15_000;

/**
 * Ends a session the server no longer honours (signed out elsewhere, device removed, refresh failed) and
 * sends the user to their sign-in page (SPEC §4, §8), dropping every cached answer of that user.
 */
export function endSession(aud: Audience) {
  if (isSigningOut(aud)) return;
  setSigningOut(aud, true);
  forgetSession(aud);
  queryClient.clear();
  refreshFailures[aud] = 0;
  redirects.signedOut(aud);
}

/**
 * One refresh at a time per audience; concurrent 401s wait for the same one. 'unreachable': the
 * server never answered (a network that dropped or hangs) or could not (5xx, 408, 429), which says
 * nothing about the session.
 */
function refreshSession(aud: Audience): Promise<'ok' | 'refused' | 'unreachable'> {
  refreshing[aud] ??= (async () => {
    try {
      const res = await fetch(`${API_BASE}/${aud === 'superadmin' ? 'superadmin' : 'auth'}/refresh-token`, {
        method: 'POST',
        credentials: 'include',
        signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
      });
      // A server failing or busy (5xx, 408, 429: a deploy, the refresh limiter behind a shared NAT)
      // says nothing about the session either.
      if (res.status >= 500 || res.status === 408 || res.status === 429) return 'unreachable';
      if (!res.ok) return 'refused';
      const body = (await res.json()) as { user: SessionUser };
      storeUser(aud, body.user);
      return 'ok';
    } catch {
      return 'unreachable';
    } finally {
      delete refreshing[aud];
    }
  })();
  return refreshing[aud];
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Which session this call belongs to (which refresh endpoint and sign-in page). */
  audience?: Audience;
  /** Sign-in and the like: a 401 is an answer, not an expired session. */
  skipRefresh?: boolean;
  /** Answer { blob, filename } instead of JSON (file downloads such as QR codes). */
  download?: boolean;
  /** More request headers, such as the Idempotency-Key of the order and pay calls. */
  headers?: Record<string, string>;
  /** Aborts the request (the outbox's replay gives up on a network that hangs). */
  signal?: AbortSignal;
}

/** Downloads a file from the API and saves it under the server's file name. */
export async function downloadFile(path: string): Promise<void> {
  const { blob, filename } = await apiRequest<{ blob: Blob; filename: string }>(path, { download: true });
  saveFile(blob, filename);
}

/**
 * The one API client (SPEC §7, §8): always sends cookies; on 401/403 refreshes once and retries; after
 * more than 3 failed refreshes, or once the server has dropped the session, signs out; on 402 goes to
 * the inactive-subscription page. Throws ApiError with the server's message and code.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const aud = opts.audience ?? (path.startsWith('/superadmin') ? 'superadmin' : 'tenant');
  const send = () =>
    fetch(`${API_BASE}${path}`, {
      method: opts.method ?? 'GET',
      credentials: 'include',
      signal: opts.signal,
      headers: {
        ...opts.headers,
        ...(opts.body === undefined || opts.body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body:
        opts.body === undefined
          ? undefined
          : opts.body instanceof FormData
            ? opts.body
            : JSON.stringify(opts.body),
    });

  // A screen's first GET may have been asked for as the app started (lib/early-fetch.ts).
  const early = opts.method === undefined && opts.body === undefined ? takeEarlyAnswer(path) : undefined;
  let res = (early && (await early)) || (await send());
  if ((res.status === 401 || res.status === 403) && !opts.skipRefresh) {
    const refreshed = await refreshSession(aud);
    // No answer is a network failure, as if the call itself had found no network: it is not one of
    // the failed refreshes that end a session (a tablet on a flapping Wi-Fi stays signed in).
    if (refreshed === 'unreachable') throw new TypeError('The server could not be reached');
    if (refreshed === 'ok') {
      refreshFailures[aud] = 0;
      res = await send();
    } else {
      refreshFailures[aud] += 1;
      // The server clears its marker cookie when a session is dead (signed out, removed, reused).
      if (refreshFailures[aud] > MAX_REFRESH_FAILURES || !hasAuthCookie(aud)) endSession(aud);
    }
  }
  if (res.status === 402) redirects.paymentRequired();

  if (opts.download && res.ok) {
    const disposition = res.headers.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
    return { blob: await res.blob(), filename } as T;
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const error = (body ?? {}) as Partial<Record<keyof ApiErrorBody, unknown>>;
    throw new ApiError(
      res.status,
      typeof error.message === 'string' ? error.message : undefined,
      typeof error.code === 'string' ? error.code : undefined,
      typeof error.params === 'object' && error.params !== null
        ? (error.params as Record<string, string>)
        : undefined,
    );
  }
  return body as T;
}
