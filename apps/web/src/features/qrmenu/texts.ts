import texts from '../../locales/en/qrmenu.json';

// The diners' pages read their one namespace directly rather than through i18next (about 15 KB of
// script gzipped): a phone on a slow network downloads the menu's texts and nothing else. Keys and
// `{{name}}` marks follow the i18next catalogs, and `count` picks `_one` / `_other` the same way.
const catalog: Record<string, string> = texts;
const plural = new Intl.PluralRules('en');

/** The text of `key`, its `{{name}}` marks filled from `values`; the key itself when missing. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  const count = values.count;
  const text =
    (typeof count === 'number' ? catalog[`${key}_${plural.select(count)}`] : undefined) ??
    catalog[key] ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (mark, name: string) => String(values[name] ?? mark));
}
