import { type SQLWrapper, and, asc, between, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { categories, customers, menuItems } from '../../platform/db/schema.ts';
import { customerVisits, salesHourly, salesItemsDaily, salesPaymentsDaily } from './reports.schema.ts';

// The sales rollups (migration 0011; the triggers write them) read for a range of store days, both
// included, in one currency. Each query reads at most a row per day and hour, item, payment type or
// customer: a year is a few thousand rows however many orders it had.

/** A range of store days in one currency. */
export interface SalesRange {
  from: string;
  to: string;
  currency: string;
}

/** sum() of a bigint is a numeric, which pg answers as a string. */
const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

const inHourly = (tenantId: number, r: SalesRange) =>
  and(
    eq(salesHourly.tenantId, tenantId),
    between(salesHourly.localDate, r.from, r.to),
    eq(salesHourly.currency, r.currency),
  );

const inItems = (tenantId: number, r: SalesRange) =>
  and(
    eq(salesItemsDaily.tenantId, tenantId),
    between(salesItemsDaily.localDate, r.from, r.to),
    eq(salesItemsDaily.currency, r.currency),
  );
/** The menu item a sales row is of, while it is on the menu. */
const menuItemOfSale = and(
  eq(menuItems.tenantId, salesItemsDaily.tenantId),
  eq(menuItems.id, salesItemsDaily.itemId),
);

/** Bills, orders and takings of the range. */
export async function salesTotals(tx: Tx, tenantId: number, r: SalesRange) {
  const [row] = await tx
    .select({
      invoices: total(salesHourly.invoices),
      orders: total(salesHourly.orders),
      net: total(salesHourly.netMinor),
      tax: total(salesHourly.taxMinor),
      total: total(salesHourly.totalMinor),
    })
    .from(salesHourly)
    .where(inHourly(tenantId, r));
  return row ?? { invoices: 0, orders: 0, net: 0, tax: 0, total: 0 };
}

/** Orders and takings per store day, or per hour of the day; only the days or hours that had any. */
export function salesBy(tx: Tx, tenantId: number, r: SalesRange, by: 'day' | 'hour' | 'delivery_type') {
  const key =
    by === 'day'
      ? sql<string>`${salesHourly.localDate}::text`
      : by === 'hour'
        ? sql<string>`${salesHourly.hour}::text`
        : sql<string>`${salesHourly.deliveryType}`;
  return tx
    .select({ key, orders: total(salesHourly.orders), total: total(salesHourly.totalMinor) })
    .from(salesHourly)
    .where(inHourly(tenantId, r))
    .groupBy(key);
}

/**
 * The best sellers by units: the menu's title and price now, or the last title sold under and the
 * average unit price paid when the item is gone (item_id 0: deleted before the bill was paid).
 */
export function topSellers(tx: Tx, tenantId: number, r: SalesRange, limit: number) {
  const units = total(salesItemsDaily.quantity);
  return tx
    .select({
      itemId: salesItemsDaily.itemId,
      title: sql<string>`coalesce(max(${menuItems.title}), max(${salesItemsDaily.itemTitle}))`,
      priceMinor: sql<number | null>`max(${menuItems.priceMinor})`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
      quantity: units,
      total: total(salesItemsDaily.totalMinor),
    })
    .from(salesItemsDaily)
    .leftJoin(menuItems, menuItemOfSale)
    .where(inItems(tenantId, r))
    .groupBy(salesItemsDaily.itemId)
    .orderBy(desc(units), desc(total(salesItemsDaily.totalMinor)), asc(salesItemsDaily.itemId))
    .limit(limit);
}

/** Units and takings by the item's category now ('' for none, or the item gone). */
export function salesByCategory(tx: Tx, tenantId: number, r: SalesRange) {
  const title = sql<string>`coalesce(${categories.title}, '')`;
  return tx
    .select({ key: title, units: total(salesItemsDaily.quantity), total: total(salesItemsDaily.totalMinor) })
    .from(salesItemsDaily)
    .leftJoin(menuItems, menuItemOfSale)
    .leftJoin(
      categories,
      and(eq(categories.tenantId, menuItems.tenantId), eq(categories.id, menuItems.categoryId)),
    )
    .where(inItems(tenantId, r))
    .groupBy(title)
    .orderBy(desc(total(salesItemsDaily.totalMinor)), asc(title));
}

/** Payments and amounts by payment type as paid. */
export function salesByPaymentType(tx: Tx, tenantId: number, r: SalesRange) {
  return tx
    .select({
      key: salesPaymentsDaily.paymentType,
      payments: total(salesPaymentsDaily.payments),
      total: total(salesPaymentsDaily.amountMinor),
    })
    .from(salesPaymentsDaily)
    .where(
      and(
        eq(salesPaymentsDaily.tenantId, tenantId),
        between(salesPaymentsDaily.localDate, r.from, r.to),
        eq(salesPaymentsDaily.currency, r.currency),
      ),
    )
    .groupBy(salesPaymentsDaily.paymentType)
    .orderBy(desc(total(salesPaymentsDaily.amountMinor)), asc(salesPaymentsDaily.paymentType));
}

/**
 * Known customers who paid a bill in the range, and of them those with two or more paid bills by its
 * end: two in the range, or one before it (docs/reports.md).
 */
export async function payingCustomers(tx: Tx, tenantId: number, from: string, to: string) {
  const before = tx
    .select({ one: sql`1` })
    .from(customerVisits)
    .where(
      and(
        eq(customerVisits.tenantId, tenantId),
        sql`${customerVisits.customerId} = v.customer_id`,
        lt(customerVisits.localDate, from),
      ),
    )
    .limit(1);
  const visits = tx
    .select({
      customerId: customerVisits.customerId,
      bills: sql<number>`sum(${customerVisits.bills})`.as('bills'),
    })
    .from(customerVisits)
    .where(and(eq(customerVisits.tenantId, tenantId), between(customerVisits.localDate, from, to)))
    .groupBy(customerVisits.customerId)
    .as('v');
  const [row] = await tx
    .select({
      total: count(),
      repeated: sql<number>`count(*) filter (where ${visits.bills} >= 2 or exists (${before}))`.mapWith(
        Number,
      ),
    })
    .from(visits);
  return row ?? { total: 0, repeated: 0 };
}

/** Customers added in [from, to). */
export async function countNewCustomers(tx: Tx, tenantId: number, from: Date, to: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(customers)
    .where(
      and(eq(customers.tenantId, tenantId), gte(customers.createdAt, from), lt(customers.createdAt, to)),
    );
  return row?.n ?? 0;
}
