import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TICK_MS = 30_000;

/**
 * "42 min" since a table was seated. The one ticking part of the plan: only this leaf re-renders each
 * tick (ARCHITECTURE 12b), never the plan or the page. `skewMs` is the server's clock minus this
 * device's, so a tablet with a wrong clock still shows the right minutes.
 */
export function SeatedTime({ since, skewMs }: { since: string; skewMs: number }) {
  const { t } = useTranslation('floorPlan');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const minutes = Math.max(0, Math.floor((now + skewMs - Date.parse(since)) / 60_000));
  return <span data-testid="seated-time">{t('minutes', { count: minutes })}</span>;
}
