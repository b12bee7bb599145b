import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { orderItems, orders } from '../../platform/db/schema.ts';
import { fail } from '../../platform/errors.ts';
import type { SoldAddon } from './orders.schema.ts';

// The orders, order_items and token_counters tables.

// The three inserts of every order (token, order, lines) are SQL templates, not drizzle's query
// builder: the builder spends about 0.1 ms per row of a 25-column table on the one JavaScript thread,
// about a tenth of an order's CPU, inside the window where the day's token row is held
// (docs/benchmarks.md). The columns are spelled out; schema-drift.test.ts keeps their names honest.

/** The rows of a raw statement, on either driver (both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The next token of the store's business day, atomically: the day's row is created at 1 or bumped, and
 * a concurrent order waits on that row, so no two orders of a day share a token.
 */
export async function nextToken(tx: Tx, tenantId: number, businessDate: string): Promise<number> {
  const [row] = rowsOf<{ last_token: number }>(
    await tx.execute(sql`
      insert into token_counters (tenant_id, business_date, last_token) values (${tenantId}, ${businessDate}, 1)
      on conflict (tenant_id, business_date) do update set last_token = token_counters.last_token + 1
      returning last_token`),
  );
  if (!row) throw new Error('token counter returned no row');
  return row.last_token;
}

const orderColumns = {
  id: orders.id,
  uuid: orders.uuid,
  tokenNo: orders.tokenNo,
  currency: orders.currency,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  invoiceId: orders.invoiceId,
};

export async function findOrderByUuid(tx: Tx, tenantId: number, uuid: string) {
  const [row] = await tx
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.uuid, uuid)))
    .limit(1);
  return row;
}

/** What takeOrder stores of a new order; status, payment and times take the table's defaults. */
export interface OrderValues {
  uuid: string;
  businessDate: string;
  tokenNo: number;
  currency: string;
  source: 'pos' | 'qr';
  deliveryType: 'dinein' | 'delivery' | 'takeaway';
  customerType: 'WALKIN' | 'CUSTOMER';
  customerId: number | null;
  customerName: string | null;
  customerPhone: string | null;
  tableId: number | null;
  tableTitle: string | null;
  floor: string | null;
  /** A dine-in order's name tag (issue 31); none for the others. */
  nameTag?: string | null;
  createdBy: number | null;
  /** When it was taken: the app's clock (`ctx.now()`), as its business date. */
  createdAt: Date;
}

