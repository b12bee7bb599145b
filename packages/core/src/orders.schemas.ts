import { z } from 'zod';
import {
  categoryResponse,
  paymentTypeResponse,
  printSettingsResponse,
  storeSettingsResponse,
  storeTableResponse,
} from './settings.schemas.ts';
import { menuItemResponse } from './menu.schemas.ts';
import { amountInput, optionalAmountInput } from './money.ts';

export const DELIVERY_TYPES = ['dinein', 'delivery', 'takeaway'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const CUSTOMER_TYPES = ['WALKIN', 'CUSTOMER'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CART_QUANTITY_MAX = 1000;
export const CART_NOTES_MAX = 100; // SPEC §9: notes max 100 characters
export const CART_LINES_MAX = 200;
export const IDEMPOTENCY_KEY_MAX = 200;

export const CART_EMPTY = 'Cart is empty!';
export const QUANTITY_INVALID = 'Please provide a valid quantity!';
export const NOTES_TOO_LONG = `Notes can be at most ${CART_NOTES_MAX} characters!`;
const INVALID = 'Invalid request!';

/** A whole number as a form may send it: a string of digits only ('0x10', '1e2' and ' 5' are not read). */
const digitsAsNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/** A positive id; `message` when it is anything else. */
const idOf = (message: string) =>
  z.preprocess(
    digitsAsNumber,
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(Number.MAX_SAFE_INTEGER, { error: message }),
  );

/** An optional id: blank, missing and null are none. */
const optionalIdOf = (message: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), idOf(message).nullable());

/** A cart line as the POS sends it (SPEC §3 Cart line): ids and quantity; the server prices it. */
export const cartLineSchema = z.object({
  // Lower-cased: one UUID is one text, in answers and idempotency fingerprints alike.
  uuid: z.uuid({ error: INVALID }).transform((v) => v.toLowerCase()),
  item_id: idOf('Menu item not found!'),
  variant_id: optionalIdOf('Variant not found!')
    .optional()
    .transform((v) => v ?? null),
  addons_ids: z
    .array(idOf('Addon not found!'), { error: INVALID })
    .max(50, { error: INVALID })
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  quantity: z.preprocess(
    digitsAsNumber,
    z
      .number({ error: QUANTITY_INVALID })
      .int({ error: QUANTITY_INVALID })
      .min(1, { error: QUANTITY_INVALID })
      .max(CART_QUANTITY_MAX, { error: QUANTITY_INVALID }),
  ),
  notes: z
    .string({ error: INVALID })
    .trim()
    .max(CART_NOTES_MAX, { error: NOTES_TOO_LONG })
    .nullish()
    .transform((v) => v || null),
  /** The client's unit price: informational only, never stored or trusted. */
  price: z.union([z.number(), z.string().max(40), z.null()], { error: INVALID }).optional(),
});
export type CartLineInput = z.input<typeof cartLineSchema>;

/** POST /pos/create-order (SPEC §3 POS order payload). */
export const createOrderSchema = z
  .object({
    uuid: z.uuid({ error: INVALID }).transform((v) => v.toLowerCase()),
    cart: z
      .array(cartLineSchema, { error: CART_EMPTY })
      .min(1, { error: CART_EMPTY })
      .max(CART_LINES_MAX, { error: 'Too many lines in the cart!' })
      .refine((lines) => new Set(lines.map((l) => l.uuid.toLowerCase())).size === lines.length, {
        error: INVALID,
      }),
    deliveryType: z.enum(DELIVERY_TYPES, { error: 'Please select a valid dining option!' }),
    customerType: z.enum(CUSTOMER_TYPES, { error: 'Please select a valid customer type!' }).default('WALKIN'),
    customerId: optionalIdOf('Please select customer!')
      .optional()
      .transform((v) => v ?? null),
    tableId: optionalIdOf('Please select a valid table!')
      .optional()
      .transform((v) => v ?? null),
    /** QR orders are issue 11: accepted and ignored for now. */
    // The QR order loaded into the cart (issue 11); accepted and unused until then.
    selectedQrOrderItem: z.union([z.number(), z.string().max(100), z.null()], { error: INVALID }).optional(),
  })
  .refine((o) => o.customerType !== 'CUSTOMER' || o.customerId !== null, {
    error: 'Please select customer!',
    path: ['customerId'],
  });
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** POST /pos/create-order-and-invoice: the order, the client's totals (compared, never trusted) and the payment. */
export const createOrderAndInvoiceSchema = createOrderSchema.and(
  z.object({
    netTotal: amountInput('Please provide valid totals!'),
    taxTotal: amountInput('Please provide valid totals!'),
    total: amountInput('Please provide valid totals!'),
    payment: z.object(
      {
        paymentTypeId: idOf('Please select a payment type!'),
        /** Cash handed over, in the store currency's decimals. */
        tendered: optionalAmountInput('Please provide a valid tendered amount!'),
      },
      { error: 'Please select a payment type!' },
    ),
  }),
);
export type CreateOrderAndInvoiceInput = z.input<typeof createOrderAndInvoiceSchema>;

/** The Idempotency-Key header of the order-creating and paying calls. */
export const idempotencyKeySchema = z
  .string({ error: 'Invalid Idempotency-Key!' })
  .min(1, { error: 'Invalid Idempotency-Key!' })
  .max(IDEMPOTENCY_KEY_MAX, { error: 'Invalid Idempotency-Key!' })
  .optional();
// Loose: the other headers (cookies, user agent) stay on the request for the hooks that read them.
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

/** The answer of POST /pos/create-order (SPEC §3 Order create response); totals are decimals. */
export const orderCreatedResponse = z.object({
  message: z.string(),
  tokenNo: z.number(),
  orderId: z.number(),
  orderUuid: z.string(),
  itemsTotal: z.number(),
  taxTotal: z.number(),
  payableTotal: z.number(),
});
export type OrderCreated = z.infer<typeof orderCreatedResponse>;

/** The answer of POST /pos/create-order-and-invoice: the order and the bill at the SERVER's figures. */
export const orderInvoicedResponse = orderCreatedResponse.extend({
  invoiceId: z.number(),
  netTotal: z.number(),
  total: z.number(),
  /** Tendered minus total, when a tendered amount was given. */
  change: z.number().nullable(),
  /** The client's totals differed from the server's: billed at the server's. */
  pricesChanged: z.boolean(),
});
export type OrderInvoiced = z.infer<typeof orderInvoicedResponse>;

/** GET /pos/init: everything the POS screen draws on (SPEC §3 POS screen data). */
export const posInitResponse = z.object({
  categories: z.array(categoryResponse),
  menuItems: z.array(menuItemResponse),
  paymentTypes: z.array(paymentTypeResponse),
  printSettings: printSettingsResponse,
  storeSettings: storeSettingsResponse,
  storeTables: z.array(storeTableResponse),
  /** The currency code and its symbol. */
  currency: z.object({ code: z.string(), symbol: z.string(), digits: z.number() }),
});
export type PosInit = z.infer<typeof posInitResponse>;
