import { forgetAnswers } from './outbox.ts';

/**
 * The staff app's service worker (vite.config.ts, staffPwa): registered once a tenant session's layout
 * is on screen, so the landing page and the diners' menu never install it. Only a production build has
 * one (the dev server serves no sw.js).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // The app works online without it; offline it then cannot load, which the badge says.
    console.error('service worker registration failed', error);
  });
}

/** The cached answers of the offline screens: a sign-out deletes them with the session. */
const API_CACHES = ['comanda-api'];

/**
 * Deletes the worker's cached answers and the outbox's kept answers of replayed calls (the outbox's
 * waiting calls stay: docs/offline.md). Sign-out, a session the server ended, and sign-in call it.
 */
export async function clearOfflineCaches() {
  await Promise.all([
    typeof caches === 'undefined' ? undefined : Promise.all(API_CACHES.map((name) => caches.delete(name))),
    forgetAnswers().catch(() => undefined),
  ]);
}

/**
 * For the queries whose answers the worker caches (vite.config.ts, `comanda-api`): TanStack Query
 * pauses a query while the browser says it is offline, so without this a screen first opened after
 * the drop would wait forever instead of reading the worker's copy.
 */
export const OFFLINE_READ = { networkMode: 'offlineFirst' } as const;
