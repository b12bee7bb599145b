import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', billing: 'off', databaseUrl: undefined });
    expect(c.publicUrl).toBe('http://127.0.0.1:3000');
    expect(c.cookieSecure).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SUPERADMIN_USERNAME: 'root@x.io' }, 'SUPERADMIN_PASSWORD'],
    [{ BILLING: 'stripe' }, 'STRIPE_SECRET_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_APP_URL: 'postgres://web@db/comanda' }, 'DATABASE_APP_URL'],
    [{ API_DOCS: 'maybe' }, 'API_DOCS'],
    [{ STRIPE_API_URL: 'localhost:12111' }, 'STRIPE_API_URL'],
    [{ DATABASE_POOL_MODE: 'statement' }, 'DATABASE_POOL_MODE'],
    [{ DATABASE_POOL_MODE: 'transaction' }, 'DATABASE_POOL_MODE'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '30s' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
  ])('stops with one line naming the variable for %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('reads the Stripe settings, STRIPE_API_URL included (tests point the SDK at a stand-in)', () => {
    const env = {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk',
      STRIPE_WEBHOOK_SECRET: 'wh',
      STRIPE_PRICE_ID: 'price',
    };
    expect(loadConfig(env).stripe.apiUrl).toBeUndefined();
    expect(loadConfig({ ...env, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({
      billing: 'stripe',
      stripe: { secretKey: 'sk', webhookSecret: 'wh', priceId: 'price', apiUrl: 'http://127.0.0.1:12111' },
    });
  });

  it('takes transaction pooling (PgBouncer) only with Redis for realtime', () => {
    expect(loadConfig({}).databasePoolMode).toBe('session');
    const pooled = { DATABASE_POOL_MODE: 'transaction', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig(pooled)).toMatchObject({
      databasePoolMode: 'transaction',
      redisUrl: 'redis://cache:6379',
    });
    expect(() => loadConfig({ DATABASE_POOL_MODE: 'transaction' })).toThrow(
      'Invalid configuration: DATABASE_POOL_MODE transaction needs REDIS_URL',
    );
  });

  it('limits a statement to 30 seconds unless told otherwise; 0 leaves it to the database', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).databaseStatementTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
  });

  it('uses secure cookies behind an https PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://pos.example.com/' })).toMatchObject({
      publicUrl: 'https://pos.example.com',
      cookieSecure: true,
    });
  });
});

describe('TRUST_PROXY', () => {
  it('trusts one hop for true, a number of hops for a number, and nothing by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const one = loadConfig({ TRUST_PROXY: 'true' }).trustProxy;
    expect(typeof one === 'function' && [one('10.0.0.1', 0), one('10.0.0.2', 1)]).toEqual([true, false]);
    const two = loadConfig({ TRUST_PROXY: '2' }).trustProxy;
    expect(typeof two === 'function' && [two('a', 1), two('b', 2)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });
});
