import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { io, type Socket } from 'socket.io-client';
import type { TenantEvents } from '@comanda/core';
import { ApiError, apiRequest, endSession } from '../lib/api-client.ts';
import { invalidateResources, RESOURCES } from '../lib/resources.ts';
import { paths } from '../lib/paths.ts';
import { applyTenantEvent } from './realtime-invalidation.ts';

const SocketContext = createContext<Socket | null>(null);

/**
 * One realtime connection per signed-in tab (SPEC §4, §9): the server puts it in the tenant's room from
 * the session cookie. A removed or signed-out device is told at once and leaves for the login page.
 * The socket lives as long as the session (not one access token); the server closes it when the session
 * ends or the user's rights change: the tab refreshes its session (any API call does) and reconnects
 * under it. A node that shuts down drops its
 * sockets without a disconnect packet, so socket.io reconnects by itself.
 */
export function SocketProvider({ tenantId, children }: { tenantId: number | null; children: ReactNode }) {
  const navigate = useNavigate();
  const [socket] = useState<Socket>(() =>
    io({
      autoConnect: false,
      path: '/socket.io',
      // WebSocket first: no sticky sessions needed behind a load balancer; polling only as a fallback.
      transports: ['websocket', 'polling'],
      withCredentials: true,
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
    }),
  );
  useEffect(() => {
    // The server says `authenticated` as it admits a socket to the tenant's rooms, before it answers
    // anything. A reconnect after a dropped connection carries whatever access cookie is left: one that
    // expired while the screen sat quiet is admitted as a public socket and would hear nothing, so the
    // tab renews its session and connects again (at most once a minute, should the server still say no).
    let admitted = false;
    let renewedAt = -Infinity;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onAuthenticated = () => (admitted = true);
    const onDisconnect = () => (admitted = false);
    // `authenticate` is kept for compatibility with older clients; the server decides the room from
    // the cookie. Its acknowledgement comes after `authenticated`, if that comes at all.
    const announce = () =>
      socket.emit('authenticate', { tenant_id: tenantId }, () => {
        if (admitted) return;
        socket.disconnect();
        clearTimeout(retry);
        retry = setTimeout(renew, Math.max(0, renewedAt + 60_000 - Date.now()));
      });
    const revoked = () => endSession('tenant');
    const renew = () => {
      renewedAt = Date.now();
      apiRequest('/auth/me').then(
        () => socket.connect(),
        (error: unknown) => {
          // No answer (the Wi-Fi dropped as the session was renewed): try again, or the kitchen would wait
          // for tickets that never come. A refused refresh has already sent the tab to the login page.
          if (!(error instanceof ApiError) || error.status >= 500) retry = setTimeout(renew, 5_000);
        },
      );
    };
    // The super admin deactivated the tenant (issue 13): every open screen goes to the inactive page at
    // once, as the next API call's 402 would; the server closes the socket right after.
    const tenantStatus = ({ active }: TenantEvents['tenant_status']) => {
      if (!active) void navigate(paths.dashboard.inactiveSubscription, { replace: true });
    };
    socket.on('authenticated', onAuthenticated);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', announce);
    socket.on('tenant_status', tenantStatus);
    socket.on('session_revoked', revoked);
    socket.on('session_expired', renew);
    socket.on('session_changed', renew);
    socket.connect();
    return () => {
      socket.off('authenticated', onAuthenticated);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', announce);
      socket.off('tenant_status', tenantStatus);
      socket.off('session_revoked', revoked);
      socket.off('session_expired', renew);
      socket.off('session_changed', renew);
      clearTimeout(retry);
      socket.disconnect();
    };
  }, [socket, tenantId, navigate]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/**
 * The one listener for tenant events (outline's WebsocketProvider): each event marks the cached answers
 * of what it changed stale, through the same map saves use (app/realtime-invalidation.ts), so a screen
 * on display shows another tab's change without listening to the socket itself. Mounted once, in the
 * signed-in dashboard. After a dropped connection it refetches what is on display.
 */
export function RealtimeInvalidation() {
  const socket = useContext(SocketContext);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onEvent = (event: string, payload: unknown) => applyTenantEvent(queryClient, event, payload);
    // Events sent while the connection was down are lost: after a reconnect (socket.io's own, or ours
    // after a session renewal) everything on display is fetched again, so no order is missed.
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) void invalidateResources(queryClient, RESOURCES);
      connectedBefore = true;
    };
    socket.onAny(onEvent);
    socket.on('connect', onConnect);
    return () => {
      socket.offAny(onEvent);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
  return null;
}
