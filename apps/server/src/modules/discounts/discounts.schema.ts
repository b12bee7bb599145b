import { pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { minor, ref, tenantId } from '../../platform/db/columns.ts';

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
