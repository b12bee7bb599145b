import { useEffect, useSyncExternalStore } from 'react';
import { homePathFor, parseScopes, type SessionUser } from '@comanda/core';
import { clearOfflineCaches } from './offline/service-worker.ts';
import { forgetPrints } from './print-handoff.ts';
import { type Audience, hasAuthCookie, MARKER } from './auth-marker.ts';

/** The two kinds of session the browser can hold, each with its own cookies and stored user. */
export type { Audience };
export { hasAuthCookie };

const USER_KEY: Record<Audience, string> = { tenant: 'comanda.user', superadmin: 'comanda.superadmin' };

const listeners = new Set<() => void>();
// Set while a session ends on purpose or by the server's word: the guards then send the user to the
// sign-in page rather than to /, and a second "session ended" signal does nothing.
const signingOut: Record<Audience, boolean> = { tenant: false, superadmin: false };

/** Marks (or clears) a session ending in this tab; the sign-in pages clear it. */
export function setSigningOut(aud: Audience, on: boolean) {
  signingOut[aud] = on;
}

/** Whether this tab's session is ending. */
export function isSigningOut(aud: Audience): boolean {
  return signingOut[aud];
}
const emit = () => listeners.forEach((l) => l());

/** The stored user of a session, or null. */
export function storedUser(aud: Audience): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY[aud]);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/** Keeps the signed-in user (after sign-in, refresh or a profile save). */
export function storeUser(aud: Audience, user: SessionUser) {
  signingOut[aud] = false;
  localStorage.setItem(USER_KEY[aud], JSON.stringify(user));
  emit();
}

/** Forgets the session locally: the stored user and the readable cookie. */
export function forgetSession(aud: Audience) {
  localStorage.removeItem(USER_KEY[aud]);
  // The service worker's copies of the POS's data and the last receipt or Z report handed to a print
  // page go with the session (the outbox stays: docs/offline.md).
  if (aud === 'tenant') {
    void clearOfflineCaches();
    forgetPrints();
  }
  document.cookie = `${MARKER[aud]}=; Max-Age=0; path=/`;
  emit();
}

/** The signed-in user, or null when there is no live session; re-renders on sign-in and sign-out. */
export function useSessionUser(aud: Audience = 'tenant'): SessionUser | null {
  const subscribe = (l: () => void) => {
    listeners.add(l);
    window.addEventListener('storage', l);
    return () => {
      listeners.delete(l);
      window.removeEventListener('storage', l);
    };
  };
  const snapshot = () => (hasAuthCookie(aud) ? localStorage.getItem(USER_KEY[aud]) : null);
  const raw = useSyncExternalStore(subscribe, snapshot);
  return raw ? (JSON.parse(raw) as SessionUser) : null;
}

/** The access subject of a stored user, for the shared rules of packages/core. */
export const subjectOf = (user: SessionUser) => ({ role: user.role, scopes: parseScopes(user.scope) });

/** Sign-in pages: an already signed-in visitor goes to their home (SPEC §2 Login). */
export function useSignedInRedirect(aud: 'tenant' | 'superadmin'): string | null {
  const user = useSessionUser(aud);
  // Arriving here completes any ending session: a protected page visited later goes to / again.
  useEffect(() => setSigningOut(aud, false), [aud]);
  return user ? homePathFor(subjectOf(user)) : null;
}
