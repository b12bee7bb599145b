/** Every permission a staff user can be given (SPEC §6). */
export const SCOPES = [
  'DASHBOARD',
  'POS',
  'CUSTOMER_DISPLAY',
  'KITCHEN_DISPLAY',
  'ORDER_STATUS_DISPLAY',
  'ORDER_STATUS',
  'ORDERS',
  'KITCHEN',
  'RESERVATIONS',
  'VIEW_RESERVATIONS',
  'MANAGE_RESERVATIONS',
  'CUSTOMERS',
  'VIEW_CUSTOMERS',
  'MANAGE_CUSTOMERS',
  'INVOICES',
  'MEMBERSHIP',
  'INVENTORY',
  'VIEW_INVENTORY',
  'MANAGE_INVENTORY',
  'SETTINGS',
  'REPORTS',
  // Approves what the owner keeps for managers (issue 15): discounts above the threshold, voids of sent
  // items, refunds. A manager's PIN on the same device stands in for it.
  'MANAGER',
] as const;

export type Scope = (typeof SCOPES)[number];
export type Role = 'admin' | 'staff' | 'superadmin';

/** Tenant screens and the scopes that open them; an empty list means any signed-in user (SPEC §6). */
export const SCREEN_ACCESS = {
  home: ['DASHBOARD'],
  profile: [],
  devices: [],
  'contact-support': [],
  pos: ['POS'],
  orders: ['POS', 'ORDERS', 'ORDER_STATUS', 'ORDER_STATUS_DISPLAY'],
  kitchen: ['KITCHEN', 'KITCHEN_DISPLAY'],
  /** The pickup board for a TV at the counter (issue 11). */
  'order-status-board': ['ORDER_STATUS_DISPLAY'],
  reservation: ['RESERVATIONS', 'VIEW_RESERVATIONS', 'MANAGE_RESERVATIONS'],
  customers: ['CUSTOMERS', 'VIEW_CUSTOMERS', 'MANAGE_CUSTOMERS'],
  invoices: ['INVOICES'],
  reports: ['REPORTS'],
  settings: ['SETTINGS'],
  users: ['SETTINGS'],
  /** Everyone's hours: read, corrected and exported by the owner and managers (issue 31). */
  timesheets: ['MANAGER'],
} as const satisfies Record<string, readonly Scope[]>;

export type Screen = keyof typeof SCREEN_ACCESS;

/** The part of a signed-in user that access decisions read. */
export interface AccessSubject {
  role: Role;
  scopes: readonly string[];
}

/** Splits a stored comma-separated scope list into known scope names, dropping blanks and unknown words. */
export function parseScopes(scope: string | null | undefined): Scope[] {
  if (!scope) return [];
  const known = new Set<string>(SCOPES);
  return [
    ...new Set(
      scope
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter((s) => known.has(s)),
    ),
  ] as Scope[];
}

/** Whether a tenant user may open a screen: admins always, staff with any listed scope, nobody else. */
export function canOpen(subject: AccessSubject, screen: Screen): boolean {
  if (subject.role === 'admin') return true;
  if (subject.role !== 'staff') return false;
  const needs: readonly Scope[] = SCREEN_ACCESS[screen];
  return needs.length === 0 || needs.some((s) => subject.scopes.includes(s));
}

/** Whether a user holds one scope (admins hold all). */
export function hasScope(subject: AccessSubject, scope: Scope): boolean {
  return subject.role === 'admin' || (subject.role === 'staff' && subject.scopes.includes(scope));
}

/**
 * Where a user lands after signing in, by e-mail or PIN (SPEC §6, issue 31): their work screen, not
 * Profile. The owner and a manager (DASHBOARD) their dashboard; a waiter or cashier the POS; a cook the
 * kitchen; whoever keeps the orders Table Orders; the pickup board's TV its board; a host the
 * reservations; anyone else Profile.
 */
export function homePathFor(subject: AccessSubject): string {
  if (subject.role === 'superadmin') return '/superadmin/dashboard/home';
  if (canOpen(subject, 'home')) return '/dashboard/home';
  if (canOpen(subject, 'pos')) return '/dashboard/pos';
  if (canOpen(subject, 'kitchen')) return '/dashboard/kitchen';
  if (hasScope(subject, 'ORDERS') || hasScope(subject, 'ORDER_STATUS')) return '/dashboard/orders';
  // The pickup board's TV.
  if (canOpen(subject, 'order-status-board')) return '/dashboard/order-status';
  if (canOpen(subject, 'reservation')) return '/dashboard/reservation';
  return '/dashboard/profile';
}

/**
 * Actions inside a screen that need more than opening it (SPEC §6: the customer and reservation 'New'
 * buttons). The server checks them per route (`access: { action }`); the web hides the controls. The
 * POS and the reservation dialog look customers up and add them through the shared Add New Customer
 * dialog, so their scopes reach those two calls too.
 */
export const ACTION_ACCESS = {
  'customers.lookup': [
    'CUSTOMERS',
    'VIEW_CUSTOMERS',
    'MANAGE_CUSTOMERS',
    'POS',
    'RESERVATIONS',
    'MANAGE_RESERVATIONS',
  ],
  'customers.add': ['CUSTOMERS', 'MANAGE_CUSTOMERS', 'POS', 'RESERVATIONS', 'MANAGE_RESERVATIONS'],
  'customers.manage': ['CUSTOMERS', 'MANAGE_CUSTOMERS'],
  'reservations.manage': ['RESERVATIONS', 'MANAGE_RESERVATIONS'],
  // Past shifts and their Z reports (issue 15): the owner's figures, not every waiter's.
  'shifts.history': ['REPORTS', 'MANAGER'],
  // A discount above the owner's threshold (issue 15, docs/discounts.md).
  'discounts.approve': ['MANAGER'],
  // On Table Orders (issue 29, docs/orders.md, Who may do what): the display scopes only read. Setting a
  // line's kitchen status is ORDER_STATUS's job; what moves money or changes an order (void, restore,
  // cancel, complete, pay, discount, move) is the till's: POS or ORDERS.
  'orders.status': ['POS', 'ORDERS', 'ORDER_STATUS'],
  'orders.manage': ['POS', 'ORDERS'],
  // Subscribe, look the plan up, cancel (SPEC §6: only admin): no scope grants it.
  'subscription.manage': [],
  // The guided setup checklist (issue 31): the owner's own first steps.
  'setup.manage': [],
  // Make a browser a store device, list and revoke them, set a colleague's PIN (issue 31): only admin.
  'staffPins.manage': [],
} as const satisfies Record<string, readonly Scope[]>;

export type Action = keyof typeof ACTION_ACCESS;

/** Whether a tenant user may take an action: admins always, staff with any listed scope. */
export function canDo(subject: AccessSubject, action: Action): boolean {
  if (subject.role === 'admin') return true;
  if (subject.role !== 'staff') return false;
  const needs: readonly Scope[] = ACTION_ACCESS[action];
  return needs.some((s) => subject.scopes.includes(s));
}
