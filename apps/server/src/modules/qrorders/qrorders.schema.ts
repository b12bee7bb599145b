import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** A line as the diner chose it; the POS prices it again from the menu when the order is sent. */
export interface QrOrderLine {
  item_id: number;
  item_title: string;
  variant_id: number | null;
  variant_title: string | null;
  addons_ids: number[];
  addons: { id: number; title: string }[];
  quantity: number;
  notes: string | null;
}

/** Orders diners placed from the QR menu, waiting at the POS (migration 0009). */
export const qrOrders = pgTable(
  'qr_orders',
  {
    tenantId: tenantId(),
    id: id(),
    status: text('status', { enum: ['pending', 'accepted', 'cancelled'] })
      .notNull()
      .default('pending'),
    deliveryType: text('delivery_type', { enum: ['dinein', 'delivery', 'takeaway'] })
      .notNull()
      .default('dinein'),
    customerType: text('customer_type', { enum: ['WALKIN', 'CUSTOMER'] })
      .notNull()
      .default('WALKIN'),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    tableId: ref('table_id'),
    tableTitle: text('table_title'),
    floor: text('floor'),
    items: jsonb('items').$type<QrOrderLine[]>().notNull(),
    orderId: ref('order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
