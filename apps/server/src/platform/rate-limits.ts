import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from './db/client.ts';
import { fail } from './errors.ts';
import type { Api } from './http.ts';

type Incr = FastifyRateLimitStore['incr'];

/**
 * Where the sign-in counters live. On PostgreSQL every node counts in one table, so a guesser spread over
 * the nodes behind a load balancer gets the limit once, not once per node. The embedded database is one
 * process: the plugin's own memory store is exact there and costs no write.
 */
export function rateLimitStore(database: Database): FastifyRateLimitStoreCtor | undefined {
  if (database.kind !== 'postgres') return undefined;
  class PostgresStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
      countHit(database, key, timeWindow).then(
        (state) => callback(null, state),
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
      );
    }
    // One table for every route: each key already names its route.
    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return PostgresStore;
}

/** Counts one hit in a fixed window; the first hit after a window ends starts the next one. */
async function countHit(database: Database, key: string, timeWindowMs: number) {
  // Hashed: the table holds no addresses or usernames, only counts.
  const id = crypto.createHash('sha256').update(key).digest('base64url');
  // Expired windows are swept now and then by whichever request comes by (no timer per node): in a
  // statement of its own, in small batches that skip rows another request holds, so it can neither
  // deadlock with a count nor hold one up. A failed sweep only leaves the work to the next one.
  if (Math.random() < 0.01) {
    void database
      .asSystem((tx) =>
        tx.execute(sql`delete from rate_limit_counters where key in (
          select key from rate_limit_counters where reset_at < now() limit 500 for update skip locked)`),
      )
      .catch(() => undefined);
  }
  const result = await database.asSystem(async (tx) => {
    return tx.execute(sql`
      insert into rate_limit_counters as c (key, hits, reset_at)
      values (${id}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
        reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
      returning hits, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`);
  });
  const [row] = (result as { rows: { hits: number; ttl: number }[] }).rows;
  return { current: row?.hits ?? 0, ttl: Math.max(0, row?.ttl ?? 0) };
}

/**
 * A per-address budget for one auth endpoint, on top of the per-account one: it stops one address from
 * trying many accounts, while staying generous enough for a restaurant whose staff share one address.
 * Runs before the body is read, so a flood is turned away cheaply.
 */
export function addressLimit(app: Api, max: number, scope: string) {
  const check = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${scope}:address:${request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw fail('too_many_attempts');
  };
}
