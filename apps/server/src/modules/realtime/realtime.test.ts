import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@comanda/core';
import { sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import {
  type TestApp,
  type TestClient,
  connectSocket,
  createColleague,
  createTenant,
  next,
  record,
  startTestApp,
} from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const connect = (client?: TestClient, headers?: Record<string, string>) =>
  connectSocket(app, client, headers);

/** A tenant event sent the one way the app sends them: emitted in a transaction, delivered after commit. */
function emitOrder(tenantId: number, orderId: number) {
  return app.database.inTenant(tenantId, async (_tx, emit) => emit('new_order', { orderId }));
}

describe('realtime', () => {
  it("puts a signed-in socket in its own tenant's room only", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const { socket, authenticated } = await connect(a.client);
    expect(authenticated).toBe(true);
    const got = record(socket, 'new_order');
    const control = next(socket, 'new_order');
    // b's event goes out first: had it reached a's socket, it would be there before a's own.
    await emitOrder(b.tenantId, 2);
    await emitOrder(a.tenantId, 1);
    await control;
    expect(got).toEqual([{ orderId: 1 }]);
  });

  it('sends nothing from a transaction that rolls back, and sends after the commit', async () => {
    const a = await createTenant(app);
    const { socket } = await connect(a.client);
    const got = record(socket, 'new_order');
    const control = next(socket, 'new_order');
    await expect(
      app.database.inTenant(a.tenantId, async (_tx, emit) => {
        emit('new_order', { orderId: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    let committed = false;
    await app.database.inTenant(a.tenantId, async (_tx, emit) => {
      emit('new_order', { orderId: 2 });
      // Still inside the transaction: nothing may have left yet.
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual([]);
      committed = true;
    });
    expect(committed).toBe(true);
    await control;
    expect(got).toEqual([{ orderId: 2 }]);
  });

  it("cannot join another tenant's room by announcing its id", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const { socket } = await connect(a.client);
    socket.emit('authenticate', { tenant_id: b.tenantId });
    socket.emit('join', `tenant:${b.tenantId}`);
    socket.emit('new_order_backend', { tenant_id: b.tenantId, tokenNo: 1 });
    const got = record(socket, 'new_order');
    const control = next(socket, 'new_order');
    // The announcements above were sent first on the same connection, so the server has read them.
    await emitOrder(a.tenantId, 1);
    await control;
    await emitOrder(b.tenantId, 2);
    const second = next(socket, 'new_order');
    await emitOrder(a.tenantId, 3);
    await second;
    expect(got).toEqual([{ orderId: 1 }, { orderId: 3 }]);
  });

  it('lets a public socket connect but join no tenant room', async () => {
    const a = await createTenant(app);
    const { socket, authenticated } = await connect();
    expect(authenticated).toBe(false);
    socket.emit('authenticate', { tenant_id: a.tenantId });
    const { socket: staff } = await connect(a.client);
    const got = record(socket, 'new_order');
    // The tenant's own screen in the same room is the control: when it has the event, the room had it.
    const control = next(staff, 'new_order');
    await emitOrder(a.tenantId, 1);
    await control;
    expect(got).toEqual([]);
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

/** The key every node signs access tokens with, as the database holds it. */
async function accessTokenKey(): Promise<Uint8Array> {
  const result = await app.database.asOwner((tx) =>
    tx.execute(sql`select value from app_secrets where name = 'access_token_key'`),
  );
  const [row] = (result as { rows: { value: string }[] }).rows;
  return Buffer.from(row?.value ?? '', 'base64url');
}

describe('realtime handshake and session checks', () => {
  it("refuses a handshake from another origin, and admits one from PUBLIC_URL's", async () => {
    const t = await createTenant(app);
    await expect(connect(t.client, { origin: 'https://evil.example' })).rejects.toThrow();
    const port = new URL(app.url).port;
    await expect(connect(t.client, { origin: `http://rebind.example:${port}` })).rejects.toThrow();
    await expect(connect(t.client, { origin: app.url })).resolves.toMatchObject({ authenticated: true });
  });

  it('closes a socket when the access token it connected with expires, telling the client why', async () => {
    const t = await createTenant(app);
    // The same session, with a token that expires in two seconds instead of minutes.
    const claims = decodeJwt(t.client.cookies.get('comanda_at') ?? '');
    const short = await new SignJWT({ tid: claims.tid, uid: claims.uid, did: claims.did })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('tenant')
      .setIssuedAt()
      .setExpirationTime('2s')
      .sign(await accessTokenKey());
    const client = t.client.copy();
    client.cookies.set('comanda_at', short);
    const { socket, authenticated } = await connect(client);
    expect(authenticated).toBe(true);
    const expired = new Promise((resolve) => socket.once('session_expired', resolve));
    const closed = new Promise((resolve) => socket.once('disconnect', resolve));
    await expect(expired).resolves.toBeDefined();
    await expect(closed).resolves.toBe('io server disconnect');
  });

  it("closes a user's sockets when their scopes change, and no one else's", async () => {
    const t = await createTenant(app);
    const { client: staff, username } = await createColleague(app, t, { scopes: ['POS'] });
    const { socket: staffSocket } = await connect(staff);
    const { socket: ownerSocket } = await connect(t.client);
    const changed = new Promise((resolve) => staffSocket.once('session_changed', resolve));
    const closed = new Promise((resolve) => staffSocket.once('disconnect', resolve));
    const ownerEvents = record(ownerSocket, 'session_changed');
    expect(
      (await t.client.post(`/users/update/${username}`, { name: 'Rui', userScopes: ['POS', 'SETTINGS'] }))
        .status,
    ).toBe(200);
    await expect(changed).resolves.toBeDefined();
    await expect(closed).resolves.toBe('io server disconnect');
    // The owner's socket still answers: a tenant event reaches it, and no session_changed came before.
    const control = next(ownerSocket, 'new_order');
    await emitOrder(t.tenantId, 1);
    await control;
    expect(ownerEvents).toEqual([]);
    expect(ownerSocket.connected).toBe(true);
    // Reconnecting under the same cookies works: the handshake reads the new session.
    await expect(connect(staff)).resolves.toMatchObject({ authenticated: true });
  });
});
