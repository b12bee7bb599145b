import crypto from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { orderItems, orders } from '../../platform/db/schema.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.repo.ts';

// The moves' reads and writes of orders and order_items (docs/moves.md).

/** The table an order goes to: its id and what the order copies of it. */
export interface TableSnapshot {
  id: number;
  title: string;
  floor: string;
}

/** Sets an order's table (and what it copies of it) and says where it came from; nothing else changes. */
export async function setOrderTable(
  tx: Tx,
  tenantId: number,
  orderId: number,
  table: TableSnapshot,
  movedFrom: string | null,
) {
  await tx
    .update(orders)
    .set({ tableId: table.id, tableTitle: table.title, floor: table.floor, movedFrom, updatedAt: sql`now()` })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
}

/** The open orders at a table, oldest first. */
export function openOrdersAt(tx: Tx, tenantId: number, tableId: number): Promise<OrderRow[]> {
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.tableId, tableId),
        eq(orders.deliveryType, 'dinein'),
        eq(orders.status, 'created'),
        eq(orders.paymentStatus, 'pending'),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/**
 * The open order of a ticket (business day and token) at a table, locked FOR UPDATE: where a line of
 * that ticket moved to the table goes. The lowest part when there are several.
 */
export async function lockTicketAt(
  tx: Tx,
  tenantId: number,
  ticket: { businessDate: string; tokenNo: number },
  tableId: number,
  except: number,
) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.businessDate, ticket.businessDate),
        eq(orders.tokenNo, ticket.tokenNo),
        eq(orders.tableId, tableId),
        eq(orders.deliveryType, 'dinein'),
        eq(orders.status, 'created'),
        eq(orders.paymentStatus, 'pending'),
        ne(orders.id, except),
      ),
    )
    .orderBy(asc(orders.part), asc(orders.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * A new part of a ticket at another table: the order's token, business day, time, guest and currency
 * copied, so the kitchen shows it as the ticket it was, not as a new one. The next free part number.
 */
export async function insertPart(tx: Tx, tenantId: number, from: OrderRow, table: TableSnapshot) {
  const [row] = (
    (await tx.execute(sql`
      insert into orders (tenant_id, uuid, business_date, token_no, part, currency, source, delivery_type,
        customer_type, customer_id, customer_name, customer_phone, table_id, table_title, floor, created_by,
        created_at, moved_from)
      select ${tenantId}, ${crypto.randomUUID()}, ${from.businessDate}, ${from.tokenNo}, max(part) + 1,
        ${from.currency}, ${from.source}, 'dinein', ${from.customerType}, ${from.customerId},
        ${from.customerName}, ${from.customerPhone}, ${table.id}, ${table.title}, ${table.floor},
        ${from.createdBy}, ${from.createdAt.toISOString()}::timestamptz, ${from.tableTitle}
      from orders
      where tenant_id = ${tenantId} and business_date = ${from.businessDate} and token_no = ${from.tokenNo}
      returning id`)) as { rows: { id: number }[] }
  ).rows;
  if (!row) throw new Error('part insert returned no row');
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, Number(row.id))));
  if (!order) throw new Error('part insert not found');
  return order;
}

/** Lines go to another order as they are: status, sent time and figures kept. */
export async function setItemsOrder(tx: Tx, tenantId: number, itemIds: number[], orderId: number) {
  if (itemIds.length === 0) return;
  await tx
    .update(orderItems)
    .set({ orderId, updatedAt: sql`now()` })
    .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.id, itemIds)));
}

/** Whatever a line's quantity gives: its new quantity and its figures from the one totals function. */
export interface LineFigures {
  quantity: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** A line keeps fewer units, its figures recomputed. */
export async function setItemQuantity(tx: Tx, tenantId: number, itemId: number, f: LineFigures) {
  await tx
    .update(orderItems)
    .set({ ...f, updatedAt: sql`now()` })
    .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.id, itemId)));
}

/**
 * The units split off a line, as a line of `orderId`: what was sold copied, the status and sent time
 * kept (the kitchen sees the same dish at the same stage), a new uuid.
 */
export async function insertSplitItem(
  tx: Tx,
  tenantId: number,
  from: OrderItemRow,
  orderId: number,
  f: LineFigures,
) {
  const [row] = await tx
    .insert(orderItems)
    .values({
      tenantId,
      uuid: crypto.randomUUID(),
      orderId,
      itemId: from.itemId,
      itemTitle: from.itemTitle,
      variantId: from.variantId,
      variantTitle: from.variantTitle,
      basePriceMinor: from.basePriceMinor,
      addonsPriceMinor: from.addonsPriceMinor,
      addons: from.addons,
      quantity: f.quantity,
      notes: from.notes,
      taxId: from.taxId,
      taxTitle: from.taxTitle,
      taxRateBp: from.taxRateBp,
      taxType: from.taxType,
      netMinor: f.netMinor,
      taxMinor: f.taxMinor,
      totalMinor: f.totalMinor,
      status: from.status,
      seat: from.seat,
      createdAt: from.createdAt,
    })
    .returning({ id: orderItems.id });
  if (!row) throw new Error('split line insert returned no row');
  return row.id;
}

/** A part left without lines (all moved into another order of its ticket) is removed. */
export async function deleteEmptyPart(tx: Tx, tenantId: number, orderId: number) {
  await tx
    .delete(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.id, orderId),
        sql`${orders.part} > 0`,
        sql`not exists (select 1 from order_items i where i.tenant_id = ${tenantId} and i.order_id = ${orderId})`,
      ),
    );
}
