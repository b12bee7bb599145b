import { z } from 'zod';
import { CART_LINES_MAX, DELIVERY_TYPES, cartLineSchema, nameTagSchema } from './orders.schemas.ts';

// The POS ticket (issue 31, docs/tickets.md): drafts that follow the user to another device, and the
// store's rule on name tags for a dine-in order without a table.

/** How many drafts one user keeps at most: a list a waiter reads at a glance, and a bound on storage. */
export const DRAFTS_PER_USER_MAX = 50;
/** Lines of one draft at most (fewer than an order's: a draft is a ticket being taken, not a banquet). */
export const DRAFT_LINES_MAX = Math.min(CART_LINES_MAX, 100);
export const DRAFT_NAME_MAX = 100;

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });

/**
 * POST /pos/drafts: a ticket saved to finish later, checked like an order's cart (the same line rules;
 * the service also prices it against the menu, so a line naming another store's item is refused).
 */
export const saveDraftSchema = z.object({
  nameRef: z
    .string({ error: 'Please name the draft!' })
    .trim()
    .min(1, { error: 'Please name the draft!' })
    .max(DRAFT_NAME_MAX, { error: `A draft's name can be at most ${DRAFT_NAME_MAX} characters!` }),
  cart: z
    .array(cartLineSchema, { error: 'Cart is empty!' })
    .min(1, { error: 'Cart is empty!' })
    .max(DRAFT_LINES_MAX, { error: 'Too many lines in the cart!' }),
  deliveryType: z.enum(DELIVERY_TYPES, { error: 'Please select a valid dining option!' }),
  /** Comanda's customer id (the picked guest), or none. */
  customerId: positiveId('Customer not found!').nullish().transform((v) => v ?? null),
  tableId: positiveId('Please select a valid table!').nullish().transform((v) => v ?? null),
  nameTag: nameTagSchema,
});
export type SaveDraftInput = z.input<typeof saveDraftSchema>;

/** A saved line as the draft keeps it: what the POS needs to price it again from the menu. */
export const draftLineResponse = z.object({
  uuid: z.string().nullable(),
  item_id: z.number(),
  variant_id: z.number().nullable(),
  addons_ids: z.array(z.number()),
  quantity: z.number(),
  notes: z.string().nullable(),
  seat: z.number().nullable(),
});

/** One of the signed-in user's drafts (GET /pos/drafts). */
export const draftResponse = z.object({
  id: z.number(),
  nameRef: z.string(),
  /** ISO instant it was saved. */
  createdAt: z.string(),
  cart: z.array(draftLineResponse),
  deliveryType: z.enum(DELIVERY_TYPES),
  customer: z.object({ id: z.number(), name: z.string(), phone: z.string() }).nullable(),
  tableId: z.number().nullable(),
  nameTag: z.string().nullable(),
});
export type ServerDraft = z.infer<typeof draftResponse>;
export const draftsResponse = z.object({ drafts: z.array(draftResponse) });
export const draftSavedResponse = z.object({ message: z.string(), draft: draftResponse });

/** GET/POST /settings/ticket-setting: whether a dine-in order may go with a name tag instead of a table. */
export const ticketSettingsSchema = z.object({
  allowNameTags: z.boolean({ error: 'Invalid request!' }),
});
export type TicketSettings = z.infer<typeof ticketSettingsSchema>;
