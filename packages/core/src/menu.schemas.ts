import { z } from 'zod';
import { requiredText } from './auth.schemas.ts';
import { amountInput, optionalAmountInput } from './money-input.ts';
import { TAX_TYPES } from './settings.schemas.ts';

const TITLE_MAX = 120;
const tooLong = 'Title is too long!';

/** An optional reference (category, tax): blank, 'none' or null mean none. */
const optionalId = z
  .union([z.number(), z.string(), z.null()], { error: 'Invalid request!' })
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() : v))
  .transform((v) =>
    v === null || v === undefined || v === '' || v === 'none'
      ? null
      : typeof v === 'number' || /^\d+$/.test(v)
        ? Number(v)
        : NaN,
  )
  .refine((v) => v === null || (Number.isSafeInteger(v) && v > 0), { error: 'Invalid request!' });

/** Menu item add and update (SPEC §5): net price, category and tax are optional. */
export const menuItemSchema = z.object({
  title: requiredText('Please enter title!', TITLE_MAX, tooLong),
  price: amountInput('Please provide valid price!'),
  netPrice: optionalAmountInput('Please provide valid net price!'),
  categoryId: optionalId,
  taxId: optionalId,
});
export type MenuItemInput = z.input<typeof menuItemSchema>;

/** Variant add and update: the entered price is the final price; empty counts as 0. */
export const variantSchema = z.object({
  title: requiredText('Please provide variant title!', TITLE_MAX, tooLong),
  price: amountInput('Please provide valid variant price!', '0'),
});
/** Addon add and update: the price is added to the item's; empty counts as 0. */
export const addonSchema = z.object({
  title: requiredText('Please provide addon title!', TITLE_MAX, tooLong),
  price: amountInput('Please provide valid addon price!', '0'),
});

export const optionResponse = z.object({
  id: z.number(),
  item_id: z.number(),
  title: z.string(),
  price: z.number(),
});
export type MenuOption = z.infer<typeof optionResponse>;

/** A menu item as the API answers it (SPEC §3 Menu item); amounts are decimals of the store currency. */
export const menuItemResponse = z.object({
  id: z.number(),
  title: z.string(),
  price: z.number(),
  net_price: z.number().nullable(),
  image: z.string().nullable(),
  tax_id: z.number().nullable(),
  tax_title: z.string().nullable(),
  tax_rate: z.number().nullable(),
  tax_type: z.enum(TAX_TYPES).nullable(),
  category_id: z.number().nullable(),
  category_title: z.string().nullable(),
  variants: z.array(optionResponse),
  addons: z.array(optionResponse),
});
export type MenuItem = z.infer<typeof menuItemResponse>;

/** A numeric id in a path; anything else (including ids past 2^53) is a 404, never a 500 or 400. */
const pathId = () =>
  z.coerce
    .number({ error: 'Not found!' })
    .int({ error: 'Not found!' })
    .positive({ error: 'Not found!' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Not found!' });

/** Path params of the variant and addon routes. */
export const itemOptionParams = z.object({ itemId: pathId(), optionId: pathId() });
export const itemParams = z.object({ itemId: pathId() });

/** POST /menu-items/add answers the new item's id. */
export const menuItemAddedResponse = z.object({ message: z.string(), id: z.number() });
/** POST /menu-items/update/{id}/upload-photo answers where the photo is served. */
export const imageUploadedResponse = z.object({ message: z.string(), imageURL: z.string() });
/** GET /images/{key}: a server-made random key; anything else names no image. */
export const imageKeyParams = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'Not found!' }),
});

/** Uploaded images: the browser compresses to these; the server checks again by content. */
export const IMAGE_MAX_BYTES = 512 * 1024;
export const IMAGE_MAX_SIDE = 512;

/** GET /menu-items/new-item-defaults: the newest item's category and tax, a new item's start (issue 31). */
export const newItemDefaultsResponse = z.object({
  categoryId: z.number().nullable(),
  taxId: z.number().nullable(),
});
export type NewItemDefaults = z.infer<typeof newItemDefaultsResponse>;
