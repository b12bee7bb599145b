/**
 * The SQL of GET /reports and GET /dashboard, written by hand statement for statement as drizzle sends
 * it from apps/server/src/modules/reports/reports.repo.ts and the repos it uses (checked against the
 * query builder's output, parameters included). The baseline runs these; the bench EXPLAINs them.
 * Change them when the app's repo changes, or the ratio stops comparing the same work.
 */

/** A statement and its parameters, named for the EXPLAIN file. */
export interface Statement {
  name: string;
  text: string;
  params: unknown[];
}

/** A range of store days in one currency. */
export interface SalesRange {
  from: string;
  to: string;
  currency: string;
}

const HOURLY_WHERE = `where ("sales_hourly"."tenant_id" = $1 and "sales_hourly"."local_date" between $2 and $3 and "sales_hourly"."currency" = $4)`;
const ITEMS_WHERE = `where ("sales_items_daily"."tenant_id" = $1 and "sales_items_daily"."local_date" between $2 and $3 and "sales_items_daily"."currency" = $4)`;

export const TIMEZONE = `select "timezone" from "tenants" where "tenants"."id" = $1 limit $2`;
export const STORE_SETTINGS = `select "tenant_id", "store_name", "address", "phone", "email", "currency", "image", "is_qr_menu_enabled", "is_qr_order_enabled", "unique_qr_code", "kitchen_warn_minutes", "kitchen_late_minutes", "updated_at" from "store_settings" where "store_settings"."tenant_id" = $1 limit $2`;
const SALES_SUMMARY = `select grouping("local_date", "hour", "delivery_type"), "local_date"::text, "hour", "delivery_type", coalesce(sum("invoices"), 0), coalesce(sum("orders"), 0), coalesce(sum("net_minor"), 0), coalesce(sum("tax_minor"), 0), coalesce(sum("total_minor"), 0) from "sales_hourly" ${HOURLY_WHERE} group by grouping sets ((), ("sales_hourly"."local_date"), ("sales_hourly"."hour"), ("sales_hourly"."delivery_type"))`;
const ITEM_SALES = `select "sold"."item_key", "item_id", coalesce("menu_items"."title", "sold_title"), "menu_items"."price_minor", "categories"."title", "units", "takings" from (select "tenant_id", "item_key", max("item_id") as "item_id", (array_agg("item_title" order by "local_date" desc))[1] as "sold_title", sum("quantity") as "units", sum("total_minor") as "takings" from "sales_items_daily" ${ITEMS_WHERE} group by "sales_items_daily"."tenant_id", "sales_items_daily"."item_key") "sold" left join "menu_items" on ("menu_items"."tenant_id" = "sold"."tenant_id" and "menu_items"."id" = "item_id") left join "categories" on ("categories"."tenant_id" = "menu_items"."tenant_id" and "categories"."id" = "menu_items"."category_id")`;
const PAYING_CUSTOMERS = `select count(*), count(*) filter (where "bills" >= 2 or exists ((select 1 from "customer_visits" "earlier" where ("earlier"."tenant_id" = "v"."tenant_id" and "earlier"."customer_id" = "v"."customer_id" and "earlier"."currency" = "v"."currency" and "earlier"."local_date" < $1) limit $2))) from (select "tenant_id", "customer_id", "currency", sum("bills") as "bills" from "customer_visits" where ("customer_visits"."tenant_id" = $3 and "customer_visits"."local_date" between $4 and $5 and "customer_visits"."currency" = $6) group by "customer_visits"."tenant_id", "customer_visits"."customer_id", "customer_visits"."currency") "v"`;
const NEW_CUSTOMERS = `select count(*) from "customers" where ("customers"."tenant_id" = $1 and "customers"."created_at" >= $2 and "customers"."created_at" < $3)`;
const BY_PAYMENT_TYPE = `select "payment_type", coalesce(sum("payments"), 0), coalesce(sum("amount_minor"), 0) from "sales_payments_daily" where ("sales_payments_daily"."tenant_id" = $1 and "sales_payments_daily"."local_date" between $2 and $3 and "sales_payments_daily"."currency" = $4) group by "sales_payments_daily"."payment_type" order by coalesce(sum("sales_payments_daily"."amount_minor"), 0) desc, "sales_payments_daily"."payment_type" asc`;
const RESERVATIONS_BETWEEN = `select "reservations"."id", "reservations"."unique_code", "reservations"."customer_id", "customers"."name", "customers"."phone", "reservations"."starts_at", "reservations"."table_id", "store_tables"."title", "store_tables"."floor", "reservations"."status", "reservations"."notes", "reservations"."people_count", "reservations"."created_at", "reservations"."updated_at" from "reservations" inner join "customers" on ("customers"."tenant_id" = "reservations"."tenant_id" and "customers"."id" = "reservations"."customer_id") left join "store_tables" on ("store_tables"."tenant_id" = "reservations"."tenant_id" and "store_tables"."id" = "reservations"."table_id") where ("reservations"."tenant_id" = $1 and ("reservations"."starts_at" >= $2 and "reservations"."starts_at" < $3)) order by "reservations"."starts_at" asc, "reservations"."id" asc`;

