import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, tenantId } from '../../platform/db/columns.ts';

/** One row per subscription event a provider reported (migration 0012); a replayed event adds none. */
export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    tenantId: tenantId(),
    id: id(),
    createdAt: createdAt(),
    status: text('status', { enum: ['created', 'renewed', 'cancelled', 'payment_failed'] }).notNull(),
    startsOn: at('starts_on'),
    expiresOn: at('expires_on'),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    provider: text('provider').notNull(),
    providerEventId: text('provider_event_id'),
    providerSubscriptionId: text('provider_subscription_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
