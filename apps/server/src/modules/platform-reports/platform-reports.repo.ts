import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';

// Figures across every tenant, read as comanda_system (migration 0015 grants exactly these reads). The
// sales come from the rollups the tenant reports read (0011), one row per store, day, hour and
// currency, so a day of the whole platform reads a few rows per store however many orders it had.
//
// A date filter means each store's own days: "today" at a store in Auckland is not today in Honolulu.
// Stores are grouped by time zone, and each zone's days are passed in as a small VALUES list that the
// tenants and rollups are joined to (at most one row per zone in use, a few hundred at most).

/** The days a filter covers in one time zone: local dates, and the instants they run between. */
export interface ZoneDays {
  timezone: string;
  from: string;
  to: string;
  /** Midnight starting `from` and midnight after `to` (excluded), in the zone. */
  fromAt: Date;
  toAt: Date;
}

/** The rows of a raw query, whichever driver answered. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The zones' days as a relation d(timezone, from_date, to_date, from_at, to_at). */
function daysOf(days: ZoneDays[]): SQL {
  const rows = days.map(
    (d) =>
      sql`(${d.timezone}::text, ${d.from}::date, ${d.to}::date, ${d.fromAt.toISOString()}::timestamptz, ${d.toAt.toISOString()}::timestamptz)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as d (timezone, from_date, to_date, from_at, to_at)`;
}

/**
 * The earliest and latest day (and instant) of all zones: the same bounds as constants, beside each row's
 * own. Without them the planner cannot tell how few days a row's range holds and reads the whole
 * rollup table (EXPLAIN with 200 stores and a year of rollups: ~300 ms instead of ~25 ms; see
 * docs/superadmin-reports.md).
 */
function span(days: ZoneDays[]) {
  const first = <T>(values: T[], pick: (a: T, b: T) => boolean) =>
    values.reduce((a, b) => (pick(a, b) ? a : b));
  return {
    from: first(
      days.map((d) => d.from),
      (a, b) => a <= b,
    ),
    to: first(
      days.map((d) => d.to),
      (a, b) => a >= b,
    ),
    fromAt: first(
      days.map((d) => d.fromAt.toISOString()),
      (a, b) => a <= b,
    ),
    toAt: first(
      days.map((d) => d.toAt.toISOString()),
      (a, b) => a >= b,
    ),
  };
}

/** Tenants that are active (is_active). */
export async function countActiveTenants(tx: Tx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from tenants where is_active`),
  );
  return Number(row?.n ?? 0);
}

/** The time zones stores are in. */
export async function tenantTimezones(tx: Tx): Promise<string[]> {
  const rows = rowsOf<{ timezone: string }>(
    await tx.execute(sql`select distinct timezone from tenants order by timezone`),
  );
  return rows.map((r) => r.timezone);
}

/** Orders paid and takings (minor units) in each currency bills were paid in, over the zones' days. */
export async function salesByCurrency(tx: Tx, days: ZoneDays[]) {
  if (days.length === 0) return [];
  const all = span(days);
  const rows = rowsOf<{ currency: string; orders: number | string; total: number | string }>(
    await tx.execute(sql`
      select h.currency, sum(h.orders)::bigint as orders, sum(h.total_minor)::bigint as total
      from ${daysOf(days)}
      join tenants t on t.timezone = d.timezone
      join sales_hourly h on h.tenant_id = t.id and h.local_date between d.from_date and d.to_date
        and h.local_date between ${all.from}::date and ${all.to}::date
      group by h.currency
      order by h.currency`),
  );
  return rows.map((r) => ({ currency: r.currency, orders: Number(r.orders), total: Number(r.total) }));
}

/**
 * The items with the most units on paid bills over the zones' days, across stores: one row per store
 * and item (its currencies together), under the title it was last sold under in the range. Ties go to
 * the older store, then the item's key in byte order: the same on every database. Units are added up
 * first and only the ten winners' titles and store names are looked up (a title per group, kept in an
 * array_agg, cost a third more over a month of 200 stores).
 */
export async function topItems(tx: Tx, days: ZoneDays[], limit: number) {
  if (days.length === 0) return [];
  const all = span(days);
  const rows = rowsOf<{
    tenant_id: number | string;
    tenant_name: string;
    item_id: number | string | null;
    title: string;
    qty: number | string;
  }>(
    await tx.execute(sql`
      with top as (
        select s.tenant_id, s.item_key, max(s.item_id) as item_id, max(s.local_date) as last_day,
          sum(s.quantity)::bigint as qty
        from ${daysOf(days)}
        join tenants t on t.timezone = d.timezone
        join sales_items_daily s on s.tenant_id = t.id and s.local_date between d.from_date and d.to_date
          and s.local_date between ${all.from}::date and ${all.to}::date
        group by s.tenant_id, s.item_key
        order by qty desc, s.tenant_id, s.item_key collate "C"
        limit ${limit}
      )
      select top.tenant_id, t.name as tenant_name, top.item_id, top.qty,
        (select l.item_title from sales_items_daily l
          where l.tenant_id = top.tenant_id and l.local_date = top.last_day and l.item_key = top.item_key
          order by l.currency collate "C" limit 1) as title
      from top join tenants t on t.id = top.tenant_id
      order by top.qty desc, top.tenant_id, top.item_key collate "C"`),
  );
  return rows.map((r) => ({
    tenant_id: Number(r.tenant_id),
    tenant_name: r.tenant_name,
    item_id: r.item_id === null ? null : Number(r.item_id),
    title: r.title,
    qty: Number(r.qty),
  }));
}

/** Customers added to any store's list between the zones' instants. */
export async function countCustomersAdded(tx: Tx, days: ZoneDays[]): Promise<number> {
  if (days.length === 0) return 0;
  const all = span(days);
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n
      from ${daysOf(days)}
      join tenants t on t.timezone = d.timezone
      join customers c on c.tenant_id = t.id and c.created_at >= d.from_at and c.created_at < d.to_at
        and c.created_at >= ${all.fromAt}::timestamptz and c.created_at < ${all.toAt}::timestamptz`),
  );
  return Number(row?.n ?? 0);
}
