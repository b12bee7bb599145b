import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import {
  categories,
  invoices,
  orderItems,
  orders,
  qrOrders,
  storeSettings,
  tenants,
} from '../../platform/db/schema.ts';

// The diners' ways in. A public request names no tenant: the menu's code or an order's status token
// finds it, in one statement on the system path (comanda_system may read exactly these columns,
// migration 0010), and everything else is then read in that tenant's transaction.

/** The tenant whose store has this QR menu code, and whether it is active (system path). */
export async function findMenuTenant(db: Db, code: string) {
  const [row] = await db
    .select({ tenantId: storeSettings.tenantId, active: tenants.isActive })
    .from(storeSettings)
    .innerJoin(tenants, eq(tenants.id, storeSettings.tenantId))
    .where(eq(storeSettings.uniqueQrCode, code))
    .limit(1);
  return row;
}

/** The tenant's categories as the public menu names them (no counts). */
export function listCategoryTitles(tx: Tx, tenantId: number) {
  return tx
    .select({ id: categories.id, title: categories.title })
    .from(categories)
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.id));
}

/** The tenant of the QR order with this status token (system path). */
export async function findStatusTokenTenant(db: Db, token: string) {
  const [row] = await db
    .select({ tenantId: qrOrders.tenantId })
    .from(qrOrders)
    .where(eq(qrOrders.statusToken, token))
    .limit(1);
  return row;
}

/**
 * The tenant's QR orders with these ids or that became these orders: whose diners to tell after a
 * commit (one statement, in the tenant's transaction).
 */
export function findFollowed(tx: Tx, tenantId: number, ids: number[], orderIds: number[]) {
  if (ids.length === 0 && orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(qrOrders)
    .where(
      and(
        eq(qrOrders.tenantId, tenantId),
        or(
          ids.length ? inArray(qrOrders.id, ids) : undefined,
          orderIds.length ? inArray(qrOrders.orderId, orderIds) : undefined,
        ),
      ),
    );
}

/**
 * Whether an order was paid in the transaction that took it (the POS's create-order-and-invoice): its
 * invoice was made at the same `now()`, the start of that one transaction. Such an order is `completed`
 * from the start, yet the kitchen still has to make it (docs/qr-menu.md, "States").
 */
const paidWhenTaken = sql<boolean>`coalesce(${invoices.createdAt} = ${orders.createdAt}, false)`;
const invoiceOf = and(eq(invoices.tenantId, orders.tenantId), eq(invoices.id, orders.invoiceId));

/** These orders of the tenant, each with whether it was paid when taken. */
export function findOrdersForStatus(tx: Tx, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ order: orders, paidWhenTaken })
    .from(orders)
    .leftJoin(invoices, invoiceOf)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
}

/**
 * The business day's orders that were not cancelled, oldest first, with whether each was paid when
 * taken, its lines' statuses and when a line last changed.
 */
export async function dayOrders(tx: Tx, tenantId: number, businessDate: string) {
  const rows = await tx
    .select({
      id: orders.id,
      tokenNo: orders.tokenNo,
      status: orders.status,
      paidWhenTaken,
      lineStatus: orderItems.status,
      lineUpdatedAt: orderItems.updatedAt,
    })
    .from(orders)
    .leftJoin(invoices, invoiceOf)
    .leftJoin(orderItems, and(eq(orderItems.tenantId, orders.tenantId), eq(orderItems.orderId, orders.id)))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.businessDate, businessDate),
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const byOrder = new Map<number, DayOrder>();
  for (const r of rows) {
    let order = byOrder.get(r.id);
    if (!order) {
      order = {
        tokenNo: r.tokenNo,
        status: r.status,
        paidWhenTaken: r.paidWhenTaken,
        lines: [],
        lastLineAt: 0,
      };
      byOrder.set(r.id, order);
    }
    if (r.lineStatus) order.lines.push(r.lineStatus);
    if (r.lineUpdatedAt) order.lastLineAt = Math.max(order.lastLineAt, r.lineUpdatedAt.getTime());
  }
  return [...byOrder.values()];
}

interface DayOrder {
  tokenNo: number;
  status: OrderStatus;
  paidWhenTaken: boolean;
  lines: LineStatus[];
  /** When a line last changed (ms since the epoch; 0 without lines). */
  lastLineAt: number;
}

type OrderStatus = (typeof orders.$inferSelect)['status'];
type LineStatus = (typeof orderItems.$inferSelect)['status'];
