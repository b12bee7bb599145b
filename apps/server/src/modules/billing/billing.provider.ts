import Stripe from 'stripe';
import type { BillingMode, PlanPrice } from '@comanda/core';
import type { Config } from '../../platform/config.ts';
import { type AppError, fail } from '../../platform/errors.ts';

/** What the service asks the provider for when an admin subscribes. */
export interface CheckoutRequest {
  tenantId: number;
  /** The admin's e-mail, prefilled on the payment page when there is no customer yet. */
  email: string;
  /** The provider's customer from an earlier subscription, so one tenant stays one customer. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** The parts of every event the service applies: the provider's id and time of the event. */
interface EventBase {
  eventId: string;
  /** When the provider says it happened; an event older than the newest applied changes nothing. */
  at: Date;
}

/** A period and what was charged for it (minor units of the provider's currency). */
interface Charge {
  subscriptionId: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  amountMinor: number | null;
  currency: string | null;
}

/** A verified webhook, in the terms of subscription_events (migration 0012). */
export type BillingEvent =
  | (EventBase & Charge & { kind: 'created'; tenantId: number; customerId: string; ended: boolean })
  | (EventBase & Charge & { kind: 'renewed'; customerId: string })
  | (EventBase & Charge & { kind: 'payment_failed'; customerId: string })
  | (EventBase & {
      kind: 'cancelled';
      customerId: string;
      tenantId: number | null;
      subscriptionId: string;
      endedAt: Date;
    })
  | (EventBase & { kind: 'ignored'; type: string });

/** The card provider behind BILLING (docs/billing.md): one interface, one implementation per mode. */
export interface BillingProvider {
  readonly mode: BillingMode;
  /** The plan's price id at the provider; null when billing is off. */
  readonly priceId: string | null;
  /** The plan as the provider prices it (only the configured plan: other prices are not ours to show). */
  lookupPrice(id: string): Promise<PlanPrice>;
  /** A hosted payment page for the monthly plan; answers its URL. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** Ends a subscription at once (no refund, no end-of-period grace). */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Checks a webhook's signature over its raw bytes and reads it; a bad signature throws. */
  readWebhook(rawBody: Buffer, signature: string | undefined): Promise<BillingEvent>;
}

/** BILLING=off: every tenant is active and there is nothing to pay, so every provider call is refused. */
function offProvider(): BillingProvider {
  const off = async (): Promise<never> => {
    throw fail('billing_off');
  };
  return {
    mode: 'off',
    priceId: null,
    lookupPrice: off,
    createCheckout: off,
    cancelSubscription: off,
    readWebhook: off,
  };
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const instant = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * Stripe's answer for a missing object is the caller's 404 (a price or subscription we do not have);
 * anything else from Stripe or the network is a 502 whose details stay in the log.
 */
function providerError(error: unknown, missing: AppError['code']): AppError {
  if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') return fail(missing);
  return fail('billing_provider_failed');
}

/** BILLING=stripe through the official SDK; STRIPE_API_URL (tests only) points it at a local stand-in. */
function stripeProvider(config: Config, log: { warn(o: object, msg: string): void }): BillingProvider {
  const { secretKey, webhookSecret, priceId, apiUrl } = config.stripe;
  if (!secretKey || !webhookSecret || !priceId) throw new Error('BILLING=stripe needs the STRIPE_* settings');
  const target = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Comanda' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  async function call<T>(fn: () => Promise<T>, missing: AppError['code']): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const e = error as { type?: string; code?: string; statusCode?: number; message?: string };
      log.warn(
        { type: e.type, code: e.code, statusCode: e.statusCode, message: e.message },
        'stripe call failed',
      );
      throw providerError(error, missing);
    }
  }

  /** The subscription's current period, which Stripe keeps on its item. */
  async function period(subscriptionId: string) {
    const sub = await call(() => stripe.subscriptions.retrieve(subscriptionId), 'subscription_not_found');
    const item = sub.items.data[0];
    return {
      start: instant(item?.current_period_start),
      end: instant(item?.current_period_end),
      // A checkout reported late, after its subscription already ended (a retried webhook).
      ended: sub.status === 'canceled' || sub.status === 'incomplete_expired',
    };
  }

