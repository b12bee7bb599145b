import { z } from 'zod';
import {
  categoryResponse,
  paymentTypeResponse,
  printSettingsResponse,
  storeSettingsResponse,
  storeTableResponse,
} from './settings.schemas.ts';
import { menuItemResponse } from './menu.schemas.ts';
import { amountInput, optionalAmountInput } from './money-input.ts';
import { seatInput } from './seats.ts';
import { voidReasonIdSchema } from './voids.schemas.ts';
import { billExtrasResponse, billExtrasSchema } from './discounts.ts';
import { customerRefOf } from './customers.schemas.ts';

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

/** A currency as screens show it: code, symbol and decimals. */
export const currencyResponse = z.object({ code: z.string(), symbol: z.string(), digits: z.number() });

/** A client's UUID, lower-cased: one UUID is one text, in answers and idempotency fingerprints alike. */
const clientUuid = z.uuid({ error: INVALID }).transform((v) => v.toLowerCase());

/** A line's item id as sent: null is none (the line may name it the other way). */
const sentItemId = z.preprocess((v) => (v === null ? undefined : v), idOf('Menu item not found!').optional());

export const CART_ITEM_MISMATCH = "A cart line's id and item_id name different menu items!";

/**
 * The fields of a cart line as the POS sends it (SPEC §3 Cart line): ids and quantity; the server prices
 * it. SPEC §3 makes a line "the menu item plus quantity ...", so the item's own `id` names it when
 * `item_id` is absent; the rest of the item's fields (title, variants, ...) are ignored.
 */
const cartLineFields = z.object({
  /** Optional (SPEC §7 sends none): the server makes one for a line without. */
  uuid: clientUuid.optional(),
  item_id: sentItemId,
  id: sentItemId,
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
  /** The seat at the table the line is for (split by seat), or none. */
  seat: seatInput.optional().transform((v) => v ?? null),
  /** The client's unit price: informational only, never stored or trusted. */
  price: z.union([z.number(), z.string().max(40), z.null()], { error: INVALID }).optional(),
});

/** The line's menu item from `item_id`, or from `id` without one; the two disagreeing is refused. */
function namingItem<L extends { item_id?: number; id?: number }>(line: L, ctx: z.RefinementCtx) {
  const { id, item_id, ...rest } = line;
  if (id !== undefined && item_id !== undefined && id !== item_id) {
    ctx.addIssue({ code: 'custom', message: CART_ITEM_MISMATCH, path: ['item_id'] });
    return z.NEVER;
  }
  const item = item_id ?? id;
  if (item === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Menu item not found!', path: ['item_id'] });
    return z.NEVER;
  }
  return { ...rest, item_id: item };
}

export const cartLineSchema = cartLineFields.transform(namingItem);
/** A diner's cart line (qrmenu.schemas): the POS line without its uuid (the server makes the order's lines). */
export const qrCartLineSchema = cartLineFields.omit({ uuid: true }).transform(namingItem);
export type CartLineInput = z.input<typeof cartLineSchema>;

/** The longest name tag a dine-in order without a table may carry. */
export const NAME_TAG_MAX = 40;
export const NAME_TAG_TOO_LONG = `A name tag can be at most ${NAME_TAG_MAX} characters!`;
/** A name tag as sent: trimmed; blank is none. */
export const nameTagSchema = z
  .string({ error: INVALID })
  .trim()
  .max(NAME_TAG_MAX, { error: NAME_TAG_TOO_LONG })
  .nullish()
  .transform((v) => v || null);

