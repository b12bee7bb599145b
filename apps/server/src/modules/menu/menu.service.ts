import crypto from 'node:crypto';
import sharp from 'sharp';
import {
  type ErrorCode,
  IMAGE_MAX_SIDE,
  type MenuItem,
  type addonSchema,
  currencyDigits,
  type menuItemSchema,
  toMinor,
  type variantSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { menuItemAddons, menuItemVariants } from '../../platform/db/schema.ts';
import { fail } from '../../platform/errors.ts';
import { getStoreSettings } from '../settings/settings.repo.ts';
import { byItem, imageUrl, presentItem } from './menu.presenter.ts';
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

/** Formats sharp can decode here and browsers show; anything else (svg, tiff, pdf…) is refused. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Decoding cost is pixels, not bytes: a tiny file can claim a huge canvas. 50 MP covers any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks an upload by its content and re-encodes it as WebP, at most IMAGE_MAX_SIDE on the longer
 * side, rotated by its EXIF orientation and stripped of all metadata (location, camera, comments).
 */
async function reencodeImage(buffer: Buffer): Promise<Buffer> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw fail('not_an_image');
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw fail('not_an_image');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw fail('image_too_large');
  try {
    return await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that parses over a body that does not (truncated file, HEVC without a decoder).
    throw fail('not_an_image');
  }
}

/** A decimal amount in the store currency's minor units, or 400 with the field's own message. */
function minorOf(value: string, digits: number, error: ErrorCode): number {
  const minor = toMinor(value, digits);
  if (minor === null) throw fail(error);
  return minor;
}

async function currencyDigitsOf(tx: Tx, tenantId: number) {
  return currencyDigits((await getStoreSettings(tx, tenantId)).currency);
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
  if (values.categoryId !== null && !(await repo.categoryExists(tx, tenantId, values.categoryId)))
    throw fail('category_not_found');
  if (values.taxId !== null && !(await repo.taxExists(tx, tenantId, values.taxId)))
    throw fail('tax_not_found');
  return values;
}

