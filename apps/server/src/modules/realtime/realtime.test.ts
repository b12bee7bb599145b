import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { Device } from '@comanda/core';
import { type TestApp, type TestClient, createTenant, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

/** A socket.io client carrying a browser client's cookies, connected and settled. */
async function connect(client?: TestClient): Promise<{ socket: Socket; authenticated: boolean }> {
  const socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: client ? { cookie: client.cookieHeader() } : {},
    reconnection: false,
  });
  sockets.push(socket);
  const authenticated = await new Promise<boolean>((resolve, reject) => {
    socket.once('authenticated', () => resolve(true));
    socket.once('connect_error', reject);
    socket.once('connect', () => setTimeout(() => resolve(false), 300));
  });
  return { socket, authenticated };
}

/** Collects the events a socket receives during a short window. */
function received(socket: Socket, event: string, ms = 300): Promise<unknown[]> {
  const got: unknown[] = [];
  socket.on(event, (payload: unknown) => got.push(payload));
  return new Promise((resolve) => setTimeout(() => resolve(got), ms));
}

describe('realtime', () => {
  it("puts a signed-in socket in its own tenant's room only", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const { socket, authenticated } = await connect(a.client);
    expect(authenticated).toBe(true);
    const events = received(socket, 'new_order');
    app.ctx.events.toTenant(b.tenantId, 'new_order', { for: 'b' });
    app.ctx.events.toTenant(a.tenantId, 'new_order', { for: 'a' });
    expect(await events).toEqual([{ for: 'a' }]);
  });

  it("cannot join another tenant's room by announcing its id", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const { socket } = await connect(a.client);
    socket.emit('authenticate', { tenant_id: b.tenantId });
    socket.emit('join', `tenant:${b.tenantId}`);
    socket.emit('new_order_backend', { tenant_id: b.tenantId, tokenNo: 1 });
    const events = received(socket, 'new_order');
    await new Promise((r) => setTimeout(r, 100));
    app.ctx.events.toTenant(b.tenantId, 'new_order', { for: 'b' });
    expect(await events).toEqual([]);
  });

  it('lets a public socket connect but join no tenant room', async () => {
    const a = await createTenant(app);
    const { socket, authenticated } = await connect();
    expect(authenticated).toBe(false);
    socket.emit('authenticate', { tenant_id: a.tenantId });
    const events = received(socket, 'new_order');
    await new Promise((r) => setTimeout(r, 100));
    app.ctx.events.toTenant(a.tenantId, 'new_order', {});
    expect(await events).toEqual([]);
  });

  it("tells a removed device's socket to sign out and disconnects it", async () => {
    const t = await createTenant(app);
    const tablet = app.client();
    await tablet.post('/auth/signin', { username: t.username, password: t.password });
    const { socket } = await connect(tablet);
    const revoked = new Promise((resolve) => socket.once('session_revoked', resolve));
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    const other = (await t.client.get<Device[]>('/auth/devices')).body.find((d) => !d.isMyDevice);
    await t.client.post('/auth/remove-device', { device_id: other?.device_id });
    await expect(revoked).resolves.toBeDefined();
    await expect(closed).resolves.toBe('io server disconnect');
  });
});
