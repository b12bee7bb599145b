import { newUuid } from './uuid.ts';

const TERMINAL_KEY = 'comanda.terminal';

/**
 * This browser's terminal id: made once and kept in its local storage. What belongs to the tablet and
 * not to whoever is signed in on it (the POS's open ticket) is keyed by it, with the tenant.
 */
export function terminalId(): string {
  try {
    const known = localStorage.getItem(TERMINAL_KEY);
    if (known) return known;
    const made = newUuid();
    localStorage.setItem(TERMINAL_KEY, made);
    return made;
  } catch {
    return 'this-browser';
  }
}
