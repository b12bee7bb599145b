import { type SQLWrapper, and, asc, between, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../platform/db/client.ts';
import { categories, customers, menuItems, refunds } from '../../platform/db/schema.ts';
import { customerVisits, salesHourly, salesItemsDaily, salesPaymentsDaily } from './reports.schema.ts';

// The sales rollups (migration 0011; the triggers write them) read for a range of store days, both
// included, in one currency. Each query reads at most a row per day and hour, per item or payment type a
// day, or per customer a day: tens of thousands of rows for a busy year, however many orders it had.

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

/** Bills, orders and takings: the range's, or one day's, hour's or dining option's. */
export interface SalesFigures {
  invoices: number;
  orders: number;
  net: number;
  tax: number;
  total: number;
  /** Discounts, service charges and tips (migration 0020). */
  discount: number;
  serviceCharge: number;
  tip: number;
}
const NO_SALES: SalesFigures = {
  invoices: 0,
  orders: 0,
  net: 0,
  tax: 0,
  total: 0,
  discount: 0,
  serviceCharge: 0,
  tip: 0,
};

/**
 * The range's totals and its figures per store day, per hour of the day and per dining option, from one
 * read of its sales_hourly rows (GROUPING SETS): reading them once per figure was most of a year's report
 * (docs/benchmarks.md). Days, hours and options without sales are absent.
 */
export async function salesSummary(tx: Tx, tenantId: number, r: SalesRange) {
  const { localDate, hour, deliveryType } = salesHourly;
  const rows = await tx
    .select({
      // Which set a row adds up (grouping() has a bit set for each column it does not group by).
      set: sql<number>`grouping(${localDate}, ${hour}, ${deliveryType})`.mapWith(Number),
      day: sql<string | null>`${localDate}::text`,
      hour: sql<number | null>`${hour}`,
      deliveryType: sql<string | null>`${deliveryType}`,
      invoices: total(salesHourly.invoices),
      orders: total(salesHourly.orders),
      net: total(salesHourly.netMinor),
      tax: total(salesHourly.taxMinor),
      total: total(salesHourly.totalMinor),
      discount: total(salesHourly.discountMinor),
      serviceCharge: total(salesHourly.serviceChargeMinor),
      tip: total(salesHourly.tipMinor),
    })
    .from(salesHourly)
    .where(inHourly(tenantId, r))
    .groupBy(sql`grouping sets ((), (${localDate}), (${hour}), (${deliveryType}))`);
  const byDay = new Map<string, SalesFigures>();
  const byHour = new Map<number, SalesFigures>();
  const byDeliveryType = new Map<string, SalesFigures>();
  let totals = NO_SALES;
  for (const row of rows) {
    if (row.set === 0b111) totals = row;
    else if (row.set === 0b011 && row.day !== null) byDay.set(row.day, row);
    else if (row.set === 0b101 && row.hour !== null) byHour.set(Number(row.hour), row);
    else if (row.set === 0b110 && row.deliveryType !== null) byDeliveryType.set(row.deliveryType, row);
  }
  return { totals, byDay, byHour, byDeliveryType };
}
export type SalesSummary = Awaited<ReturnType<typeof salesSummary>>;

/**
 * Units and takings of every item sold in the range (at most one row per menu item, however many days),
 * with its title, price and category on the menu now: once it is gone, the title it was last sold under
 * and no price or category (item_id null). The top sellers and the categories are both added up from
 * these few rows.
 */
export function itemSales(tx: Tx, tenantId: number, r: SalesRange) {
  const sold = tx
    .select({
      tenantId: salesItemsDaily.tenantId,
      itemKey: salesItemsDaily.itemKey,
      itemId: sql<number | null>`max(${salesItemsDaily.itemId})`.as('item_id'),
      soldTitle:
        sql<string>`(array_agg(${salesItemsDaily.itemTitle} order by ${salesItemsDaily.localDate} desc))[1]`.as(
          'sold_title',
        ),
      units: sql<number>`sum(${salesItemsDaily.quantity})`.as('units'),
      takings: sql<number>`sum(${salesItemsDaily.totalMinor})`.as('takings'),
    })
    .from(salesItemsDaily)
    .where(inItems(tenantId, r))
    .groupBy(salesItemsDaily.tenantId, salesItemsDaily.itemKey)
    .as('sold');
  return tx
    .select({
      itemKey: sold.itemKey,
      itemId: sql<number | null>`${sold.itemId}`.mapWith((v) => (v === null ? null : Number(v))),
      title: sql<string>`coalesce(${menuItems.title}, ${sold.soldTitle})`,
      priceMinor: menuItems.priceMinor,
      category: categories.title,
      units: sql<number>`${sold.units}`.mapWith(Number),
      total: sql<number>`${sold.takings}`.mapWith(Number),
    })
    .from(sold)
    .leftJoin(menuItems, and(eq(menuItems.tenantId, sold.tenantId), eq(menuItems.id, sold.itemId)))
    .leftJoin(
      categories,
      and(eq(categories.tenantId, menuItems.tenantId), eq(categories.id, menuItems.categoryId)),
    );
}
export type ItemSale = Awaited<ReturnType<typeof itemSales>>[number];

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
 * The refunds made in the range (on the store day they were made, docs/voids.md), in its currency: how
 * many and what they gave back, tax included. The rollups already took them off the sales; this is the
 * figure of their own an owner reads beside the sales. Refunds are few: read from their table
 * (refunds_tenant_local_date_idx, migration 0035).
 */
export async function refundsMade(tx: Tx, tenantId: number, r: SalesRange) {
  const [row] = await tx
    .select({ count: count(), total: total(refunds.totalMinor) })
    .from(refunds)
    .where(
      and(
        eq(refunds.tenantId, tenantId),
        between(refunds.localDate, r.from, r.to),
        eq(refunds.currency, r.currency),
      ),
    );
  return row ?? { count: 0, total: 0 };
}

/**
 * Known customers who paid a bill in the range, and of them those with two or more paid bills by its
 * end: two in the range, or one before it (docs/reports.md).
 */
export async function payingCustomers(tx: Tx, tenantId: number, r: SalesRange) {
  const visits = tx
    .select({
      tenantId: customerVisits.tenantId,
      customerId: customerVisits.customerId,
      currency: customerVisits.currency,
      bills: sql<number>`sum(${customerVisits.bills})`.as('bills'),
    })
    .from(customerVisits)
    .where(
      and(
        eq(customerVisits.tenantId, tenantId),
        between(customerVisits.localDate, r.from, r.to),
        eq(customerVisits.currency, r.currency),
      ),
    )
    .groupBy(customerVisits.tenantId, customerVisits.customerId, customerVisits.currency)
    .as('v');
  const earlier = alias(customerVisits, 'earlier');
  const paidBefore = tx
    .select({ one: sql`1` })
    .from(earlier)
    .where(
      and(
        eq(earlier.tenantId, visits.tenantId),
        eq(earlier.customerId, visits.customerId),
        eq(earlier.currency, visits.currency),
        lt(earlier.localDate, r.from),
      ),
    )
    .limit(1);
  const [row] = await tx
    .select({
      total: count(),
      repeated: sql<number>`count(*) filter (where ${visits.bills} >= 2 or exists (${paidBefore}))`.mapWith(
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
