import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What a save or a realtime event can change. Features name these (`useSaveMutation`'s `changes`);
 * app/realtime-invalidation.ts says which cached answers show each, since only the app knows every
 * feature's queries. A new module adds its resource here and there.
 */
export const RESOURCES = [
  'store',
  'print',
  'tables',
  'category',
  'tax',
  'payment_type',
  'menu',
  'users',
  'devices',
  'profile',
  'customers',
  'reservations',
  // Orders sent, changed, paid or cancelled: table orders, kitchen, invoices, a customer's history.
  'orders',
  // QR orders waiting at the POS.
  'qr_orders',
  // The super admin's tenant list, counts and history pages.
  'tenants',
  // The open shift, its drawer movements and the shifts history.
  'shifts',
  // The owner's void reasons (Settings, Void Reasons), offered by voids, cancels and refunds.
  'void_reason',
] as const;
export type Resource = (typeof RESOURCES)[number];

type Invalidate = (
  queryClient: QueryClient,
  resources: readonly Resource[],
  except?: readonly QueryKey[],
) => Promise<void>;
let invalidate: Invalidate | undefined;

/** The app says once, as it starts (AppProviders), how a changed resource reaches the cache. */
export function setResourceInvalidation(fn: Invalidate) {
  invalidate = fn;
}

/**
 * Marks every cached answer that shows these resources stale; screens on display fetch again. `except`:
 * answers the caller brings up to date itself (the kitchen board, one ticket at a time).
 */
export function invalidateResources(
  queryClient: QueryClient,
  resources: readonly Resource[],
  except: readonly QueryKey[] = [],
) {
  if (!invalidate) throw new Error('setResourceInvalidation was not called');
  return invalidate(queryClient, resources, except);
}
