import type { QrMenu } from '@comanda/core';
import { useEffect, useState } from 'react';
import { DinerApiError, fetchMenu } from './api.ts';

export type MenuState =
  | { status: 'loading' }
  | { status: 'ready'; menu: QrMenu }
  /** An unknown code, a menu the store turned off, or a table token that is not this store's: 404. */
  | { status: 'notAvailable' }
  | { status: 'error'; retry: () => void };

/** The public menu of `qrcode` (with the link's table), loaded once per code, table and retry. */
export function useMenu(qrcode: string, table: string | null): MenuState {
  const [attempt, setAttempt] = useState(0);
  const request = `${qrcode}\n${table ?? ''}\n${attempt}`;
  // The answer remembers which request it answers: another code, table or a retry is loading again.
  const [answer, setAnswer] = useState<{ request: string; state: MenuState } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchMenu(qrcode, table, abort.signal).then(
      (menu) => setAnswer({ request, state: { status: 'ready', menu } }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        const state: MenuState =
          error instanceof DinerApiError && error.status === 404
            ? { status: 'notAvailable' }
            : { status: 'error', retry: () => setAttempt((n) => n + 1) };
        setAnswer({ request, state });
      },
    );
    return () => abort.abort();
  }, [qrcode, table, request]);
  return answer?.request === request ? answer.state : { status: 'loading' };
}
