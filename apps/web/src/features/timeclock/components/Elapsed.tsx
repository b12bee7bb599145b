import { hoursAndMinutes } from '@comanda/core';
import { useEffect, useState } from 'react';

/**
 * A duration that keeps counting on screen ('3 h 12'): the only thing that re-renders as time passes
 * (STYLE 12b). `minutes` is the server's figure at `serverNow`; `skewMs` is the server's clock minus the
 * device's, so a device whose clock is wrong still counts from the server's time.
 */
export function Elapsed(props: { minutes: number; serverNow: string; skewMs: number; running: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!props.running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, [props.running]);
  const passed = props.running
    ? Math.max(0, Math.floor((now + props.skewMs - Date.parse(props.serverNow)) / 60_000))
    : 0;
  return <>{hoursAndMinutes(props.minutes + passed)}</>;
}
