import { useEffect, useState } from 'react';

export type Lateness = 'ok' | 'warn' | 'late';

/**
 * The server's clock now, ticking each second: the device's clock shifted by how far it was from the
 * server's `now` when the tickets arrived, so a tablet with a wrong clock still times tickets right.
 */
export function useServerNow(serverNow: string | undefined, receivedAt: number): number {
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setDeviceNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const offset = serverNow ? Date.parse(serverNow) - receivedAt : 0;
  return deviceNow + offset;
}

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
