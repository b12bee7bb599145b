import crypto from 'node:crypto';
import { boolean, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
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

/** A QR order's status token: 128 random bits, base64url (the diner's key to its status, and nothing else). */
export const newStatusToken = () => crypto.randomBytes(16).toString('base64url');

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
    /** Taken as an order at once, the store sending QR orders straight to the kitchen (migration 0033). */
    sentToKitchen: boolean('sent_to_kitchen').notNull().default(false),
    /** Opens the order's public status page and socket room (migration 0010); unique across tenants. */
    statusToken: text('status_token').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('qr_orders_status_token_key').on(t.statusToken),
  ],
);
