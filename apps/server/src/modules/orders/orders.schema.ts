import { date, integer, jsonb, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, minor, ref, tenantId, updatedAt } from '../../platform/db/columns.ts';

export const orders = pgTable(
  'orders',
  {
    tenantId: tenantId(),
    id: id(),
    uuid: uuid('uuid').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    tokenNo: integer('token_no').notNull(),
    currency: text('currency').notNull(),
    source: text('source', { enum: ['pos', 'qr'] })
      .notNull()
      .default('pos'),
    deliveryType: text('delivery_type', { enum: ['dinein', 'delivery', 'takeaway'] }).notNull(),
    customerType: text('customer_type', { enum: ['WALKIN', 'CUSTOMER'] })
      .notNull()
      .default('WALKIN'),
    customerId: ref('customer_id'),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    tableId: ref('table_id'),
    tableTitle: text('table_title'),
    floor: text('floor'),
    /** A dine-in order's name tag, when it has no table (0032, issue 31). */
    nameTag: text('name_tag'),
    status: text('status', { enum: ['created', 'completed', 'cancelled'] })
      .notNull()
      .default('created'),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    invoiceId: ref('invoice_id'),
    createdBy: ref('created_by'),
    /** A line was changed after the order was sent (the kitchen highlights the ticket). */
    changedAt: at('changed_at'),
    /** The kitchen bumped the whole ticket; the latest is the one recall brings back. */
    kitchenBumpedAt: at('kitchen_bumped_at'),
    /** Which part of its ticket: 0 as taken, 1.. for lines moved to another table (docs/moves.md). */
    part: integer('part').notNull().default(0),
    /** The table it (or, for a part, its lines) came from by the latest move. */
    movedFrom: text('moved_from'),
    /** When its bill was last printed from Table Orders: the floor plan's "bill printed" (0038). */
    receiptPrintedAt: at('receipt_printed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('orders_tenant_uuid_key').on(t.tenantId, t.uuid),
    unique('orders_tenant_token_key').on(t.tenantId, t.businessDate, t.tokenNo, t.part),
  ],
);

/** An addon as sold, copied onto the line. */
export interface SoldAddon {
  id: number;
  title: string;
  price_minor: number;
}

export const orderItems = pgTable(
  'order_items',
  {
    tenantId: tenantId(),
    id: id(),
    uuid: uuid('uuid').notNull(),
    orderId: ref('order_id').notNull(),
    itemId: ref('item_id'),
    itemTitle: text('item_title').notNull(),
    variantId: ref('variant_id'),
    variantTitle: text('variant_title'),
    basePriceMinor: minor('base_price_minor').notNull(),
    addonsPriceMinor: minor('addons_price_minor').notNull().default(0),
    addons: jsonb('addons').$type<SoldAddon[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
    notes: text('notes'),
    taxId: ref('tax_id'),
    taxTitle: text('tax_title'),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxType: text('tax_type', { enum: ['exclusive', 'inclusive'] }),
    netMinor: minor('net_minor').notNull(),
    taxMinor: minor('tax_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    status: text('status', { enum: ['created', 'preparing', 'completed', 'delivered', 'cancelled'] })
      .notNull()
      .default('created'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The seat the line is for (migration 0016), or none. */
    seat: smallint('seat'),
    /** A voided line: the reason's title as chosen, who voided it and when (0017). */
    voidReason: text('void_reason'),
    voidedBy: ref('voided_by'),
    voidedAt: at('voided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('order_items_tenant_uuid_key').on(t.tenantId, t.uuid),
  ],
);

/** Each tenant's last token of each business day. */
export const tokenCounters = pgTable(
  'token_counters',
  {
    tenantId: tenantId(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    lastToken: integer('last_token').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.businessDate] })],
);
