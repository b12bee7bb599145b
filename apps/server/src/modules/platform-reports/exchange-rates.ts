import fs from 'node:fs';
import path from 'node:path';
import { type ExchangeRates, exchangeRatesFileSchema } from '@comanda/core';
import { ConfigError } from '../../platform/config.ts';

/**
 * Reads a rates file's text: JSON in the shape of exchangeRatesFileSchema. `numbers: true` also takes
 * rates written as JSON numbers (what public rate APIs answer) and writes them as the decimal text
 * JavaScript prints for them (0.92 → "0.92"); the file itself must hold text.
 */
export function parseExchangeRates(text: string, { numbers = false } = {}): ExchangeRates {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('is not JSON');
  }
  if (numbers && json && typeof json === 'object' && 'rates' in json) {
    const rates = json.rates;
    if (rates && typeof rates === 'object') {
      json.rates = Object.fromEntries(
        Object.entries(rates).map(([code, rate]) => [code, typeof rate === 'number' ? String(rate) : rate]),
      );
    }
  }
  const parsed = exchangeRatesFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new Error(`${where}${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

/** Writes a rates file whole or not at all (a temporary file renamed over it), codes sorted. */
export function writeExchangeRates(file: string, rates: ExchangeRates) {
  const sorted = {
    base: rates.base,
    date: rates.date,
    rates: Object.fromEntries(Object.entries(rates.rates).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(temporary, file);
}

/**
 * The operator's rates file (EXCHANGE_RATES_FILE), read again whenever it changes on disk, so a refresh
 * needs no restart. The first read happens at start: a missing or invalid file stops it with one line
 * naming the variable. A file spoilt later keeps the last good rates and logs why.
 */
export function exchangeRatesFile(file: string, log: { warn(obj: object, msg: string): void }) {
  const stampOf = () => {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs} ${stat.size}`;
  };
  const parse = () => parseExchangeRates(fs.readFileSync(file, 'utf8'));
  let current: { stamp: string; rates: ExchangeRates };
  try {
    current = { stamp: stampOf(), rates: parse() };
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : (error as Error).message;
    throw new ConfigError(`Invalid configuration: EXCHANGE_RATES_FILE ${file} ${reason}`);
  }
  // Said once per problem, not on every request while it lasts.
  let problem = '';
  const warn = (error: unknown) => {
    const reason = (error as Error).message;
    if (reason !== problem)
      log.warn({ file, reason }, 'exchange-rates file unusable; keeping the last good rates');
    problem = reason;
  };
  return {
    current(): ExchangeRates {
      try {
        const stamp = stampOf();
        if (stamp !== current.stamp) {
          // A spoilt version is not read again until the file changes once more.
          current = { stamp, rates: current.rates };
          current = { stamp, rates: parse() };
          problem = '';
        }
      } catch (error) {
        warn(error);
      }
      return current.rates;
    },
  };
}
export type ExchangeRatesSource = ReturnType<typeof exchangeRatesFile>;
