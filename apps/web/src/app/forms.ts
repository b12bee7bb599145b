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