const inRange = (tenantId: number, r: SalesRange) => [tenantId, r.from, r.to, r.currency];

/** The statements of rangeFigures (reports.service.ts): the sales summary, item sales, customers. */
export function rangeFigureStatements(
  tenantId: number,
  range: SalesRange,
  instants: { from: Date; to: Date },
): Statement[] {
  return [
    { name: 'sales summary', text: SALES_SUMMARY, params: inRange(tenantId, range) },
    { name: 'item sales', text: ITEM_SALES, params: inRange(tenantId, range) },
    {
      name: 'paying customers',
      text: PAYING_CUSTOMERS,
      params: [range.from, 1, tenantId, range.from, range.to, range.currency],
    },
    { name: 'new customers', text: NEW_CUSTOMERS, params: [tenantId, instants.from, instants.to] },
  ];
}

/** What a report reads after rangeFigures, in the service's order. */
export function reportRestStatements(tenantId: number, range: SalesRange, previous: SalesRange): Statement[] {
  return [
    { name: 'previous period summary', text: SALES_SUMMARY, params: inRange(tenantId, previous) },
    { name: 'payment types', text: BY_PAYMENT_TYPE, params: inRange(tenantId, range) },
  ];
}

/** The dashboard's last statement: today's bookings with guest and table. */
export function reservationsStatement(tenantId: number, instants: { from: Date; to: Date }): Statement {
  return {
    name: "today's reservations",
    text: RESERVATIONS_BETWEEN,
    params: [tenantId, instants.from, instants.to],
  };
}

// The report's date arithmetic (packages/core's date-ranges.ts), by hand: the baseline uses no app code.

/** A 'YYYY-MM-DD' date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' date moved by whole months, clamped to the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Days from one date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, at: Date) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  const p: Record<string, string> = {};
  for (const { type, value } of f.formatToParts(at)) p[type] = value;
  return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The store's calendar date at an instant. */
export function todayIn(timeZone: string, now = new Date()): string {
  const p = partsIn(timeZone, now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The instant a store day starts (its midnight, or the first instant after a skipped one). */
export function midnightIn(date: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  const offset = (at: number) => {
    const p = partsIn(timeZone, new Date(at));
    return (
      Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(at / 1000) * 1000
    );
  };
  const candidates = [asUtc - offset(asUtc - 86_400_000), asUtc - offset(asUtc + 86_400_000)].sort(
    (a, b) => a - b,
  );
  const exact = candidates.filter((c) => {
    const p = partsIn(timeZone, new Date(c));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}` === `${date}T00:00`;
  });
  return new Date(exact[0] ?? candidates[candidates.length - 1]!);
}

export type ReportType = 'today' | 'yesterday' | 'last_7days' | 'this_month' | 'last_month' | 'custom';

/** The store days a report filter covers (core's rangeFor) and the period it is compared with. */
export function reportRanges(type: ReportType, today: string, custom: { from?: string; to?: string }) {
  let range: { from: string; to: string };
  switch (type) {
    case 'today':
      range = { from: today, to: today };
      break;
    case 'yesterday':
      range = { from: addDays(today, -1), to: addDays(today, -1) };
      break;
    case 'last_7days':
      range = { from: addDays(today, -6), to: today };
      break;
    case 'this_month':
    case 'last_month': {
      const first = addMonths(`${today.slice(0, 7)}-01`, type === 'this_month' ? 0 : -1);
      range = { from: first, to: addDays(addMonths(first, 1), -1) };
      break;
    }
    case 'custom': {
      const from = custom.from ?? today;
      range = { from, to: custom.to ?? addMonths(from, 1) };
    }
  }
  const previous =
    type === 'this_month' || type === 'last_month'
      ? { from: addMonths(range.from, -1), to: addDays(range.from, -1) }
      : (() => {
          const days = daysBetween(range.from, range.to) + 1;
          return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
        })();
  return { range, previous };
}
