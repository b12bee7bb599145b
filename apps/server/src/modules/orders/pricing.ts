import { cartTotals, type createOrderSchema, unitPrice } from '@comanda/core';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.ts';
import { menuItemAddons, menuItemVariants } from '../../platform/db/schema.ts';
import { fail } from '../../platform/errors.ts';
import * as menuRepo from '../menu/menu.repo.ts';
import type * as repo from './orders.repo.ts';

// Every line priced carries a UUID: the POS's, or one the server made (orders.service withUuids).
type CartLine = z.output<typeof createOrderSchema>['cart'][number] & { uuid: string };

/**
 * Prices a cart from the tenant's own rows: every item, variant and addon must be the tenant's (another
 * tenant's or a missing one is a 404) and each option must belong to its line's item (400). The lines
 * carry what was sold, copied, and their figures from the one totals function. The POS (orders.service)
 * and the QR menu (qrmenu.service) both price with it.
 */
export async function priceCart(tx: Tx, tenantId: number, cart: CartLine[]) {
  const items = new Map(
    (await menuRepo.findItems(tx, tenantId, [...new Set(cart.map((l) => l.item_id))])).map((i) => [i.id, i]),
  );
  const variantIds = [...new Set(cart.flatMap((l) => (l.variant_id === null ? [] : [l.variant_id])))];
  const addonIds = [...new Set(cart.flatMap((l) => l.addons_ids))];
  const variants = new Map(
    (await menuRepo.findOptions(tx, menuItemVariants, tenantId, variantIds)).map((v) => [v.id, v]),
  );
  const addons = new Map(
    (await menuRepo.findOptions(tx, menuItemAddons, tenantId, addonIds)).map((a) => [a.id, a]),
  );

  const lines = cart.map((line) => {
    const item = items.get(line.item_id);
    if (!item) throw fail('menu_item_not_found');
    const variant = line.variant_id === null ? null : variants.get(line.variant_id);
    if (variant === undefined) throw fail('variant_not_found');
    if (variant && variant.itemId !== item.id) throw fail('variant_not_of_item', { item: item.title });
    const sold = line.addons_ids.map((id) => {
      const addon = addons.get(id);
      if (!addon) throw fail('addon_not_found');
      if (addon.itemId !== item.id) throw fail('addon_not_of_item', { item: item.title });
      return { id: addon.id, title: addon.title, price_minor: addon.priceMinor };
    });
    const basePriceMinor = variant ? variant.priceMinor : item.priceMinor;
    const addonsPriceMinor = sold.reduce((sum, a) => sum + a.price_minor, 0);
    return { line, item, variant, sold, basePriceMinor, addonsPriceMinor };
  });

  let totals: ReturnType<typeof cartTotals>;
  try {
    totals = cartTotals(
      lines.map((l) => ({
        unitMinor: unitPrice(l.basePriceMinor, null, [l.addonsPriceMinor]),
        quantity: l.line.quantity,
        taxRateBp: l.item.taxRateBp ?? 0,
        taxType: l.item.taxType,
      })),
    );
  } catch (error) {
    if (error instanceof RangeError) throw fail('order_total_too_large');
    throw error;
  }

  // `satisfies`, not a type annotation: callers see that every line has an item id, variant, addons.
  const rows = lines.map((l, i) => {
    const figures = totals.lines[i];
    if (!figures) throw fail('internal');
    const taxed = l.item.taxType === 'exclusive' || l.item.taxType === 'inclusive';
    return {
      uuid: l.line.uuid,
      itemId: l.item.id,
      itemTitle: l.item.title,
      variantId: l.variant?.id ?? null,
      variantTitle: l.variant?.title ?? null,
      basePriceMinor: l.basePriceMinor,
      addonsPriceMinor: l.addonsPriceMinor,
      addons: l.sold,
      quantity: l.line.quantity,
      notes: l.line.notes,
      seat: l.line.seat ?? null,
      taxId: l.item.taxId,
      taxTitle: l.item.taxTitle,
      taxRateBp: taxed ? (l.item.taxRateBp ?? 0) : 0,
      taxType: taxed ? l.item.taxType : null,
      netMinor: figures.netMinor,
      taxMinor: figures.taxMinor,
      totalMinor: figures.totalMinor,
    } satisfies repo.OrderItemValues;
  });
  const unitMinors = lines.map((l) => l.basePriceMinor + l.addonsPriceMinor);
  return {
    rows,
    unitMinors,
    figures: { net: totals.itemsTotal, tax: totals.taxTotal, total: totals.payableTotal },
  };
}