/** POST /pos/create-order (SPEC §3 POS order payload). */
export const createOrderSchema = z
  .object({
    /** Optional (SPEC §7 sends none): the server makes one; the POS sends its own to be idempotent. */
    uuid: clientUuid.optional(),
    cart: z
      .array(cartLineSchema, { error: CART_EMPTY })
      .min(1, { error: CART_EMPTY })
      .max(CART_LINES_MAX, { error: 'Too many lines in the cart!' })
      .refine(
        (lines) => {
          const sent = lines.flatMap((l) => (l.uuid === undefined ? [] : [l.uuid]));
          return new Set(sent).size === sent.length;
        },
        { error: INVALID },
      ),
    deliveryType: z.enum(DELIVERY_TYPES, { error: 'Please select a valid dining option!' }),
    customerType: z.enum(CUSTOMER_TYPES, { error: 'Please select a valid customer type!' }).default('WALKIN'),
    /** The guest: their phone (SPEC §3's key), or Comanda's id as a JSON number (`customerRefOf`). */
    customerId: z
      .preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        customerRefOf('Please select customer!').nullable(),
      )
      .optional()
      .transform((v) => v ?? null),
    tableId: optionalIdOf('Please select a valid table!')
      .optional()
      .transform((v) => v ?? null),
    /**
     * A dine-in order's name tag, when it has no table (issue 31: "Anna, by the window"); optional, as
     * SPEC §7 sends none. Kept on the order, its kitchen card, receipt and Table Orders group.
     */
    nameTag: nameTagSchema,
    /**
     * The id of the QR order loaded into the cart: sending the cart accepts it (it leaves the POS list)
     * in the same transaction; a QR order already taken or cancelled refuses the order.
     */
    selectedQrOrderItem: optionalIdOf(INVALID)
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((o) => o.customerType !== 'CUSTOMER' || o.customerId !== null, {
    error: 'Please select customer!',
    path: ['customerId'],
  });
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** The payment of a bill: an active payment type and, for cash, the amount handed over. */
export const paymentSchema = z.object(
  {
    paymentTypeId: idOf('Please select a payment type!'),
    /** Cash handed over, in the store currency's decimals. */
    tendered: optionalAmountInput('Please provide a valid tendered amount!'),
  },
  { error: 'Please select a payment type!' },
);

/**
 * POST /pos/create-order-and-invoice: the order, the client's totals (compared, never trusted) and the
 * payment; without one (SPEC §7 sends none) the store's default payment type pays.
 */
export const createOrderAndInvoiceSchema = createOrderSchema.and(
  z.object({
    netTotal: amountInput('Please provide valid totals!'),
    taxTotal: amountInput('Please provide valid totals!'),
    total: amountInput('Please provide valid totals!'),
    payment: paymentSchema.optional(),
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

/** How long ago an offline call may have been made and still date what it records (docs/offline.md). */
export const QUEUED_MAX_MS = 24 * 60 * 60 * 1000;

const QUEUED_MS_INVALID = 'X-Queued-Ms must be a whole number of milliseconds!';

/**
 * The calls that record a sale also take X-Queued-Ms: how long the call waited in a device's outbox
 * (docs/offline.md). The order or bill is dated that much before it arrives, so an order taken at 23:55
 * during a Wi-Fi drop and synced at 00:05 stays on its day. An age, not a time: a device's clock may be
 * wrong, but it counts milliseconds well enough. Past QUEUED_MAX_MS it is dated on arrival. The server
 * never dates it before the device's session or the open shift began (shifts/sale-clock.ts).
 *
 * The one parser of the header: decimal digits only. Number() would also read '0x100000', '1e7',
 * '0b101' or '' as a delay; anything but digits answers 400.
 */
export const saleHeaders = idempotencyHeaders.extend({
  'x-queued-ms': z
    .string({ error: QUEUED_MS_INVALID })
    .regex(/^[0-9]+$/, { error: QUEUED_MS_INVALID })
    .transform(Number)
    .optional(),
});

/** When a sale happened: now, less the time its call waited in a device's outbox (up to QUEUED_MAX_MS). */
export function saleTime(now: Date, queuedMs: number | undefined): Date {
  if (!queuedMs || queuedMs > QUEUED_MAX_MS) return now;
  return new Date(now.getTime() - queuedMs);
}

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

/** GET /pos/init: everything the POS screen draws on (SPEC §3 POS screen data). */
export const posInitResponse = z.object({
  categories: z.array(categoryResponse),
  menuItems: z.array(menuItemResponse),
  paymentTypes: z.array(paymentTypeResponse),
  printSettings: printSettingsResponse,
  storeSettings: storeSettingsResponse,
  storeTables: z.array(storeTableResponse),
  /** The currency code and its symbol. */
  currency: currencyResponse,
  /** A dine-in order may go with a name tag instead of a table (the owner's choice, issue 31). */
  allowNameTags: z.boolean().optional(),
});
export type PosInit = z.infer<typeof posInitResponse>;

// ---------------------------------------------------------------------------------------------------
// Open orders: table orders (/dashboard/orders), the kitchen display, receipts (SPEC §2, §3, §4)

export const ORDER_STATUSES = ['created', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
export const ORDER_ITEM_STATUSES = ['created', 'preparing', 'completed', 'delivered', 'cancelled'] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];
/** The statuses table orders may set an item to directly (SPEC §4: no ordering enforced). */
export const SETTABLE_ITEM_STATUSES = ['preparing', 'completed', 'delivered', 'cancelled'] as const;
/** The name of the group of orders without a table (SPEC §2 Orders). */
export const DINE_OUT_GROUP = 'Dine Out / Delivery';
export const ORDER_ITEM_STATUS_UPDATED = 'Order Item status successfully updated!';

/**
 * One line of a sent order (SPEC §3 Order item), as it was sold: amounts are decimals of the order's
 * currency. `price` is one unit (the item's or its variant's price plus the addons), `amount` is
 * price x quantity, `net`/`tax`/`total` the line's figures from the one totals function.
 */
export const orderItemResponse = z.object({
  id: z.number(),
  uuid: z.string(),
  order_id: z.number(),
  item_id: z.number().nullable(),
  item_title: z.string(),
  variant_id: z.number().nullable(),
  variant_title: z.string().nullable(),
  variant_price: z.number().nullable(),
  addons: z.array(z.object({ id: z.number(), title: z.string(), price: z.number() })),
  notes: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
  amount: z.number(),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  tax_title: z.string().nullable(),
  tax_rate: z.number(),
  tax_type: z.enum(['exclusive', 'inclusive']).nullable(),
  status: z.enum(ORDER_ITEM_STATUSES),
  /** The seat the line is for, or null. */
  seat: z.number().nullable(),
  /** ISO instant the line was sent. */
  date: z.string(),
  updated_at: z.string(),
  /** A voided line: the reason as chosen and when (null otherwise, and for lines cancelled before reasons). */
  void_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemResponse>;

/**
 * A sent order (SPEC §3 Order) with its lines. The totals leave cancelled lines out: they are what the
 * order would be billed. `changed_at` is set when a line was changed after it was sent.
 */
export const orderResponse = z.object({
  id: z.number(),
  uuid: z.string(),
  token_no: z.number(),
  business_date: z.string(),
  /** ISO instant the order was sent. */
  date: z.string(),
  source: z.enum(['pos', 'qr']),
  delivery_type: z.enum(DELIVERY_TYPES),
  customer_type: z.enum(CUSTOMER_TYPES),
  customer_id: z.number().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  table_id: z.number().nullable(),
  table_title: z.string().nullable(),
  floor: z.string().nullable(),
  /** A dine-in order's name tag when it has no table (issue 31). */
  name_tag: z.string().nullable().optional(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  invoice_id: z.number().nullable(),
  currency: z.string(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  changed_at: z.string().nullable(),
  /** The table it (or its moved lines) came from, when moved to this one (docs/moves.md). */
  moved_from: z.string().nullable().optional(),
  items: z.array(orderItemResponse),
});
export type Order = z.infer<typeof orderResponse>;

/** The answer of POST /pos/create-order-and-invoice: the order and the bill at the SERVER's figures. */
export const orderInvoicedResponse = orderCreatedResponse.extend({
  invoiceId: z.number(),
  netTotal: z.number(),
  total: z.number(),
  /** Tendered minus total, when a tendered amount was given. */
  change: z.number().nullable(),
  /** The client's totals differed from the server's: billed at the server's. */
  pricesChanged: z.boolean(),
  /** The order as billed, with its lines at the server's figures: what the receipt prints. */
  order: orderResponse,
});
export type OrderInvoiced = z.infer<typeof orderInvoicedResponse>;

/**
 * GET /orders: the open (unpaid, not completed or cancelled) orders grouped by table; orders without a
 * table (takeaway, delivery) make the one group titled DINE_OUT_GROUP (`table_id` null). Groups come in
 * the order of their oldest order; `key` is stable ('table-<id>' or 'dine-out').
 */
export const tableGroupResponse = z.object({
  key: z.string(),
  table_id: z.number().nullable(),
  table_title: z.string().nullable(),
  floor: z.string().nullable(),
  orders: z.array(orderResponse),
  order_ids: z.array(z.number()),
});
export type TableGroup = z.infer<typeof tableGroupResponse>;
export const tableOrdersResponse = z.object({ groups: z.array(tableGroupResponse) });
export type TableOrders = z.infer<typeof tableOrdersResponse>;

/** GET /orders/init (SPEC §7): what the table-orders screen prints and pays with. */
export const ordersInitResponse = z.object({
  printSettings: printSettingsResponse,
  storeSettings: storeSettingsResponse,
  paymentTypes: z.array(paymentTypeResponse),
  currency: currencyResponse,
});
export type OrdersInit = z.infer<typeof ordersInitResponse>;

/** POST /orders/update-status/{id} (id: an order item's): set an item's status directly. */
export const updateItemStatusSchema = z.object({
  status: z.enum(SETTABLE_ITEM_STATUSES, { error: 'Please select a valid status!' }),
  /**
   * Why a line is voided ('cancelled'): one of the owner's reasons, needed when the store asks for one
   * (issue 30, docs/voids.md); SPEC §7 sends `{status}` alone.
   */
  reasonId: voidReasonIdSchema.optional(),
});

/** The orders of a table group: POST /orders/cancel, /complete, /complete-order-payment-summary. */
export const orderIdsSchema = z.object({
  orderIds: z
    .array(idOf('Order not found!'), { error: 'Please select orders!' })
    .min(1, { error: 'Please select orders!' })
    .max(100, { error: 'Too many orders!' })
    .transform((ids) => [...new Set(ids)]),
});
export type OrderIdsInput = z.input<typeof orderIdsSchema>;

/** POST /orders/complete-order-payment-summary: the bill the group would get (SPEC §3 Order summary). */
export const orderSummaryResponse = z.object({
  subtotal: z.number(),
  taxTotal: z.number(),
  total: z.number(),
  currency: z.string(),
  orders: z.array(orderResponse),
});
export type OrderSummary = z.infer<typeof orderSummaryResponse>;

/**
 * POST /orders/complete-and-pay-order {orderIds, subTotal, taxTotal, total, payment}: the client's
 * totals are compared, never trusted; the bill is at the server's figures. Honours Idempotency-Key.
 * Without a payment (SPEC §7 sends none) the store's default payment type pays.
 */
export const completeAndPaySchema = orderIdsSchema.and(
  z.object({
    subTotal: amountInput('Please provide valid totals!'),
    taxTotal: amountInput('Please provide valid totals!'),
    total: amountInput('Please provide valid totals!'),
    payment: paymentSchema.optional(),
    // Discounts, tip and guests (issue 15, docs/discounts.md); the totals above are after discounts.
    ...billExtrasSchema.shape,
  }),
);
export type CompleteAndPayInput = z.input<typeof completeAndPaySchema>;

export const orderPaidResponse = z.object({
  message: z.string(),
  invoiceId: z.number(),
  subTotal: z.number(),
  taxTotal: z.number(),
  total: z.number(),
  change: z.number().nullable(),
  pricesChanged: z.boolean(),
  ...billExtrasResponse.shape,
});
export type OrderPaid = z.infer<typeof orderPaidResponse>;
