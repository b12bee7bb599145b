import { z } from 'zod';
import { orderResponse } from './orders.schemas.ts';

/** The kitchen timer thresholds, in minutes (the owner sets them; defaults 5 and 8). */
export const KITCHEN_MINUTES_MAX = 240;
export const KITCHEN_WARN_DEFAULT = 5;
export const KITCHEN_LATE_DEFAULT = 8;

/**
 * GET /kitchen: the tickets still to make, oldest first: every order not cancelled with a line still
 * `created` or `preparing` (paid or not). `allDay` counts what is still to make across them, by item
 * and variant. `now` is the server's clock, so ticket timers do not depend on the tablet's clock.
 * `lastBumped` is the ticket recall would bring back.
 */
export const kitchenResponse = z.object({
  orders: z.array(orderResponse),
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
