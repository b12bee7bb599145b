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

const symbolOf = new Map<string, string>();

/** The symbol a receipt or menu shows for a currency (narrow: "$" rather than "US$"). */
export function currencySymbol(code: string): string {
  let symbol = symbolOf.get(code);
  if (symbol === undefined) {
    const part = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    })
      .formatToParts(1)
      .find((p) => p.type === 'currency');
    symbol = part?.value ?? code;
    symbolOf.set(code, symbol);
  }
  return symbol;
}

// ICU still lists some zones under names IANA has since replaced; people know them by the new ones.
const CURRENT_ZONE_NAMES: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Godthab': 'America/Nuuk',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  'Europe/Kiev': 'Europe/Kyiv',
};

/** A time zone under the name IANA uses today ('Asia/Calcutta' → 'Asia/Kolkata', 'Etc/UTC' → 'UTC'). */
export function currentTimeZoneName(zone: string): string {
  return CURRENT_ZONE_NAMES[zone] ?? zone;
}

/** Every IANA time zone this runtime knows, under current names, with UTC, for the store's time zone. */
export function timeZones(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone').map(currentTimeZoneName));
  names.add('UTC');
  return [...names].sort();
}
