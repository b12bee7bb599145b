import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from '@comanda/core';
import { type TestApp, createColleague, createTenant, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /auth/devices', () => {
  it('answers 401 without a session', async () => {
    expect((await app.client().get('/auth/devices')).status).toBe(401);
  });

  it("lists the user's signed-in devices, the current one marked", async () => {
    const t = await createTenant(app);
    const phone = app.client(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    );
    await phone.post('/auth/signin', { username: t.username, password: t.password });
    const res = await t.client.get<Device[]>('/auth/devices');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((d) => d.isMyDevice)).toEqual([true, false]);
    expect(res.body[0]).toMatchObject({ device_name: 'Chrome on Linux', device_ip: '127.0.0.1' });
    expect(res.body[1]?.device_name).toMatch(/Safari on iOS/);
    expect(Date.parse(res.body[0]?.created_at ?? '')).not.toBeNaN();
  });
  it("lists only the caller's devices, never a colleague's in the same tenant", async () => {
    const t = await createTenant(app);
    const colleague = await createColleague(app, t, { scopes: ['POS'] });
    const mine = (await t.client.get<Device[]>('/auth/devices')).body;
    const theirs = (await colleague.client.get<Device[]>('/auth/devices')).body;
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(mine[0]?.device_id).not.toBe(theirs[0]?.device_id);
  });
});

describe('POST /auth/remove-device', () => {
  it('answers 401 without a session', async () => {
    expect((await app.client().post('/auth/remove-device', { device_id: 1 })).status).toBe(401);
  });

  it.each([[{}], [{ device_id: 'abc' }], [{ device_id: -1 }], [{ device_id: 1.5 }]])(
    'answers 400 for %j',
    async (body) => {
      const t = await createTenant(app);
      expect(await t.client.post('/auth/remove-device', body)).toMatchObject({
        status: 400,
        body: { message: 'Invalid request!' },
      });
    },
  );

  it('refuses to remove the current device', async () => {
    const t = await createTenant(app);
    const [me] = (await t.client.get<Device[]>('/auth/devices')).body;
    const res = await t.client.post('/auth/remove-device', { device_id: me?.device_id });
    expect(res).toMatchObject({ status: 400, body: { message: 'The current device cannot be removed!' } });
    expect((await t.client.get('/auth/me')).status).toBe(200);
  });

  it("answers 404 for another tenant's device and leaves it signed in", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const [bDevice] = (await b.client.get<Device[]>('/auth/devices')).body;
    const res = await a.client.post('/auth/remove-device', { device_id: bDevice?.device_id });
    expect(res).toMatchObject({ status: 404, body: { message: 'Device not found!' } });
    expect((await b.client.get('/auth/me')).status).toBe(200);
  });

  it("answers 404 for a colleague's device in the same tenant and leaves it signed in", async () => {
    const t = await createTenant(app);
    const colleague = await createColleague(app, t, { scopes: ['POS'] });
    const [theirs] = (await colleague.client.get<Device[]>('/auth/devices')).body;
    const res = await t.client.post('/auth/remove-device', { device_id: theirs?.device_id });
    expect(res).toMatchObject({ status: 404, body: { message: 'Device not found!' } });
    expect((await colleague.client.get('/auth/me')).status).toBe(200);
    expect((await colleague.client.get<Device[]>('/auth/devices')).body).toHaveLength(1);
  });

  it("revokes only the target device: the caller's and a colleague's stay signed in", async () => {
    const t = await createTenant(app);
    const tablet = app.client();
    await tablet.post('/auth/signin', { username: t.username, password: t.password });
    const colleague = await createColleague(app, t, { scopes: ['POS'] });
    const other = (await t.client.get<Device[]>('/auth/devices')).body.find((d) => !d.isMyDevice);
    expect((await t.client.post('/auth/remove-device', { device_id: other?.device_id })).status).toBe(200);
    expect((await tablet.get('/auth/me')).status).toBe(401);
    expect((await t.client.get('/auth/me')).status).toBe(200);
    expect((await colleague.client.get('/auth/me')).status).toBe(200);
    expect((await colleague.client.get<Device[]>('/auth/devices')).body).toHaveLength(1);
  });

  it('signs the removed device out at once, even with a copy of its cookies', async () => {
    const t = await createTenant(app);
    const tablet = app.client();
    await tablet.post('/auth/signin', { username: t.username, password: t.password });
    const copy = tablet.copy();
    const other = (await t.client.get<Device[]>('/auth/devices')).body.find((d) => !d.isMyDevice);
    const res = await t.client.post('/auth/remove-device', { device_id: other?.device_id });
    expect(res).toMatchObject({ status: 200, body: { message: 'Device removed! It has been logged out.' } });
    expect((await tablet.get('/auth/me')).status).toBe(401);
    expect((await copy.post('/auth/refresh-token')).status).toBe(401);
    expect((await t.client.get<Device[]>('/auth/devices')).body).toHaveLength(1);
    expect((await t.client.post('/auth/remove-device', { device_id: other?.device_id })).status).toBe(404);
  });
});
