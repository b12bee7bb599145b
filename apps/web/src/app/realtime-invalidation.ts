import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TenantEvents, TenantEventName } from '@comanda/core';
import type { Resource } from '../lib/resources.ts';
import { customersQueryKey } from '../features/customers/api/get-customers.ts';
import { dashboardQueryKey } from '../features/home/api/get-dashboard.ts';
import { devicesQueryKey } from '../features/devices/api/get-devices.ts';
import { invoicesQueryKey } from '../features/invoices/api/get-invoices.ts';
import { kitchenQueryKey, refreshKitchenTicket } from '../features/kitchen/api/get-kitchen.ts';
import { orderBoardQueryKey } from '../features/order-board/api/get-order-board.ts';
import { ordersInitQueryKey, tableOrdersQueryKey } from '../features/orders/api/get-table-orders.ts';
import { floorPlanQueryKey } from '../features/orders/api/get-floor-plan.ts';
import { posInitQueryKey } from '../features/pos/api/get-pos-init.ts';
import { qrOrdersQueryKey } from '../features/pos/api/get-qr-orders.ts';
import { liveQrOrdersQueryKey } from '../features/qr-orders/api/get-live-qr-orders.ts';
import { menuItemsQueryKey } from '../features/menu/api/get-menu-items.ts';
import { profileQueryKey } from '../features/profile/api/get-profile.ts';
import { reportsQueryKey } from '../features/reports/api/get-report.ts';
import { reservationsQueryKey } from '../features/reservations/api/get-reservations.ts';
import { categoriesQueryKey } from '../features/settings/api/get-categories.ts';
import { paymentTypesQueryKey } from '../features/settings/api/get-payment-types.ts';
import { printSettingsQueryKey } from '../features/settings/api/get-print-settings.ts';
import { storeSettingsQueryKey } from '../features/settings/api/get-store-settings.ts';
import { tablesQueryKey } from '../features/settings/api/get-tables.ts';
import { taxesQueryKey } from '../features/settings/api/get-taxes.ts';
import { usersQueryKey } from '../features/users/api/get-users.ts';
import { currentShiftQueryKey, shiftsQueryKey } from '../features/shifts/api/get-shifts.ts';
import { tenantsQueryKey } from '../features/superadmin/tenants/api/get-tenants.ts';
import { voidReasonsQueryKey } from '../lib/void-reasons.ts';

/**
 * What goes stale when a resource changes: the cached answers that show it. A save on this tab
 * (useSaveMutation's `changes`) and an event from another tab (RealtimeInvalidation) both go through
 * this one map, so the two cannot disagree. A new module adds its resources here.
 */
export const STALE_AFTER = {
  // The currency rescales every menu price; the reservations init caches the time zone and today, and
  // the customer pages the currency and time zone. The POS, table orders and invoices show the store
  // and its currency; the kitchen's timer thresholds are store settings. The home dashboard and the
  // reports count the store's today and range in its time zone and currency.
  store: [
    storeSettingsQueryKey,
    menuItemsQueryKey,
    reservationsQueryKey,
    customersQueryKey,
    posInitQueryKey,
    ordersInitQueryKey,
    invoicesQueryKey,
    kitchenQueryKey,
    dashboardQueryKey,
    reportsQueryKey,
  ],
  print: [printSettingsQueryKey, posInitQueryKey, ordersInitQueryKey, invoicesQueryKey],
  // The reservation screen lists the tables (its init) and shows each booking's table; the POS picks one;
  // home lists today's bookings with their table.
  tables: [tablesQueryKey, reservationsQueryKey, posInitQueryKey, dashboardQueryKey, floorPlanQueryKey],
  // Items show their category and tax; deleting one leaves its items without. Reports group sales by
  // the item's category now.
  category: [categoriesQueryKey, menuItemsQueryKey, posInitQueryKey, reportsQueryKey],
  tax: [taxesQueryKey, menuItemsQueryKey, posInitQueryKey],
  payment_type: [paymentTypesQueryKey, posInitQueryKey, ordersInitQueryKey],
  // Categories and taxes count their items; top sellers show an item's title and menu price now.
  menu: [
    menuItemsQueryKey,
    categoriesQueryKey,
    taxesQueryKey,
    posInitQueryKey,
    dashboardQueryKey,
    reportsQueryKey,
  ],
  users: [usersQueryKey],
  // Bookings show their guest's name and phone; a customer's page lists their bookings. Home and the
  // reports count new customers; home lists today's bookings.
  customers: [customersQueryKey, reservationsQueryKey, dashboardQueryKey, reportsQueryKey],
  reservations: [reservationsQueryKey, customersQueryKey, dashboardQueryKey],
  devices: [devicesQueryKey],
  profile: [profileQueryKey],
  // A customer's page counts their orders and spend; the pickup board shows the tokens being made
  // and ready; home and the reports count paid orders.
  orders: [
    tableOrdersQueryKey,
    // Table Orders' floor plan: each table's state and time seated (issue 31).
    floorPlanQueryKey,
    kitchenQueryKey,
    invoicesQueryKey,
    customersQueryKey,
    orderBoardQueryKey,
    dashboardQueryKey,
    reportsQueryKey,
  ],
  // The POS badge and list, and the strip of every POS and Table Orders.
  qr_orders: [qrOrdersQueryKey, liveQrOrdersQueryKey],
  tenants: [tenantsQueryKey],
  shifts: [currentShiftQueryKey, shiftsQueryKey],
  void_reason: [voidReasonsQueryKey],
} as const satisfies Record<Resource, readonly QueryKey[]>;