/** Inserts an order; undefined when the tenant already has its UUID (a concurrent twin got there first). */
export async function insertOrder(tx: Tx, tenantId: number, v: OrderValues) {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
      insert into orders (tenant_id, uuid, business_date, token_no, currency, source, delivery_type,
        customer_type, customer_id, customer_name, customer_phone, table_id, table_title, floor, name_tag,
        created_by, created_at)
      values (${tenantId}, ${v.uuid}, ${v.businessDate}, ${v.tokenNo}, ${v.currency}, ${v.source},
        ${v.deliveryType}, ${v.customerType}, ${v.customerId}, ${v.customerName}, ${v.customerPhone},
        ${v.tableId}, ${v.tableTitle}, ${v.floor}, ${v.nameTag ?? null}, ${v.createdBy}, ${v.createdAt})
      on conflict (tenant_id, uuid) do nothing
      returning id`),
  );
  return row;
}

/** A line as takeOrder stores it; its status and times take the table's defaults. */
export interface OrderItemValues {
  uuid: string;
  itemId: number;
  itemTitle: string;
  variantId: number | null;
  variantTitle: string | null;
  basePriceMinor: number;
  addonsPriceMinor: number;
  addons: SoldAddon[];
  quantity: number;
  notes: string | null;
  /** The seat the line is for (split by seat); none when not given. */
  seat?: number | null;
  taxId: number | null;
  taxTitle: string | null;
  taxRateBp: number;
  taxType: 'exclusive' | 'inclusive' | null;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** The order's lines, sent when the order was taken (`takenAt`: earlier for one replayed from an outbox). */
export async function insertOrderItems(
  tx: Tx,
  tenantId: number,
  orderId: number,
  lines: OrderItemValues[],
  takenAt: Date,
) {
  const at = takenAt.toISOString();
  const rows = lines.map(
    (l) => sql`(${tenantId}, ${orderId}, ${l.uuid}, ${l.itemId}, ${l.itemTitle}, ${l.variantId},
      ${l.variantTitle}, ${l.basePriceMinor}, ${l.addonsPriceMinor}, ${JSON.stringify(l.addons)}::jsonb,
      ${l.quantity}, ${l.notes}, ${l.taxId}, ${l.taxTitle}, ${l.taxRateBp}, ${l.taxType}, ${l.netMinor},
      ${l.taxMinor}, ${l.totalMinor}, ${at}::timestamptz, ${at}::timestamptz, ${l.seat ?? null})`,
  );
  await tx.execute(sql`
    insert into order_items (tenant_id, order_id, uuid, item_id, item_title, variant_id, variant_title,
      base_price_minor, addons_price_minor, addons, quantity, notes, tax_id, tax_title, tax_rate_bp, tax_type,
      net_minor, tax_minor, total_minor, created_at, updated_at, seat)
    values ${sql.join(rows, sql`, `)}`);
}

/** Marks an unpaid order paid by an invoice, and completed; undefined when it was already paid. */
export async function markPaid(tx: Tx, tenantId: number, orderId: number, invoiceId: number) {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', status: 'completed', invoiceId, updatedAt: sql`now()` })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
    .returning({ id: orders.id, source: orders.source });
  return row;
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** The lines of these orders, in the order they were sent. */
export function listOrderItems(tx: Tx, tenantId: number, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** These orders of the tenant, oldest first (ids of another tenant are simply not found). */
export function findOrders(tx: Tx, tenantId: number, ids: number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** Orders with their lines, as one read: `rows` in their given order, each with its lines. */
export async function withItems(tx: Tx, tenantId: number, rows: OrderRow[]) {
  const items = await listOrderItems(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
}

/** The open orders (sent, not completed, cancelled or paid), oldest first. */
export function listOpenOrders(tx: Tx, tenantId: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(eq(orders.tenantId, tenantId), eq(orders.status, 'created'), eq(orders.paymentStatus, 'pending')),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * These orders of the tenant locked FOR UPDATE, taken in id order (two requests locking overlapping
 * groups never deadlock); answered oldest first. A concurrent change waits here, then is re-read.
 */
export async function lockOrders(tx: Tx, tenantId: number, ids: number[]): Promise<OrderRow[]> {
  const rows = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/**
 * One line of the tenant with its order, the order locked FOR UPDATE (its status decides what may
 * change). The line is read after the lock: a concurrent writer of it held the order and has committed.
 * A line can change order while we wait (a move, docs/moves.md): then the order it is in now is locked
 * instead, so the caller always holds the lock of the line's own order.
 */
export async function lockItemWithOrder(tx: Tx, tenantId: number, itemId: number) {
  const byId = and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, itemId));
  const [line] = await tx.select({ orderId: orderItems.orderId }).from(orderItems).where(byId).limit(1);
  if (!line) return undefined;
  let orderId = line.orderId;
  // Each wait means a move committed meanwhile: a few in a row is already far beyond a busy table.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [order] = await lockOrders(tx, tenantId, [orderId]);
    const [item] = await tx.select().from(orderItems).where(byId).limit(1);
    if (!order || !item) return undefined;
    if (item.orderId === order.id) return { item, order };
    orderId = item.orderId;
  }
  throw fail('try_again');
}

export async function setItemStatus(
  tx: Tx,
  tenantId: number,
  itemId: number,
  status: OrderItemRow['status'],
) {
  await tx
    .update(orderItems)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, itemId)));
}

/** A line changed after the order was sent: the kitchen highlights the ticket. */
export async function markChanged(tx: Tx, tenantId: number, orderId: number) {
  await tx
    .update(orders)
    .set({ changedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
}

export async function setOrdersStatus(tx: Tx, tenantId: number, ids: number[], status: OrderRow['status']) {
  await tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
}

/** The orders these invoices paid, as the invoices list shows them. */
export function ordersOfInvoices(tx: Tx, tenantId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: orders.id,
      invoiceId: orders.invoiceId,
      tokenNo: orders.tokenNo,
      businessDate: orders.businessDate,
    })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.invoiceId, invoiceIds)))
    .orderBy(asc(orders.id));
}

/**
 * A customer's paid, non-cancelled orders: how many, when the latest was taken, and what their billed
 * (non-cancelled) lines came to in `currency` (orders taken in another currency are not added up).
 */
export async function customerOrderStats(tx: Tx, tenantId: number, customerId: number, currency: string) {
  const paid = and(
    eq(orders.tenantId, tenantId),
    eq(orders.customerId, customerId),
    eq(orders.paymentStatus, 'paid'),
    ne(orders.status, 'cancelled'),
  );
  const [row] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      lastAt: sql<Date | null>`max(${orders.createdAt})`.mapWith(orders.createdAt),
    })
    .from(orders)
    .where(paid);
  const [spent] = await tx
    .select({ total: sql<number>`coalesce(sum(${orderItems.totalMinor}), 0)`.mapWith(Number) })
    .from(orderItems)
    // The lines are the tenant's through the join on tenant_id and `paid`'s tenant filter.
    .innerJoin(orders, and(eq(orders.tenantId, orderItems.tenantId), eq(orders.id, orderItems.orderId)))
    .where(and(paid, eq(orders.currency, currency), ne(orderItems.status, 'cancelled')));
  return {
    count: row?.count ?? 0,
    lastOrderAt: row?.lastAt ?? null,
    totalSpent: spent?.total ?? 0,
  };
}
