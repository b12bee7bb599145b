import { z } from 'zod';

// Money fields of forms and requests. Apart from money.ts so that a page that only shows prices (the
// diners' menu) does not load zod.

/**
 * A money field of a form or request: a non-negative decimal (number or numeric string). It stays a
 * decimal string here; the service turns it into minor units with the store's currency digits.
 * `emptyAs` lets a blank field count as a value (a variant's empty price is 0).
 */
export function amountInput(message: string, emptyAs?: string) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }), z.null(), z.undefined()], {
      error: message,
    })
    .transform((v) => (typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : (v ?? '').trim()))
    .transform((v) => (v === '' && emptyAs !== undefined ? emptyAs : v))
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && v.length <= 20, { error: message });
}

/** An optional money field: blank or missing is null. */
export function optionalAmountInput(message: string) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }), z.null()], { error: message })
    .optional()
    .transform((v) => (v === null || v === undefined ? null : typeof v === 'number' ? String(v) : v.trim()))
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || (/^\d+(\.\d+)?$/.test(v) && v.length <= 20), { error: message });
}
