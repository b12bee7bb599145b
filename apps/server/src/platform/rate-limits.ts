import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { tenantContext } from './auth.ts';
import type { Database } from './db/client.ts';
import { fail } from './errors.ts';
import type { Api } from './http.ts';

type Incr = FastifyRateLimitStore['incr'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why a public route has no request budget: checked at start (`requirePublicLimit`). */
    rateLimitExempt?: string;
  }
}

type LimitCode = 'too_many_attempts' | 'too_many_orders' | 'too_many_requests';

/** The hooks `requestLimit` made, so that registration can tell a limited route from one that forgot. */
const limitHooks = new WeakSet<object>();

/**
 * Where the request counters live. On PostgreSQL every node counts in one table, so a guesser spread over
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
  // One statement outside a transaction, on the system pool: a public request's budget costs one round
  // trip and does not queue for the request pool it protects.
  const result = await database.statementAsSystem(async (db) => {
    return db.execute(sql`
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
 * The address a budget counts a client by: an IPv4 address as it is, an IPv6 address by its /64 (one
 * home or phone gets a whole /64 and can pick any address in it, so counting single addresses would
 * give it 2^64 budgets). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0] ?? ip;
  if (!bare.includes(':')) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array.from({ length: Math.max(0, 8 - headGroups.length - tailGroups.length) }, () => '0');
  const groups = tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
  const prefix = groups.slice(0, 4).map((g) => (Number.parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A budget of requests per key in a fixed window: past it the request is refused with `code` (a 429)
 * and `Retry-After`, before anything is read or written. `key` answering null means the budget does not
 * apply to that request. Used as an `onRequest` hook (runs before the body is read, so a flood is turned
 * away cheaply) or as a `preHandler` when the key is in the body.
 */
export function requestLimit(
  app: Api,
  opts: {
    max: number;
    timeWindow: number;
    key: (request: FastifyRequest) => string | null;
    code: LimitCode;
  },
) {
  const check = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.timeWindow,
    keyGenerator: (request) => opts.key(request) ?? '',
  });
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (opts.key(request) === null) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw fail(opts.code);
  };
  limitHooks.add(hook);
  return hook;
}

/**
 * A per-address budget a minute: for an auth endpoint, on top of the per-account one, it stops one
 * address from trying many accounts, while staying generous enough for a restaurant whose staff share
 * one address. `code` is what a refused request answers (too_many_attempts unless told).
 */
export function addressLimit(
  app: Api,
  max: number,
  scope: string,
  code: LimitCode = 'too_many_attempts',
  timeWindow = 60_000,
) {
  return requestLimit(app, {
    max,
    timeWindow,
    key: (request) => `${scope}:address:${addressKey(request.ip)}`,
    code,
  });
}

/**
 * A budget per signed-in user, for a route that checks a secret (a password, a manager's PIN): a
 * session left open on a shared tablet must not become a machine for guessing it. A route's
 * `config.rateLimit`, counted once the session is known (preHandler); `scope` names the route.
 */
export function userLimit(scope: string, max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const tc = tenantContext(request);
      return `${scope}:${tc.tenantId}:${tc.userId}`;
    },
  };
}

/**
 * Stops the start on a public route that anyone on the internet may call as often as they like: it has a
 * budget (a `requestLimit` hook, or @fastify/rate-limit's own `config.rateLimit`) or says in
 * `config.rateLimitExempt` why it needs none. Called from the API's onRoute hook, so a new public route
 * cannot forget.
 */
export function requirePublicLimit(route: RouteOptions): void {
  if (route.config?.rateLimit || route.config?.rateLimitExempt) return;
  const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
  if (hooks.some((hook) => hook && limitHooks.has(hook))) return;
  throw new Error(`${String(route.method)} ${route.url} is public and has no rate limit`);
}

/** What spending from a budget answers: allowed, or refused with the seconds until its window ends. */
export type Spent = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * A per-address budget spent by an HTTP route (`hook`, as `addressLimit`) and by what is no HTTP
 * request (`spend`: a socket's handshake or event), from one counter: asking over the socket gets a
 * client no second budget (issue 29 item 11). Counted in `rate_limit_counters` on either database, the
 * embedded one too (the plugin's memory store is per route, so the two ways would count apart). The key
 * is the one `addressLimit` gives the same scope.
 */
export function addressBudget(
  database: Database,
  opts: { max: number; scope: string; code: LimitCode; timeWindow?: number },
) {
  const timeWindow = opts.timeWindow ?? 60_000;
  const spend = async (ip: string): Promise<Spent> => {
    const { current, ttl } = await countHit(database, `${opts.scope}:address:${addressKey(ip)}`, timeWindow);
    if (current <= opts.max) return { allowed: true };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  };
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const spent = await spend(request.ip);
    if (spent.allowed) return;
    reply.header('retry-after', String(spent.retryAfter));
    throw fail(opts.code);
  };
  limitHooks.add(hook);
  return { spend, hook, code: opts.code };
}
export type AddressBudget = ReturnType<typeof addressBudget>;

/**
 * The client address of a request that does not go through Fastify (a socket's handshake), found as
 * Fastify finds `request.ip` under the same TRUST_PROXY: behind a load balancer every socket would
 * otherwise count as the balancer's.
 */
export function rawRequestAddress(
  trustProxy: boolean | string | ((address: string, hop: number) => boolean),
): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? '';
  const trust =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (request) => proxyAddr(request, trust);
}
