// `npm run rates:refresh`: downloads the exchange rates from EXCHANGE_RATES_URL, checks them and
// rewrites EXCHANGE_RATES_FILE (docs/superadmin-reports.md). The file is left as it was on any failure.
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { parseExchangeRates, writeExchangeRates } from './exchange-rates.ts';

const DOWNLOAD_TIMEOUT_MS = 30_000;

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

async function refresh() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
  const url = config.exchangeRatesUrl;
  const file = config.exchangeRatesFile;
  if (!url) stop('Invalid configuration: EXCHANGE_RATES_URL is required to refresh the exchange rates');

  let text: string;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    if (!res.ok)
      stop(`Exchange rates not refreshed: ${url} answered HTTP ${res.status}; ${file} is unchanged`);
    text = await res.text();
  } catch (error) {
    stop(
      `Exchange rates not refreshed: ${url} could not be read (${(error as Error).message}); ${file} is unchanged`,
    );
  }

  let rates;
  try {
    rates = parseExchangeRates(text, { numbers: true });
  } catch (error) {
    stop(
      `Exchange rates not refreshed: ${url} answered no usable rates (${(error as Error).message}); ${file} is unchanged`,
    );
  }

  // Currencies the old file had and the new one lacks: their sales will show as unconverted.
  let dropped: string[] = [];
  try {
    const before = parseExchangeRates(fs.readFileSync(file, 'utf8'));
    dropped = Object.keys(before.rates).filter((code) => !(code in rates.rates));
  } catch {
    // No usable file before: nothing to compare with.
  }
  writeExchangeRates(file, rates);
  console.log(
    `Exchange rates of ${rates.date} (${Object.keys(rates.rates).length} currencies, base ${rates.base}) written to ${file}` +
      (dropped.length ? `; no longer listed: ${dropped.join(', ')}` : ''),
  );
}

await refresh();
