import type { IncomingMessage, Server as HttpServer } from 'node:http';
import {
  DINER_SOCKET_EVENTS,
  type DinerOrderStatus,
  type TenantEvents,
  statusTokenParams,
} from '@comanda/core';
import { type DefaultEventsMap, Server, type Socket } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Events } from '../../platform/events.ts';
import { AppError, fail, loggableError } from '../../platform/errors.ts';
import { ACCESS_TTL_SECONDS, COOKIES } from '../../platform/session-tokens.ts';
import fastifyCookie from '@fastify/cookie';
import { originAllowed, sameOriginPolicy } from '../../platform/http.ts';
import { type AddressBudget, addressBudget, rawRequestAddress } from '../../platform/rate-limits.ts';
import type { AuthService } from '../auth/auth.service.ts';

/** Rooms are named by the server from the session; a client never names one. */
export const tenantRoom = (tenantId: number) => `tenant:${tenantId}`;
const deviceRoom = (tenantId: number, deviceId: number) => `device:${tenantId}:${deviceId}`;
const userRoom = (tenantId: number, userId: number) => `user:${tenantId}:${userId}`;
/** A diner's order (issue 11): keyed by its unguessable status token, the only thing it is told about. */
export const dinerRoom = (statusToken: string) => `diner:${statusToken}`;
/** A diner's page follows one order; a few more (reopened tabs, a table's second order) are plenty. */
const MAX_FOLLOWED = 10;
/**
 * `follow_order` requests a socket may send in its life, answered or not: a page sends one per
 * (re)connect and order. Each also spends from its address's order-status budget (shared with the
 * HTTP route), and each handshake from the address's socket budget: reconnecting buys no lookups.
 */
const MAX_FOLLOW_ATTEMPTS = 20;

/** What the realtime server asks of the QR menu: an order's status by its token (404 when unknown). */
export interface DinerStatuses {
  status(statusToken: string): Promise<DinerOrderStatus>;
}

interface SocketSession {
  tenantId: number;
  userId: number;
  deviceId: number;
  /** When the device session ends unless refreshed meanwhile (ms since the epoch). */
  endsAt: number;
}

/**
 * How often an open tenant socket reads its session again, as an HTTP request does with each access
 * token: a revocation whose notice was lost (a node down as it was sent) closes the socket by then.
 */
const SESSION_RECHECK_MS = ACCESS_TTL_SECONDS * 1000;

/**
 * socket.io on the app's own port (ARCHITECTURE §5). The handshake's session cookie decides the tenant
 * room; sockets without a session (the public QR menu) join no tenant room, only the rooms of the
 * orders they follow by status token (`follow_order`). Events that clients emit
 * (`authenticate`, `*_backend`) are accepted for compatibility and grant nothing: the server emits the
 * real events itself after each commit.
 */
