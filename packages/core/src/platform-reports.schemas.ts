import { z } from 'zod';
import { dateRangeQuery, isLocalDate } from './date-ranges.ts';
import { REPORT_FILTERS_EXCLUDED } from './reports.schemas.ts';

// The super administrator's dashboard and reports (SPEC §2 Super administrator, §3 Super dashboard and
// Super reports): figures across every tenant, money in US dollars. docs/superadmin-reports.md defines
// each one. Sales are converted from each store's currency with the operator's exchange-rates file.

/** The currency every platform figure is in, and the base the rates file is quoted against. */
export const PLATFORM_CURRENCY = 'USD';

/** How many items the super admin's Top Selling Items lists. */
export const PLATFORM_TOP_SELLING_MAX = 10;

/** GET /superadmin/reports?type=&from=&to=: the reports' filters (§9, no 'tomorrow'), on each store's days. */
export const platformReportQuery = dateRangeQuery(REPORT_FILTERS_EXCLUDED);
export type PlatformReportQuery = z.output<typeof platformReportQuery>;

// A positive decimal written as text ('0.92', '156.3'): rates are never floats.
const RATE = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,12})?$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** One rate: how many units of a currency one US dollar buys, as a decimal string (never a float). */
export const exchangeRateSchema = z
  .string()
  .regex(RATE, { error: 'must be a decimal written as text, like "0.92"' })
  .refine((v) => /[1-9]/.test(v), { error: 'must be above zero' });

/**
 * The exchange-rates file (EXCHANGE_RATES_FILE): `{ "base": "USD", "date": "YYYY-MM-DD", "rates":
 * { "EUR": "0.92", ... } }`, each rate the units of that currency one dollar buys on `date`.
 */
export const exchangeRatesFileSchema = z.object({
  base: z.literal(PLATFORM_CURRENCY, { error: 'must be "USD"' }),
  date: z.string().refine(isLocalDate, { error: 'must be a date written YYYY-MM-DD' }),
  rates: z
    .record(
      z.string().regex(CURRENCY_CODE, { error: 'must be a currency code of three capital letters' }),
      exchangeRateSchema,
    )
    .refine((r) => Object.keys(r).length > 0, { error: 'must list at least one currency' }),
});
export type ExchangeRates = z.infer<typeof exchangeRatesFileSchema>;

/**
 * `minor` units of a currency with `digits` decimals in US cents at `rate` (units per dollar, a decimal
 * string), rounded half away from zero to the cent. Exact: integers and BigInt, no float arithmetic.
 */
export function toUsdCents(minor: number, digits: number, rate: string): number {
  const match = RATE.exec(rate);
  if (!match || !/[1-9]/.test(rate)) throw new RangeError(`Not a rate: ${rate}`);
  const [whole = '0', fraction = ''] = rate.split('.');
  // cents = minor / 10^digits / (R / 10^s) × 100 = minor × 10^(s+2) / (R × 10^digits)
  const numerator = BigInt(Math.abs(minor)) * 10n ** BigInt(fraction.length + 2);
  const denominator = BigInt(whole + fraction) * 10n ** BigInt(digits);
  const rounded = (2n * numerator + denominator) / (2n * denominator);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Too large to convert: ${minor}`);
  const cents = Number(rounded);
  return minor < 0 ? -cents : cents;
}

/** Which rates converted the money figures, and what could not be converted (a currency the file lacks). */
export const conversionResponse = z.object({
  /** The rates file's base (USD) and date: the tooltip names it. */
  rates: z.object({ base: z.string(), date: z.string() }),
  /**
   * Sales in currencies the rates file lacks, left out of the USD figure and listed here with their
   * amount in that currency (a decimal of it) and the orders those bills paid.
   */
  unconverted: z.array(z.object({ currency: z.string(), amount: z.number(), orders: z.number() })),
});

/** GET /superadmin/dashboard (SPEC §3 Super dashboard): each store's own today; money in USD. */
export const platformDashboardResponse = z
  .object({
    /** Tenants whose is_active is true. */
    activeTenants: z.number(),
    /** Orders paid today, each store on its own clock. */
    ordersProcessedToday: z.number(),
    /** What those bills took, converted to USD (dollars with cents). */
    salesVolumeToday: z.number(),
    /** activeTenants × the plan's monthly price, in USD. */
    mrr: z.number(),
    /** mrr × 12. */
    arr: z.number(),
  })
  .extend(conversionResponse.shape);
export type PlatformDashboard = z.infer<typeof platformDashboardResponse>;

/** A top seller across tenants: units on paid bills in the range, with its store. */
export const platformTopItemResponse = z.object({
  tenant_name: z.string(),
  tenant_id: z.number(),
  /** null once the item was deleted from the menu before its bill was paid. */
  item_id: z.number().nullable(),
  title: z.string(),
  qty: z.number(),
});
export type PlatformTopItem = z.infer<typeof platformTopItemResponse>;

/** GET /superadmin/reports (SPEC §3 Super reports): a date filter's days at each store; money in USD. */
export const platformReportResponse = z
  .object({
    activeTenants: z.number(),
    mrr: z.number(),
    arr: z.number(),
    /** Customers added to any tenant's list in the range (each store's days). */
    totalCustomers: z.number(),
    topSellingItems: z.array(platformTopItemResponse),
    /** What the bills paid in the range took, converted to USD. */
    salesVolume: z.number(),
    /** Orders paid in the range. */
    ordersProcessed: z.number(),
  })
  .extend(conversionResponse.shape);
export type PlatformReport = z.infer<typeof platformReportResponse>;
