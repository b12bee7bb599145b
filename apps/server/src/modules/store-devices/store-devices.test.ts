import { and, desc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PinPad, StoreDevice } from '@comanda/core';
import { auditLog, devices, storeDevices, users } from '../../platform/db/schema.ts';
import {
  type TestApp,
  type TestClient,
  type Tenant,
  createColleague,
  createTenant,
  startTestApp,
} from '../../../test/harness.ts';
import { createStore, orderBody, readOrder } from '../orders/orders.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The owner signs in on a second browser (the tablet) and makes it a store device. */
async function storeDevice(owner: Tenant, body: Record<string, unknown> = { name: 'Bar tablet' }) {
  const tablet = app.client();
  const signin = await tablet.post('/auth/signin', { username: owner.username, password: owner.password });
  expect(signin.status).toBe(200);
  const made = await tablet.post<{ id: number; message: string }>('/auth/store-devices', body);
  expect(made.status).toBe(200);
  return { tablet, id: made.body.id };
}

/** A staff member with a PIN set by the owner. */
async function withPin(owner: Tenant, scopes: string[], name: string, pin: string) {
  const staff = await createColleague(app, owner, { scopes, name });
  const set = await owner.client.post(`/users/${encodeURIComponent(staff.username)}/pin`, { pin });
  expect(set.status).toBe(200);
  return staff;
}

async function lastAudit(tenantId: number, action: string) {
  const [row] = await app.database.inTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1),
  );
  return row;
}

/** A tab of the tablet: the store device's cookies without any session. */
function padOf(tablet: TestClient) {
  const pad = tablet.copy();
  for (const name of ['comanda_at', 'comanda_rt', 'comanda_auth']) pad.cookies.delete(name);
  return pad;
}

