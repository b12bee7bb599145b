import { z } from 'zod';
import { orderItemResponse, orderResponse } from './orders.schemas.ts';

/** The kitchen timer thresholds, in minutes (the owner sets them; defaults 5 and 8). */
export const KITCHEN_MINUTES_MAX = 240;
export const KITCHEN_WARN_DEFAULT = 5;
export const KITCHEN_LATE_DEFAULT = 8;

/**
 * A ticket's line as the kitchen reads it: what to make, for whom and how far it is, without a price
 * (docs/kitchen.md, "What a kitchen screen is told").
 */
export const kitchenLineResponse = orderItemResponse
  .pick({
    id: true,
    order_id: true,
    item_id: true,
    item_title: true,
    variant_id: true,
    variant_title: true,
    notes: true,
    quantity: true,
    status: true,
    seat: true,
    date: true,
    updated_at: true,
    void_reason: true,
    voided_at: true,
  })
  .extend({ addons: z.array(z.object({ id: z.number(), title: z.string() })) });
export type KitchenLine = z.infer<typeof kitchenLineResponse>;

/**
 * A ticket (SPEC §3 Order, kitchen) as every kitchen screen reads it: the token, when it was sent, where
 * it goes and the guest's name. No phone, no money, no payment status and no invoice: a kitchen display
 * hangs where guests and any staff can read it (docs/kitchen.md).
 */
export const kitchenOrderResponse = orderResponse
  .pick({
    id: true,
    token_no: true,
    date: true,
    delivery_type: true,
    customer_type: true,
    customer_name: true,
    table_id: true,
    table_title: true,
    floor: true,
    name_tag: true,
    status: true,
    changed_at: true,
    moved_from: true,
  })
  .extend({ items: z.array(kitchenLineResponse) });
export type KitchenOrder = z.infer<typeof kitchenOrderResponse>;

/**
 * GET /kitchen: the tickets still to make, oldest first: every order not cancelled with a line still
 * `created` or `preparing` (paid or not). `allDay` counts what is still to make across them, by item
 * and variant. `now` is the server's clock, so ticket timers do not depend on the tablet's clock.
 * `lastBumped` is the ticket recall would bring back.
 */
export const kitchenResponse = z.object({
  orders: z.array(kitchenOrderResponse),
  allDay: z.array(
    z.object({
      item_id: z.number().nullable(),
      item_title: z.string(),
      variant_title: z.string().nullable(),
      quantity: z.number(),
    }),
  ),
  settings: z.object({ warnMinutes: z.number(), lateMinutes: z.number() }),
  now: z.string(),
  lastBumped: z.object({ orderId: z.number(), token_no: z.number() }).nullable(),
});
export type KitchenTickets = z.infer<typeof kitchenResponse>;

/**
 * GET /kitchen/orders/{id}: one ticket as GET /kitchen lists it, or `order: null` once it is off the board
 * (made, bumped or cancelled). A kitchen screen fetches it when an event names the order, so a new order
 * or a step redraws one card instead of the whole board (issue 32). `now` and `lastBumped` as above.
 */
export const kitchenTicketResponse = z.object({
  order: kitchenOrderResponse.nullable(),
  now: z.string(),
  lastBumped: kitchenResponse.shape.lastBumped,
});
export type KitchenTicket = z.infer<typeof kitchenTicketResponse>;

type AllDayLine = Pick<KitchenLine, 'item_id' | 'item_title' | 'variant_title' | 'quantity' | 'status'>;

/**
 * What is still to make across the tickets, by item and variant (titles as sold), most first: the
 * server's `allDay`, and a kitchen screen's own once it has changed one ticket in place.
 */
export function kitchenAllDay(lines: readonly AllDayLine[]): KitchenTickets['allDay'] {
  const byKey = new Map<string, KitchenTickets['allDay'][number]>();
  for (const line of lines) {
    if (line.status !== 'created' && line.status !== 'preparing') continue;
    const key = JSON.stringify([line.item_id ?? line.item_title, line.variant_title]);
    const found = byKey.get(key);
    if (found) found.quantity += line.quantity;
    else
      byKey.set(key, {
        item_id: line.item_id,
        item_title: line.item_title,
        variant_title: line.variant_title,
        quantity: line.quantity,
      });
  }
  return [...byKey.values()].sort(
    (a, b) => b.quantity - a.quantity || a.item_title.localeCompare(b.item_title),
  );
}

/** POST /kitchen/{id} (id: an order item's): 'Start Making' (created → preparing), 'Complete' (preparing → completed). */
export const kitchenItemStatusSchema = z.object({
  status: z.enum(['preparing', 'completed'], { error: 'Please select a valid status!' }),
});

const minutes = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(KITCHEN_MINUTES_MAX, { error: message });

/** POST /kitchen/settings: when a ticket's timer turns amber and red. */
export const kitchenSettingsSchema = z
  .object({
    warnMinutes: minutes(`Please provide minutes between 1 and ${KITCHEN_MINUTES_MAX}!`),
    lateMinutes: minutes(`Please provide minutes between 1 and ${KITCHEN_MINUTES_MAX}!`),
  })
  .refine((s) => s.lateMinutes > s.warnMinutes, {
    error: 'The red threshold must be later than the amber one!',
    path: ['lateMinutes'],
  });
export type KitchenSettingsInput = z.input<typeof kitchenSettingsSchema>;
