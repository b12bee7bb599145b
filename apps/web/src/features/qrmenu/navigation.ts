import { type AnchorHTMLAttributes, type MouseEvent, createElement, useSyncExternalStore } from 'react';

// The diners' pages move between four addresses; the History API does that without a router library
// (react-router is about 25 KB of script gzipped, a quarter of the menu's budget).
const NAVIGATE = 'comanda:navigate';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE, onChange);
  };
}
const snapshot = () => window.location.pathname + window.location.search;

/** The current address (path and query); re-renders on every navigation, back and forward included. */
export function useAddress(): URL {
  const href = useSyncExternalStore(subscribe, snapshot);
  return new URL(href, window.location.origin);
}

/** Goes to `to` inside the diners' pages; `replace` leaves no history entry (outcome pages). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}) {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE));
  window.scrollTo(0, 0);
}

/** A link that stays in the page (a plain click) but still opens in a new tab with a modifier. */
export function Link({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    props.onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return createElement('a', { ...props, href: to, onClick });
}
