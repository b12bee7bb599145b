import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, minor, ref, tenantId } from '../../platform/db/columns.ts';

/** Each discounted line of a bill (migration 0020): what was taken off it and its figures after that. */
export const invoiceLineDiscounts = pgTable(
  'invoice_line_discounts',
  {
    tenantId: tenantId(),
    invoiceId: ref('invoice_id').notNull(),
    orderItemId: ref('order_item_id').notNull(),
    discountMinor: minor('discount_minor').notNull(),
    netMinor: minor('net_minor').notNull(),
    taxMinor: minor('tax_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.invoiceId, t.orderItemId] })],
);

/** A manager's approval by PIN (migration 0022): for one cashier, these orders and discounts, used once. */
export const discountApprovals = pgTable(
  'discount_approvals',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    approverId: ref('approver_id').notNull(),
    requestedBy: ref('requested_by').notNull(),
    approvalKey: text('approval_key').notNull(),
    discountMinor: minor('discount_minor').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
