import { useCallback, useEffect, useRef, useState } from 'react';
import styles from '../qrmenu.module.css';

/** A short message at the bottom (2 s, SPEC §9 success duration), announced by screen readers. */
export function useToast() {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    window.clearTimeout(timer.current);
    setMessage(text);
    timer.current = window.setTimeout(() => setMessage(null), 2000);
  }, []);
  const toast = (
    <div role="status" aria-live="polite">
      {message && <div className={styles.toast}>{message}</div>}
    </div>
  );
  return { show, toast };
}
