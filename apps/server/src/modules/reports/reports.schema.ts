import { bigint, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { minor, ref, tenantId } from '../../platform/db/columns.ts';

// The sales added up per store day as bills are paid (migration 0011): written only by the database's
// triggers on invoices, invoice_payments and orders (the app's role may only read them); the reports
// and the dashboard read them.

export const salesHourly = pgTable(
  'sales_hourly',
  {
    tenantId: tenantId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    currency: text('currency').notNull(),
    deliveryType: text('delivery_type').notNull(),
    invoices: integer('invoices').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    netMinor: minor('net_minor').notNull().default(0),
    taxMinor: minor('tax_minor').notNull().default(0),
    totalMinor: minor('total_minor').notNull().default(0),
    /** The hour's discounts, service charges and tips (migration 0020). */
    discountMinor: minor('discount_minor').notNull().default(0),
    serviceChargeMinor: minor('service_charge_minor').notNull().default(0),
    tipMinor: minor('tip_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.localDate, t.hour, t.currency, t.deliveryType] })],
);

export const salesItemsDaily = pgTable(
  'sales_items_daily',
  {
    tenantId: tenantId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** The item's id, or 'deleted:' and the title for lines whose item was deleted before the bill. */
    itemKey: text('item_key').notNull(),
    itemId: ref('item_id'),
    itemTitle: text('item_title').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
    totalMinor: minor('total_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.localDate, t.currency, t.itemKey] })],
);

export const salesPaymentsDaily = pgTable(
  'sales_payments_daily',
  {
    tenantId: tenantId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    paymentType: text('payment_type').notNull(),
    payments: integer('payments').notNull().default(0),
    amountMinor: minor('amount_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.localDate, t.currency, t.paymentType] })],
);

export const customerVisits = pgTable(
  'customer_visits',
  {
    tenantId: tenantId(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    customerId: ref('customer_id').notNull(),
    bills: integer('bills').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.localDate, t.currency, t.customerId] })],
);
