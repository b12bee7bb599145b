import type { DinerOrderStatus, PlaceQrOrderInput, QrMenu, QrOrderPlaced } from '@comanda/core';

// The diners' calls are public (no session, no refresh, no redirects): plain fetch, not the back
// office's API client, which brings the query client and the session handling with it.
const API = '/api/v1';

/** A failed call: `status` 0 when the network failed before any answer. */
export class DinerApiError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API}${path}`, { credentials: 'omit', ...init });
  } catch {
    throw new DinerApiError(0);
  }
  if (!res.ok) throw new DinerApiError(res.status);
  return (await res.json()) as T;
}

/** GET /qrmenu/{qrcode}?tableId=: the store, its categories and items, and the link's table. */
export function fetchMenu(qrcode: string, table: string | null, signal?: AbortSignal): Promise<QrMenu> {
  const query = table ? `?tableId=${encodeURIComponent(table)}` : '';
  return call<QrMenu>(`/qrmenu/${encodeURIComponent(qrcode)}${query}`, { signal });
}

/**
 * POST /qrmenu/{qrcode}/place-order. `idempotencyKey` is one per checkout attempt and reused on retry,
 * so a diner tapping twice on a slow network places one order.
 */
export function placeOrder(qrcode: string, body: PlaceQrOrderInput, idempotencyKey: string) {
  return call<QrOrderPlaced>(`/qrmenu/${encodeURIComponent(qrcode)}/place-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
}

/** GET /qrmenu/order-status/{statusToken}: what the diner's order is doing now. */
export function fetchOrderStatus(statusToken: string, signal?: AbortSignal): Promise<DinerOrderStatus> {
  return call<DinerOrderStatus>(`/qrmenu/order-status/${encodeURIComponent(statusToken)}`, { signal });
}
