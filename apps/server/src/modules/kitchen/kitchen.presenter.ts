import type { KitchenLine, KitchenOrder, KitchenTickets } from '@comanda/core';
import type { OrderItemRow, OrderRow } from '../orders/orders.repo.ts';

/** A ticket's line: what to make and how far it is, with no price (docs/kitchen.md). */
function presentLine(row: OrderItemRow): KitchenLine {
  return {
    id: row.id,
    order_id: row.orderId,
    item_id: row.itemId,
    item_title: row.itemTitle,
    variant_id: row.variantId,
    variant_title: row.variantTitle,
    addons: row.addons.map((a) => ({ id: a.id, title: a.title })),
    notes: row.notes,
    quantity: row.quantity,
    status: row.status,
    seat: row.seat,
    date: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    void_reason: row.voidReason,
    voided_at: row.voidedAt?.toISOString() ?? null,
  };
}

/**
 * A kitchen ticket, the one answer of every kitchen screen (KITCHEN, KITCHEN_DISPLAY, admins): the
 * token, when and where, the guest's name and the lines. Never the guest's phone, the money, the
 * payment status or the invoice: a kitchen display is a screen anyone passing can read.
 */
export function presentTicket(order: OrderRow, items: OrderItemRow[]): KitchenOrder {
  return {
    id: order.id,
    token_no: order.tokenNo,
    date: order.createdAt.toISOString(),
    delivery_type: order.deliveryType,
    customer_type: order.customerType,
    customer_name: order.customerName,
    table_id: order.tableId,
    table_title: order.tableTitle,
    floor: order.floor,
    name_tag: order.nameTag,
    status: order.status,
    changed_at: order.changedAt?.toISOString() ?? null,
    moved_from: order.movedFrom,
    items: items.map(presentLine),
  };
}

/** The ticket recall would bring back, if any. */
export function presentBumped(
  row: { id: number; tokenNo: number } | undefined,
): KitchenTickets['lastBumped'] {
  return row ? { orderId: row.id, token_no: row.tokenNo } : null;
}
