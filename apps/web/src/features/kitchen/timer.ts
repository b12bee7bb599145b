import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

export type Lateness = 'ok' | 'warn' | 'late';

/**
 * One clock for every ticket on the board, ticking each second while anything listens. Tickets do not
 * re-render on a tick (issue 32: a page-wide clock redrew all 60 tickets every second and kept a cheap
 * tablet's main thread a third busy): a ticket's timer writes its own text, and a ticket re-renders only
 * when its lateness (its colour) changes.
 */
const listeners = new Set<() => void>();
let interval: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  interval ??= setInterval(() => listeners.forEach((l) => l()), 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(interval);
      interval = undefined;
    }
  };
}

/**
 * How far the server's clock is ahead of this device's, from the board's answer: tickets are timed on the
 * server's clock, so a tablet with a wrong clock still times them right.
 */
export function serverOffset(serverNow: string | undefined, receivedAt: number): number {
  return serverNow ? Date.parse(serverNow) - receivedAt : 0;
}

const elapsedSince = (since: string, offset: number) => Date.now() + offset - Date.parse(since);

/** How long a ticket has waited, as m:ss (h:mm:ss past an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Amber from `warnMinutes`, red from `lateMinutes`. */
export function latenessOf(ms: number, settings: { warnMinutes: number; lateMinutes: number }): Lateness {
  if (ms >= settings.lateMinutes * 60_000) return 'late';
  if (ms >= settings.warnMinutes * 60_000) return 'warn';
  return 'ok';
}

/** A ticket's lateness now; the component re-renders only when it changes. */
export function useLateness(
  since: string,
  offset: number,
  settings: { warnMinutes: number; lateMinutes: number },
): Lateness {
  const read = () => latenessOf(elapsedSince(since, offset), settings);
  return useSyncExternalStore(subscribe, read);
}

/**
 * A ticket's waiting time, written into its element by the clock itself: React renders the element once
 * and never its text, so a tick costs one text change per ticket and no render.
 */
export function useElapsedText<E extends HTMLElement>(since: string, offset: number) {
  const ref = useRef<E>(null);
  useLayoutEffect(() => {
    const write = () => {
      const text = formatElapsed(elapsedSince(since, offset));
      if (ref.current && ref.current.textContent !== text) ref.current.textContent = text;
    };
    write();
    return subscribe(write);
  }, [since, offset]);
  return ref;
}
