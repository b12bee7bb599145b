import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from '../../platform/db/columns.ts';

export const tenants = pgTable('tenants', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  timezone: text('timezone').notNull().default('UTC'),
  subscriptionStart: at('subscription_start'),
  subscriptionEnd: at('subscription_end'),
  billingCustomerId: text('billing_customer_id'),
  billingSubscriptionId: text('billing_subscription_id'),
  billingEventAt: at('billing_event_at'),
  /** Set while the super admin has the tenant suspended (0027): never active meanwhile. */
  suspendedAt: at('suspended_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
