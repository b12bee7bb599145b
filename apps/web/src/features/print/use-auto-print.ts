import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** SPEC §9: with `?autoprint=1` the popup prints 400 ms after it has rendered something to print. */
export function useAutoPrint(ready: boolean) {
  const [params] = useSearchParams();
  const auto = params.get('autoprint') === '1';
  useEffect(() => {
    if (!auto || !ready) return;
    const timer = setTimeout(() => window.print(), 400);
    return () => clearTimeout(timer);
  }, [auto, ready]);
}
