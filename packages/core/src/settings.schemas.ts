import { z } from 'zod';
import { isTimeZone, requiredText } from './auth.schemas.ts';
import { isCurrency } from './currencies.ts';
import { amountInput } from './money-input.ts';

const TITLE_MAX = 120;
const tooLong = 'Title is too long!';

/** Free text of the store forms: optional, trimmed, bounded, blank stored as ''. */
const plainText = (max: number) =>
  z
    .string({ error: 'Invalid request!' })
    .trim()
    .max(max, { error: 'Value is too long!' })
    .nullish()
    .transform((v) => v ?? '');

/** POST /settings/store-setting: the Store Details form (SPEC §2; no validation beyond shape). */
export const storeSettingsSchema = z.object({
  storeName: plainText(120),
  address: plainText(300),
  phone: plainText(40),
  email: plainText(254),
  currency: z
    .string({ error: 'Please select a currency!' })
    .trim()
    .toUpperCase()
    .refine(isCurrency, { error: 'Please select a currency!' }),
  // "Today", report ranges and the daily token reset follow it.
  timezone: z
    .string({ error: 'Please select a time zone!' })
    .trim()
    .refine(isTimeZone, { error: 'Please select a time zone!' })
    .optional(),
  isQRMenuEnabled: z.boolean({ error: 'Invalid request!' }).default(false),
  isQROrderEnabled: z.boolean({ error: 'Invalid request!' }).default(false),
  // Not in SPEC §7 (issue 31): QR orders taken as table orders at once instead of waiting at the POS.
  // Left out, the store keeps its choice (default: accept first, the spec's behaviour).
  qrOrdersToKitchen: z.boolean({ error: 'Invalid request!' }).optional(),
  // Not in SPEC §7: a currency change that would round menu prices is refused without it
  // (`currency_rounds_prices`), so rounding is never a surprise (docs/currency.md).
  confirmPriceRounding: z.boolean({ error: 'Invalid request!' }).optional(),
});
export type StoreSettingsInput = z.input<typeof storeSettingsSchema>;

/**
 * The store's settings as the API answers them (SPEC §3 Store settings): the camelCase fields, and the
 * ones the public and receipt flows read in snake form, alike.
 */
