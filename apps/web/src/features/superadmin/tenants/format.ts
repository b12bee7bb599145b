/** A timestamp as its date (SPEC §9: the first 10 characters), or a dash. */
export const dayOf = (value: string | null) => (value ? value.slice(0, 10) : '—');
