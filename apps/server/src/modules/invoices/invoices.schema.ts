import { boolean, date, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, minor, ref, tenantId } from '../../platform/db/columns.ts';

export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantId(),
    id: id(),
    uuid: uuid('uuid').notNull(),
    subTotalMinor: minor('sub_total_minor').notNull(),
    taxTotalMinor: minor('tax_total_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    currency: text('currency').notNull(),
    deliveryType: text('delivery_type', { enum: ['dinein', 'delivery', 'takeaway'] }).notNull(),
    customerType: text('customer_type', { enum: ['WALKIN', 'CUSTOMER'] })
      .notNull()
      .default('WALKIN'),
    customerId: ref('customer_id'),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    tableId: ref('table_id'),
    tableTitle: text('table_title'),
    floor: text('floor'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    /** The store day and hour it was paid in (migration 0011): the reports count it there. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    localHour: smallint('local_hour').notNull(),
    /** Discounts, service charge and tip (migration 0020): the payments add up to total + both. */
    discountMinor: minor('discount_minor').notNull().default(0),
    serviceChargeMinor: minor('service_charge_minor').notNull().default(0),
    tipMinor: minor('tip_minor').notNull().default(0),
    discountReason: text('discount_reason'),
    discountApprovedBy: ref('discount_approved_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('invoices_tenant_uuid_key').on(t.tenantId, t.uuid),
  ],
);

/** How an invoice was paid: one row today, several for mixed tenders later. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    tenantId: tenantId(),
    id: id(),
    invoiceId: ref('invoice_id').notNull(),
    paymentTypeId: ref('payment_type_id'),
    paymentTypeTitle: text('payment_type_title').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    tenderedMinor: minor('tendered_minor'),
    changeMinor: minor('change_minor'),
    createdAt: createdAt(),
    /** The shift open when it was recorded, set by the database (migration 0018); null without one. */
    shiftId: ref('shift_id'),
    /** Whether it went into the drawer, as its type said then; set by the database (0018). */
    isCash: boolean('is_cash').notNull().default(false),
    /** Replayed from a device's outbox, taken before its shift opened: a late sale of it (0026). */
    takenBeforeShift: boolean('taken_before_shift').notNull().default(false),
    /** The part of a split bill this payment pays (migration 0016); none for a bill paid in one. */
    partNo: smallint('part_no'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