export async function startRealtime(
  httpServer: HttpServer,
  ctx: AppContext,
  auth: AuthService,
  diners: DinerStatuses,
  /** The order-status budget of GET /qrmenu/order-status, which `follow_order` spends from too. */
  statusBudget: AddressBudget,
  /** Tests read sessions more often, to see an end they bring about on the app clock. */
  sessionRecheckMs = SESSION_RECHECK_MS,
) {
  const policy = sameOriginPolicy(ctx.config.publicUrl);
  const addressOf = rawRequestAddress(ctx.config.trustProxy);
  // Handshakes without a session, per address and minute (issue 29 item 11): as many as order-status
  // lookups. A signed-in screen is not counted: its session is what it pays with.
  const handshakeBudget = addressBudget(ctx.database, {
    max: ctx.config.qrStatusRateLimit,
    scope: 'socket',
    code: 'too_many_requests',
  });
  // Set once the node is stopping: new handshakes go elsewhere.
  let draining = false;
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { session?: SocketSession }>(
    httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: false },
      connectTimeout: 20_000,
      // The same rule as HTTP mutations: a page of another origin (or a DNS-rebinding one) cannot
      // open a socket with the user's cookies.
      allowRequest: (req, callback) => callback(null, !draining && originAllowed(policy, req.headers)),
    },
  );
  await attachAdapter(io, ctx);

  /**
   * The live session behind a handshake's cookie, if any (public sockets have none). The access token
   * only admits the socket: from then on the socket follows the device session, not the token. Its end
   * is judged on the app clock, which dates the session's start (auth.service startSession).
   */
  async function sessionOf(cookieHeader: string | undefined): Promise<SocketSession | undefined> {
    const cookies = fastifyCookie.parse(cookieHeader ?? '');
    const token = cookies[COOKIES.tenant.access] ?? '';
    const claims = await ctx.tokens.verify(token, 'tenant');
    if (!claims?.tid) return undefined;
    const session = await auth.loadSession(claims.tid, claims.uid, claims.did);
    if (!session?.tenantActive || session.endsAt <= ctx.now().getTime()) return undefined;
    return {
      tenantId: session.tenantId,
      userId: session.userId,
      deviceId: session.deviceId,
      endsAt: session.endsAt,
    };
  }

  /**
   * Keeps a tenant socket open while its device session lives: it is read again when it would end
   * (a refresh meanwhile moves the end) and every `sessionRecheckMs`. Sign-out, device removal, a
   * scope change and deactivation close the socket at once through `events`; this catches the end of
   * the session, and any of those whose notice was lost.
   */
  function watchSession(socket: Socket, session: SocketSession) {
    let timer: NodeJS.Timeout | undefined;
    const schedule = (endsAt: number) => {
      timer = setTimeout(check, Math.min(Math.max(endsAt - ctx.now().getTime(), 0), sessionRecheckMs));
    };
    const check = () => {
      auth.loadSession(session.tenantId, session.userId, session.deviceId).then(
        (live) => {
          if (socket.disconnected) return;
          if (!live) return endSocket(socket, 'session_revoked');
          if (!live.tenantActive) return endSocket(socket, 'tenant_status', { active: false });
          if (live.endsAt <= ctx.now().getTime()) return endSocket(socket, 'session_expired');
          schedule(live.endsAt);
        },
        (error: unknown) => {
          // The database is away: the socket stays, and is checked again later.
          ctx.log.warn({ error: loggableError(error) }, 'could not check a socket session');
          if (!socket.disconnected) schedule(ctx.now().getTime() + sessionRecheckMs);
        },
      );
    };
    schedule(session.endsAt);
    socket.once('disconnect', () => clearTimeout(timer));
  }

  /**
   * Admits a socket: a signed-in one with its session; a public one within its address's budget. A
   * refused one is told why (`connect_error` with the message, and `data` with the code and the
   * seconds to wait): socket.io clients do not retry a refused handshake by themselves.
   */
  async function admit(socket: { request: IncomingMessage; data: { session?: SocketSession } }) {
    const session = await sessionOf(socket.request.headers.cookie);
    if (session) {
      socket.data.session = session;
      return null;
    }
    const spent = await handshakeBudget.spend(addressOf(socket.request));
    if (spent.allowed) return null;
    const { body } = fail(handshakeBudget.code);
    return Object.assign(new Error(body.message), { data: { ...body, retryAfter: spent.retryAfter } });
  }

  io.use((socket, next) => {
    admit(socket).then(
      (refused) => (refused ? next(refused) : next()),
      (error: unknown) => {
        ctx.log.error({ error: loggableError(error) }, 'socket handshake failed');
        next(new Error('handshake failed'));
      },
    );
  });

  io.on('connection', (socket) => {
    const session = socket.data.session;
    if (session) {
      void socket.join([
        tenantRoom(session.tenantId),
        deviceRoom(session.tenantId, session.deviceId),
        userRoom(session.tenantId, session.userId),
      ]);
      socket.emit('authenticated', { tenant: true });
      watchSession(socket, session);
    }
    // A diner's page (no session needed) follows its order by the status token: the server checks the
    // token, joins the order's room and answers the current status; an unknown token joins nothing.
    // Whoever holds a token learns that one order's state and nothing of the tenant's events.
    const followed = new Set<string>();
    let attempts = 0;
    const address = addressOf(socket.request);
    socket.on(DINER_SOCKET_EVENTS.follow, (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (answer: unknown) => void) : () => undefined;
      attempts += 1;
      if (attempts > MAX_FOLLOW_ATTEMPTS) return ack(fail('too_many_attempts').body);
      const parsed = statusTokenParams.safeParse(args[0]);
      if (!parsed.success) return ack(fail('order_not_found').body);
      const token = parsed.data.statusToken;
      if (!followed.has(token) && followed.size >= MAX_FOLLOWED) return ack(fail('too_many_attempts').body);
      const follow = async () => {
        const spent = await statusBudget.spend(address);
        // As the HTTP route answers a 429 with Retry-After: the diner's page follows again after it.
        if (!spent.allowed) return { ...fail(statusBudget.code).body, retryAfter: spent.retryAfter };
        const room = dinerRoom(token);
        // Joined before the read: a change committed meanwhile is sent, not lost between the two.
        void socket.join(room);
        followed.add(token);
        try {
          return await diners.status(token);
        } catch (error) {
          void socket.leave(room);
          followed.delete(token);
          throw error;
        }
      };
      follow().then(ack, (error: unknown) => {
        if (error instanceof AppError) return ack(error.body);
        ctx.log.error({ error: loggableError(error) }, 'follow_order failed');
        ack(fail('internal').body);
      });
    });

    // Legacy announcements: acknowledged (with a socket.io ack when the sender asks for one), never
    // trusted. The ack comes after `authenticated`, so it tells a public socket it was admitted as one.
    for (const event of [
      'authenticate',
      'new_order_backend',
      'order_update_backend',
      'new_qrorder_backend',
    ]) {
      socket.on(event, (...args: unknown[]) => {
        const ack = args.at(-1);
        if (typeof ack === 'function') (ack as () => void)();
      });
    }
  });

  /**
   * Tells a socket why it is closed, then closes it. The client reads `session_expired` and
   * `session_changed` as "refresh and reconnect", `session_revoked` as "sign out".
   */
  function endSocket(
    socket: { emit(event: string, payload: object): unknown; disconnect(close: boolean): unknown },
    reason: string,
    payload: object = {},
  ) {
    socket.emit(reason, payload);
    socket.disconnect(true);
  }

  /** Every socket in a room (across nodes), told why and closed. */
  function endRoom(room: string, reason: string, payload: object = {}) {
    io.in(room)
      .fetchSockets()
      .then((sockets) => {
        // Socket by socket, so the notice is sent before the close: a cluster adapter may deliver a
        // room broadcast after a disconnect issued right behind it.
        for (const socket of sockets) endSocket(socket, reason, payload);
      })
      .catch((err: unknown) => ctx.log.warn({ err }, `could not close realtime sockets (${reason})`));
  }

  const events: Events = {
    toTenant: (tenantId, list) => {
      for (const e of list) io.to(tenantRoom(tenantId)).emit(e.name, e.payload);
    },
    toDiner: (statusToken, status) => {
      io.to(dinerRoom(statusToken)).emit(DINER_SOCKET_EVENTS.status, status);
    },
    deviceRevoked: (tenantId, deviceId) => endRoom(deviceRoom(tenantId, deviceId), 'session_revoked'),
    sessionChanged: (tenantId, userId) => endRoom(userRoom(tenantId, userId), 'session_changed'),
    tenantStatus: (tenantId, active) => {
      const payload: TenantEvents['tenant_status'] = { active };
      if (active) io.to(tenantRoom(tenantId)).emit('tenant_status', payload);
      else endRoom(tenantRoom(tenantId), 'tenant_status', payload);
    },
  };
  return {
    io,
    events,
    /**
     * First step of a shutdown: tell every socket, then drop the engine's connections without a
     * socket.io disconnect packet, so clients see a transport close and reconnect (to another node,
     * or to this one once restarted). The HTTP server is left to Fastify's close.
     */
    drain() {
      draining = true;
      // This node's sockets only, and now: a cluster adapter may publish before it delivers locally.
      io.local.emit('server_shutdown', {});
      // close() without discard lets the notice above flush first; engine.close() would drop it.
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },
    close: () => io.close(),
  };
}

/** Fan-out across app nodes: Redis when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY, else in-process. */
async function attachAdapter(io: Server, ctx: AppContext) {
  if (ctx.config.redisUrl) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    // Channels named after this deployment: another one sharing the Redis has its own tenant 5.
    io.adapter(createAdapter(pub, sub, { key: `comanda:${ctx.database.deploymentId}` }));
    io.engine.on('close', () => void Promise.allSettled([pub.quit(), sub.quit()]));
    return;
  }
  if (ctx.database.systemPool) {
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    io.adapter(
      createAdapter(ctx.database.systemPool, {
        errorHandler: (err) => ctx.log.warn({ err }, 'realtime adapter'),
      }),
    );
  }
}
