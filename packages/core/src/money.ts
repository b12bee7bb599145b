// An Intl.NumberFormat costs about 60 µs to build; the POS asks on every order.
const digitsOf = new Map<string, number>();

/** Minor-unit digits of a currency (USD 2, JPY 0, BHD 3), from Intl. */
export function currencyDigits(code: string): number {
  let digits = digitsOf.get(code);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    digitsOf.set(code, digits);
  }
  return digits;
}

/** Largest amount we accept in minor units: far above any menu price, far below 2^53. */
export const MAX_MINOR = 1_000_000_000_000;

/**
 * A decimal amount (as typed or sent as JSON) in integer minor units, or null when it is not a
 * non-negative amount with at most `digits` decimals. Parsed from its digits: no float arithmetic.
 */
export function toMinor(value: string | number, digits: number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > digits) return null;
  const minor = Number(whole + trimmed.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR ? minor : null;
}

/** Minor units as the decimal number the JSON edge and the forms carry (350, 2 → 3.5). */
export function fromMinor(minor: number, digits: number): number {
  return digits === 0 ? minor : Number(minorAsDecimal(minor, digits));
}

/** Minor units written as a plain decimal with all the currency's digits (350, 2 → '3.50'), as a CSV cell. */
export function minorAsDecimal(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Re-expresses minor units when a store changes to a currency with other digits (rounds half up). */
export function rescaleMinor(minor: number, fromDigits: number, toDigits: number): number {
  if (toDigits >= fromDigits) return minor * 10 ** (toDigits - fromDigits);
  const factor = 10 ** (fromDigits - toDigits);
  return Math.floor((minor + factor / 2) / factor);
}

// Building a formatter costs tens of microseconds; a POS screen formats hundreds of prices per render.
const formatters = new Map<string, Intl.NumberFormat>();

/** Shows an amount with its currency symbol (display only). */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  const digits = currencyDigits(currency);
  const key = `${locale} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, format);
  }
  return format.format(fromMinor(minor, digits));
}
