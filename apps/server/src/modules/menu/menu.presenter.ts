import { type MenuItem, type MenuOption, fromMinor } from '@comanda/core';
import { imageUrl } from '../../platform/images/images.service.ts';
import type { ItemRow, OptionRow } from './menu.repo.ts';

/** A variant or addon as the API answers it; amounts in the store currency's decimals. */
export function presentOption(row: OptionRow, digits: number): MenuOption {
  return { id: row.id, item_id: row.itemId, title: row.title, price: fromMinor(row.priceMinor, digits) };
}

/** A menu item as SPEC §3 names it: snake_case, decimal amounts, tax rate as a percent (750 bp → 7.5). */
export function presentItem(
  row: ItemRow,
  options: { variants: OptionRow[]; addons: OptionRow[] },
  digits: number,
): MenuItem {
  return {
    id: row.id,
    title: row.title,
    price: fromMinor(row.priceMinor, digits),
    net_price: row.netPriceMinor === null ? null : fromMinor(row.netPriceMinor, digits),
    image: row.imageKey === null ? null : imageUrl(row.imageKey),
    tax_id: row.taxId,
    tax_title: row.taxTitle,
    tax_rate: row.taxRateBp === null ? null : fromMinor(row.taxRateBp, 2),
    tax_type: row.taxType,
    category_id: row.categoryId,
    category_title: row.categoryTitle,
    variants: options.variants.map((v) => presentOption(v, digits)),
    addons: options.addons.map((a) => presentOption(a, digits)),
  };
}

/** Groups a tenant's options by item, keeping their order. */
export function byItem(rows: OptionRow[]): Map<number, OptionRow[]> {
  const map = new Map<number, OptionRow[]>();
  for (const row of rows) {
    const list = map.get(row.itemId);
    if (list) list.push(row);
    else map.set(row.itemId, [row]);
  }
  return map;
}
