import { z } from 'zod';

/** Which card provider the server bills through (BILLING): `off` means every tenant is active. */
export const BILLING_MODES = ['off', 'stripe'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

/** GET /auth/subscription-details (SPEC §3 Subscription), plus what the web needs to offer Subscribe. */
export const subscriptionDetailsResponse = z.object({
  /** The provider's subscription id while one is running, else null. */
  subscription_id: z.string().nullable(),
  is_active: z.boolean(),
  /** ISO 8601 instants of the current period; the profile card shows the first 10 characters of the end. */
  subscription_start: z.string().nullable(),
  subscription_end: z.string().nullable(),
  billing: z.enum(BILLING_MODES),
  /** The plan's price id at the provider (for /auth/stripe-product-lookup); null when billing is off. */
  price_id: z.string().nullable(),
  /**
   * The Comanda administrator suspended the business: it stays inactive whatever billing does, and
   * checkout is refused until the super admin re-activates it (docs/billing.md).
   */
  suspended: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsResponse>;

const providerId = (what: string) =>
  z
    .string({ error: `Please provide the ${what} id!` })
    .trim()
    .min(1, { error: `Please provide the ${what} id!` })
    .max(255, { error: `Invalid ${what} id!` });

/** POST /auth/stripe-product-lookup: the plan's price id. */
export const productLookupSchema = z.object({ id: providerId('product') });

/** The plan as the provider prices it: amount in minor units of its currency. */
export const productLookupResponse = z.object({
  id: z.string(),
  name: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  interval: z.string(),
});
export type PlanPrice = z.infer<typeof productLookupResponse>;

/** The create-checkout answer: the provider's payment page the browser goes to. */
export const checkoutResponse = z.object({ url: z.string() });

/** POST /auth/cancel-subscription: the subscription_id of subscription-details. */
export const cancelSubscriptionSchema = z.object({ id: providerId('subscription') });
