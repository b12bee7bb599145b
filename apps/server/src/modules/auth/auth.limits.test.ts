import { describe, expect, it } from 'vitest';
import { SUPERADMIN, createTenant, startTestApp, uniqueUsername } from '../../../test/harness.ts';

const TOO_MANY = { status: 429, body: { message: 'Too many attempts! Please try again in a minute.' } };

describe('guessing is limited per address as well as per account', () => {
  it('stops one address trying many accounts on sign-in, sign-up, forgot-password and refresh', async () => {
    // TRUST_PROXY lets the test speak from several addresses through X-Forwarded-For.
    const app = await startTestApp({ AUTH_ADDRESS_RATE_LIMIT: '4', TRUST_PROXY: 'true' });
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const attempts: [string, (i: number) => unknown][] = [
        ['/auth/signin', () => ({ username: uniqueUsername(), password: 'wrong password' })],
        ['/auth/signup', () => ({ biz_name: 'Cafe', username: 'not an email', password: 'long enough' })],
        ['/auth/forgot-password', () => ({ username: uniqueUsername() })],
        ['/auth/refresh-token', () => undefined],
        ['/superadmin/refresh-token', () => undefined],
      ];
      for (const [path, body] of attempts) {
        for (let i = 0; i < 4; i += 1) {
          const res = await app.client().post(path, body(i), from('203.0.113.7'));
          expect(res.status, `${path} attempt ${i + 1}`).not.toBe(429);
        }
        expect(await app.client().post(path, body(4), from('203.0.113.7')), path).toMatchObject(TOO_MANY);
        // Another address has its own budget.
        expect((await app.client().post(path, body(5), from('198.51.100.9'))).status, path).not.toBe(429);
      }
      const limited = await app
        .client()
        .post('/auth/signin', { username: 'a@b.co', password: 'x' }, from('203.0.113.7'));
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 300_000);

  it('shares its counters between app nodes on one PostgreSQL database', async () => {
    const env = { AUTH_ADDRESS_RATE_LIMIT: '4', AUTH_RATE_LIMIT: '3' };
    const first = await startTestApp(env);
    const second = await startTestApp(env, { database: first.database });
    try {
      const signin = (node: typeof first, username = uniqueUsername()) =>
        node.client().post('/auth/signin', { username, password: 'wrong password' });
      const username = uniqueUsername();
      expect((await signin(first, username)).status).toBe(401);
      expect((await signin(second, username)).status).toBe(401);
      expect((await signin(first, username)).status).toBe(401);
      expect((await signin(second)).status).toBe(401);
      // PostgreSQL: every node counts in one table. The embedded database is a single process, where
      // one node is the whole deployment and counts in memory.
      const shared = first.database.kind === 'postgres';
      expect((await signin(second, username)).status).toBe(shared ? 429 : 401);
      expect((await signin(second)).status).toBe(shared ? 429 : 401);
    } finally {
      await second.close();
      await first.close();
    }
  }, 300_000);
});

describe('password hashing is capped', () => {
  it('answers 429 past a full queue instead of piling up argon2 runs, and serves real users after', async () => {
    const app = await startTestApp({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' });
    try {
      const t = await createTenant(app);
      const flood = await Promise.all(
        Array.from({ length: 12 }, () =>
          app.client().post('/auth/signin', { username: uniqueUsername(), password: 'wrong password' }),
        ),
      );
      const busy = flood.filter((r) => r.status === 429);
      expect(busy.length).toBeGreaterThan(0);
      for (const r of busy)
        expect(r.body).toEqual({
          code: 'server_busy',
          message: 'The server is busy! Please try again in a moment.',
        });
      // One running and two queued were served.
      expect(flood.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(3);
      expect(
        (await app.client().post('/auth/signin', { username: t.username, password: t.password })).status,
      ).toBe(200);
      expect((await app.client().post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    } finally {
      await app.close();
    }
  }, 300_000);
});
