import {
  type Dashboard,
  DELIVERY_TYPES,
  type DateRange,
  type Report,
  type ReportQuery,
  TOP_SELLING_MAX,
  type TopSellingItem,
  averageMinor,
  instantsOfRange,
  addDays,
  addMonths,
  currencyDigits,
  currencySymbol,
  daysBetween,
  fromMinor,
  rangeFor,
  todayIn,
} from '@comanda/core';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import * as reservationsRepo from '../reservations/reservations.repo.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as repo from './reports.repo.ts';

/** The store's clock and currency, which every figure is read in. */
async function storeFrame(tx: Tx, tenantId: number, now: Date) {
  const timezone = await tenantsRepo.getTimezone(tx, tenantId);
  const { currency: code } = await storeRepo.getStoreSettings(tx, tenantId);
  const digits = currencyDigits(code);
  return {
    timezone,
    today: todayIn(timezone, now),
    currency: { code, symbol: currencySymbol(code), digits },
    money: (minor: number) => fromMinor(minor, digits),
  };
}
type Frame = Awaited<ReturnType<typeof storeFrame>>;

/**
 * The period a report compares with: the calendar month before a month filter's month, otherwise as
 * many days just before the range.
 */
function previousRange(type: ReportQuery['type'], range: DateRange): DateRange {
  if (type === 'this_month' || type === 'last_month') {
    return { from: addMonths(range.from, -1), to: addDays(range.from, -1) };
  }
  const days = daysBetween(range.from, range.to) + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** Code-point order: the same on every database and machine. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The best sellers by units, then takings, then item; `price` the menu's now, or the average paid. Only
 * items with units left once refunds are taken off (net units above 0): an item whose every unit sold
 * in the range came back, or that only had refunds in it (of an earlier day's sale), sold nothing here.
 * Voided lines were never billed, so they are not in the units at all.
 */
function topSelling(items: repo.ItemSale[], frame: Frame): TopSellingItem[] {
  return items
    .filter((r) => r.units > 0)
    .sort((a, b) => b.units - a.units || b.total - a.total || byText(a.itemKey, b.itemKey))
    .slice(0, TOP_SELLING_MAX)
    .map((r) => ({
      item_id: r.itemId,
      title: r.title,
      price: frame.money(r.priceMinor ?? averageMinor(r.total, r.units)),
      orders_count: r.units,
      revenue: frame.money(r.total),
    }));
}

/** Units and takings by the items' category now ('' for none, or the item gone), most takings first. */
function byCategory(items: repo.ItemSale[]) {
  const categories = new Map<string, { units: number; total: number }>();
  for (const item of items) {
    const key = item.category ?? '';
    const sum = categories.get(key) ?? { units: 0, total: 0 };
    categories.set(key, { units: sum.units + item.units, total: sum.total + item.total });
  }
  return [...categories]
    .map(([key, sum]) => ({ key, ...sum }))
    .sort((a, b) => b.total - a.total || byText(a.key, b.key));
}

/** The figures the dashboard and a report share, for one range of store days. */
async function rangeFigures(tx: Tx, tenantId: number, frame: Frame, range: DateRange) {
  const sales = { ...range, currency: frame.currency.code };
  const instants = instantsOfRange(range, frame.timezone);
  return {
    summary: await repo.salesSummary(tx, tenantId, sales),
    items: await repo.itemSales(tx, tenantId, sales),
    customers: await repo.payingCustomers(tx, tenantId, sales),
    newCustomers: await repo.countNewCustomers(tx, tenantId, instants.from, instants.to),
    refunds: await repo.refundsMade(tx, tenantId, sales),
    instants,
  };
}

/** The home dashboard and the reports screen (SPEC §2 Home, Reports): sales read from the rollups. */
export function createReportsService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** GET /dashboard: the store's today. */
    async dashboard(tc: TenantContext): Promise<Dashboard> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const frame = await storeFrame(tx, tc.tenantId, ctx.now());
        const today = { from: frame.today, to: frame.today };
        const figures = await rangeFigures(tx, tc.tenantId, frame, today);
        const bookings = await reservationsRepo.listReservationsBetween(
          tx,
          tc.tenantId,
          figures.instants.from,
          figures.instants.to,
        );
        return {
          date: frame.today,
          reservations: bookings.map((r) => reservationsRepo.toReservation(r, frame.timezone)),
          topSellingItems: topSelling(figures.items, frame),
          ordersCount: figures.summary.totals.orders,
          newCustomerCount: figures.newCustomers,
          repeatedCustomerCount: figures.customers.repeated,
          revenueTotal: frame.money(figures.summary.totals.total),
          currency: frame.currency,
        };
      });
    },

    /** GET /reports: a date filter's store days, beside the period before. */
    async report(tc: TenantContext, query: ReportQuery): Promise<Report> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const frame = await storeFrame(tx, tc.tenantId, ctx.now());
        const range = rangeFor(query.type, frame.today, {
          ...(query.from ? { from: query.from } : {}),
          ...(query.to ? { to: query.to } : {}),
        });
        const previous = previousRange(query.type, range);
        const { money } = frame;

        const figures = await rangeFigures(tx, tc.tenantId, frame, range);
        const before = await repo.salesSummary(tx, tc.tenantId, {
          ...previous,
          currency: frame.currency.code,
        });
        const payments = await repo.salesByPaymentType(tx, tc.tenantId, {
          ...range,
          currency: frame.currency.code,
        });
        const granularity = range.from === range.to ? 'hour' : 'day';

        // A one-day chart has the day's 24 hours ('HH') beside the previous day's; a longer one each date
        // beside the previous period's date at the same place, while it has one.
        const at = (s: repo.SalesSummary, key: string) =>
          granularity === 'hour' ? s.byHour.get(Number(key)) : s.byDay.get(key);
        const slots =
          granularity === 'hour'
            ? Array.from({ length: 24 }, (_, h) => ({ key: String(h), previousKey: String(h) }))
            : Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) => {
                const previousDay = addDays(previous.from, i);
                return {
                  key: addDays(range.from, i),
                  previousKey: previousDay <= previous.to ? previousDay : null,
                };
              });
        const label = (key: string) => (granularity === 'hour' ? key.padStart(2, '0') : key);
        const { customers, summary } = figures;
        const { totals } = summary;
        return {
          from: range.from,
          to: range.to,
          timezone: frame.timezone,
          currency: frame.currency,
          ordersCount: totals.orders,
          invoicesCount: totals.invoices,
          newCustomers: figures.newCustomers,
          repeatedCustomers: customers.repeated,
          totalCustomers: customers.total,
          averageOrderValue: money(averageMinor(totals.total, totals.orders)),
          netRevenue: money(totals.net),
          taxTotal: money(totals.tax),
          revenueTotal: money(totals.total),
          discountTotal: money(totals.discount),
          serviceChargeTotal: money(totals.serviceCharge),
          tipTotal: money(totals.tip),
          // Revenue is after refunds (the rollups take them off on the day they are made); the sales
          // before them and the refunds are the two figures the Z report prints (docs/reports.md).
          salesTotal: money(totals.total + figures.refunds.total),
          refundsCount: figures.refunds.count,
          refundTotal: money(figures.refunds.total),
          topSellingItems: topSelling(figures.items, frame),
          previous: {
            from: previous.from,
            to: previous.to,
            ordersCount: before.totals.orders,
            revenueTotal: money(before.totals.total),
          },
          revenueSeries: {
            granularity,
            points: slots.map(({ key, previousKey }) => {
              const now = at(summary, key);
              const then = previousKey === null ? undefined : at(before, previousKey);
              return {
                label: label(key),
                revenue: money(now?.total ?? 0),
                orders: now?.orders ?? 0,
                previousLabel: previousKey === null ? null : label(previousKey),
                previousRevenue: previousKey === null ? null : money(then?.total ?? 0),
              };
            }),
          },
          byPaymentType: payments.map((p) => ({ key: p.key, count: p.payments, revenue: money(p.total) })),
          byDiningOption: DELIVERY_TYPES.map((d) => ({
            key: d,
            count: summary.byDeliveryType.get(d)?.orders ?? 0,
            revenue: money(summary.byDeliveryType.get(d)?.total ?? 0),
          })),
          byCategory: byCategory(figures.items).map((c) => ({
            key: c.key,
            count: c.units,
            revenue: money(c.total),
          })),
          busiestHours: Array.from({ length: 24 }, (_, h) => ({
            key: h,
            count: summary.byHour.get(h)?.orders ?? 0,
            revenue: money(summary.byHour.get(h)?.total ?? 0),
          })),
        };
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
