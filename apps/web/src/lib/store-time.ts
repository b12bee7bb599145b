/**
 * Dates and times on the store's clock, whatever the device's own time zone (SPEC §2: a store keeps
 * its own zone). Instants are formatted with the store's zone; a store wall time ('YYYY-MM-DDTHH:mm')
 * or a calendar date ('YYYY-MM-DD') is already the store's, so it is read in UTC and shown as written:
 * never parsed on the device's clock, where a skipped hour (a DST change) would shift it.
 */

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const WEEKDAY_DAY: Intl.DateTimeFormatOptions = { weekday: 'short', ...DAY };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A wall time or calendar date as a UTC instant with the same fields. */
const asUtc = (local: string) => new Date(`${local.slice(0, 10)}T${local.slice(11, 16) || '00:00'}:00Z`);

/** An instant as the store's calendar reads it: '23 Nov 2026'; a dash when there is none. */
export function storeDate(iso: string | null, timeZone: string, locale = 'en-GB'): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(locale, { ...DAY, timeZone }).format(new Date(iso));
}

/** An instant on the store's clock: 'Mon 23 Nov 2026, 19:30'. */
export function storeDateTime(iso: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { ...WEEKDAY_DAY, ...TIME, timeZone }).format(new Date(iso));
}

/** An instant's time on the store's clock: '19:30'. */
export function storeTime(iso: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { ...TIME, timeZone }).format(new Date(iso));
}

/** A calendar date ('YYYY-MM-DD', e.g. a birth date) as written: '17 May 1990'; a dash when there is none. */
export function calendarDate(date: string | null, locale = 'en-GB'): string {
  if (!date) return '—';
  return new Intl.DateTimeFormat(locale, { ...DAY, timeZone: 'UTC' }).format(asUtc(date));
}

/** A store wall time's day ('YYYY-MM-DDTHH:mm'), as written: 'Tue, 10 Mar 2026'. */
export function wallDay(local: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { ...WEEKDAY_DAY, timeZone: 'UTC' }).format(asUtc(local));
}

/** A store wall time ('YYYY-MM-DDTHH:mm') as written: 'Mon 23 Nov 2026, 19:30'. */
export function wallDateTime(local: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { ...WEEKDAY_DAY, ...TIME, timeZone: 'UTC' }).format(asUtc(local));
}

/** A store wall time's clock: '19:30'. */
export const wallClock = (local: string) => local.slice(11, 16);
