import type { Scope } from './scopes.ts';

/**
 * Role templates for staff scopes (issue 31, docs/setup.md): the Users form offers these instead of the
 * raw scope names, which stay selectable below. A preset is only a set of scope names; the user keeps
 * the names (SPEC §7 userScopes), never the preset, so changing a preset here changes no existing user.
 */
export const ROLE_PRESETS = {
  // Takes orders at the tables and at the till, sends them to the kitchen, follows their status and
  // settles the bill (POS and ORDERS are what pay on Table Orders); looks guests and bookings up.
  Waiter: ['POS', 'ORDERS', 'ORDER_STATUS', 'VIEW_RESERVATIONS', 'VIEW_CUSTOMERS'],
  // Runs the till: takes and pays orders, reprints and looks up invoices, drives the customer-facing
  // display; adds guests from the POS (POS grants that) and looks them up.
  Cashier: ['POS', 'ORDERS', 'ORDER_STATUS', 'INVOICES', 'CUSTOMER_DISPLAY', 'VIEW_CUSTOMERS'],
  // The kitchen screens only: sees tickets and marks them cooking and ready. No money, no guests.
  Cook: ['KITCHEN', 'KITCHEN_DISPLAY'],
  // Front door: books and seats guests, keeps the guest list, sees the tables' orders without taking
  // or changing any (ORDER_STATUS_DISPLAY only reads).
  Host: ['RESERVATIONS', 'CUSTOMERS', 'ORDER_STATUS_DISPLAY'],
  // Runs a shift: every floor and kitchen screen, the home dashboard, reports and past shifts, invoices
  // and refunds, and MANAGER (approves big discounts, voids of sent items, refunds). Not SETTINGS: the
  // menu, prices, taxes and staff accounts stay with the owner (SETTINGS opens Users, where scopes
  // are given out).
  Manager: [
    'DASHBOARD',
    'POS',
    'ORDERS',
    'ORDER_STATUS',
    'KITCHEN',
    'RESERVATIONS',
    'CUSTOMERS',
    'INVOICES',
    'REPORTS',
    'MANAGER',
  ],
} as const satisfies Record<string, readonly Scope[]>;

export type RolePreset = keyof typeof ROLE_PRESETS;

/** The presets in the order the Users form shows them. */
export const ROLE_PRESET_NAMES = Object.keys(ROLE_PRESETS) as RolePreset[];

/** The preset whose scopes are exactly these (order and repeats ignored), or null ("Custom"). */
export function presetOfScopes(scopes: readonly string[]): RolePreset | null {
  const have = new Set(scopes);
  for (const name of ROLE_PRESET_NAMES) {
    const wants: readonly string[] = ROLE_PRESETS[name];
    if (wants.length === have.size && wants.every((s) => have.has(s))) return name;
  }
  return null;
}