export const storeSettingsResponse = z.object({
  storeName: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  currency: z.string(),
  timezone: z.string(),
  image: z.string().nullable(),
  isQRMenuEnabled: z.boolean(),
  isQROrderEnabled: z.boolean(),
  uniqueQRCode: z.string(),
  /** QR orders go straight to the kitchen as table orders (issue 31); false: accepted at the POS first. */
  qrOrdersToKitchen: z.boolean(),
  store_name: z.string(),
  is_qr_menu_enabled: z.boolean(),
  is_qr_order_enabled: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettingsResponse>;

export const PAGE_FORMATS = [80, 57] as const;
export type PageFormat = (typeof PAGE_FORMATS)[number];

/**
 * The paper width of a page format as it is read (SPEC §3: 80 or 57, sent as a number or as a string;
 * 80 when it is neither).
 */
export function paperWidth(pageFormat: unknown): PageFormat {
  return pageFormat === 57 || pageFormat === '57' ? 57 : 80;
}

/** POST /settings/print-setting: the Print Settings form. The page format may come as "80" or "57". */
export const printSettingsSchema = z.object({
  pageFormat: z
    .union([z.literal(80), z.literal(57), z.literal('80'), z.literal('57')], {
      error: 'Page format is 80 or 57 mm!',
    })
    .transform(paperWidth)
    .default(80),
  header: plainText(500),
  footer: plainText(500),
  showNotes: z.boolean({ error: 'Invalid request!' }),
  isEnablePrint: z.boolean({ error: 'Invalid request!' }),
  showStoreDetails: z.boolean({ error: 'Invalid request!' }),
  showCustomerDetails: z.boolean({ error: 'Invalid request!' }),
  printToken: z.boolean({ error: 'Invalid request!' }),
  /**
   * Print a token for dine-in orders too (issue 31; takeaway and delivery always get one). Not in SPEC
   * §7's payload: left out, the stored value stays.
   */
  printTokenDineIn: z.boolean({ error: 'Invalid request!' }).optional(),
});

/** The print settings as the API answers them (SPEC §3 Print settings): camelCase and snake form alike. */
export const printSettingsResponse = z.object({
  pageFormat: z.union([z.literal(80), z.literal(57)]),
  header: z.string(),
  footer: z.string(),
  showNotes: z.boolean(),
  isEnablePrint: z.boolean(),
  showStoreDetails: z.boolean(),
  showCustomerDetails: z.boolean(),
  printToken: z.boolean(),
  printTokenDineIn: z.boolean(),
  page_format: z.union([z.literal(80), z.literal(57)]),
  show_notes: z.boolean(),
  is_enable_print: z.boolean(),
  show_store_details: z.boolean(),
  show_customer_details: z.boolean(),
  print_token: z.boolean(),
  print_token_dine_in: z.boolean(),
});
export type PrintSettings = z.infer<typeof printSettingsResponse>;

const seatingMissing = "Please provide Seating Capacity or '0'";
const seatingInvalid = "Please provide Valid Seating Capacity count or '0'";

/** Store table add and update (SPEC §5). */
export const storeTableSchema = z.object({
  title: requiredText('Please provide Title!', TITLE_MAX, tooLong),
  floor: requiredText("Please provide Floor or use '-'", 60, 'Floor is too long!'),
  seatingCapacity: z
    .union([z.number({ error: seatingMissing }), z.string({ error: seatingMissing })], {
      error: seatingMissing,
    })
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .refine((v) => v !== '', { error: seatingMissing })
    .transform((v) => (typeof v === 'number' || /^-?\d+$/.test(v) ? Number(v) : NaN))
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= 10_000, { error: seatingInvalid }),
});
export type StoreTableInput = z.input<typeof storeTableSchema>;

export const storeTableResponse = z.object({
  id: z.number(),
  table_title: z.string(),
  seating_capacity: z.number(),
  floor: z.string(),
  encrypted_id: z.string(),
});
export type StoreTable = z.infer<typeof storeTableResponse>;

/** Category add (its own message) and update. */
export const addCategorySchema = z.object({
  title: requiredText('Please provide Category Title!', TITLE_MAX, tooLong),
});
export const updateCategorySchema = z.object({
  title: requiredText('Please provide title!', TITLE_MAX, tooLong),
});
/** A category as listed; `items_count`: the menu items in it (deleting it leaves them without one). */
export const categoryResponse = z.object({ id: z.number(), title: z.string(), items_count: z.number() });
export type Category = z.infer<typeof categoryResponse>;

export const TAX_TYPES = ['exclusive', 'inclusive'] as const;
export type TaxType = (typeof TAX_TYPES)[number];
const rateMessage = 'Invalid value provided in Tax Rate!';
const taxFields = {
  rate: amountInput(rateMessage).refine((v) => Number(v) <= 100 && /^\d+(\.\d{1,2})?$/.test(v), {
    error: rateMessage,
  }),
  type: z.enum(TAX_TYPES, { error: 'Select Tax Type!' }),
};
/** Tax add and update (SPEC §5): rate is a percent with up to two decimals, 0 to 100. */
export const addTaxSchema = z.object({
  title: requiredText('Provide Title!', TITLE_MAX, tooLong),
  ...taxFields,
});
export const updateTaxSchema = z.object({
  title: requiredText('Please provide title!', TITLE_MAX, tooLong),
  ...taxFields,
});
/** A tax as listed; `items_count`: the menu items it applies to (deleting it leaves them without one). */
export const taxResponse = z.object({
  id: z.number(),
  title: z.string(),
  rate: z.number(),
  type: z.enum(TAX_TYPES),
  items_count: z.number(),
});
export type Tax = z.infer<typeof taxResponse>;

/** Payment type add (new ones are active) and update. */
export const addPaymentTypeSchema = z.object({
  title: requiredText('Please provide Payment Type Title!', TITLE_MAX, tooLong),
  isActive: z.boolean({ error: 'Invalid request!' }).default(true),
  /** Goes in the drawer (shifts); left out, a type titled 'Cash' is cash (migration 0018). */
  isCash: z.boolean({ error: 'Invalid request!' }).optional(),
});
export const updatePaymentTypeSchema = z.object({
  title: requiredText('Please provide title!', TITLE_MAX, tooLong),
  // Left as it is when not sent: renaming must not switch a payment type back on.
  isActive: z.boolean({ error: 'Invalid request!' }).optional(),
  isCash: z.boolean({ error: 'Invalid request!' }).optional(),
});
export const togglePaymentTypeSchema = z.object({ isActive: z.boolean({ error: 'Invalid request!' }) });
/** A payment type as the pay screens list it; `is_default` marks what a bill sent without one is paid with. */
export const paymentTypeResponse = z.object({
  id: z.number(),
  title: z.string(),
  is_active: z.boolean(),
  is_default: z.boolean(),
});
export type PaymentType = z.infer<typeof paymentTypeResponse>;

/**
 * The store's default payment type (issue 30): the active one the owner marked, else the first active
 * cash type, else the first active type; none when no type is active. `types` in id order.
 */
export function defaultPaymentTypeOf<T extends { isActive: boolean; isCash: boolean; isDefault: boolean }>(
  types: readonly T[],
): T | undefined {
  const active = types.filter((t) => t.isActive);
  return active.find((t) => t.isDefault) ?? active.find((t) => t.isCash) ?? active[0];
}
/**
 * GET /settings/payment-types also says which types go in the drawer (shifts, issue 15) and which one is
 * the default: what pays a bill sent without a payment (SPEC §7's payloads, issue 30).
 */
export const paymentTypeSettingResponse = paymentTypeResponse.extend({
  is_cash: z.boolean(),
});
export type PaymentTypeSetting = z.infer<typeof paymentTypeSettingResponse>;

/** A numeric id in a path; anything else is a 404 to the caller, never a 500. */
export const idParams = z.object({
  // Digits only: Number() would read '1e3' as 1000 and '0x10' as 16.
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Not found!' })
      .int({ error: 'Not found!' })
      .positive({ error: 'Not found!' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'Not found!' }),
  ),
});

/** SPEC §9: table title lowercased, non-alphanumerics as underscores, plus '-qr.png'. */
export function tableQrFileName(title: string): string {
  return `${title.toLowerCase().replace(/[^a-z0-9]/g, '_')}-qr.png`;
}
