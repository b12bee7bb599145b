import {
  type DateRange,
  type ExchangeRates,
  PLAN_PRICE_CENTS,
  PLATFORM_CURRENCY,
  PLATFORM_TOP_SELLING_MAX,
  type PlatformDashboard,
  type PlatformReport,
  type PlatformReportQuery,
  currencyDigits,
  fromMinor,
  instantsOfRange,
  rangeFor,
  toUsdCents,
  todayIn,
} from '@comanda/core';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { ExchangeRatesSource } from './exchange-rates.ts';
import * as repo from './platform-reports.repo.ts';

const USD_DIGITS = currencyDigits(PLATFORM_CURRENCY);
const dollars = (cents: number) => fromMinor(cents, USD_DIGITS);

/** A store's calendar date now; UTC's for a zone this runtime does not know (as the rollups do). */
function todayAt(timezone: string, now: Date) {
  try {
    return { zone: timezone, today: todayIn(timezone, now) };
  } catch {
    return { zone: 'UTC', today: todayIn('UTC', now) };
  }
}

/** The days a filter covers in every zone stores are in, each on its own calendar. */
async function zoneDays(tx: Tx, now: Date, rangeOf: (today: string) => DateRange): Promise<repo.ZoneDays[]> {
  const zones = await repo.tenantTimezones(tx);
  return zones.map((timezone) => {
    const { zone, today } = todayAt(timezone, now);
    const range = rangeOf(today);
    const instants = instantsOfRange(range, zone);
    return { timezone, ...range, fromAt: instants.from, toAt: instants.to };
  });
}

/**
 * Each currency's takings in US cents at the file's rate, rounded half up once per currency, added up;
 * a currency the file lacks is listed apart (never dropped, never taken as dollars). Orders count
 * whatever the currency.
 */
function convert(sales: Awaited<ReturnType<typeof repo.salesByCurrency>>, rates: ExchangeRates) {
  let cents = 0;
  let orders = 0;
  const unconverted: PlatformDashboard['unconverted'] = [];
  for (const row of sales) {
    orders += row.orders;
    const digits = currencyDigits(row.currency);
    const rate = row.currency === PLATFORM_CURRENCY ? '1' : rates.rates[row.currency];
    if (rate === undefined) {
      unconverted.push({ currency: row.currency, amount: fromMinor(row.total, digits), orders: row.orders });
    } else {
      cents += toUsdCents(row.total, digits, rate);
    }
  }
  return {
    orders,
    salesVolume: dollars(cents),
    conversion: { rates: { base: rates.base, date: rates.date }, unconverted },
  };
}

/** What the active tenants pay a month and a year at the plan's price (SPEC §9), in dollars. */
function recurring(activeTenants: number) {
  const monthly = activeTenants * PLAN_PRICE_CENTS;
  return { mrr: dollars(monthly), arr: dollars(monthly * 12) };
}

/**
 * The super administrator's dashboard and reports (SPEC §2, §3): figures across every tenant, read as
 * comanda_system; docs/superadmin-reports.md defines each.
 */
export function createPlatformReportsService(ctx: AppContext, rates: ExchangeRatesSource) {
  const { database } = ctx;
  return {
    /** GET /superadmin/dashboard: each store's today. */
    async dashboard(): Promise<PlatformDashboard> {
      return database.asSystem(async (tx) => {
        const activeTenants = await repo.countActiveTenants(tx);
        const days = await zoneDays(tx, ctx.now(), (today) => ({ from: today, to: today }));
        const sales = convert(await repo.salesByCurrency(tx, days), rates.current());
        return {
          activeTenants,
          ordersProcessedToday: sales.orders,
          salesVolumeToday: sales.salesVolume,
          ...recurring(activeTenants),
          ...sales.conversion,
        };
      });
    },

    /** GET /superadmin/reports: a date filter's days at each store. */
    async report(query: PlatformReportQuery): Promise<PlatformReport> {
      return database.asSystem(async (tx) => {
        const activeTenants = await repo.countActiveTenants(tx);
        const days = await zoneDays(tx, ctx.now(), (today) =>
          rangeFor(query.type, today, {
            ...(query.from ? { from: query.from } : {}),
            ...(query.to ? { to: query.to } : {}),
          }),
        );
        const sales = convert(await repo.salesByCurrency(tx, days), rates.current());
        return {
          activeTenants,
          ...recurring(activeTenants),
          totalCustomers: await repo.countCustomersAdded(tx, days),
          topSellingItems: await repo.topItems(tx, days, PLATFORM_TOP_SELLING_MAX),
          salesVolume: sales.salesVolume,
          ordersProcessed: sales.orders,
          ...sales.conversion,
        };
      });
    },
  };
}

export type PlatformReportsService = ReturnType<typeof createPlatformReportsService>;