/** The resources each tenant event changes (packages/core/src/events.ts). */
export const EVENT_CHANGES: { [E in TenantEventName]: (payload: TenantEvents[E]) => readonly Resource[] } = {
  store_updated: () => ['store'],
  print_settings_updated: () => ['print'],
  tables_updated: () => ['tables'],
  catalogue_updated: ({ kind }) => [kind],
  menu_updated: () => ['menu'],
  users_updated: () => ['users'],
  customers_updated: () => ['customers'],
  reservations_updated: () => ['reservations'],
  new_order: () => ['orders'],
  order_update: () => ['orders'],
  new_qrorder: () => ['qr_orders'],
  qrorders_updated: () => ['qr_orders'],
  shift_updated: () => ['shifts'],
  // Nothing to refetch: the socket provider sends the tab to the inactive page (app/socket.tsx).
  tenant_status: () => [],
};

/**
 * Answers an event brings up to date in place instead of fetching whole: the kitchen board fetches the one
 * ticket an order event names (issue 32). These keys are left out of the event's invalidation.
 */
const EVENT_PATCHES: {
  [E in TenantEventName]?: {
    keys: readonly QueryKey[];
    patch: (q: QueryClient, p: TenantEvents[E]) => Promise<void>;
  };
} = {
  new_order: { keys: [kitchenQueryKey], patch: (q, { orderId }) => refreshKitchenTicket(q, orderId) },
  order_update: { keys: [kitchenQueryKey], patch: (q, { orderId }) => refreshKitchenTicket(q, orderId) },
};

/** What a tenant event does to the cache: what it changed goes stale, or is patched where it can be. */
export function applyTenantEvent(queryClient: QueryClient, event: string, payload: unknown) {
  if (!Object.hasOwn(EVENT_CHANGES, event)) return;
  const name = event as TenantEventName;
  const changes = EVENT_CHANGES[name] as (p: unknown) => readonly Resource[];
  const patch = EVENT_PATCHES[name] as
    { keys: readonly QueryKey[]; patch: (q: QueryClient, p: unknown) => Promise<void> } | undefined;
  void invalidateCachedResources(queryClient, changes(payload ?? {}), patch?.keys ?? []);
  if (patch && payload) void patch.patch(queryClient, payload);
}

/** How the app marks stale what shows changed resources (registered with lib/resources.ts). */
export async function invalidateCachedResources(
  queryClient: QueryClient,
  resources: readonly Resource[],
  except: readonly QueryKey[] = [],
) {
  // A resource this build does not know (an event from a newer server) changes nothing here.
  const known = resources.filter((resource) => Object.hasOwn(STALE_AFTER, resource));
  const staleAfter: Record<Resource, readonly QueryKey[]> = STALE_AFTER;
  const keys = new Set<QueryKey>(known.flatMap((resource) => staleAfter[resource]));
  // Same objects: the patched keys are the very constants STALE_AFTER lists.
  for (const key of except) keys.delete(key);
  await Promise.all([...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
