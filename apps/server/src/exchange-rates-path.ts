import { fileURLToPath } from 'node:url';

/**
 * The exchange-rates file shipped with the server (apps/server/exchange-rates.json). This module sits
 * one folder below apps/server both as a source (src/) and once bundled (dist/main.js), so the same
 * relative address finds the file in development, tests and production.
 */
export const DEFAULT_EXCHANGE_RATES_FILE = fileURLToPath(new URL('../exchange-rates.json', import.meta.url));
