import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client.ts';
import { paths } from './paths.ts';
import { forgetSession, setSigningOut } from './session.ts';

// The browser's side of a store device (docs/staff-pins.md): the server's readable marker says this
// browser holds a store-device credential; the PIN session's idle time is kept for the idle lock.

const MARKER = 'comanda_sd_on';

/** A store device and the idle time its PIN sessions lock after (GET /auth/pin-pad, POST /auth/pin-signin). */
export interface PinDevice {
  id: number;
  name: string;
  idleSeconds: number;
}
const PIN_SESSION_KEY = 'comanda.pinSession';

/** Whether this browser is a store device (its credential itself is httpOnly). */
export function isStoreDevice(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${MARKER}=`));
}

/** The signed-in session came from the PIN pad: its device and idle time. */
export function rememberPinSession(device: PinDevice) {
  localStorage.setItem(PIN_SESSION_KEY, JSON.stringify(device));
}

export function pinSession(): PinDevice | null {
  try {
    const raw = localStorage.getItem(PIN_SESSION_KEY);
    return raw ? (JSON.parse(raw) as PinDevice) : null;
  } catch {
    return null;
  }
}

export function forgetPinSession() {
  localStorage.removeItem(PIN_SESSION_KEY);
}

/**
 * Locks the tablet back to the PIN pad: the session ends on the server (not just hidden), everything
 * cached for that person goes, the pad shows. The POS's open ticket belongs to the terminal, not the
 * person, and survives (the POS keeps it).
 */
export function useLockToPad() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    // An already ended session (idle on the server) answers 401: the lock goes on all the same.
    await apiRequest('/auth/signout', { method: 'POST', skipRefresh: true }).catch(() => undefined);
    forgetPinSession();
    setSigningOut('tenant', true);
    forgetSession('tenant');
    queryClient.clear();
    await navigate(paths.pin, { replace: true });
  }, [navigate, queryClient]);
}
