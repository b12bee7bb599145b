/** A timestamp as its date (SPEC §9: the first 10 characters), or a dash. */
export const dayOf = (value: string | null) => (value ? value.slice(0, 10) : '—');

const valueText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * An audit entry's details as a line to read: a change ({ field: { from, to } }) as
 * 'field: from → to', other details as 'key: value', separated by semicolons.
 */
export function auditDetails(details: unknown): string {
  if (details === null || details === undefined) return '—';
  if (typeof details !== 'object' || Array.isArray(details)) return valueText(details);
  const parts = Object.entries(details).map(([key, v]) => {
    if (v && typeof v === 'object' && 'from' in v && 'to' in v) {
      const change = v as { from: unknown; to: unknown };
      return `${key}: ${valueText(change.from)} → ${valueText(change.to)}`;
    }
    return `${key}: ${valueText(v)}`;
  });
  return parts.length ? parts.join('; ') : '—';
}
