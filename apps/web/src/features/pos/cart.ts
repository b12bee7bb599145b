import {
  type CartLineInput,
  type CartTotals,
  type CustomerType,
  type DeliveryType,
  type MenuItem,
  type PickedCustomer,
  amountMinor,
  cartTotals,
  fromMinor,
  menuChoice,
} from '@comanda/core';
import { newUuid } from '../../lib/uuid.ts';

/**
 * A cart line (SPEC §3 Cart line) as the POS keeps it: the menu item's choice, priced from the menu in
 * integer minor units of the store currency. `uuid` is made when the line is added: the server keeps it,
 * so a retried send never doubles a line.
 */
export interface CartLine {
  uuid: string;
  item_id: number;
  title: string;
  variant_id: number | null;
  variant: string | null;
  addons_ids: number[];
  addons: string[];
  quantity: number;
  notes: string;
  /** The seat at the table the line is for (a bill may be split by seat); none when unset. */
  seat?: number | null;
  /** One unit: the variant's price (or the item's) plus the addons'. */
  unitMinor: number;
  tax_id: number | null;
  tax_title: string | null;
  /** Hundredths of a percent. */
  taxRateBp: number;
  tax_type: MenuItem['tax_type'];
}

/** A decimal amount from the API in minor units. */
export const minor = amountMinor;

/** An item offers a choice (the picker opens) when it has variants or addons. */
export const hasOptions = (item: MenuItem) => item.variants.length > 0 || item.addons.length > 0;

/** A new line for an item from the current menu (core `menuChoice`: the one pricing rule). */
export function lineFor(
  item: MenuItem,
  digits: number,
  choice: { variantId?: number | null; addonIds?: readonly number[]; quantity?: number; notes?: string } = {},
): CartLine {
  return {
    uuid: newUuid(),
    ...menuChoice(item, digits, choice),
    quantity: choice.quantity ?? 1,
    notes: choice.notes ?? '',
    tax_id: item.tax_id,
    tax_title: item.tax_title,
  };
}

/**
 * Adds a line; the same choice without notes already in the cart gets one more instead, so repeated
 * taps on a card make one line.
 */
export function addLine(cart: readonly CartLine[], line: CartLine): CartLine[] {
  const key = choiceKey(line);
  const same = cart.find((l) => !l.notes && choiceKey(l) === key);
  if (!same) return [...cart, line];
  return cart.map((l) => (l === same ? { ...l, quantity: l.quantity + line.quantity } : l));
}
const choiceKey = (l: CartLine) => `${l.item_id}:${l.variant_id ?? ''}:${[...l.addons_ids].sort().join(',')}`;

/** +1 / -1 on a line; a line at 0 leaves the cart (SPEC §4). */
export function changeQuantity(cart: readonly CartLine[], uuid: string, delta: number): CartLine[] {
  return cart
    .map((l) => (l.uuid === uuid ? { ...l, quantity: l.quantity + delta } : l))
    .filter((l) => l.quantity > 0);
}

/** Items Total, Tax Total and Payable Total from the one totals function, in minor units. */
export function totalsOf(cart: readonly CartLine[]): CartTotals {
  return cartTotals(
    cart.map((l) => ({
      unitMinor: l.unitMinor,
      quantity: l.quantity,
      taxRateBp: l.taxRateBp,
      taxType: l.tax_type,
    })),
  );
}

/** The cart as POST /pos/create-order takes it: ids and quantities; the price is informational. */
export function cartPayload(cart: readonly CartLine[], digits: number): CartLineInput[] {
  return cart.map((l) => ({
    uuid: l.uuid,
    item_id: l.item_id,
    variant_id: l.variant_id,
    addons_ids: l.addons_ids,
    quantity: l.quantity,
    notes: l.notes.trim() || null,
    seat: l.seat ?? null,
    price: fromMinor(l.unitMinor, digits),
  }));
}

/**
 * Lines re-priced from the current menu (a restored ticket or draft, a loaded QR order); items gone are
 * dropped. A line's uuid and seat are kept when it has them (a ticket restored after a reload is the
 * same ticket).
 */
export function repriced(
  lines: readonly {
    uuid?: string | null;
    item_id: number;
    variant_id: number | null;
    addons_ids: readonly number[];
    quantity: number;
    notes: string | null;
    seat?: number | null;
  }[],
  menu: ReadonlyMap<number, MenuItem>,
  digits: number,
): CartLine[] {
  return lines.flatMap((l) => {
    const item = menu.get(l.item_id);
    if (!item) return [];
    const line = lineFor(item, digits, {
      variantId: l.variant_id,
      addonIds: l.addons_ids,
      quantity: l.quantity,
      notes: l.notes ?? '',
    });
    return [{ ...line, uuid: l.uuid || line.uuid, seat: l.seat ?? null }];
  });
}

// ---------------------------------------------------------------------------------------------------
// Drafts that earlier versions kept in this browser only (SPEC §3 Draft). Drafts now follow the user
// (server drafts, issue 31): the Drafts List moves these to the user's account when it opens.

export interface LocalDraft {
  /** Who or what the draft is for: the customer, the table, or 'Walk-in'. */
  nameRef: string;
  /** ISO instant the draft was saved; also its id. */
  date: string;
  cart: CartLine[];
  deliveryType: DeliveryType;
  customerType: CustomerType;
  customer: PickedCustomer | null;
  tableId: number | null;
}

export const LOCAL_DRAFTS_KEY = 'comanda.pos.drafts';

export function readLocalDrafts(): LocalDraft[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LOCAL_DRAFTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as LocalDraft[]) : [];
  } catch {
    return [];
  }
}

export function writeLocalDrafts(drafts: readonly LocalDraft[]) {
  if (drafts.length === 0) localStorage.removeItem(LOCAL_DRAFTS_KEY);
  else localStorage.setItem(LOCAL_DRAFTS_KEY, JSON.stringify(drafts));
}
