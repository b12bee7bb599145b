import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run rates:refresh` as an operator runs it (the same command line), against a local HTTP server
// standing in for the rates provider: no internet here, and only the outside world is stood in for.

const SCRIPT = fileURLToPath(new URL('./refresh-rates.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

let answer: { status: number; body: string } = { status: 200, body: '{}' };
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/latest?from=USD`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const OLD =
  '{\n  "base": "USD",\n  "date": "2026-03-01",\n  "rates": {\n    "EUR": "0.9",\n    "GBP": "0.8"\n  }\n}\n';

function run(env: Record<string, string>) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

function ratesFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-rates-')), 'rates.json');
  fs.writeFileSync(file, OLD);
  return file;
}

describe('npm run rates:refresh', () => {
  it('writes what the provider answers as decimal text, codes sorted, and says what it wrote', async () => {
    const file = ratesFile();
    // The shape public rate services answer (Frankfurter's), rates as JSON numbers, one currency gone.
    answer = {
      status: 200,
      body: '{"amount":1.0,"base":"USD","date":"2026-03-10","rates":{"JPY":156.4,"EUR":0.92,"BHD":0.376}}',
    };
    const res = await run({ EXCHANGE_RATES_URL: url, EXCHANGE_RATES_FILE: file });
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out.trim()).toBe(
      `Exchange rates of 2026-03-10 (3 currencies, base USD) written to ${file}; no longer listed: GBP`,
    );
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      base: 'USD',
      date: '2026-03-10',
      rates: { BHD: '0.376', EUR: '0.92', JPY: '156.4' },
    });
    // In code order, as written: a diff between two refreshes shows only the rates that moved.
    expect(fs.readFileSync(file, 'utf8')).toMatch(
      /"BHD": "0.376",\n {4}"EUR": "0.92",\n {4}"JPY": "156.4"\n/,
    );
  });

  it.each([
    [
      200,
      '{"base":"EUR","date":"2026-03-10","rates":{"USD":1.08}}',
      /no usable rates \(base: must be "USD"\)/,
    ],
    [200, '{"base":"USD","date":"yesterday","rates":{"EUR":0.92}}', /no usable rates \(date: must be a date/],
    [200, '{"base":"USD","date":"2026-03-10","rates":{"EUR":-1}}', /no usable rates \(rates\.EUR: /],
    [200, '{"base":"USD","date":"2026-03-10","rates":{}}', /no usable rates \(rates: must list at least one/],
    [200, '<html>maintenance</html>', /no usable rates \(is not JSON\)/],
    [503, '{}', /answered HTTP 503/],
  ])('leaves the file as it was when the provider answers %i %s', async (status, body, message) => {
    const file = ratesFile();
    answer = { status, body };
    const res = await run({ EXCHANGE_RATES_URL: url, EXCHANGE_RATES_FILE: file });
    expect(res.code).toBe(1);
    expect(res.err).toMatch(message);
    expect(res.err).toMatch(/is unchanged\n$/);
    expect(fs.readFileSync(file, 'utf8')).toBe(OLD);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['rates.json']);
  });

  it('needs EXCHANGE_RATES_URL, and a reachable one', async () => {
    const file = ratesFile();
    const none = await run({ EXCHANGE_RATES_FILE: file });
    expect(none).toMatchObject({ code: 1 });
    expect(none.err.trim()).toBe(
      'Invalid configuration: EXCHANGE_RATES_URL is required to refresh the exchange rates',
    );
    const bad = await run({ EXCHANGE_RATES_URL: 'ftp://rates.example', EXCHANGE_RATES_FILE: file });
    expect(bad.err).toMatch(/^Invalid configuration: EXCHANGE_RATES_URL /);
    const closed = await run({ EXCHANGE_RATES_URL: 'http://127.0.0.1:1/rates', EXCHANGE_RATES_FILE: file });
    expect(closed.err).toMatch(/could not be read .*is unchanged/);
    expect(fs.readFileSync(file, 'utf8')).toBe(OLD);
  });
});