/** Menu items with variants, addons and photos (SPEC §2 Menu Items). */
export function createMenuService(ctx: AppContext) {
  const { database } = ctx;

  /** Variants and addons: add, update, delete, each scoped to one item of the caller's tenant. */
  const options = (kind: OptionKind) => {
    const { table, label, priceError, notFound } = OPTION_KINDS[kind];
    return {
      async add(actor: Actor, itemId: number, input: OptionInput) {
        await database.inTenant(actor.tenantId, async (tx) => {
          await requireItem(tx, actor.tenantId, itemId);
          const priceMinor = minorOf(input.price, await currencyDigitsOf(tx, actor.tenantId), priceError);
          const id = await repo.insertOption(tx, table, actor.tenantId, itemId, {
            title: input.title,
            priceMinor,
          });
          await audit(tx, actor, {
            action: `menu_item.${kind}_add`,
            targetType: kind,
            targetId: id,
            details: { itemId, title: input.title, priceMinor },
          });
        });
        return { message: `${label} added!` };
      },

      async update(actor: Actor, itemId: number, optionId: number, input: OptionInput) {
        await database.inTenant(actor.tenantId, async (tx) => {
          await requireItem(tx, actor.tenantId, itemId);
          const priceMinor = minorOf(input.price, await currencyDigitsOf(tx, actor.tenantId), priceError);
          const values = { title: input.title, priceMinor };
          if (!(await repo.updateOption(tx, table, actor.tenantId, itemId, optionId, values)))
            throw fail(notFound);
          await audit(tx, actor, {
            action: `menu_item.${kind}_update`,
            targetType: kind,
            targetId: optionId,
            details: { itemId, ...values },
          });
        });
        return { message: `${label} updated!` };
      },

      async remove(actor: Actor, itemId: number, optionId: number) {
        await database.inTenant(actor.tenantId, async (tx) => {
          await requireItem(tx, actor.tenantId, itemId);
          if (!(await repo.deleteOption(tx, table, actor.tenantId, itemId, optionId))) throw fail(notFound);
          await audit(tx, actor, {
            action: `menu_item.${kind}_delete`,
            targetType: kind,
            targetId: optionId,
            details: { itemId },
          });
        });
        return { message: `${label} deleted!` };
      },
    };
  };

  return {
    /** The whole menu in a fixed number of queries, however many items it has. */
    async list(tenantId: number): Promise<MenuItem[]> {
      return database.inTenant(tenantId, async (tx) => {
        const digits = await currencyDigitsOf(tx, tenantId);
        const items = await repo.listItems(tx, tenantId);
        const variants = byItem(await repo.listOptions(tx, menuItemVariants, tenantId));
        const addons = byItem(await repo.listOptions(tx, menuItemAddons, tenantId));
        return items.map((row) =>
          presentItem(
            row,
            { variants: variants.get(row.id) ?? [], addons: addons.get(row.id) ?? [] },
            digits,
          ),
        );
      });
    },

    async get(tenantId: number, itemId: number): Promise<MenuItem> {
      return database.inTenant(tenantId, async (tx) => {
        const row = await repo.findItem(tx, tenantId, itemId);
        if (!row) throw fail('menu_item_not_found');
        const digits = await currencyDigitsOf(tx, tenantId);
        const variants = await repo.listItemOptions(tx, menuItemVariants, tenantId, itemId);
        const addons = await repo.listItemOptions(tx, menuItemAddons, tenantId, itemId);
        return presentItem(row, { variants, addons }, digits);
      });
    },

    async add(actor: Actor, input: ItemInput) {
      const id = await database.inTenant(actor.tenantId, async (tx) => {
        const values = await itemValues(tx, actor.tenantId, input);
        const itemId = await repo.insertItem(tx, actor.tenantId, values);
        await audit(tx, actor, {
          action: 'menu_item.add',
          targetType: 'menu_item',
          targetId: itemId,
          details: values,
        });
        return itemId;
      });
      return { message: 'Menu item added!', id };
    },

    async update(actor: Actor, itemId: number, input: ItemInput) {
      await database.inTenant(actor.tenantId, async (tx) => {
        await requireItem(tx, actor.tenantId, itemId);
        const values = await itemValues(tx, actor.tenantId, input);
        await repo.updateItem(tx, actor.tenantId, itemId, values);
        await audit(tx, actor, {
          action: 'menu_item.update',
          targetType: 'menu_item',
          targetId: itemId,
          details: values,
        });
      });
      return { message: 'Menu item updated!' };
    },

    /** Deletes the item with its variants and addons (cascade) and its photo. */
    async remove(actor: Actor, itemId: number) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const item = await requireItem(tx, actor.tenantId, itemId);
        await repo.deleteItem(tx, actor.tenantId, itemId);
        if (item.imageId !== null) await repo.deleteImage(tx, actor.tenantId, item.imageId);
        await audit(tx, actor, { action: 'menu_item.delete', targetType: 'menu_item', targetId: itemId });
      });
      return { message: 'Menu item deleted!' };
    },

    /**
     * Stores a new photo for the item (re-encoded, never the bytes as sent) under a random key and
     * drops the previous one. `file` is null when the request carried no file part.
     */
    async uploadPhoto(actor: Actor, itemId: number, file: Buffer | null) {
      if (!file) throw fail('not_a_file');
      const bytes = await reencodeImage(file);
      const key = crypto.randomBytes(16).toString('base64url');
      await database.inTenant(actor.tenantId, async (tx) => {
        const item = await requireItem(tx, actor.tenantId, itemId);
        const imageId = await repo.insertImage(tx, actor.tenantId, { key, contentType: 'image/webp', bytes });
        await repo.setItemImage(tx, actor.tenantId, itemId, imageId);
        if (item.imageId !== null) await repo.deleteImage(tx, actor.tenantId, item.imageId);
        await audit(tx, actor, {
          action: 'menu_item.photo_upload',
          targetType: 'menu_item',
          targetId: itemId,
          details: { key, bytes: bytes.length },
        });
      });
      return { message: 'Image uploaded!', imageURL: imageUrl(key) };
    },

    async removePhoto(actor: Actor, itemId: number) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const item = await requireItem(tx, actor.tenantId, itemId);
        if (item.imageId === null) return;
        await repo.setItemImage(tx, actor.tenantId, itemId, null);
        await repo.deleteImage(tx, actor.tenantId, item.imageId);
        await audit(tx, actor, {
          action: 'menu_item.photo_remove',
          targetType: 'menu_item',
          targetId: itemId,
        });
      });
      return { message: 'Image removed!' };
    },

    /**
     * A photo by its public key. Menu photos are shown to diners before any tenant is known, so this
     * one lookup takes the system path; the 128-bit random key is what grants access.
     */
    async image(key: string) {
      const image = await database.asSystem((tx) => repo.findImageByKey(tx, key));
      if (!image) throw fail('image_not_found');
      return image;
    },

    variants: options('variant'),
    addons: options('addon'),
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
