import { z } from 'zod';
import { isPhone } from './customers.schemas.ts';
import { menuItemResponse } from './menu.schemas.ts';
import {
  CART_LINES_MAX,
  CUSTOMER_TYPES,
  DELIVERY_TYPES,
  currencyResponse,
  qrCartLineSchema,
} from './orders.schemas.ts';

// The diners' side (issue 11; SPEC §2 Public QR menu, §3, §4 QR order placement, §5, §7): the public
// menu, placing an order from it, and following that order live. Public routes take no tenant id: only
// the menu's code, the table's token and the order's status token.

export const QR_CART_EMPTY = 'Your cart is empty.';
export const QR_NAME_REQUIRED = 'Name is Required.';
export const QR_PHONE_INVALID = 'Enter a valid phone number.';
export const QR_ORDER_PLACED = 'Order placed successfully!';
/** The name a guest order carries (SPEC §3: Guest uses name 'Guest' and empty phone). */
export const QR_GUEST_NAME = 'Guest';
/** The local-storage key of the diner's cart (SPEC §3, §9: one fixed key). */
export const QR_CART_STORAGE_KEY = 'comanda.qr-cart';

/** A menu item as diners see it: the back office's item, plus a small picture for the card. */
/** A menu item as diners see it: the back office's, without its net price (the price before tax). */
export const qrMenuItemResponse = menuItemResponse.omit({ net_price: true }).extend({
  /** The card's thumbnail (the server's resized copy of `image`), or null without a photo. */
  thumb: z.string().nullable(),
});
export type QrMenuItem = z.infer<typeof qrMenuItemResponse>;

/** GET /qrmenu/{qrcode}?tableId={encrypted_id} (SPEC §7). Store data in snake form (SPEC §3). */
export const qrMenuResponse = z.object({
  storeSettings: z.object({
    store_name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    currency: currencyResponse,
    is_qr_menu_enabled: z.literal(true),
    is_qr_order_enabled: z.boolean(),
  }),
  categories: z.array(z.object({ id: z.number(), title: z.string() })),
  menuItems: z.array(qrMenuItemResponse),
  /** The table of the link's `table` token; null without one (a menu link, not a table's). */
  storeTable: z.object({ table_title: z.string(), floor: z.string(), encrypted_id: z.string() }).nullable(),
});
export type QrMenu = z.infer<typeof qrMenuResponse>;

/** The query of GET /qrmenu/{qrcode}: a table token that is unknown or another tenant's answers 404. */
export const qrMenuQuery = z.object({ tableId: z.string().max(64).optional() });
export const qrCodeParams = z.object({ qrcode: z.string().min(1).max(64) });

/**
 * POST /qrmenu/{qrcode}/place-order (SPEC §3 QR order placement payload). A guest sends name 'Guest'
 * and an empty phone; with a phone, name and phone are required (SPEC §5 messages). `tableId` is the
 * table's token from the link (`encrypted_id`), never a numeric id.
 */
export const placeQrOrderSchema = z
  .object({
    deliveryType: z.enum(DELIVERY_TYPES, { error: 'Please select a valid dining option!' }).default('dinein'),
    cartItems: z
      .array(qrCartLineSchema, { error: QR_CART_EMPTY })
      .min(1, { error: QR_CART_EMPTY })
      .max(CART_LINES_MAX, { error: 'Too many lines in the cart!' }),
    customerType: z.enum(CUSTOMER_TYPES, { error: 'Please select a valid customer type!' }).default('WALKIN'),
    customer: z
      .object({
        name: z.string({ error: QR_NAME_REQUIRED }).trim().max(100, { error: QR_NAME_REQUIRED }),
        phone: z.string({ error: QR_PHONE_INVALID }).trim().max(20, { error: QR_PHONE_INVALID }),
      })
      .default({ name: QR_GUEST_NAME, phone: '' }),
    tableId: z
      .string()
      .max(64)
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((o, ctx) => {
    if (o.customerType !== 'CUSTOMER') return;
    if (!o.customer.name)
      ctx.addIssue({ code: 'custom', message: QR_NAME_REQUIRED, path: ['customer', 'name'] });
    if (!isPhone(o.customer.phone))
      ctx.addIssue({ code: 'custom', message: QR_PHONE_INVALID, path: ['customer', 'phone'] });
  });
export type PlaceQrOrderInput = z.input<typeof placeQrOrderSchema>;

/** The answer to a placed order: the message, and the token that follows it (the status page's key). */
export const qrOrderPlacedResponse = z.object({
  message: z.string(),
  /** Unguessable (128 bits, base64url): opens the order's status and its socket room, nothing else. */
  statusToken: z.string(),
});
export type QrOrderPlaced = z.infer<typeof qrOrderPlacedResponse>;

/**
 * What a diner's order is doing (issue 11): received (waiting for the restaurant, or sent and not
 * started), preparing (the kitchen started it), ready (every line still on it is made), served (the
 * order is completed or its lines delivered), or cancelled by the restaurant.
 */
export const DINER_ORDER_STATES = ['received', 'preparing', 'ready', 'served', 'cancelled'] as const;
export type DinerOrderState = (typeof DINER_ORDER_STATES)[number];

/**
 * GET /qrmenu/order-status/{statusToken}, and the `order_status` socket event of the order's room.
 * It names nothing but the order itself: no tenant id, no customer, no other order.
 */
export const dinerOrderStatusResponse = z.object({
  state: z.enum(DINER_ORDER_STATES),
  /** The day's token, once the restaurant has accepted the order; null before. */
  tokenNo: z.number().nullable(),
  storeName: z.string(),
  /** The menu's code, for the 'back to the menu' link. */
  qrcode: z.string(),
  placedAt: z.string(),
  updatedAt: z.string(),
});
export type DinerOrderStatus = z.infer<typeof dinerOrderStatusResponse>;
export const statusTokenParams = z.object({ statusToken: z.string().min(1).max(64) });

/** The public socket events of a diner's page (namespace '/', no session): follow one order by its token. */
export const DINER_SOCKET_EVENTS = {
  /** Client → server: `{ statusToken }`; the server answers with the current status, then sends every change. */
  follow: 'follow_order',
  /** Server → client: a DinerOrderStatus. */
  status: 'order_status',
} as const;

/**
 * GET /order-status-board (ORDER_STATUS_DISPLAY; issue 11): the pickup board's token numbers of the
 * store's business day, oldest first: sent and not yet ready, and ready and not yet served.
 */
export const orderStatusBoardResponse = z.object({
  preparing: z.array(z.number()),
  ready: z.array(z.number()),
});
export type OrderStatusBoard = z.infer<typeof orderStatusBoardResponse>;
