/** A currency the store can choose (SPEC §3: code, symbol, name). */
export interface Currency {
  code: string;
  symbol: string;
  name: string;
}

let cache: Currency[] | undefined;

/** Every ISO currency this runtime's Intl knows, with its symbol and English name, sorted by code. */
export function currencies(): Currency[] {
  if (cache) return cache;
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  cache = Intl.supportedValuesOf('currency').map((code) => ({
    code,
    symbol: currencySymbol(code),
    name: names.of(code) ?? code,
  }));
  return cache;
}

/** Whether a code is a currency Intl knows. */
export function isCurrency(code: string): boolean {
  return currencies().some((c) => c.code === code);
}

/** The symbol a receipt or menu shows for a currency (narrow: "$" rather than "US$"). */
export function currencySymbol(code: string): string {
  const part = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  })
    .formatToParts(1)
    .find((p) => p.type === 'currency');
  return part?.value ?? code;
}

/** Every IANA time zone this runtime knows, for the store's time-zone choice. */
export function timeZones(): string[] {
  return Intl.supportedValuesOf('timeZone');
}
