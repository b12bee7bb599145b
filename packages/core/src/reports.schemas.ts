import { z } from 'zod';
import { type DateFilter, dateRangeQuery } from './date-ranges.ts';
import { currencyResponse, DELIVERY_TYPES } from './orders.schemas.ts';
import { reservationResponse } from './reservations.schemas.ts';

// The home dashboard and the reports screen (SPEC §2 Home, Reports; §3 Dashboard response, Report).
// Every figure counts paid invoices of the store's current currency, by the instant they were paid, in
// the store's time zone; docs/reports.md defines each one. Amounts are decimals of the currency.

/** How many top sellers the dashboard and a report list. */
export const TOP_SELLING_MAX = 10;

/** The filters the reports screen offers (SPEC §9: as the lists, but no 'tomorrow'). */
export const REPORT_FILTERS_EXCLUDED = ['tomorrow'] as const satisfies readonly DateFilter[];

/** GET /reports?type=&from=&to=: type defaults to today; custom ranges up to MAX_RANGE_DAYS. */
export const reportQuery = dateRangeQuery(REPORT_FILTERS_EXCLUDED);
export type ReportQuery = z.output<typeof reportQuery>;

/**
 * A top seller: units sold on paid orders less those refunded (`orders_count`, always above 0: cancelled
 * lines and items with nothing left after refunds are left out), `price` the item's
 * menu price now (the average paid per unit once the item is deleted: then `item_id` is null and
 * `title` the one it was last sold under) and `revenue` its lines' totals.
 */
export const topSellingItemResponse = z.object({
  item_id: z.number().nullable(),
  title: z.string(),
  price: z.number(),
  orders_count: z.number(),
  revenue: z.number(),
});
export type TopSellingItem = z.infer<typeof topSellingItemResponse>;

/** GET /dashboard (SPEC §3 Dashboard response): the store's today, on its clock. */
export const dashboardResponse = z.object({
  /** The store's calendar date the figures are for, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Today's bookings, earliest first, cancelled ones included (their status says so). */
  reservations: z.array(reservationResponse),
  topSellingItems: z.array(topSellingItemResponse),
  /** Orders paid today. */
  ordersCount: z.number(),
  /** Customers added today. */
  newCustomerCount: z.number(),
  /** Customers who paid today and had paid before (2+ paid bills up to now). */
  repeatedCustomerCount: z.number(),
  /** What was taken today, tax included. */
  revenueTotal: z.number(),
  currency: currencyResponse,
});
export type Dashboard = z.infer<typeof dashboardResponse>;

/** One point of the revenue chart: an hour ('00'..'23') of one day, or a date of a longer range. */
export const revenuePointResponse = z.object({
  /** 'YYYY-MM-DD' by day, 'HH' (store time) by hour. */
  label: z.string(),
  revenue: z.number(),
  orders: z.number(),
  /** The same place in the previous period ('YYYY-MM-DD' or 'HH'); null where it is shorter. */
  previousLabel: z.string().nullable(),
  previousRevenue: z.number().nullable(),
});
export type RevenuePoint = z.infer<typeof revenuePointResponse>;

/** A row of a breakdown table: what it is, how many paid orders (or invoices, for payment types) and how much. */
const breakdownRow = <K extends z.ZodType>(key: K) =>
  z.object({ key, count: z.number(), revenue: z.number() });

/** GET /reports (SPEC §3 Report), with the breakdowns owners read beside it. */
export const reportResponse = z.object({
  /** The store days the report covers, both included, and the store's time zone. */
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  currency: currencyResponse,

  /** Orders paid in the range (one bill may pay several). */
  ordersCount: z.number(),
  /** Bills (invoices) paid in the range. */
  invoicesCount: z.number(),
  /** Customers added in the range. */
  newCustomers: z.number(),
  /** Known customers who paid in the range and had 2+ paid bills by its end. */
  repeatedCustomers: z.number(),
  /** Known customers who paid in the range (distinct). */
  totalCustomers: z.number(),
  /** revenueTotal / ordersCount, rounded half up to the currency's minor unit; 0 with no orders. */
  averageOrderValue: z.number(),
  /** Before tax (inclusive taxes taken out). */
  netRevenue: z.number(),
  taxTotal: z.number(),
  /** netRevenue + taxTotal: what the till took. */
  revenueTotal: z.number(),
  /** Discounts given (off the lines' prices; revenue is after them), service charges and tips. */
  discountTotal: z.number(),
  serviceChargeTotal: z.number(),
  tipTotal: z.number(),
  /**
   * Refunds made in the range (on the day they were made), their count and what they gave back, tax
   * included; revenueTotal is already after them, and salesTotal is before them: revenueTotal +
   * refundTotal, what the bills paid in the range took (the Z report's sales total over a shift).
   */
  salesTotal: z.number(),
  refundsCount: z.number(),
  refundTotal: z.number(),
  topSellingItems: z.array(topSellingItemResponse),

  /** The period just before, as long as this one (a calendar month before a month filter). */
  previous: z.object({
    from: z.string(),
    to: z.string(),
    ordersCount: z.number(),
    revenueTotal: z.number(),
  }),
  /** Revenue by hour of the day for a one-day range, by day otherwise, with the previous period's. */
  revenueSeries: z.object({
    granularity: z.enum(['hour', 'day']),
    points: z.array(revenuePointResponse),
  }),
  /** Invoices by payment type as paid (its title then); `count` counts payments. */
  byPaymentType: z.array(breakdownRow(z.string())),
  /** Paid orders by dining option, all three always listed. */
  byDiningOption: z.array(breakdownRow(z.enum(DELIVERY_TYPES))),
  /** Lines by the item's category now ('' for items without one or deleted); `count` counts units. */
  byCategory: z.array(breakdownRow(z.string())),
  /** Paid orders by the hour of the day they were paid (store time), all 24 hours listed; key 0..23. */
  busiestHours: z.array(breakdownRow(z.number())),
});
export type Report = z.infer<typeof reportResponse>;
