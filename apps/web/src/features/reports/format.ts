import { minorAsDecimal, toMinor } from '@comanda/core';
import type { AnswerCurrency } from '../../lib/money.ts';

/** A report's amount in minor units with its sign: refunds can take a day's figures below 0. */
function signedMinor(amount: number, digits: number): number {
  const minor = toMinor(Math.abs(amount), digits) ?? 0;
  return amount < 0 ? -minor : minor;
}

/** An hour of the store's day (0..23 or 'HH') as the clock shows it: '14:00'. */
export const hourLabel = (hour: number | string) => `${String(hour).padStart(2, '0')}:00`;

/** A calendar date ('YYYY-MM-DD') short, as written whatever the device's zone: '26 Nov'. */
export function shortDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * The change from the previous period in whole percent, or null when there was nothing before (a
 * change from nothing has no percentage). Amounts are compared in minor units, never as floats.
 */
export function percentChange(current: number, previous: number, currency?: AnswerCurrency): number | null {
  const [now, before] = currency
    ? [signedMinor(current, currency.digits), signedMinor(previous, currency.digits)]
    : [current, previous];
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 100);
}

/** An amount short, for a chart's axis: '$1.2K'. */
export function compactMoney(amount: number, currency: AnswerCurrency, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code,
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(amount);
}

/**
 * An amount as a CSV cell: the plain decimal with the currency's digits ('34.30', '-36.63' for a
 * negative one, as a spreadsheet reads it), no symbol.
 */
export function csvAmount(amount: number, { digits }: AnswerCurrency): string {
  return minorAsDecimal(signedMinor(amount, digits), digits);
}
