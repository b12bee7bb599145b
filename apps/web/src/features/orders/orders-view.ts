import { useState } from 'react';

/** How Table Orders opens on this device: the floor plan or the list (issue 31); remembered per device. */
export type OrdersView = 'plan' | 'list';
const KEY = 'comanda.orders.view';

function stored(): OrdersView {
  try {
    return localStorage.getItem(KEY) === 'list' ? 'list' : 'plan';
  } catch {
    return 'plan';
  }
}

export function useOrdersView(): [OrdersView, (view: OrdersView) => void] {
  const [view, setView] = useState(stored);
  const choose = (next: OrdersView) => {
    setView(next);
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // A browser that stores nothing still switches; it just opens on the plan next time.
    }
  };
  return [view, choose];
}
