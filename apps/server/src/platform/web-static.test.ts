import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../../test/harness.ts';

// A small stand-in for apps/web/dist laid out as `npm run build` writes it: hashed assets with their
// precompressed variants, a small asset with none, a stray source map, and index.html.
const ENTRY = `console.log(${JSON.stringify('comanda '.repeat(400))});\n`;
const SMALL = 'export const small = 1;\n';
const INDEX = `<!doctype html><html><head><title>Comanda</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>\n`;

let dist: string;
let app: TestApp;

function writeWithVariants(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  writeWithVariants(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'm.html'), INDEX.replace('Comanda', 'Menu'));
  writeWithVariants(path.join(dist, 'assets/index-Abc123.js'), ENTRY);
  fs.writeFileSync(path.join(dist, 'assets/small-Def456.js'), SMALL);
  fs.writeFileSync(path.join(dist, 'assets/index-Abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await startTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** GET with exactly this Accept-Encoding (fetch decompresses the body, the headers stay as sent). */
const get = (pathname: string, acceptEncoding: string) =>
  fetch(app.url + pathname, { headers: { 'accept-encoding': acceptEncoding } });

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('hashed assets', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('with Accept-Encoding "%s" answer the %s variant, cached for a year', async (accept, encoding) => {
    const res = await get('/assets/index-Abc123.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // Never revalidated, so no validators.
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('last-modified')).toBeNull();
    expect(await res.text()).toBe(ENTRY);
  });

  it('answer the plain file to a client that accepts no compression', async () => {
    const res = await get('/assets/index-Abc123.js', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(ENTRY)));
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toBe(ENTRY);
  });

  it('answer the plain file where the build wrote no compressed variant', async () => {
    const res = await get('/assets/small-Def456.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await res.text()).toBe(SMALL);
  });

  it('never publish a source map, even one left in the build', async () => {
    const res = await get('/assets/index-Abc123.js.map', 'identity');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret.ts');
  });

  it('answer a JSON 404 for a missing asset, not the app page', async () => {
    const res = await get('/assets/index-Old999.js', 'br, gzip');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found!', code: 'not_found' });
  });
});

describe('the app page', () => {
  it.each(['/', '/login', '/dashboard/home'])(
    '%s answers index.html, compressed and never cached',
    async (page) => {
      const res = await get(page, 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('answers index.html uncompressed to a client that accepts no compression', async () => {
    const res = await get('/', 'identity');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/', '/login'])(
    '%s answers HEAD like GET, without a body (uptime checks, link previews)',
    async (page) => {
      const res = await fetch(`${app.url}${page}`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe('');
    },
  );

  it('files outside assets/ keep their name across builds, so they are revalidated', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('an unknown API path stays a JSON 404', async () => {
    const res = await get('/api/v1/no-such-thing', 'br, gzip');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found!', code: 'not_found' });
  });
});

describe('security headers', () => {
  // The document-only ones: each would be dead weight on a script, style, font or image.
  const DOCUMENT_ONLY = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it.each([
    ['GET', '/assets/index-Abc123.js'],
    ['GET', '/assets/small-Def456.js'],
    ['HEAD', '/assets/index-Abc123.js'],
  ])('%s %s carries nosniff and CORP, none of the document-only headers', async (method, pathname) => {
    const res = await fetch(app.url + pathname, { method, headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), name).toBeNull();
  });

  it.each(['/', '/index.html', '/login', '/m/some-store', '/favicon.svg'])(
    '%s keeps the full set, the Content-Security-Policy first',
    async (pathname) => {
      const res = await get(pathname, 'br, gzip');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      for (const name of DOCUMENT_ONLY) expect(res.headers.get(name), name).not.toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it('a missing asset answers its JSON 404 with nosniff', async () => {
    const res = await get('/assets/index-Old999.js', 'br, gzip');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
