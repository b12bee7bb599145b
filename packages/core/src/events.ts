/**
 * The realtime events a tenant's screens receive (SPEC §4, §9), with what each carries. The server
 * sends them only after the transaction that caused them commits (`inTenant`'s `emit`); the web maps
 * each to the cached resources it makes stale (apps/web/src/app/realtime-invalidation.ts). A later
 * module adds its events here, and its resources there.
 */
export interface TenantEvents {
  /**
   * A new order from the POS (issue 10). `qr`: the order was taken from a diner's QR order (issue 11),
   * so the server tells that diner too; POS orders leave it out (see `orderEvent` in the server).
   */
  new_order: { orderId: number; qr?: true };
  /** An order or one of its items changed status (issue 10); `qr` as in `new_order`. */
  order_update: { orderId: number; qr?: true };
  /** A diner placed an order from the QR menu (issue 11); `orderId` is the QR order's id. */
  new_qrorder: { orderId: number };
  /** QR orders left the POS list: loaded and sent, cancelled, or all cancelled (`ids`: which ones). */
  qrorders_updated: { ids?: number[] };
  /** Store details changed: name, currency, QR settings (the menu's prices move with the currency). */
  store_updated: Record<string, never>;
  /** Print settings changed. */
  print_settings_updated: Record<string, never>;
  /** Tables were added, changed or deleted. */
  tables_updated: Record<string, never>;
  /** Categories, taxes or payment types changed. */
  catalogue_updated: { kind: 'category' | 'tax' | 'payment_type' };
  /** A menu item, its options or its photo changed. */
  menu_updated: { itemId?: number };
  /** Customers were added, changed or deleted. */
  customers_updated: Record<string, never>;
  /** Reservations were added, changed or deleted. */
  reservations_updated: Record<string, never>;
  /** Users were added, changed or deleted. */
  users_updated: Record<string, never>;
  /** A shift was opened, closed, or had drawer money moved (issue 15). */
  shift_updated: { shiftId: number };
  /**
   * The super admin (de)activated the tenant (issue 13). Sent by the realtime server itself, not
   * through `emit`: on `active: false` every screen goes to the inactive-subscription page and the
   * server closes the tenant's sockets right after.
   */
  tenant_status: { active: boolean };
}

export type TenantEventName = keyof TenantEvents;

/** One event as queued in a transaction. */
export type TenantEvent = { [E in TenantEventName]: { name: E; payload: TenantEvents[E] } }[TenantEventName];

/** Queues an event to send once the surrounding transaction has committed. */
export type Emit = <E extends TenantEventName>(name: E, payload: TenantEvents[E]) => void;
