import {
  type DinerOrderState,
  type DinerOrderStatus,
  type QrMenu,
  type QrMenuItem,
  currencyDigits,
  currencySymbol,
} from '@comanda/core';
import type { storeSettings, storeTables } from '../../platform/db/schema.ts';
import { thumbUrl } from '../../platform/images/images.service.ts';
import { presentItem } from '../menu/menu.presenter.ts';
import type { ItemRow, OptionRow } from '../menu/menu.repo.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.repo.ts';
import type { QrOrderRow } from '../qrorders/qrorders.repo.ts';

type LineStatus = OrderItemRow['status'];

/** An order as its state is read: its status, and whether it was paid in the transaction that took it. */
export interface StateOrder {
  status: OrderRow['status'];
  paidWhenTaken: boolean;
}

/**
 * What an order is doing, from the order's and its lines' statuses (docs/qr-menu.md, "States").
 * Cancelled lines do not count ("live" lines are the others); first match:
 * the order cancelled, or no live line → cancelled; every live line delivered, or the order closed at
 * the table (completed, and not paid when taken: an order paid at the till when taken is completed
 * from the start and still being made) → served; every live line completed or delivered → ready; any
 * live line started (preparing, completed or delivered) → preparing; else received.
 */
export function orderState(order: StateOrder, lines: readonly LineStatus[]): DinerOrderState {
  if (order.status === 'cancelled') return 'cancelled';
  const live = lines.filter((s) => s !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (live.every((s) => s === 'delivered')) return 'served';
  if (order.status === 'completed' && !order.paidWhenTaken) return 'served';
  if (live.every((s) => s === 'completed' || s === 'delivered')) return 'ready';
  if (live.some((s) => s !== 'created')) return 'preparing';
  return 'received';
}

/** An accepted QR order's order, as its status is read: the row, how it was paid, its lines. */
export interface DinerOrder {
  row: OrderRow;
  paidWhenTaken: boolean;
  lines: OrderItemRow[];
}

/**
 * A QR order's state: pending at the POS → received; cancelled there → cancelled; once accepted, its
 * order's state. An accepted QR order whose order is gone (deleted) reads as cancelled.
 */
export function dinerState(qr: Pick<QrOrderRow, 'status'>, order: DinerOrder | null): DinerOrderState {
  if (qr.status === 'pending') return 'received';
  if (qr.status === 'cancelled' || !order) return 'cancelled';
  return orderState(
    { status: order.row.status, paidWhenTaken: order.paidWhenTaken },
    order.lines.map((l) => l.status),
  );
}

const latest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/** The diner's status answer: the order itself and nothing else (no tenant, no customer, no ids). */
export function presentDinerStatus(
  qr: QrOrderRow,
  order: DinerOrder | null,
  store: { storeName: string; uniqueQrCode: string },
): DinerOrderStatus {
  return {
    state: dinerState(qr, order),
    tokenNo: order?.row.tokenNo ?? null,
    storeName: store.storeName,
    qrcode: store.uniqueQrCode,
    placedAt: qr.createdAt.toISOString(),
    updatedAt: latest([
      qr.updatedAt,
      ...(order ? [order.row.updatedAt, ...order.lines.map((l) => l.updatedAt)] : []),
    ]).toISOString(),
  };
}

/** A menu item as diners see it: the back office's item plus its card thumbnail. */
export function presentQrItem(
  row: ItemRow,
  options: { variants: OptionRow[]; addons: OptionRow[] },
  digits: number,
): QrMenuItem {
  // The net price is the back office's (the price before tax), not the diner's.
  const { net_price: _net, ...item } = presentItem(row, options, digits);
  return { ...item, thumb: row.imageKey === null ? null : thumbUrl(row.imageKey) };
}

/** The store block of the public menu: contact details and switches only, in snake form (SPEC §3). */
export function presentQrStore(s: typeof storeSettings.$inferSelect): QrMenu['storeSettings'] {
  return {
    store_name: s.storeName,
    address: s.address,
    phone: s.phone,
    email: s.email,
    image: s.image,
    currency: { code: s.currency, symbol: currencySymbol(s.currency), digits: currencyDigits(s.currency) },
    is_qr_menu_enabled: true,
    is_qr_order_enabled: s.isQrOrderEnabled,
  };
}

/** The table of a table's link, by its token. */
export function presentQrTable(t: typeof storeTables.$inferSelect): NonNullable<QrMenu['storeTable']> {
  return { table_title: t.title, floor: t.floor, encrypted_id: t.qrToken };
}
