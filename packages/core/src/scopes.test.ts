import { describe, expect, it } from 'vitest';
import { SCOPES, canDo, canOpen, hasScope, homePathFor, parseScopes } from './scopes.ts';

const staff = (scope: string) => ({ role: 'staff' as const, scopes: parseScopes(scope) });

describe('parseScopes', () => {
  it('keeps known scopes once, upper-cased, and drops blanks and unknown words', () => {
    expect(parseScopes(' pos,KITCHEN,,POS,root ')).toEqual(['POS', 'KITCHEN']);
    expect(parseScopes(null)).toEqual([]);
  });
});

describe('canOpen', () => {
  it('lets an admin open every screen', () => {
    expect(canOpen({ role: 'admin', scopes: [] }, 'settings')).toBe(true);
  });
  it('opens a screen to staff holding any one of its scopes', () => {
    expect(canOpen(staff('ORDER_STATUS'), 'orders')).toBe(true);
    expect(canOpen(staff('KITCHEN_DISPLAY'), 'kitchen')).toBe(true);
    expect(canOpen(staff('KITCHEN'), 'orders')).toBe(false);
  });
  it('opens profile, devices and support to any signed-in staff', () => {
    expect(canOpen(staff(''), 'devices')).toBe(true);
    expect(canOpen(staff(''), 'home')).toBe(false);
  });
  it('needs SETTINGS for users', () => {
    expect(canOpen(staff('SETTINGS'), 'users')).toBe(true);
    expect(canOpen(staff('POS'), 'users')).toBe(false);
  });
  it('never opens tenant screens to the super admin', () => {
    expect(canOpen({ role: 'superadmin', scopes: [] }, 'profile')).toBe(false);
  });
});

describe('hasScope', () => {
  it('is true for admins and for staff holding the scope', () => {
    expect(hasScope({ role: 'admin', scopes: [] }, 'REPORTS')).toBe(true);
    expect(hasScope(staff('REPORTS'), 'REPORTS')).toBe(true);
    expect(hasScope(staff('POS'), 'REPORTS')).toBe(false);
  });
});

describe('homePathFor', () => {
  it('sends each role to its work screen (SPEC §6, issue 31), never Profile when it has one', () => {
    expect(homePathFor({ role: 'superadmin', scopes: [] })).toBe('/superadmin/dashboard/home');
    expect(homePathFor({ role: 'admin', scopes: [] })).toBe('/dashboard/home');
    expect(homePathFor(staff('DASHBOARD'))).toBe('/dashboard/home');
    expect(homePathFor(staff('POS'))).toBe('/dashboard/pos');
    expect(homePathFor(staff('ORDERS,POS'))).toBe('/dashboard/pos');
    expect(homePathFor(staff('KITCHEN'))).toBe('/dashboard/kitchen');
    expect(homePathFor(staff('KITCHEN_DISPLAY'))).toBe('/dashboard/kitchen');
    expect(homePathFor(staff('ORDERS'))).toBe('/dashboard/orders');
    expect(homePathFor(staff('ORDER_STATUS'))).toBe('/dashboard/orders');
    expect(homePathFor(staff('ORDER_STATUS_DISPLAY'))).toBe('/dashboard/order-status');
    expect(homePathFor(staff('RESERVATIONS'))).toBe('/dashboard/reservation');
    expect(homePathFor(staff('DASHBOARD,POS'))).toBe('/dashboard/home');
    expect(homePathFor(staff('INVOICES'))).toBe('/dashboard/profile');
    expect(homePathFor(staff(''))).toBe('/dashboard/profile');
  });
});

describe('canDo', () => {
  it("gates the customer and reservation 'New' buttons as SPEC §6 says", () => {
    expect(canDo({ role: 'admin', scopes: [] }, 'reservations.manage')).toBe(true);
    expect(canDo(staff('MANAGE_RESERVATIONS'), 'reservations.manage')).toBe(true);
    expect(canDo(staff('RESERVATIONS'), 'reservations.manage')).toBe(true);
    expect(canDo(staff('VIEW_RESERVATIONS'), 'reservations.manage')).toBe(false);
    expect(canDo(staff('CUSTOMERS'), 'customers.manage')).toBe(true);
    expect(canDo(staff('VIEW_CUSTOMERS'), 'customers.manage')).toBe(false);
  });
  it('lets the POS and reservation desks look customers up and add them, not edit them', () => {
    expect(canDo(staff('POS'), 'customers.add')).toBe(true);
    expect(canDo(staff('RESERVATIONS'), 'customers.lookup')).toBe(true);
    expect(canDo(staff('POS'), 'customers.manage')).toBe(false);
    expect(canDo(staff('VIEW_CUSTOMERS'), 'customers.add')).toBe(false);
  });
  it('lets only the admin subscribe or cancel (SPEC §6), whatever scopes staff hold', () => {
    expect(canDo({ role: 'admin', scopes: [] }, 'subscription.manage')).toBe(true);
    expect(canDo({ role: 'staff', scopes: [...SCOPES] }, 'subscription.manage')).toBe(false);
  });
  it('lets the display scopes only read Table Orders; ORDER_STATUS sets statuses; the till does the rest', () => {
    for (const display of ['ORDER_STATUS_DISPLAY', 'KITCHEN_DISPLAY', 'CUSTOMER_DISPLAY'] as const) {
      expect(canDo(staff(display), 'orders.status')).toBe(false);
      expect(canDo(staff(display), 'orders.manage')).toBe(false);
    }
    expect(canOpen(staff('ORDER_STATUS_DISPLAY'), 'orders')).toBe(true);
    expect(canDo(staff('ORDER_STATUS'), 'orders.status')).toBe(true);
    expect(canDo(staff('ORDER_STATUS'), 'orders.manage')).toBe(false);
    for (const till of ['POS', 'ORDERS'] as const) {
      expect(canDo(staff(till), 'orders.status')).toBe(true);
      expect(canDo(staff(till), 'orders.manage')).toBe(true);
    }
    expect(canDo({ role: 'admin', scopes: [] }, 'orders.manage')).toBe(true);
  });
  it('never lets the super admin act in a tenant', () => {
    expect(canDo({ role: 'superadmin', scopes: [] }, 'customers.lookup')).toBe(false);
  });
});
