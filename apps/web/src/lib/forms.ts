import { useEffect, useEffectEvent } from 'react';
import type { z } from 'zod';
import i18n from './i18n.ts';

/**
 * Mantine form validation from a shared zod schema: the same schema, and so the same spec messages,
 * that the server answers with. The first message of each field is shown, translated.
 */
export function zodValidate<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= i18n.t(issue.message);
    }
    return errors;
  };
}

/**
 * Fills a form with what the server answered, each time a new answer arrives, and takes it as the
 * form's clean state (edit screens: profile, store details, print settings).
 */
export function useFillForm<D, V>(
  form: { setValues: (values: V) => void; resetDirty: (values?: V) => void },
  data: D | undefined,
  toValues: (data: D) => V,
) {
  const fill = useEffectEvent((d: D) => {
    const values = toValues(d);
    form.setValues(values);
    form.resetDirty(values);
  });
  useEffect(() => {
    if (data !== undefined) fill(data);
  }, [data]);
}