describe('store devices', () => {
  it("makes the owner's browser a store device: the owner's session there ends, the pad shows only staff with a PIN", async () => {
    const owner = await createTenant(app);
    const waiter = await withPin(owner, ['POS'], 'Wanda', '2468');
    await createColleague(app, owner, { scopes: ['POS'], name: 'No Pin' });
    const { tablet, id } = await storeDevice(owner, { name: 'Bar tablet', idleSeconds: 60 });
    expect(tablet.cookies.get('comanda_sd')).toMatch(new RegExp(`^${owner.tenantId}\\.${id}\\.`));
    expect(tablet.cookies.get('comanda_sd_on')).toBe('1');
    // The owner's session on the tablet ended: nobody inherits the owner's rights there.
    expect(tablet.cookies.has('comanda_at')).toBe(false);
    expect((await tablet.get('/auth/me')).status).toBe(401);

    const pad = await tablet.get<PinPad>('/auth/pin-pad');
    expect(pad.status).toBe(200);
    expect(pad.body.device).toEqual({ id, name: 'Bar tablet', idleSeconds: 60 });
    expect(pad.body.staff).toEqual([{ id: waiter.userId, name: 'Wanda', photo: null }]);
    // Stored is the secret's hash only.
    const [row] = await app.database.inTenant(owner.tenantId, (tx) =>
      tx.select().from(storeDevices).where(eq(storeDevices.id, id)),
    );
    expect(tablet.cookies.get('comanda_sd')).not.toContain(row?.secretHash ?? 'none');
    expect((await lastAudit(owner.tenantId, 'store_device.create'))?.targetId).toBe(String(id));

    const list = await owner.client.get<StoreDevice[]>('/auth/store-devices');
    expect(list.body.map((d) => [d.name, d.idleSeconds, d.isThisDevice])).toEqual([['Bar tablet', 60, false]]);
  });

  it('answers 400 with a clear message for a bad name or idle time, 403 to staff, and writes nothing', async () => {
    const owner = await createTenant(app);
    const bad = await owner.client.post<{ message: string }>('/auth/store-devices', { name: ' ' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please give the device a name of up to 60 characters!']);
    const idle = await owner.client.post<{ message: string }>('/auth/store-devices', { name: 'Bar', idleSeconds: 5 });
    expect([idle.status, idle.body.message]).toEqual([
      400,
      'Please give an idle time of 15 seconds to an hour, or 0 for never!',
    ]);
    const waiter = await createColleague(app, owner, { scopes: ['POS', 'SETTINGS', 'MANAGER'] });
    expect((await waiter.client.post('/auth/store-devices', { name: 'Bar' })).status).toBe(403);
    expect((await waiter.client.post(`/users/${waiter.username}/pin`, { pin: '1234' })).status).toBe(403);
    expect((await owner.client.get<StoreDevice[]>('/auth/store-devices')).body).toEqual([]);
    expect((await owner.client.get('/auth/me')).status).toBe(200);
  });

  it('revoked by the owner: the pad answers 401 and forgets its cookies, its PIN sessions end', async () => {
    const owner = await createTenant(app);
    const waiter = await withPin(owner, ['POS'], 'Wanda', '2468');
    const { tablet, id } = await storeDevice(owner);
    const session = await tablet.post('/auth/pin-signin', { userId: waiter.userId, pin: '2468' });
    expect(session.status).toBe(200);

    const other = await createTenant(app);
    expect((await other.client.request('DELETE', `/auth/store-devices/${id}`)).status).toBe(404);
    expect((await other.client.request('PATCH', `/auth/store-devices/${id}`, { name: 'Mine' })).status).toBe(404);

    expect((await owner.client.request('PATCH', `/auth/store-devices/${id}`, { idleSeconds: 0 })).body).toMatchObject({
      idleSeconds: 0,
    });
    expect((await owner.client.request('DELETE', `/auth/store-devices/${id}`)).status).toBe(200);
    expect((await tablet.get('/auth/me')).status).toBe(401);
    const pad = await tablet.get<{ code: string }>('/auth/pin-pad');
    expect([pad.status, pad.body.code]).toEqual([401, 'store_device_required']);
    expect(tablet.cookies.has('comanda_sd')).toBe(false);
    expect(tablet.cookies.has('comanda_sd_on')).toBe(false);
    expect((await lastAudit(owner.tenantId, 'store_device.revoke'))?.targetId).toBe(String(id));
  });

  it('refuses a forged or missing credential with 401', async () => {
    const owner = await createTenant(app);
    const { tablet, id } = await storeDevice(owner);
    expect((await app.client().get('/auth/pin-pad')).status).toBe(401);
    const forged = padOf(tablet);
    forged.cookies.set('comanda_sd', `${owner.tenantId}.${id}.${'x'.repeat(43)}`);
    expect((await forged.get('/auth/pin-pad')).status).toBe(401);
    expect((await forged.post('/auth/pin-signin', { userId: 1, pin: '1234' })).status).toBe(401);
  });
});

describe('PINs', () => {
  it('are 4 to 6 digits, set by the person (with their password) or the owner; another store’s user is 404', async () => {
    const owner = await createTenant(app);
    const waiter = await createColleague(app, owner, { scopes: ['POS'] });
    const long = await waiter.client.post<{ message: string }>('/auth/profile/pin', {
      password: waiter.password,
      pin: '1234567',
    });
    expect([long.status, long.body.message]).toEqual([400, 'Please give a PIN of 4 to 6 digits!']);
    expect((await waiter.client.post('/auth/profile/pin', { password: waiter.password, pin: '123456' })).status).toBe(200);
    const short = await owner.client.post<{ message: string }>(`/users/${waiter.username}/pin`, { pin: '12' });
    expect([short.status, short.body.message]).toEqual([400, 'Please give a PIN of 4 to 6 digits!']);
    expect((await owner.client.post(`/users/${waiter.username}/pin`, { pin: '9876' })).status).toBe(200);
    expect((await owner.client.get('/users/pins')).body).toEqual({ usernames: [waiter.username] });
    expect((await lastAudit(owner.tenantId, 'user.pin_set'))?.targetId).toBe(String(waiter.userId));

    const other = await createTenant(app);
    expect((await other.client.post(`/users/${waiter.username}/pin`, { pin: '1111' })).status).toBe(404);
    expect((await owner.client.post(`/users/${waiter.username}/pin`, { pin: null })).status).toBe(200);
    expect((await owner.client.get('/users/pins')).body).toEqual({ usernames: [] });
  });
});

describe('PIN sign-in', () => {
  it("opens the person's own session: their scopes, their name on the order they send", async () => {
    const s = await createStore(app);
    const waiter = await withPin(s.owner, ['POS'], 'Wanda', '2468');
    const { tablet } = await storeDevice(s.owner);
    const signin = await tablet.post<{ user: { username: string }; device: { name: string } }>('/auth/pin-signin', {
      userId: waiter.userId,
      pin: '2468',
    });
    expect(signin.status).toBe(200);
    expect(signin.body.user.username).toBe(waiter.username);
    expect(signin.body.device.name).toBe('Bar tablet');
    expect((await tablet.get<{ user: { username: string } }>('/auth/me')).body.user.username).toBe(waiter.username);
    // The waiter's scopes, not the owner's who made the device.
    expect((await tablet.get('/dashboard')).status).toBe(403);

    const order = await tablet.post<{ orderId: number }>('/pos/create-order', orderBody(s));
    expect(order.status).toBe(200);
    const { order: row } = await readOrder(app, s.owner.tenantId, order.body.orderId);
    expect(row?.createdBy).toBe(waiter.userId);
    const signedIn = await lastAudit(s.owner.tenantId, 'auth.pin_signin');
    expect(signedIn?.actorUserId).toBe(waiter.userId);
  });

  it('locks a person after 5 wrong PINs on that device only; a wrong user or another store’s answers the same', async () => {
    const owner = await createTenant(app);
    const waiter = await withPin(owner, ['POS'], 'Wanda', '2468');
    const cook = await withPin(owner, ['KITCHEN'], 'Kim', '1357');
    const a = await storeDevice(owner, { name: 'Bar tablet' });
    const b = await storeDevice(owner, { name: 'Terrace tablet' });
    const pad = padOf(a.tablet);
    for (let i = 1; i <= 4; i++) {
      const wrong = await pad.post<{ code: string; message: string }>('/auth/pin-signin', {
        userId: waiter.userId,
        pin: '0000',
      });
      expect([wrong.status, wrong.body.message]).toEqual([400, 'Wrong PIN! Please try again.']);
    }
    const fifth = await pad.post<{ code: string; message: string }>('/auth/pin-signin', {
      userId: waiter.userId,
      pin: '0000',
    });
    expect([fifth.status, fifth.body.message]).toEqual([
      429,
      'Too many wrong PINs on this device! Try again in 15 minutes or ask the owner.',
    ]);
    // Locked here even with the right PIN ...
    expect((await pad.post('/auth/pin-signin', { userId: waiter.userId, pin: '2468' })).status).toBe(429);
    // ... but not for anyone else here, nor for the waiter on another device.
    expect((await padOf(a.tablet).post('/auth/pin-signin', { userId: cook.userId, pin: '1357' })).status).toBe(200);
    expect((await padOf(b.tablet).post('/auth/pin-signin', { userId: waiter.userId, pin: '2468' })).status).toBe(200);
    const locked = await lastAudit(owner.tenantId, 'auth.pin_locked');
    expect(locked?.targetId).toBe(String(waiter.userId));
    expect(locked?.details).toMatchObject({ storeDeviceId: a.id, failures: 5, lockedMinutes: 15 });
    expect((await lastAudit(owner.tenantId, 'auth.pin_wrong'))?.details).toMatchObject({ failures: 4 });

    // Another store's user on this device: the same answer as a wrong PIN, nothing told.
    const other = await createTenant(app);
    const stranger = await withPin(other, ['POS'], 'Sam', '2468');
    const strange = await padOf(b.tablet).post<{ code: string }>('/auth/pin-signin', {
      userId: stranger.userId,
      pin: '2468',
    });
    expect([strange.status, strange.body.code]).toEqual([400, 'pin_wrong']);
  });

  it('accepts an older 8-digit manager PIN', async () => {
    const owner = await createTenant(app);
    const manager = await createColleague(app, owner, { scopes: ['MANAGER', 'DASHBOARD'], name: 'Mia' });
    const hash = await app.ctx.passwords.hash('12345678');
    await app.database.inTenant(owner.tenantId, (tx) =>
      tx.update(users).set({ pinHash: hash }).where(eq(users.id, manager.userId)),
    );
    const { tablet } = await storeDevice(owner);
    expect((await tablet.post('/auth/pin-signin', { userId: manager.userId, pin: '12345678' })).status).toBe(200);
  });

  it('ends a PIN session once its idle time passes without input, on the server; input keeps it', async () => {
    const owner = await createTenant(app);
    const waiter = await withPin(owner, ['POS'], 'Wanda', '2468');
    const { tablet } = await storeDevice(owner, { name: 'Bar tablet', idleSeconds: 30 });
    expect((await tablet.post('/auth/pin-signin', { userId: waiter.userId, pin: '2468' })).status).toBe(200);
    const backdate = (seconds: number) =>
      app.database.inTenant(owner.tenantId, (tx) =>
        tx
          .update(devices)
          .set({ lastSeenAt: sql`now() - ${seconds} * interval '1 second'` })
          .where(and(eq(devices.userId, waiter.userId), eq(devices.tenantId, owner.tenantId))),
      );
    await backdate(25);
    expect((await tablet.post('/auth/pin-session/active')).status).toBe(200);
    await backdate(20);
    expect((await tablet.get('/auth/me')).status).toBe(200);
    await backdate(31);
    expect((await tablet.get('/auth/me')).status).toBe(401);
    // A refresh cannot revive it: the session ends for good, audited.
    expect((await tablet.post('/auth/refresh-token')).status).toBe(401);
    expect(await lastAudit(owner.tenantId, 'auth.pin_idle_lock')).toBeDefined();
    // The device still shows its pad.
    expect((await tablet.get('/auth/pin-pad')).status).toBe(200);
    // An e-mail session never idles out.
    await app.database.inTenant(owner.tenantId, (tx) =>
      tx.update(devices).set({ lastSeenAt: sql`now() - interval '1 day'` }).where(eq(devices.tenantId, owner.tenantId)),
    );
    expect((await owner.client.get('/auth/me')).status).toBe(200);
  });
});
