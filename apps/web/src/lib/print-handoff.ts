/**
 * How a screen hands a print page (receipt, token, Z report) what to print, without storing it: the
 * opener keeps it in its own memory, on its window, and the popup it opened reads it from
 * `window.opener` (same origin). Nothing is written to localStorage or sessionStorage, so a print
 * never outlives the tab that made it, and a sign-out forgets it and closes the popup (forgetPrints):
 * on a shared tablet the next person finds no receipt and no Z report (whose expected cash would
 * spoil their blind count). A print page opened by hand has no opener and shows nothing.
 */
export interface PrintHandoff {
  receipt?: unknown;
  token?: unknown;
  zreport?: unknown;
}
type PrintWindow = Window & { comandaPrint?: PrintHandoff };

const POPUP = 'comanda-print';
let popup: Window | null = null;

/** Opens (or reuses) the print popup at `url`; `data` is what it will read as `kind`. */
export function openPrintPopup(url: string, features: string, kind?: keyof PrintHandoff, data?: unknown) {
  if (kind) {
    const w = window as PrintWindow;
    w.comandaPrint = { ...w.comandaPrint, [kind]: data };
  }
  popup = window.open(url, POPUP, features);
  return popup;
}

/** What this page's opener handed over as `kind`, copied out of the opener; null without one. */
export function receivedPrint<T>(kind: keyof PrintHandoff): T | null {
  try {
    const data = (window.opener as PrintWindow | null)?.comandaPrint?.[kind];
    return data === undefined ? null : (JSON.parse(JSON.stringify(data)) as T);
  } catch {
    return null;
  }
}

// Where earlier versions left the last receipt, token and Z report: removed wherever the app loads.
const STORED_BEFORE = ['comanda.print.receipt', 'comanda.print.token', 'comanda.print.zreport'];
try {
  for (const key of STORED_BEFORE) localStorage.removeItem(key);
} catch {
  // storage unavailable: nothing was stored either
}

/** A session ends: forget what was handed over and close the popup showing it. */
export function forgetPrints() {
  delete (window as PrintWindow).comandaPrint;
  popup?.close();
  popup = null;
}
