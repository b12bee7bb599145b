import { boolean, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, minor, ref, tenantId } from '../../platform/db/columns.ts';

/** A refund of a paid invoice (0017): positive amounts the report rollups subtract on its own day. */
export const refunds = pgTable(
  'refunds',
  {
    tenantId: tenantId(),
    id: id(),
    invoiceId: ref('invoice_id').notNull(),
    reasonId: ref('reason_id'),
    reason: text('reason').notNull(),
    paymentTypeId: ref('payment_type_id'),
    paymentTypeTitle: text('payment_type_title').notNull(),
    currency: text('currency').notNull(),
    deliveryType: text('delivery_type', { enum: ['dinein', 'delivery', 'takeaway'] }).notNull(),
    netMinor: minor('net_minor').notNull(),
    taxMinor: minor('tax_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localHour: smallint('local_hour').notNull(),
    /** The shift open when it was made, set by the database (migration 0021); null without one. */
    shiftId: ref('shift_id'),
    /** Whether it was paid out of the drawer, as its type said then; set by the database (0021). */
    isCash: boolean('is_cash').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** What one refund gives back of one invoiced line. */
export const refundLines = pgTable(
  'refund_lines',
  {
    tenantId: tenantId(),
    id: id(),
    refundId: ref('refund_id').notNull(),
    orderItemId: ref('order_item_id').notNull(),
    itemId: ref('item_id'),
    itemTitle: text('item_title').notNull(),
    quantity: integer('quantity').notNull(),
    netMinor: minor('net_minor').notNull(),
    taxMinor: minor('tax_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
