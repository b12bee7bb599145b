import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import landing from '../locales/en/landing.json';
import auth from '../locales/en/auth.json';
import dashboard from '../locales/en/dashboard.json';
import superadmin from '../locales/en/superadmin.json';
import status from '../locales/en/status.json';
import support from '../locales/en/support.json';
import settings from '../locales/en/settings.json';
import menu from '../locales/en/menu.json';
import users from '../locales/en/users.json';

/** English catalog, one namespace per area. Messages from the server and from shared validation pass through `t` as keys, so a later catalog can translate them too. */
export const resources = {
  en: { common, landing, auth, dashboard, superadmin, status, support, settings, menu, users },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en),
  // Keys may be whole sentences with ':' and '.', e.g. server messages.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
