import {
  cancelSubscriptionSchema,
  checkoutResponse,
  messageSchema,
  productLookupResponse,
  productLookupSchema,
  subscriptionDetailsResponse,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import { addressLimit } from '../../platform/rate-limits.ts';
import type { BillingService } from './billing.service.ts';

const tags = ['billing'];

/** The provider's webhook path (docs/billing.md): register it in the provider's dashboard. */
export const STRIPE_WEBHOOK_PATH = '/billing/stripe/webhook';

/** Subscription calls (SPEC §7 Authentication and subscription) and the card provider's webhook. */
export function billingRoutes(app: Api, deps: { billing: BillingService; config: Config }) {
  const { billing, config } = deps;

  // An inactive tenant must still see why, and its admin must be able to pay: allowInactive.
  app.get(
    '/auth/subscription-details',
    {
      schema: { tags, response: { 200: subscriptionDetailsResponse, ...errorResponses } },
      config: { access: { signedIn: true, allowInactive: true } },
    },
    async (request) => billing.details(tenantContext(request)),
  );

  app.post(
    '/auth/stripe-product-lookup',
    {
      schema: {
        tags,
        body: productLookupSchema,
        response: { 200: productLookupResponse, ...errorResponses },
      },
      config: { access: { action: 'subscription.manage', allowInactive: true } },
    },
    async (request) => billing.lookupProduct(tenantContext(request), request.body.id),
  );

  app.post(
    '/auth/create-checkout-session',
    {
      schema: { tags, response: { 200: checkoutResponse, ...errorResponses } },
      config: { access: { action: 'subscription.manage', allowInactive: true } },
    },
    async (request) => billing.createCheckout(tenantContext(request)),
  );

  app.post(
    '/auth/cancel-subscription',
    {
      schema: { tags, body: cancelSubscriptionSchema, response: { 200: messageSchema, ...errorResponses } },
      config: { access: { action: 'subscription.manage', allowInactive: true } },
    },
    async (request) => billing.cancel(tenantContext(request), request.body.id),
  );

  // The signature covers the exact bytes Stripe sent, so this route alone reads its body raw.
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      STRIPE_WEBHOOK_PATH,
      {
        schema: {
          tags,
          hide: true,
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
        },
        // Counted before the signature is checked, so a forger's flood costs no HMAC. Stripe retries
        // an event refused with 429 for days: a burst past the budget is delayed, not lost.
        onRequest: addressLimit(app, config.webhookRateLimit, 'webhook', 'too_many_requests'),
        config: { access: { public: true } },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await billing.webhook(body, typeof signature === 'string' ? signature : undefined);
        return { received: true as const };
      },
    );
  });
}
