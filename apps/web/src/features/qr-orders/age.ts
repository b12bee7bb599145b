import { useSyncExternalStore } from 'react';

/**
 * One clock for every age on the screen (issue 32: a long-open screen re-renders only what changed):
 * a single interval, started by the first age shown and stopped with the last, and each age a small
 * component reading it, so a tick re-renders the ages and nothing around them.
 */
const TICK_MS = 15_000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The device's time, updated every TICK_MS while an age is on screen. */
export const useTick = () => useSyncExternalStore(subscribe, () => now);

/** Whole minutes between two instants (never below 0). */
export function minutesBetween(since: string, at: number): number {
  return Math.max(0, Math.floor((at - Date.parse(since)) / 60_000));
}
