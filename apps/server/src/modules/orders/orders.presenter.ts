import { type Order, type OrderItem, currencyDigits, fromMinor } from '@comanda/core';
import type { OrderItemRow, OrderRow } from './orders.repo.ts';

/** A sent line as the API answers it (SPEC §3 Order item): amounts in the order currency's decimals. */
export function presentOrderItem(row: OrderItemRow, digits: number): OrderItem {
  const unitMinor = row.basePriceMinor + row.addonsPriceMinor;
  return {
    id: row.id,
    uuid: row.uuid,
    order_id: row.orderId,
    item_id: row.itemId,
    item_title: row.itemTitle,
    variant_id: row.variantId,
    variant_title: row.variantTitle,
    variant_price: row.variantId === null ? null : fromMinor(row.basePriceMinor, digits),
    addons: row.addons.map((a) => ({ id: a.id, title: a.title, price: fromMinor(a.price_minor, digits) })),
    notes: row.notes,
    quantity: row.quantity,
    price: fromMinor(unitMinor, digits),
    amount: fromMinor(unitMinor * row.quantity, digits),
    net: fromMinor(row.netMinor, digits),
    tax: fromMinor(row.taxMinor, digits),
    total: fromMinor(row.totalMinor, digits),
    tax_title: row.taxTitle,
    tax_rate: fromMinor(row.taxRateBp, 2),
    tax_type: row.taxType,
    status: row.status,
    seat: row.seat,
    date: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    void_reason: row.voidReason,
    voided_at: row.voidedAt?.toISOString() ?? null,
  };
}

/** What lines bill: the one definition (cancelled lines are never billed) every total uses. */
export function billableFigures(items: OrderItemRow[]) {
  let net = 0;
  let tax = 0;
  let total = 0;
  for (const item of items) {
    if (item.status === 'cancelled') continue;
    net += item.netMinor;
    tax += item.taxMinor;
    total += item.totalMinor;
  }
  return { net, tax, total };
}

/** A sent order with its lines (SPEC §3 Order); its totals leave cancelled lines out. */
export function presentOrder(order: OrderRow, items: OrderItemRow[]): Order {
  const digits = currencyDigits(order.currency);
  const figures = billableFigures(items);
  return {
    id: order.id,
    uuid: order.uuid,
    token_no: order.tokenNo,
    business_date: order.businessDate,
    date: order.createdAt.toISOString(),
    source: order.source,
    delivery_type: order.deliveryType,
    customer_type: order.customerType,
    customer_id: order.customerId,
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    table_id: order.tableId,
    table_title: order.tableTitle,
    floor: order.floor,
    name_tag: order.nameTag,
    status: order.status,
    payment_status: order.paymentStatus,
    invoice_id: order.invoiceId,
    currency: order.currency,
    sub_total: fromMinor(figures.net, digits),
    tax_total: fromMinor(figures.tax, digits),
    total: fromMinor(figures.total, digits),
    changed_at: order.changedAt?.toISOString() ?? null,
    moved_from: order.movedFrom,
    items: items.map((item) => presentOrderItem(item, digits)),
  };
}

/**
 * The payload of an order's `new_order` / `order_update`: `qr: true` when the order came from a QR
 * order, so the after-commit diner notice (qrmenu.service) skips POS orders without a query.
 */
export function orderEvent(order: { id: number; source: 'pos' | 'qr' }): { orderId: number; qr?: true } {
  return order.source === 'qr' ? { orderId: order.id, qr: true } : { orderId: order.id };
}
