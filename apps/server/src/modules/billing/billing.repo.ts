import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { subscriptionEvents, tenants } from '../../platform/db/schema.ts';

// A tenant's subscription: its columns of tenants (0001, 0012) and its subscription_events. The system
// role may read and write only these columns of tenants (0013), so every select here names them.

const subscriptionColumns = {
  id: tenants.id,
  isActive: tenants.isActive,
  subscriptionStart: tenants.subscriptionStart,
  subscriptionEnd: tenants.subscriptionEnd,
  billingCustomerId: tenants.billingCustomerId,
  billingSubscriptionId: tenants.billingSubscriptionId,
  billingEventAt: tenants.billingEventAt,
  suspendedAt: tenants.suspendedAt,
};

export type TenantSubscription = {
  id: number;
  isActive: boolean;
  subscriptionStart: Date | null;
  subscriptionEnd: Date | null;
  billingCustomerId: string | null;
  billingSubscriptionId: string | null;
  billingEventAt: Date | null;
  /** The super admin's suspension (0027): while set, no billing event makes the tenant active. */
  suspendedAt: Date | null;
};

/** The tenant's subscription. Locked until the transaction ends when `lock`: one billing change at a time. */
export async function getSubscription(
  tx: Tx,
  tenantId: number,
  opts: { lock?: boolean } = {},
): Promise<TenantSubscription | undefined> {
  const query = tx.select(subscriptionColumns).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** System path: the tenant a provider's customer belongs to (a webhook names only the customer). */
export async function findTenantIdByCustomer(tx: Tx, customerId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(eq(tenants.billingCustomerId, customerId))
    .limit(1);
  return row?.id;
}

/** What changes on the tenant when an event applies; columns left out stay as they are. */
export interface SubscriptionChange {
  isActive?: boolean;
  subscriptionStart?: Date | null;
  subscriptionEnd?: Date | null;
  billingCustomerId?: string;
  billingSubscriptionId?: string | null;
  billingEventAt?: Date;
}

export async function updateSubscription(tx: Tx, tenantId: number, change: SubscriptionChange) {
  await tx
    .update(tenants)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

export interface NewSubscriptionEvent {
  status: 'created' | 'renewed' | 'cancelled' | 'payment_failed';
  startsOn: Date | null;
  expiresOn: Date | null;
  amountMinor: number | null;
  currency: string | null;
  provider: string;
  providerEventId: string | null;
  providerSubscriptionId: string | null;
}

/** Appends an event to the history; answers false when the provider's event id is there already (a replay). */
export async function insertEvent(tx: Tx, tenantId: number, event: NewSubscriptionEvent): Promise<boolean> {
  const rows = await tx
    .insert(subscriptionEvents)
    .values({ tenantId, ...event })
    .onConflictDoNothing({
      target: [subscriptionEvents.tenantId, subscriptionEvents.provider, subscriptionEvents.providerEventId],
    })
    .returning({ id: subscriptionEvents.id });
  return rows.length > 0;
}

/** Whether the history already holds the end of this subscription (cancelled here before the webhook came). */
export async function hasCancellation(tx: Tx, tenantId: number, subscriptionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptionEvents.id })
    .from(subscriptionEvents)
    .where(
      and(
        eq(subscriptionEvents.tenantId, tenantId),
        eq(subscriptionEvents.providerSubscriptionId, subscriptionId),
        eq(subscriptionEvents.status, 'cancelled'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The tenant's subscription events, oldest first: the super admin's history page (modules/tenants). */
export /** The tenant's subscription events, oldest first. */
function listSubscriptionEvents(tx: Tx, tenantId: number) {
  return tx
    .select({
      id: subscriptionEvents.id,
      tenantId: subscriptionEvents.tenantId,
      createdAt: subscriptionEvents.createdAt,
      startsOn: subscriptionEvents.startsOn,
      expiresOn: subscriptionEvents.expiresOn,
      status: subscriptionEvents.status,
    })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.tenantId, tenantId))
    .orderBy(asc(subscriptionEvents.createdAt), asc(subscriptionEvents.id));
}
