import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { minor, ref, tenantId } from '../../platform/db/columns.ts';

/** The parts of a split bill (migration 0016): what each part owes. */
export const invoiceParts = pgTable(
  'invoice_parts',
  {
    tenantId: tenantId(),
    invoiceId: ref('invoice_id').notNull(),
    partNo: smallint('part_no').notNull(),
    splitMode: text('split_mode', { enum: ['whole', 'item', 'seat', 'even'] }).notNull(),
    seat: smallint('seat'),
    netMinor: minor('net_minor').notNull(),
    taxMinor: minor('tax_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    /** The part's share of the discount and of the service charge, and its tip (migration 0020). */
    discountMinor: minor('discount_minor').notNull().default(0),
    serviceChargeMinor: minor('service_charge_minor').notNull().default(0),
    tipMinor: minor('tip_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.invoiceId, t.partNo] })],
);

/** A part's share of a line and what that share pays. */
export const invoicePartLines = pgTable(
  'invoice_part_lines',
  {
    tenantId: tenantId(),
    invoiceId: ref('invoice_id').notNull(),
    partNo: smallint('part_no').notNull(),
    orderItemId: ref('order_item_id').notNull(),
    shareNum: integer('share_num').notNull(),
    shareDen: integer('share_den').notNull(),
    netMinor: minor('net_minor').notNull(),
    taxMinor: minor('tax_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.invoiceId, t.partNo, t.orderItemId] })],
);
