import { z } from 'zod';
import { CUSTOMER_TYPES, DELIVERY_TYPES } from './orders.schemas.ts';

/**
 * A QR order waiting at the POS (SPEC §3 QR order): what the diner chose, to load into the cart.
 * `customer_id` is the diner's phone (SPEC's name for it), empty for a guest.
 */
export const qrOrderResponse = z.object({
  id: z.number(),
  created_at: z.string(),
  delivery_type: z.enum(DELIVERY_TYPES),
  customer_type: z.enum(CUSTOMER_TYPES),
  customer_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  table_id: z.number().nullable(),
  table_title: z.string().nullable(),
  floor: z.string().nullable(),
  items: z.array(
    z.object({
      item_id: z.number(),
      item_title: z.string(),
      variant_id: z.number().nullable(),
      variant_title: z.string().nullable(),
      addons_ids: z.array(z.number()),
      addons: z.array(z.object({ id: z.number(), title: z.string() })),
      quantity: z.number(),
      notes: z.string().nullable(),
    }),
  ),
});
export type QrOrder = z.infer<typeof qrOrderResponse>;

/** GET /pos/qrorders: the pending QR orders, oldest first. */
export const qrOrdersResponse = z.object({ qrOrders: z.array(qrOrderResponse) });
/** How long a QR order sent straight to the kitchen stays on the POS and Table Orders strip (minutes). */
export const QR_SENT_SHOWN_MINUTES = 10;

/**
 * GET /pos/qrorders/live (issue 31): the strip on every POS and Table Orders. `waiting`: the pending QR
 * orders, oldest first; `sent`: the ones the store sent straight to the kitchen in the last
 * QR_SENT_SHOWN_MINUTES, newest first, with their order's token; `now`: the server's clock, so a
 * tablet with a wrong clock still shows the right ages.
 */
export const liveQrOrdersResponse = z.object({
  now: z.string(),
  waiting: z.array(qrOrderResponse),
  sent: z.array(
    z.object({
      id: z.number(),
      created_at: z.string(),
      table_title: z.string().nullable(),
      customer_name: z.string().nullable(),
      delivery_type: z.enum(DELIVERY_TYPES),
      token_no: z.number(),
    }),
  ),
});
export type LiveQrOrders = z.infer<typeof liveQrOrdersResponse>;

/** GET /pos/qrorders/count (SPEC §7). */
export const qrOrdersCountResponse = z.object({ totalQROrders: z.number() });
/** POST /pos/qrorders/update-status/{id} (SPEC §7: only 'cancelled'). */
export const qrOrderStatusSchema = z.object({
  status: z.literal('cancelled', { error: 'Please select a valid status!' }),
});
