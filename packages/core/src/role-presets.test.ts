import { describe, expect, it } from 'vitest';
import { ROLE_PRESETS, ROLE_PRESET_NAMES, presetOfScopes } from './role-presets.ts';
import { SCOPES, canDo, canOpen } from './scopes.ts';

const staff = (scopes: readonly string[]) => ({ role: 'staff' as const, scopes });

describe('ROLE_PRESETS', () => {
  it('offers Waiter, Cashier, Cook, Host and Manager, each made of known scope names, each once', () => {
    expect(ROLE_PRESET_NAMES).toEqual(['Waiter', 'Cashier', 'Cook', 'Host', 'Manager']);
    for (const scopes of Object.values(ROLE_PRESETS)) {
      expect(scopes.every((s) => (SCOPES as readonly string[]).includes(s))).toBe(true);
      expect(new Set(scopes).size).toBe(scopes.length);
    }
  });

  it('lets each role open its work screen and keeps settings with the owner', () => {
    expect(canOpen(staff(ROLE_PRESETS.Waiter), 'pos')).toBe(true);
    expect(canDo(staff(ROLE_PRESETS.Waiter), 'orders.manage')).toBe(true);
    expect(canOpen(staff(ROLE_PRESETS.Cashier), 'invoices')).toBe(true);
    expect(canOpen(staff(ROLE_PRESETS.Cook), 'kitchen')).toBe(true);
    expect(canOpen(staff(ROLE_PRESETS.Cook), 'pos')).toBe(false);
    expect(canDo(staff(ROLE_PRESETS.Host), 'reservations.manage')).toBe(true);
    expect(canDo(staff(ROLE_PRESETS.Host), 'orders.manage')).toBe(false);
    expect(canOpen(staff(ROLE_PRESETS.Manager), 'reports')).toBe(true);
    expect(canDo(staff(ROLE_PRESETS.Manager), 'discounts.approve')).toBe(true);
    for (const scopes of Object.values(ROLE_PRESETS)) {
      expect(canOpen(staff(scopes), 'settings')).toBe(false);
      expect(canOpen(staff(scopes), 'users')).toBe(false);
    }
  });

  it('no two presets share one set of scopes, so the form names one at most', () => {
    const keys = Object.values(ROLE_PRESETS).map((s) => [...s].sort().join(','));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('presetOfScopes', () => {
  it('names the preset whose scopes are exactly these, in any order', () => {
    expect(presetOfScopes(['KITCHEN_DISPLAY', 'KITCHEN'])).toBe('Cook');
    expect(presetOfScopes([...ROLE_PRESETS.Manager].reverse())).toBe('Manager');
  });

  it('answers null (Custom) for a subset, a superset or nothing', () => {
    expect(presetOfScopes(['KITCHEN'])).toBeNull();
    expect(presetOfScopes([...ROLE_PRESETS.Cook, 'POS'])).toBeNull();
    expect(presetOfScopes([])).toBeNull();
  });
});
