import {
  type ErrorCode,
  MAX_MINOR,
  type MenuItem,
  type addonSchema,
  currencyDigits,
  type menuItemSchema,
  minorAsDecimal,
  type NewItemDefaults,
  rescaleMinor,
  toMinor,
  type variantSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { menuItemAddons, menuItemVariants } from '../../platform/db/schema.ts';
import { fail } from '../../platform/errors.ts';
import * as images from '../../platform/images/images.service.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import * as storeRepo from '../store/store.repo.ts';
import { byItem, presentItem } from './menu.presenter.ts';
import * as repo from './menu.repo.ts';

type ItemInput = z.output<typeof menuItemSchema>;
type OptionInput = z.output<typeof variantSchema> | z.output<typeof addonSchema>;

/** The two kinds of item option: same table shape, their own words. */
const OPTION_KINDS = {
  variant: {
    table: menuItemVariants,
    label: 'Variant',
    priceError: 'variant_price_invalid',
    notFound: 'variant_not_found',
  },
  addon: {
    table: menuItemAddons,
    label: 'Addon',
    priceError: 'addon_price_invalid',
    notFound: 'addon_not_found',
  },
} as const;
export type OptionKind = keyof typeof OPTION_KINDS;

/** A decimal amount in the store currency's minor units, or 400 with the field's own message. */
function minorOf(value: string, digits: number, error: ErrorCode): number {
  const minor = toMinor(value, digits);
  if (minor === null) throw fail(error);
  return minor;
}

async function currencyDigitsOf(tx: Tx, tenantId: number) {
  return currencyDigits(await storeRepo.readCurrency(tx, tenantId));
}

async function requireItem(tx: Tx, tenantId: number, itemId: number) {
  const item = await repo.lockItem(tx, tenantId, itemId);
  if (!item) throw fail('menu_item_not_found');
  return item;
}

/** The row values of an item form; the category and tax must be the caller's own. */
async function itemValues(tx: Tx, tenantId: number, input: ItemInput): Promise<repo.ItemValues> {
  const digits = await currencyDigitsOf(tx, tenantId);
  const values = {
    title: input.title,
    priceMinor: minorOf(input.price, digits, 'price_invalid'),
    netPriceMinor: input.netPrice === null ? null : minorOf(input.netPrice, digits, 'net_price_invalid'),
    categoryId: input.categoryId,
    taxId: input.taxId,
  };
  if (values.categoryId !== null && !(await catalogueRepo.categoryExists(tx, tenantId, values.categoryId)))
    throw fail('category_not_found');
  if (values.taxId !== null && !(await catalogueRepo.taxExists(tx, tenantId, values.taxId)))
    throw fail('tax_not_found');
  return values;
}

/**
 * Re-expresses every menu price of the tenant when the store currency's minor digits change
 * (USD 3.50 → JPY 4), in the caller's transaction (the store save). To more digits
 * it is exact; to fewer, a price that is not whole in the new digits would be rounded, which changing
 * back cannot undo: that is refused (`currency_rounds_prices`, with what would happen) unless
 * `confirmRounding`. Answers how many prices it read.
 */
export async function rescaleMenuPrices(
  tx: Tx,
  tenantId: number,
  change: { from: string; to: string; confirmRounding: boolean },
) {
  const fromDigits = currencyDigits(change.from);
  const toDigits = currencyDigits(change.to);
  if (fromDigits === toDigits) return 0;
  const prices = await repo.menuPrices(tx, tenantId);
  const all = [
    ...prices.items.flatMap((r) => (r.netPrice === null ? [r.price] : [r.price, r.netPrice])),
    ...prices.variants.map((r) => r.price),
    ...prices.addons.map((r) => r.price),
  ];
  if (all.some((m) => rescaleMinor(m, fromDigits, toDigits) > MAX_MINOR)) {
    throw fail('prices_too_large_for_currency');
  }
  const rounded = all.filter(
    (m) => rescaleMinor(rescaleMinor(m, fromDigits, toDigits), toDigits, fromDigits) !== m,
  );
  const first = rounded[0];
  if (first !== undefined && !change.confirmRounding) {
    throw fail('currency_rounds_prices', {
      currency: change.to,
      count: String(rounded.length),
      unit: toDigits === 0 ? `whole ${change.to}` : `${toDigits} decimal${toDigits === 1 ? '' : 's'}`,
      example: `${minorAsDecimal(first, fromDigits)} becomes ${minorAsDecimal(rescaleMinor(first, fromDigits, toDigits), toDigits)}`,
    });
  }
  await repo.rescaleMenuPrices(tx, tenantId, prices, (m) => rescaleMinor(m, fromDigits, toDigits));
  return all.length;
}

/** Menu items with variants, addons and photos (SPEC §2 Menu Items). */
export function createMenuService(ctx: AppContext) {
  const { database } = ctx;

  /** Variants and addons: add, update, delete, each scoped to one item of the caller's tenant. */
  const options = (kind: OptionKind) => {
    const { table, label, priceError, notFound } = OPTION_KINDS[kind];
    return {
      async add(tc: TenantContext, itemId: number, input: OptionInput) {
        await database.inTenant(tc.tenantId, async (tx, emit) => {
          await requireItem(tx, tc.tenantId, itemId);
          const priceMinor = minorOf(input.price, await currencyDigitsOf(tx, tc.tenantId), priceError);
          const id = await repo.insertOption(tx, table, tc.tenantId, itemId, {
            title: input.title,
            priceMinor,
          });
          await audit(tx, tc, {
            action: `menu_item.${kind}_add`,
            targetType: kind,
            targetId: id,
            details: { itemId, title: input.title, priceMinor },
          });
          emit('menu_updated', { itemId });
        });
        return { message: `${label} added!` };
      },

      async update(tc: TenantContext, itemId: number, optionId: number, input: OptionInput) {
        await database.inTenant(tc.tenantId, async (tx, emit) => {
          await requireItem(tx, tc.tenantId, itemId);
          const priceMinor = minorOf(input.price, await currencyDigitsOf(tx, tc.tenantId), priceError);
          const values = { title: input.title, priceMinor };
          if (!(await repo.updateOption(tx, table, tc.tenantId, itemId, optionId, values)))
            throw fail(notFound);
          await audit(tx, tc, {
            action: `menu_item.${kind}_update`,
            targetType: kind,
            targetId: optionId,
            details: { itemId, ...values },
          });
          emit('menu_updated', { itemId });
        });
        return { message: `${label} updated!` };
      },

      async remove(tc: TenantContext, itemId: number, optionId: number) {
        await database.inTenant(tc.tenantId, async (tx, emit) => {
          await requireItem(tx, tc.tenantId, itemId);
          if (!(await repo.deleteOption(tx, table, tc.tenantId, itemId, optionId))) throw fail(notFound);
          await audit(tx, tc, {
            action: `menu_item.${kind}_delete`,
            targetType: kind,
            targetId: optionId,
            details: { itemId },
          });
          emit('menu_updated', { itemId });
        });
        return { message: `${label} deleted!` };
      },
    };
  };

  return {
    /** The whole menu in a fixed number of queries, however many items it has. */
    async list(tc: TenantContext): Promise<MenuItem[]> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const digits = await currencyDigitsOf(tx, tc.tenantId);
        const items = await repo.listItems(tx, tc.tenantId);
        const variants = byItem(await repo.listOptions(tx, menuItemVariants, tc.tenantId));
        const addons = byItem(await repo.listOptions(tx, menuItemAddons, tc.tenantId));
        return items.map((row) =>
          presentItem(
            row,
            { variants: variants.get(row.id) ?? [], addons: addons.get(row.id) ?? [] },
            digits,
          ),
        );
      });
    },

    /**
     * GET /menu-items/new-item-defaults: the newest item's category and tax (issue 31). From the store's
     * data, not the device's memory, so a menu typed in on two devices, or a new tablet, continues
     * where the last item left off.
     */
    async newItemDefaults(tc: TenantContext): Promise<NewItemDefaults> {
      return database.inTenant(tc.tenantId, (tx) => repo.newestItemCategoryAndTax(tx, tc.tenantId));
    },

    async get(tc: TenantContext, itemId: number): Promise<MenuItem> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const row = await repo.findItem(tx, tc.tenantId, itemId);
        if (!row) throw fail('menu_item_not_found');
        const digits = await currencyDigitsOf(tx, tc.tenantId);
        const variants = await repo.listItemOptions(tx, menuItemVariants, tc.tenantId, itemId);
        const addons = await repo.listItemOptions(tx, menuItemAddons, tc.tenantId, itemId);
        return presentItem(row, { variants, addons }, digits);
      });
    },

    async add(tc: TenantContext, input: ItemInput) {
      const id = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const values = await itemValues(tx, tc.tenantId, input);
        const itemId = await repo.insertItem(tx, tc.tenantId, values);
        await audit(tx, tc, {
          action: 'menu_item.add',
          targetType: 'menu_item',
          targetId: itemId,
          details: values,
        });
        emit('menu_updated', { itemId });
        return itemId;
      });
      return { message: 'Menu item added!', id };
    },

    async update(tc: TenantContext, itemId: number, input: ItemInput) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        await requireItem(tx, tc.tenantId, itemId);
        const values = await itemValues(tx, tc.tenantId, input);
        await repo.updateItem(tx, tc.tenantId, itemId, values);
        await audit(tx, tc, {
          action: 'menu_item.update',
          targetType: 'menu_item',
          targetId: itemId,
          details: values,
        });
        emit('menu_updated', { itemId });
      });
      return { message: 'Menu item updated!' };
    },

    /** Deletes the item with its variants and addons (cascade) and its photo. */
    async remove(tc: TenantContext, itemId: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const item = await requireItem(tx, tc.tenantId, itemId);
        await repo.deleteItem(tx, tc.tenantId, itemId);
        if (item.imageId !== null) await images.removeImage(tx, tc.tenantId, item.imageId);
        await audit(tx, tc, { action: 'menu_item.delete', targetType: 'menu_item', targetId: itemId });
        emit('menu_updated', { itemId });
      });
      return { message: 'Menu item deleted!' };
    },

    /**
     * Stores a new photo for the item (re-encoded, never the bytes as sent) and drops the previous one.
     * `file` is null when the request carried no file part.
     */
    async uploadPhoto(tc: TenantContext, itemId: number, file: Buffer | null) {
      const image = await images.checkImage(file);
      const key = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const item = await requireItem(tx, tc.tenantId, itemId);
        const stored = await images.storeImage(tx, tc.tenantId, image);
        await repo.setItemImage(tx, tc.tenantId, itemId, stored.id);
        if (item.imageId !== null) await images.removeImage(tx, tc.tenantId, item.imageId);
        await audit(tx, tc, {
          action: 'menu_item.photo_upload',
          targetType: 'menu_item',
          targetId: itemId,
          details: { key: stored.key, bytes: image.bytes.length },
        });
        emit('menu_updated', { itemId });
        return stored.key;
      });
      return { message: 'Image uploaded!', imageURL: images.imageUrl(key) };
    },

    async removePhoto(tc: TenantContext, itemId: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const item = await requireItem(tx, tc.tenantId, itemId);
        if (item.imageId === null) return;
        await repo.setItemImage(tx, tc.tenantId, itemId, null);
        await images.removeImage(tx, tc.tenantId, item.imageId);
        await audit(tx, tc, {
          action: 'menu_item.photo_remove',
          targetType: 'menu_item',
          targetId: itemId,
        });
        emit('menu_updated', { itemId });
      });
      return { message: 'Image removed!' };
    },

    variants: options('variant'),
    addons: options('addon'),
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
