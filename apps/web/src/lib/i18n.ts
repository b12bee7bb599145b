import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';

// Every namespace but `common` is its own small chunk, fetched with the screens that use it, so the landing
// page does not download the back office's texts. `common` ships with the app: the loading and error
// screens need it before any screen's chunk arrives.
const catalogs = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
]);

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no catalog ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (catalog) => callback(null, catalog.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** English catalog, one namespace per area. Messages from the server and from shared validation pass through `t` as keys, so a later catalog can translate them too. */
void i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    resources: { en: { common } },
    // `common` is bundled above; the other namespaces come from lazyCatalogs when first needed.
    partialBundledLanguages: true,
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    ns: ['common'],
    // Keys may be whole sentences with ':' and '.', e.g. server messages.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next advertises its hosted service in the console when a backend other than theirs is used.
    showSupportNotice: false,
  });

/** Fetches a screen's namespaces alongside its code, so it does not render once, suspend and fetch them. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

export default i18n;
