import { hasAuthCookie } from './auth-marker.ts';

/**
 * A staff screen's data, asked for as the app starts (issue 32): the POS waited for its whole code chain
 * (about a second on a cheap tablet, even from the service worker's cache) before asking for
 * `/pos/init`. The entries import this module first; the screen's query takes the answer through
 * `apiRequest` (lib/api-client.ts) instead of asking again.
 *
 * Only data that an event seldom changes: an answer read a second before the socket is admitted misses
 * what happens in that second. The POS's menu and settings can wait for the next change; the kitchen's
 * tickets and Table Orders' orders cannot (an order sent in that second would never show), so they are
 * asked for when their screen mounts, as before.
 */
const SCREEN_DATA: Record<string, readonly string[]> = {
  '/dashboard/pos': ['/pos/init'],
};

/** The API's root; lib/api-client.ts sends every call under it. */
export const API_BASE = '/api/v1';

// An answer older than this was for an earlier moment of the screen: asked again.
const FRESH_MS = 15_000;
const early = new Map<string, { at: number; answer: Promise<Response | undefined> }>();

if (typeof document !== 'undefined' && hasAuthCookie('tenant')) {
  for (const path of SCREEN_DATA[location.pathname.replace(/\/$/, '')] ?? []) {
    const answer = fetch(`${API_BASE}${path}`, { credentials: 'include' }).catch(() => undefined);
    early.set(path, { at: Date.now(), answer });
  }
}

/** The answer asked for at start-up for this GET, once, while fresh; undefined when there is none. */
export function takeEarlyAnswer(path: string): Promise<Response | undefined> | undefined {
  const found = early.get(path);
  early.delete(path);
  return found && Date.now() - found.at < FRESH_MS ? found.answer : undefined;
}
