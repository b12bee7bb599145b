import {
  type CartTotals,
  type PlaceQrOrderInput,
  type QR_CART_STORAGE_KEY,
  type QrMenu,
  type QrMenuItem,
  amountMinor,
  cartTotals,
  fromMinor,
  menuChoice,
} from '@comanda/core';
import { useCallback, useEffect, useState } from 'react';
import { newUuid } from '../../lib/uuid.ts';

// Core's constant, spelled here so the menu's first chunk does not import the module that defines it
// (its zod schemas weigh about 35 KB gzipped); the type says it is the same text.
const STORAGE_KEY: typeof QR_CART_STORAGE_KEY = 'comanda.qr-cart';

/** A diner's cart line: the menu item's choice, priced from the menu in minor units of the store currency. */
export interface QrCartLine {
  /** This device's name for the line (React key, notes and quantity controls); never sent. */
  key: string;
  item_id: number;
  title: string;
  thumb: string | null;
  variant_id: number | null;
  variant: string | null;
  addons_ids: number[];
  addons: string[];
  quantity: number;
  notes: string;
  /** One unit: the variant's price (or the item's) plus the addons'. */
  unitMinor: number;
  /** Hundredths of a percent. */
  taxRateBp: number;
  tax_type: QrMenuItem['tax_type'];
}

/** The cart as kept on the device: one menu's lines, and the table of the link it was opened from. */
export interface QrCart {
  qrcode: string;
  table: string | null;
  lines: QrCartLine[];
}

/** A decimal amount from the API in minor units. */
export const minor = amountMinor;

/** An item offers a choice (the dialog opens on ADD) when it has variants or addons. */
export const hasOptions = (item: QrMenuItem) => item.variants.length > 0 || item.addons.length > 0;

/** A line for an item of the current menu (core `menuChoice`: a variant replaces the price, addons add). */
export function lineFor(
  item: QrMenuItem,
  digits: number,
  choice: {
    variantId?: number | null;
    addonIds?: readonly number[];
    quantity?: number;
    notes?: string;
    key?: string;
  },
): QrCartLine {
  const { item_id, title, ...chosen } = menuChoice(item, digits, choice);
  return {
    key: choice.key ?? newUuid(),
    item_id,
    title,
    thumb: item.thumb,
    ...chosen,
    quantity: choice.quantity ?? 1,
    notes: choice.notes ?? '',
  };
}

const choiceKey = (l: QrCartLine) =>
  `${l.item_id}:${l.variant_id ?? ''}:${[...l.addons_ids].sort().join(',')}`;

/** Adds a line; the same choice without notes already in the cart gets more instead (one line per choice). */
export function addLine(lines: readonly QrCartLine[], line: QrCartLine): QrCartLine[] {
  const same = lines.find((l) => !l.notes && choiceKey(l) === choiceKey(line));
  if (!same) return [...lines, line];
  return lines.map((l) => (l === same ? { ...l, quantity: l.quantity + line.quantity } : l));
}

/** +1 / -1 on a line; a line at 0 leaves the cart. */
export function changeQuantity(lines: readonly QrCartLine[], key: string, delta: number): QrCartLine[] {
  return lines
    .map((l) => (l.key === key ? { ...l, quantity: Math.min(1000, l.quantity + delta) } : l))
    .filter((l) => l.quantity > 0);
}

/**
 * The lines priced again from the menu as it is now: an item, variant or addon the store removed takes
 * its line out (`dropped` says so). The server prices the order from its catalogue anyway.
 */
export function reprice(
  lines: readonly QrCartLine[],
  menu: QrMenu,
): { lines: QrCartLine[]; dropped: boolean } {
  const digits = menu.storeSettings.currency.digits;
  const items = new Map(menu.menuItems.map((i) => [i.id, i]));
  const kept: QrCartLine[] = [];
  for (const l of lines) {
    const item = items.get(l.item_id);
    if (!item) continue;
    if (l.variant_id !== null && !item.variants.some((v) => v.id === l.variant_id)) continue;
    if (l.addons_ids.some((id) => !item.addons.some((a) => a.id === id))) continue;
    kept.push(lineFor(item, digits, { ...l, variantId: l.variant_id, addonIds: l.addons_ids }));
  }
  return { lines: kept, dropped: kept.length !== lines.length };
}

/** Items Total, Tax Total and Payable Total from core's one totals function, in minor units. */
export function totalsOf(lines: readonly QrCartLine[]): CartTotals {
  return cartTotals(
    lines.map((l) => ({
      unitMinor: l.unitMinor,
      quantity: l.quantity,
      taxRateBp: l.taxRateBp,
      taxType: l.tax_type,
    })),
  );
}

/** The lines as POST place-order takes them: ids, quantities and notes; the price is informational. */
export function orderLines(lines: readonly QrCartLine[], digits: number): PlaceQrOrderInput['cartItems'] {
  return lines.map((l) => ({
    item_id: l.item_id,
    variant_id: l.variant_id,
    addons_ids: l.addons_ids,
    quantity: l.quantity,
    notes: l.notes.trim() || null,
    price: fromMinor(l.unitMinor, digits),
  }));
}

/** The cart kept on this device, or null (none, or unreadable). */
export function readCart(): QrCart | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const cart = JSON.parse(raw) as Partial<QrCart>;
    if (typeof cart.qrcode !== 'string' || !Array.isArray(cart.lines)) return null;
    return {
      qrcode: cart.qrcode,
      table: typeof cart.table === 'string' ? cart.table : null,
      lines: cart.lines,
    };
  } catch {
    return null;
  }
}

function writeCart(cart: QrCart) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
  window.dispatchEvent(new Event(CART_CHANGED));
}

/** Empties the cart (after an order is placed), keeping which menu and table it belonged to. */
export function emptyCart() {
  const cart = readCart();
  if (cart) writeCart({ ...cart, lines: [] });
}

const CART_CHANGED = 'comanda:qr-cart';

/**
 * The cart of menu `qrcode` (a cart of another menu counts as empty and is replaced on the first
 * change), kept in local storage so it survives a reload, and shared with the diner's other tabs.
 * `table` (from the link) is remembered with it when given.
 */
export function useCart(qrcode: string, table: string | null) {
  const [cart, setCart] = useState<QrCart>(() => current(qrcode, table));
  useEffect(() => {
    const sync = () => setCart(current(qrcode, table));
    sync();
    window.addEventListener(CART_CHANGED, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(CART_CHANGED, sync);
      window.removeEventListener('storage', sync);
    };
  }, [qrcode, table]);
  const update = useCallback(
    (change: (lines: QrCartLine[]) => QrCartLine[]) => {
      const now = current(qrcode, table);
      writeCart({ ...now, lines: change(now.lines) });
    },
    [qrcode, table],
  );
  return { cart, update };
}

function current(qrcode: string, table: string | null): QrCart {
  const stored = readCart();
  if (!stored || stored.qrcode !== qrcode) return { qrcode, table, lines: [] };
  return { ...stored, table: table ?? stored.table };
}

/** How many items (quantities summed) a cart holds. */
export const itemCount = (lines: readonly QrCartLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
