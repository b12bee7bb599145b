import type { PlanPrice, SubscriptionDetails } from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError, fail } from '../../platform/errors.ts';
import type { BillingEvent, BillingProvider } from './billing.provider.ts';
import * as repo from './billing.repo.ts';

/** What a webhook did, for the log and the tests' reading of it. */
export type WebhookOutcome = 'applied' | 'replayed' | 'stale' | 'duplicate' | 'ignored' | 'unknown_tenant';

/** What a committed webhook leaves to do outside the transaction. */
interface AfterCommit {
  /** The tenant's active switch flipped: its open screens are told. */
  switched?: { tenantId: number; active: boolean };
  /** A second subscription the tenant paid for while one was running: ended at the provider. */
  duplicate?: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Subscription billing (SPEC §2 inactive page, Profile; §7 Authentication and subscription): the
 * admin's calls and the provider's webhooks. tenants.is_active, which the auth hook reads on every
 * request, is the one switch; every change of it here also lands in subscription_events. Billing never
 * sets it while the super admin has the tenant suspended (tenants.suspended_at), nor clears that.
 */
export function createBillingService(ctx: AppContext, provider: BillingProvider) {
  const { database, config } = ctx;
  const actor = (tc: TenantContext) => ({
    tenantId: tc.tenantId,
    userId: tc.userId,
    deviceId: tc.deviceId,
    ip: tc.ip,
  });

  /** Applies one verified event in the caller's transaction (docs/billing.md, "Webhooks"). */
  async function apply(
    tx: Tx,
    event: Exclude<BillingEvent, { kind: 'ignored' }>,
    after: AfterCommit,
  ): Promise<WebhookOutcome> {
    const tenantId =
      event.kind === 'created'
        ? event.tenantId
        : ((await repo.findTenantIdByCustomer(tx, event.customerId)) ??
          (event.kind === 'cancelled' ? (event.tenantId ?? undefined) : undefined));
    const tenant =
      tenantId === undefined ? undefined : await repo.getSubscription(tx, tenantId, { lock: true });
    if (!tenant) return 'unknown_tenant';
    // Cancelled from the profile first: the provider's own report of that cancellation adds nothing.
    if (event.kind === 'cancelled' && (await repo.hasCancellation(tx, tenant.id, event.subscriptionId)))
      return 'replayed';

    const inserted = await repo.insertEvent(tx, tenant.id, {
      status: event.kind,
      startsOn: event.kind === 'cancelled' ? null : event.periodStart,
      expiresOn: event.kind === 'cancelled' ? event.endedAt : event.periodEnd,
      amountMinor: event.kind === 'cancelled' ? null : event.amountMinor,
      currency: event.kind === 'cancelled' ? null : event.currency,
      provider: provider.mode,
      providerEventId: event.eventId,
      providerSubscriptionId: event.subscriptionId,
    });
    if (!inserted) return 'replayed';
    if (event.kind === 'created' && event.subscriptionId !== tenant.billingSubscriptionId) {
      // A checkout reported after its subscription ended (a retried webhook) opens nothing.
      if (event.ended || (await repo.hasCancellation(tx, tenant.id, event.subscriptionId))) return 'stale';
      // One subscription a tenant: the first stays, a second paid meanwhile (two tabs) is ended.
      if (tenant.billingSubscriptionId) {
        after.duplicate = event.subscriptionId;
        return 'duplicate';
      }
      // A new subscription is news whatever the time of the event that closed the previous one.
    } else if (tenant.billingEventAt && event.at < tenant.billingEventAt) {
      // Webhooks are not ordered: an event older than the newest applied is history, not the present.
      return 'stale';
    }

    // Renewals, failures and cancellations of a subscription the tenant no longer has (replaced by a
    // newer checkout) stay in the history only.
    const current = event.kind === 'created' || event.subscriptionId === tenant.billingSubscriptionId;
    const change: repo.SubscriptionChange = { billingEventAt: event.at };
    switch (event.kind) {
      case 'created':
        Object.assign(change, {
          // A suspended tenant's payment (a page opened before the suspension) records the
          // subscription but does not lift the super admin's decision: only the super admin does.
          isActive: tenant.suspendedAt === null,
          billingCustomerId: event.customerId,
          billingSubscriptionId: event.subscriptionId,
          subscriptionStart: event.periodStart,
          subscriptionEnd: event.periodEnd,
        });
        break;
      case 'renewed':
        // The period moves on; the active switch stays where it is, so a renewal never lifts a
        // super admin's deactivation (a failed payment never closed access: see below).
        if (current) Object.assign(change, { subscriptionEnd: event.periodEnd });
        break;
      case 'payment_failed':
        // Access runs to the end of the paid period while the provider retries the card; if every
        // retry fails it ends the subscription and customer.subscription.deleted closes access.
        break;
      case 'cancelled':
        if (current)
          Object.assign(change, {
            isActive: false,
            billingSubscriptionId: null,
            subscriptionEnd: event.endedAt,
          });
        break;
    }
    await repo.updateSubscription(tx, tenant.id, change);
    if (change.isActive !== undefined && change.isActive !== tenant.isActive)
      after.switched = { tenantId: tenant.id, active: change.isActive };
    await audit(
      tx,
      { tenantId: tenant.id, userId: null, deviceId: null, ip: null },
      {
        action: `billing.${event.kind}`,
        targetType: 'subscription',
        targetId: event.subscriptionId,
        details: { event: event.eventId, current },
      },
    );
    return 'applied';
  }

  return {
    /** GET /auth/subscription-details: the tenant's own subscription, read as the tenant. */
    async details(tc: TenantContext): Promise<SubscriptionDetails> {
      const row = await database.inTenant(tc.tenantId, (tx) => repo.getSubscription(tx, tc.tenantId));
      if (!row) throw fail('not_found');
      return {
        subscription_id: row.billingSubscriptionId,
        is_active: row.isActive,
        subscription_start: iso(row.subscriptionStart),
        subscription_end: iso(row.subscriptionEnd),
        billing: provider.mode,
        price_id: provider.priceId,
        suspended: row.suspendedAt !== null,
      };
    },

    /** POST /auth/stripe-product-lookup: the plan as the provider prices it. */
    async lookupProduct(_tc: TenantContext, id: string): Promise<PlanPrice> {
      return provider.lookupPrice(id);
    },

    /** The create-checkout call: a payment page for this tenant, named by the session, never the request. */
    async createCheckout(tc: TenantContext): Promise<{ url: string }> {
      if (provider.mode === 'off') throw fail('billing_off');
      const row = await database.inTenant(tc.tenantId, (tx) => repo.getSubscription(tx, tc.tenantId));
      if (!row) throw fail('not_found');
      // Paying would not lift the super admin's suspension, so no payment page is offered for it.
      if (row.suspendedAt) throw fail('tenant_suspended');
      // One subscription a tenant: while one runs a second would charge the card twice.
      if (row.billingSubscriptionId) throw fail('already_subscribed');
      const url = await provider.createCheckout({
        tenantId: tc.tenantId,
        email: tc.username,
        customerId: row.billingCustomerId,
        successUrl: `${config.publicUrl}/success`,
        cancelUrl: `${config.publicUrl}/cancelled-payment`,
      });
      return { url };
    },

    /**
     * POST /auth/cancel-subscription: ends the tenant's subscription at once with the provider, then
     * closes access and records it. The write runs on the system path: a tenant role may not change
     * whether its tenant is active (0003), only billing may.
     */
    async cancel(tc: TenantContext, subscriptionId: string): Promise<{ message: string }> {
      if (provider.mode === 'off') throw fail('billing_off');
      const row = await database.inTenant(tc.tenantId, (tx) => repo.getSubscription(tx, tc.tenantId));
      if (!row?.billingSubscriptionId || row.billingSubscriptionId !== subscriptionId)
        throw fail('subscription_not_found');
      await provider.cancelSubscription(subscriptionId);
      const now = ctx.now();
      const closed = await database.asSystem(async (tx) => {
        // The admin's act is on the record even when the provider's own report closed it first.
        await audit(tx, actor(tc), {
          action: 'billing.cancelled',
          targetType: 'subscription',
          targetId: subscriptionId,
        });
        const locked = await repo.getSubscription(tx, tc.tenantId, { lock: true });
        // A webhook may have closed it meanwhile; the history then already says so.
        if (locked?.billingSubscriptionId !== subscriptionId) return false;
        await repo.insertEvent(tx, tc.tenantId, {
          status: 'cancelled',
          startsOn: null,
          expiresOn: now,
          amountMinor: null,
          currency: null,
          provider: provider.mode,
          providerEventId: null,
          providerSubscriptionId: subscriptionId,
        });
        await repo.updateSubscription(tx, tc.tenantId, {
          isActive: false,
          billingSubscriptionId: null,
          subscriptionEnd: now,
          // billing_event_at stays the provider's clock: this is our act, not one of its events.
        });
        return true;
      });
      // The admin's own screen goes to the inactive page on this answer; the rest of the staff now.
      if (closed) ctx.events.tenantStatus(tc.tenantId, false);
      return { message: 'Subscription cancelled! Access to the store has ended.' };
    },

    /**
     * Before the super admin deletes a tenant: its running subscription ends at the provider, so a
     * deleted store is never charged again. One the provider no longer has is already ended.
     */
    async endBeforeDelete(tenantId: number): Promise<void> {
      if (provider.mode === 'off') return;
      const row = await database.asSystem((tx) => repo.getSubscription(tx, tenantId));
      if (!row?.billingSubscriptionId) return;
      await provider.cancelSubscription(row.billingSubscriptionId).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'subscription_not_found')) throw error;
      });
    },

    /** The provider's webhook: verified over the raw body, then applied in one transaction. */
    async webhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
      const event = await provider.readWebhook(rawBody, signature);
      if (event.kind === 'ignored') return 'ignored';
      const after: AfterCommit = {};
      const outcome = await database.asSystem((tx) => apply(tx, event, after));
      // After commit, as the super admin's switch does: a cancelled tenant's screens go to the
      // inactive page at once, and its sockets close.
      if (after.switched) ctx.events.tenantStatus(after.switched.tenantId, after.switched.active);
      // Its own deletion event then lands as history of a subscription the tenant does not have.
      if (after.duplicate)
        await provider.cancelSubscription(after.duplicate).catch((error: unknown) => {
          ctx.log.error({ err: error, subscription: after.duplicate }, 'billing: duplicate not cancelled');
        });
      ctx.log.info({ event: event.eventId, kind: event.kind, outcome }, 'billing webhook');
      return outcome;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
