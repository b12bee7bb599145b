import type { MenuItem } from './menu.schemas.ts';
import { toMinor } from './money.ts';
import { unitPrice } from './totals.ts';

// What the POS and the diners' cart both make of a menu item picked with a variant and addons. No zod
// here: the diners' first chunk imports it.

/** A decimal amount from the API in minor units (0 when it cannot be read). */
export const amountMinor = (amount: number, digits: number) => toMinor(String(amount), digits) ?? 0;

/**
 * An item as chosen, priced from the current menu: the variant's price replaces the item's, the addons'
 * are added (`unitPrice`). Unknown variant or addon ids (gone from the menu) are left out.
 */
export function menuChoice(
  item: Pick<MenuItem, 'id' | 'title' | 'price' | 'tax_rate' | 'tax_type' | 'variants' | 'addons'>,
  digits: number,
  choice: { variantId?: number | null; addonIds?: readonly number[] },
) {
  const variant = item.variants.find((v) => v.id === choice.variantId) ?? null;
  const addons = item.addons.filter((a) => choice.addonIds?.includes(a.id));
  return {
    item_id: item.id,
    title: item.title,
    variant_id: variant?.id ?? null,
    variant: variant?.title ?? null,
    addons_ids: addons.map((a) => a.id),
    addons: addons.map((a) => a.title),
    /** One unit, in minor units. */
    unitMinor: unitPrice(
      amountMinor(item.price, digits),
      variant ? amountMinor(variant.price, digits) : null,
      addons.map((a) => amountMinor(a.price, digits)),
    ),
    /** Hundredths of a percent. */
    taxRateBp: item.tax_rate === null ? 0 : amountMinor(item.tax_rate, 2),
    tax_type: item.tax_type,
  };
}
