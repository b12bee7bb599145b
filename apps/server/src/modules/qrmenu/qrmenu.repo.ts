import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { orderItems, orders, qrOrders, storeSettings, tenants } from '../../platform/db/schema.ts';

// The diners' ways in. A public request names no tenant: the menu's code or an order's status token
// finds it, on the system path (comanda_system may read exactly these columns, migration 0010), and
// everything else is then read in that tenant's transaction.

/** The tenant whose store has this QR menu code, and whether it is active (system path). */
export async function findMenuTenant(tx: Tx, code: string) {
  const [row] = await tx
    .select({ tenantId: storeSettings.tenantId, active: tenants.isActive })
    .from(storeSettings)
    .innerJoin(tenants, eq(tenants.id, storeSettings.tenantId))
    .where(eq(storeSettings.uniqueQrCode, code))
    .limit(1);
  return row;
}

/** The tenant and id of the QR order with this status token (system path). */
export async function findStatusTokenTenant(tx: Tx, token: string) {
  const [row] = await tx
    .select({ tenantId: qrOrders.tenantId, id: qrOrders.id })
    .from(qrOrders)
    .where(eq(qrOrders.statusToken, token))
    .limit(1);
  return row;
}

/**
 * The status tokens of the tenant's QR orders with these ids or that became these orders: whom to tell
 * after a commit (system path, one statement: most orders are the POS's and have none).
 */
export function findFollowed(db: Db, tenantId: number, ids: number[], orderIds: number[]) {
  if (ids.length === 0 && orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: qrOrders.id, statusToken: qrOrders.statusToken })
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

/** The business day's orders that were not cancelled, oldest first, with their lines' statuses. */
export async function dayOrders(tx: Tx, tenantId: number, businessDate: string) {
  const rows = await tx
    .select({
      id: orders.id,
      tokenNo: orders.tokenNo,
      status: orders.status,
      lineStatus: orderItems.status,
    })
    .from(orders)
    .leftJoin(orderItems, and(eq(orderItems.tenantId, orders.tenantId), eq(orderItems.orderId, orders.id)))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.businessDate, businessDate),
        ne(orders.status, 'cancelled'),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const byOrder = new Map<number, { tokenNo: number; status: OrderStatus; lines: LineStatus[] }>();
  for (const r of rows) {
    let order = byOrder.get(r.id);
    if (!order) byOrder.set(r.id, (order = { tokenNo: r.tokenNo, status: r.status, lines: [] }));
    if (r.lineStatus) order.lines.push(r.lineStatus);
  }
  return [...byOrder.values()];
}

type OrderStatus = (typeof orders.$inferSelect)['status'];
type LineStatus = (typeof orderItems.$inferSelect)['status'];
