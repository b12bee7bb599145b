import { timeZones } from '@comanda/core';

/** '+05:30' style offset of a zone now, or '' where the browser cannot say. */
function offsetOf(zone: string, now: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value;
    return part === 'GMT' ? '+00:00' : (part?.replace('GMT', '') ?? '');
  } catch {
    return '';
  }
}

export interface ZoneGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * The time zones for a searchable select, grouped by region (UTC first), each labelled with its city
 * and current offset. `current` is kept even if the list does not have it, so a saved value shows.
 */
export function timeZoneGroups(current?: string): ZoneGroup[] {
  const now = new Date();
  const names = new Set(timeZones());
  names.delete('UTC');
  if (current && current !== 'UTC') names.add(current);
  const groups = new Map<string, ZoneGroup['items']>();
  for (const zone of [...names].sort()) {
    const slash = zone.indexOf('/');
    const region = slash > 0 ? zone.slice(0, slash) : 'Other';
    const city = (slash > 0 ? zone.slice(slash + 1) : zone).replaceAll('_', ' ').replaceAll('/', ' / ');
    const items = groups.get(region) ?? [];
    items.push({ value: zone, label: `${city} (UTC${offsetOf(zone, now)})` });
    groups.set(region, items);
  }
  return [
    { group: 'UTC', items: [{ value: 'UTC', label: 'UTC (Coordinated Universal Time)' }] },
    ...[...groups].map(([group, items]) => ({ group, items })),
  ];
}
