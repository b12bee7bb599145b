import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@comanda/core';
import {
  type TestApp,
  createColleague,
  createTenant,
  startTestApp,
  uniqueUsername,
} from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('/users', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/users')).status).toBe(401);
    expect((await c.post('/users/add', {})).status).toBe(401);
    expect((await c.request('DELETE', '/users/delete/x@y.z')).status).toBe(401);
  });

  it.each([
    [{ username: 'a@b.co', password: 'long enough' }, 'Please provide name!'],
    [{ name: 'Rui', password: 'long enough' }, 'Please provide username!'],
    [{ name: 'Rui', username: 'a@b.co' }, 'Please provide password!'],
    [{ name: 'Rui', username: 'rui', password: 'long enough' }, 'Please provide valid email!'],
    [{ name: 'x'.repeat(10_000), username: 'a@b.co', password: 'long enough' }, 'Name is too long!'],
    [{ name: 'Rui', username: 'a@b.co', password: 'long enough', userScopes: ['ROOT'] }, 'Invalid scope!'],
    [{ name: 'Rui', username: 'a@b.co', password: 'long enough', userScopes: 'POS' }, 'Invalid scope!'],
    [{ name: 'Rui', username: 'a@b.co', password: 'pw' }, 'Password must be at least 8 characters!'],
    [{ name: 'Rui', username: 'a@b.co', password: '        ' }, 'Password cannot be only spaces!'],
  ])('add answers 400 for %j and creates nothing', async (body, message) => {
    const t = await createTenant(app);
    expect(await t.client.post('/users/add', body)).toMatchObject({ status: 400, body: { message } });
    expect((await t.client.get<User[]>('/users')).body).toHaveLength(1);
  });

  it('update and reset-password answer their 400 messages', async () => {
    const t = await createTenant(app);
    const s = await createColleague(app, t, { scopes: ['POS'] });
    expect(await t.client.post(`/users/update/${s.username}`, { name: '' })).toMatchObject({
      status: 400,
      body: { message: 'Please provide name!' },
    });
    expect(await t.client.post(`/users/update-password/${s.username}`, {})).toMatchObject({
      status: 400,
      body: { message: 'Provide new password!' },
    });
    expect(await t.client.post(`/users/update-password/${s.username}`, { password: 'short' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters!' },
    });
    expect((await s.client.get('/auth/me')).status).toBe(200);
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const s = await createColleague(app, t, { scopes: ['POS'] });
    expect((await s.client.get('/users')).status).toBe(403);
    expect(
      (await s.client.post('/users/add', { name: 'X', username: uniqueUsername(), password: 'long enough' }))
        .status,
    ).toBe(403);
  });

  it('lets staff with SETTINGS grant only the scopes they hold', async () => {
    const t = await createTenant(app);
    const manager = await createColleague(app, t, { scopes: ['SETTINGS', 'POS'] });
    const granted = await manager.client.post('/users/add', {
      name: 'Cook',
      username: uniqueUsername('cook'),
      password: 'long enough',
      userScopes: ['POS', 'REPORTS'],
    });
    expect(granted).toMatchObject({
      status: 403,
      body: { message: 'You cannot grant scopes you do not have: REPORTS' },
    });
    const ok = await manager.client.post('/users/add', {
      name: 'Cook',
      username: uniqueUsername('cook'),
      password: 'long enough',
      userScopes: ['POS'],
    });
    expect(ok.status).toBe(200);
  });

  it('does not let staff with SETTINGS reset, edit or delete a user who holds scopes they lack', async () => {
    const t = await createTenant(app);
    const manager = await createColleague(app, t, { scopes: ['SETTINGS', 'POS'] });
    const stronger = await createColleague(app, t, { scopes: ['SETTINGS', 'POS', 'REPORTS'] });
    const message = 'You cannot change a user who has scopes you do not have: REPORTS';
    const attempts = [
      () => manager.client.post(`/users/update-password/${stronger.username}`, { password: 'taken over!' }),
      // Taking the scope away first would open the door to the rest, so that is refused too.
      () => manager.client.post(`/users/update/${stronger.username}`, { name: 'Rui', userScopes: ['POS'] }),
      () =>
        manager.client.post(`/users/update/${stronger.username}`, {
          name: 'Rui',
          userScopes: ['SETTINGS', 'POS', 'REPORTS'],
        }),
      () => manager.client.request('DELETE', `/users/delete/${stronger.username}`),
    ];
    for (const attempt of attempts) expect(await attempt()).toMatchObject({ status: 403, body: { message } });
    // Nothing changed: the stronger user keeps their password, scopes and session.
    expect((await stronger.client.get('/auth/me')).body).toMatchObject({
      user: { scope: 'SETTINGS,POS,REPORTS' },
    });
    expect(
      (await app.client().post('/auth/signin', { username: stronger.username, password: stronger.password }))
        .status,
    ).toBe(200);

    // A user within the manager's own scopes is still theirs to manage, and the admin manages everyone.
    const waiter = await createColleague(app, t, { scopes: ['POS'] });
    expect(
      (await manager.client.post(`/users/update-password/${waiter.username}`, { password: 'new pass' }))
        .status,
    ).toBe(200);
    expect((await manager.client.request('DELETE', `/users/delete/${waiter.username}`)).status).toBe(200);
    expect(
      (await t.client.post(`/users/update/${stronger.username}`, { name: 'Rui', userScopes: ['POS'] }))
        .status,
    ).toBe(200);
  });

  it('never edits, resets or deletes an admin', async () => {
    const t = await createTenant(app);
    const manager = await createColleague(app, t, { scopes: ['SETTINGS'] });
    for (const c of [t.client, manager.client]) {
      expect((await c.post(`/users/update/${t.username}`, { name: 'Hijack' })).status).toBe(403);
      expect((await c.post(`/users/update-password/${t.username}`, { password: 'long enough' })).status).toBe(
        403,
      );
      expect((await c.request('DELETE', `/users/delete/${t.username}`)).status).toBe(403);
    }
    expect(
      (await app.client().post('/auth/signin', { username: t.username, password: t.password })).status,
    ).toBe(200);
  });

  it("answers 404 for another tenant's user and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const bStaff = await createColleague(app, b, { scopes: ['POS'] });
    expect(await a.client.post(`/users/update/${bStaff.username}`, { name: 'X' })).toMatchObject({
      status: 404,
      body: { message: 'User not found!' },
    });
    expect(
      (await a.client.post(`/users/update-password/${bStaff.username}`, { password: 'long enough' })).status,
    ).toBe(404);
    expect((await a.client.request('DELETE', `/users/delete/${bStaff.username}`)).status).toBe(404);
    expect((await bStaff.client.get('/auth/me')).body).toMatchObject({ user: { name: 'Rui' } });
    expect((await a.client.get<User[]>('/users')).body.map((u) => u.username)).toEqual([a.username]);
  });

  it('refuses a username taken in any tenant', async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const res = await a.client.post('/users/add', {
      name: 'X',
      username: b.username,
      password: 'long enough',
    });
    expect(res).toMatchObject({ status: 409, body: { message: 'This username is already taken!' } });
  });

  it('adds, lists, updates, resets and deletes a staff user, each taking effect at once', async () => {
    const t = await createTenant(app);
    const s = { username: uniqueUsername('staff'), client: app.client() };
    const add = await t.client.post('/users/add', {
      name: 'Rui',
      username: s.username,
      password: 'staff pw',
      userScopes: ['POS'],
      designation: 'Waiter',
      phone: '+351 912 345 678',
      email: 'RUI@mail.com',
    });
    expect(add).toMatchObject({ status: 200, body: { message: 'User added successfully!' } });
    expect((await s.client.post('/auth/signin', { username: s.username, password: 'staff pw' })).status).toBe(
      200,
    );
    const list = await t.client.get<User[]>('/users');
    expect(list.body.find((u) => u.username === s.username)).toEqual({
      username: s.username,
      name: 'Rui',
      role: 'staff',
      photo: null,
      designation: 'Waiter',
      phone: '+351 912 345 678',
      email: 'rui@mail.com',
      scope: 'POS',
    });

    // A new scope opens its screens on the very next request.
    expect((await s.client.get('/users')).status).toBe(403);
    expect(
      await t.client.post(`/users/update/${s.username}`, { name: 'Rui M', userScopes: ['SETTINGS'] }),
    ).toMatchObject({
      status: 200,
      body: { message: 'User updated successfully!' },
    });
    expect((await s.client.get('/users')).status).toBe(200);

    // A password reset signs the user out everywhere.
    expect(
      (await t.client.post(`/users/update-password/${s.username}`, { password: 'new pw long' })).status,
    ).toBe(200);
    expect((await s.client.get('/auth/me')).status).toBe(401);
    const again = app.client();
    expect((await again.post('/auth/signin', { username: s.username, password: 'new pw long' })).status).toBe(
      200,
    );

    // Deleting a user signs them out and frees nothing of anyone else.
    expect(await t.client.request('DELETE', `/users/delete/${s.username}`)).toMatchObject({
      status: 200,
      body: { message: 'User deleted successfully!' },
    });
    expect((await again.get('/auth/me')).status).toBe(401);
    expect((await t.client.get<User[]>('/users')).body).toHaveLength(1);
  });

  it("changes only the named user: a colleague's row, password and sessions are left alone", async () => {
    const t = await createTenant(app);
    const target = await createColleague(app, t, { scopes: ['POS'], designation: 'Waiter' });
    const colleague = await createColleague(app, t, {
      scopes: ['POS'],
      designation: 'Cook',
      phone: '+351 900 000 000',
    });
    const colleagueRow = async () =>
      (await t.client.get<User[]>('/users')).body.find((u) => u.username === colleague.username);
    const before = await colleagueRow();
    expect(before).toMatchObject({ name: 'Rui', designation: 'Cook', scope: 'POS' });
    const colleagueStillIn = async () => {
      expect((await colleague.client.get('/auth/me')).status).toBe(200);
      const signin = { username: colleague.username, password: colleague.password };
      expect((await app.client().post('/auth/signin', signin)).status).toBe(200);
    };

    const update = { name: 'Rui M', designation: 'Head waiter', userScopes: ['POS', 'KITCHEN'] };
    expect((await t.client.post(`/users/update/${target.username}`, update)).status).toBe(200);
    expect(await colleagueRow()).toEqual(before);
    await colleagueStillIn();

    const password = { password: 'new pw long' };
    expect((await t.client.post(`/users/update-password/${target.username}`, password)).status).toBe(200);
    expect((await target.client.get('/auth/me')).status).toBe(401);
    expect(await colleagueRow()).toEqual(before);
    await colleagueStillIn();

    expect((await t.client.request('DELETE', `/users/delete/${target.username}`)).status).toBe(200);
    const after = (await t.client.get<User[]>('/users')).body.map((u) => u.username);
    expect(after).toEqual([t.username, colleague.username]);
    expect(await colleagueRow()).toEqual(before);
    await colleagueStillIn();
  });

  it('does not let a user delete themselves', async () => {
    const t = await createTenant(app);
    const manager = await createColleague(app, t, { scopes: ['SETTINGS'] });
    expect(await manager.client.request('DELETE', `/users/delete/${manager.username}`)).toMatchObject({
      status: 400,
      body: { message: 'You cannot delete yourself!' },
    });
  });
});