  /** An invoice's subscription, billed period and amount. */
  function invoiceCharge(invoice: Stripe.Invoice, amountMinor: number) {
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const line = invoice.lines.data[0];
    return {
      subscriptionId,
      periodStart: instant(line?.period.start),
      periodEnd: instant(line?.period.end),
      amountMinor,
      currency: invoice.currency,
    };
  }

  return {
    mode: 'stripe',
    priceId,

    async lookupPrice(id) {
      if (id !== priceId) throw fail('product_not_found');
      const price = await call(
        () => stripe.prices.retrieve(id, { expand: ['product'] }),
        'product_not_found',
      );
      const product = typeof price.product === 'object' && !price.product.deleted ? price.product : null;
      if (!price.active || price.unit_amount === null) throw fail('product_not_found');
      return {
        id: price.id,
        name: product?.name ?? '',
        amount_minor: price.unit_amount,
        currency: price.currency,
        interval: price.recurring?.interval ?? 'month',
      };
    },

    async createCheckout(request) {
      const tenant = String(request.tenantId);
      const session = await call(
        () =>
          stripe.checkout.sessions.create({
            mode: 'subscription',
            line_items: [{ price: priceId, quantity: 1 }],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            // Which tenant paid comes back in the webhook from these, never from the browser.
            client_reference_id: tenant,
            metadata: { tenant_id: tenant },
            subscription_data: { metadata: { tenant_id: tenant } },
            ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
          }),
        'product_not_found',
      );
      if (!session.url) throw fail('billing_provider_failed');
      return session.url;
    },

    async cancelSubscription(subscriptionId) {
      await call(() => stripe.subscriptions.cancel(subscriptionId), 'subscription_not_found');
    },

    async readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
      } catch {
        throw fail('webhook_signature_invalid');
      }
      const base = { eventId: event.id, at: new Date(event.created * 1000) };
      const ignored = { ...base, kind: 'ignored' as const, type: event.type };
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        const tenantId = Number(session.client_reference_id ?? session.metadata?.tenant_id);
        const subscriptionId = idOf(session.subscription);
        const customerId = idOf(session.customer);
        const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
        if (session.mode !== 'subscription' || !paid || !subscriptionId || !customerId) return ignored;
        if (!Number.isSafeInteger(tenantId) || tenantId <= 0) return ignored;
        const { start, end, ended } = await period(subscriptionId);
        return {
          ...base,
          kind: 'created',
          tenantId,
          ended,
          customerId,
          subscriptionId,
          periodStart: start,
          periodEnd: end,
          amountMinor: session.amount_total,
          currency: session.currency,
        };
      }
      if (event.type === 'invoice.paid') {
        const invoice = event.data.object;
        const customerId = idOf(invoice.customer);
        const charge = invoiceCharge(invoice, invoice.amount_paid);
        // The first invoice is the checkout's (handled above); only a new period is a renewal.
        if (invoice.billing_reason !== 'subscription_cycle' || !customerId || !charge.subscriptionId)
          return ignored;
        return { ...base, kind: 'renewed', customerId, ...charge, subscriptionId: charge.subscriptionId };
      }
      if (event.type === 'invoice.payment_failed') {
        const invoice = event.data.object;
        const customerId = idOf(invoice.customer);
        const charge = invoiceCharge(invoice, invoice.amount_due);
        if (!customerId || !charge.subscriptionId) return ignored;
        return {
          ...base,
          kind: 'payment_failed',
          customerId,
          ...charge,
          subscriptionId: charge.subscriptionId,
        };
      }
      if (event.type === 'customer.subscription.deleted') {
        const sub = event.data.object;
        const customerId = idOf(sub.customer);
        if (!customerId) return ignored;
        const tenantId = Number(sub.metadata.tenant_id);
        return {
          ...base,
          kind: 'cancelled',
          customerId,
          // Checkout put the tenant on the subscription: a cancellation that arrives before the
          // checkout's own event still finds its tenant.
          tenantId: Number.isSafeInteger(tenantId) && tenantId > 0 ? tenantId : null,
          subscriptionId: sub.id,
          endedAt: instant(sub.ended_at ?? sub.canceled_at) ?? base.at,
        };
      }
      return ignored;
    },
  };
}

/** The provider BILLING chooses. */
export function createBillingProvider(config: Config, log: { warn(o: object, msg: string): void }) {
  return config.billing === 'stripe' ? stripeProvider(config, log) : offProvider();
}
