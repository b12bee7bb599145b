import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, type TestApp, createTenant, startTestApp } from '../../test/harness.ts';

/** A raw GET, so the body arrives as the server sent it (fetch would decode it and hide the size). */
function rawGet(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let app: TestApp;
let t: Tenant;
const get = (path: string, headers: Record<string, string> = {}, method?: string) =>
  rawGet(`${app.url}/api/v1${path}`, { cookie: t.client.cookieHeader(), ...headers }, method);

beforeAll(async () => {
  app = await startTestApp();
  t = await createTenant(app);
  // A menu's worth of items: the list answer is well past the 1 KB threshold.
  for (let i = 0; i < 12; i++)
    expect((await t.client.post('/menu-items/add', { title: `Dish number ${i}`, price: 9.5 })).status).toBe(
      200,
    );
});
afterAll(() => app.close());

describe('compressed API answers', () => {
  it('are brotli when the client accepts it, and decode to the plain answer', async () => {
    const plain = await get('/menu-items');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await get('/menu-items', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(
      JSON.parse(plain.body.toString()),
    );
  });

  it('are gzip to a client that accepts only gzip', async () => {
    const res = await get('/menu-items', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(res.body).toString())).toHaveLength(12);
  });

  it('are plain to a client that asks for no encoding, or only identity', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/menu-items', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toHaveLength(12);
    }
  });

  it('leave a small answer as it is', async () => {
    const res = await get('/health', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answer HEAD without a body', async () => {
    const res = await get('/menu-items', { 'accept-encoding': 'gzip, deflate, br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.length).toBe(0);
  });

  it('keep a CSV download whole: compressed, the same file, still an attachment', async () => {
    for (let i = 0; i < 20; i++)
      await t.client.post('/customers/add', {
        name: `Customer with a long name ${i}`,
        phone: `+3519123456${10 + i}`,
      });
    const plain = await get('/customers/export');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get('/customers/export', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/csv/);
    expect(br.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
  });
});
