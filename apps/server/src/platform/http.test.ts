import http from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTenant, startTestApp } from '../../test/harness.ts';
import { registerErrorHandler } from './errors.ts';

/** Collects what the app logs, line by line, as pino writes it. */
class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get text() {
    return this.lines.join('\n');
  }
}

/** A raw HTTP request, so a test can send any Host header (fetch refuses to). */
function raw(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: opts.method ?? 'POST',
        path: opts.path,
        headers: opts.headers,
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

let app: TestApp;
const logs = new LogCapture();
beforeAll(async () => {
  app = await startTestApp({}, { logStream: logs });
});
afterAll(() => app.close());

describe('NUL characters', () => {
  it.each([
    ['/auth/signup', { biz_name: 'Cafe\u0000', username: 'nul@cafe.test', password: 'correct horse' }],
    ['/auth/signin', { username: 'nul\u0000@cafe.test', password: 'x' }],
    ['/auth/forgot-password', { username: 'a\u0000@b.co' }],
  ])('answers 400 with a clear message to an anonymous %s, and logs no parameters', async (path, body) => {
    const res = await app.client().post(path, body);
    expect(res).toMatchObject({ status: 400, body: { message: 'Text must not contain NUL characters!' } });
    expect(logs.text).not.toContain('argon2');
    expect(logs.text).not.toMatch(/unhandled error/);
  });

  it('refuses NUL in the query string and in nested fields of a signed-in call', async () => {
    const t = await createTenant(app);
    expect(await t.client.get('/menu-items?x=%00')).toMatchObject({
      status: 400,
      body: { message: 'Text must not contain NUL characters!' },
    });
    expect(
      await t.client.post('/menu-items/add', { title: 'Tea', price: 1, variants: [{ title: 'a\u0000' }] }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Text must not contain NUL characters!' },
    });
  });
});

describe('path parameters the schema refuses', () => {
  it("answer 404 in the path schema's own words: Not found! for an id, Invalid Request! for a username", async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/categories/abc/update', { title: 'X' })).toMatchObject({
      status: 404,
      body: { message: 'Not found!', code: 'not_found' },
    });
    expect(await t.client.post('/users/update-password/%20', { password: 'long enough' })).toMatchObject({
      status: 404,
      body: { message: 'Invalid Request!', code: 'validation' },
    });
  });
});

describe('logged database errors', () => {
  it('keep the code and statement, never the parameters', async () => {
    const capture = new LogCapture();
    const probe = Fastify({ logger: { level: 'info', stream: capture } });
    registerErrorHandler(probe);
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
    // A real driver error carrying a parameter: division by zero is not one the handler translates.
    probe.get('/boom', () => app.database.asSystem((tx) => tx.execute(sql`select ${secret}::text, 1 / 0`)));
    const res = await probe.inject({ method: 'GET', url: '/boom' });
    await probe.close();
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ code: 'internal', message: 'Something went wrong!' });
    expect(capture.text).toContain('unhandled error');
    expect(capture.text).toContain('22012');
    expect(capture.text).not.toContain('argon2');
  });
});

describe('Origin check', () => {
  const signout = (headers: Record<string, string>) =>
    raw(app.url, {
      path: '/api/v1/auth/signout',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
  const refused = {
    status: 403,
    body: JSON.stringify({ message: 'Cross-site request refused!', code: 'cross_site' }),
  };

  it("lets a POST from PUBLIC_URL's origin, or with no browser headers at all, through to sign-in", async () => {
    const host = new URL(app.url).host;
    // Past the Origin check, the auth hook answers: these callers carry no session.
    const passed = {
      status: 401,
      body: JSON.stringify({ message: 'Please sign in to continue!', code: 'unauthorized' }),
    };
    expect(await signout({ host, origin: app.url })).toEqual(passed);
    expect(await signout({ host })).toEqual(passed);
    expect(await signout({ host, 'sec-fetch-site': 'same-origin' })).toEqual(passed);
    expect(await signout({ host, 'sec-fetch-site': 'none' })).toEqual(passed);
  });

  it('refuses a DNS-rebinding page that sends its own name as both Host and Origin', async () => {
    const port = new URL(app.url).port;
    expect(
      await signout({ host: `rebind.example:${port}`, origin: `http://rebind.example:${port}` }),
    ).toEqual(refused);
  });

  it('compares the scheme and port too, and refuses cross-site and same-site fetches without Origin', async () => {
    const u = new URL(app.url);
    expect(await signout({ host: u.host, origin: `https://${u.host}` })).toEqual(refused);
    expect(await signout({ host: u.host, origin: `http://${u.hostname}:1` })).toEqual(refused);
    expect(await signout({ host: u.host, origin: 'null' })).toEqual(refused);
    expect(await signout({ host: u.host, 'sec-fetch-site': 'cross-site' })).toEqual(refused);
    expect(await signout({ host: u.host, 'sec-fetch-site': 'same-site' })).toEqual(refused);
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, nosniff and a referrer policy, and no HSTS on http', async () => {
    const res = await app.client().get('/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives: Record<string, string> = Object.fromEntries(
      csp.split(';').map((d): [string, string] => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'worker-src': "'self' blob:",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
    });
    expect(directives['connect-src']).toBe(`'self' ${app.url.replace('http', 'ws')}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const secure = await startTestApp({ PUBLIC_URL: 'https://pos.example.com' });
    try {
      const res = await secure.client().get('/health');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(res.headers.get('content-security-policy')).toContain(
        "connect-src 'self' wss://pos.example.com",
      );
    } finally {
      await secure.close();
    }
  });
});

describe('API_DOCS', () => {
  const docs = async (a: TestApp) => {
    const res = await fetch(`${a.url}/api/docs`);
    return { status: res.status, html: (await res.text()).includes('swagger-ui') };
  };

  it('serves the OpenAPI page by default on an http PUBLIC_URL', async () => {
    expect(await docs(app)).toEqual({ status: 200, html: true });
  });

  it('answers 404 when API_DOCS=off, and by default on an https PUBLIC_URL', async () => {
    for (const env of [{ API_DOCS: 'off' }, { PUBLIC_URL: 'https://pos.example.com' }] as Record<
      string,
      string
    >[]) {
      const a = await startTestApp(env);
      try {
        expect(await docs(a), JSON.stringify(env)).toEqual({ status: 404, html: false });
      } finally {
        await a.close();
      }
    }
  });

  it('serves it on https when API_DOCS=on', async () => {
    const a = await startTestApp({ PUBLIC_URL: 'https://pos.example.com', API_DOCS: 'on' });
    try {
      expect(await docs(a)).toEqual({ status: 200, html: true });
    } finally {
      await a.close();
    }
  });
});
