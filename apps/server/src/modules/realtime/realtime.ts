import type { Server as HttpServer } from 'node:http';
import { type DefaultEventsMap, Server } from 'socket.io';
import type { AppContext } from '../../platform/context.ts';
import type { Events } from '../../platform/events.ts';
import { COOKIES } from '../../platform/session-tokens.ts';
import fastifyCookie from '@fastify/cookie';
import type { AuthService } from '../auth/auth.service.ts';

/** Rooms are named by the server from the session; a client never names one. */
export const tenantRoom = (tenantId: number) => `tenant:${tenantId}`;
const deviceRoom = (tenantId: number, deviceId: number) => `device:${tenantId}:${deviceId}`;

interface SocketSession {
  tenantId: number;
  deviceId: number;
}

/**
 * socket.io on the app's own port (ARCHITECTURE §5). The handshake's session cookie decides the tenant
 * room; sockets without a session (the public QR menu) join no room. Events that clients emit
 * (`authenticate`, `*_backend`) are accepted for compatibility and grant nothing: the server emits the
 * real events itself after each commit.
 */
export async function startRealtime(httpServer: HttpServer, ctx: AppContext, auth: AuthService) {
  const io = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { session?: SocketSession }>(
    httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      cors: { origin: false },
      connectTimeout: 20_000,
    },
  );
  await attachAdapter(io, ctx);

  /** The live session behind a handshake's cookie, if any (public sockets have none). */
  async function sessionOf(cookieHeader: string | undefined): Promise<SocketSession | undefined> {
    const cookies = fastifyCookie.parse(cookieHeader ?? '');
    const claims = await ctx.tokens.verify(cookies[COOKIES.tenant.access] ?? '', 'tenant');
    if (!claims?.tid) return undefined;
    const session = await auth.loadSession(claims.tid, claims.uid, claims.did);
    return session?.tenantActive ? { tenantId: session.tenantId, deviceId: session.deviceId } : undefined;
  }

  io.use((socket, next) => {
    sessionOf(socket.handshake.headers.cookie).then(
      (session) => {
        socket.data.session = session;
        next();
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'socket handshake failed');
        next(new Error('handshake failed'));
      },
    );
  });

  io.on('connection', (socket) => {
    const session = socket.data.session;
    if (session) {
      void socket.join([tenantRoom(session.tenantId), deviceRoom(session.tenantId, session.deviceId)]);
      socket.emit('authenticated', { tenant: true });
    }
    // Legacy announcements: acknowledged, never trusted.
    for (const event of [
      'authenticate',
      'new_order_backend',
      'order_update_backend',
      'new_qrorder_backend',
    ]) {
      socket.on(event, () => undefined);
    }
  });

  const events: Events = {
    toTenant: (tenantId, event, payload) => void io.to(tenantRoom(tenantId)).emit(event, payload),
    deviceRevoked: (tenantId, deviceId) => {
      // Socket by socket, so the notice is sent before the close: a cluster adapter may deliver a room
      // broadcast after a disconnect issued right behind it.
      io.in(deviceRoom(tenantId, deviceId))
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) {
            socket.emit('session_revoked', {});
            socket.disconnect(true);
          }
        })
        .catch((err: unknown) => ctx.log.warn({ err }, 'could not sign a revoked device out of realtime'));
    },
  };
  return { io, events, close: () => io.close() };
}

/** Fan-out across app nodes: Redis when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY, else in-process. */
async function attachAdapter(io: Server, ctx: AppContext) {
  if (ctx.config.redisUrl) {
    const { createClient } = await import('redis');
    const { createAdapter } = await import('@socket.io/redis-adapter');
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    io.engine.on('close', () => void Promise.allSettled([pub.quit(), sub.quit()]));
    return;
  }
  if (ctx.database.systemPool) {
    const { createAdapter } = await import('@socket.io/postgres-adapter');
    io.adapter(
      createAdapter(ctx.database.systemPool, { errorHandler: (err) => ctx.log.warn({ err }, 'realtime adapter') }),
    );
  }
}
