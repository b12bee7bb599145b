import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@comanda/core';
import { type TestApp, createColleague, createTenant, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /auth/me', () => {
  it('answers 401 without a session', async () => {
    expect((await app.client().get('/auth/me')).status).toBe(401);
  });

  it('answers the signed-in user', async () => {
    const t = await createTenant(app, { bizName: 'Bar Azul' });
    const res = await t.client.get('/auth/me');
    expect(res).toMatchObject({
      status: 200,
      body: { user: { username: t.username, name: 'Bar Azul', role: 'admin', tenant_id: t.tenantId } },
    });
  });

  it('answers the caller, not a colleague of the same tenant', async () => {
    const owner = await createTenant(app, { bizName: 'Bar Azul' });
    const colleague = await createColleague(app, owner, { scopes: ['POS'], designation: 'Waiter' });
    expect((await colleague.client.get('/auth/me')).body).toMatchObject({
      user: { username: colleague.username, name: 'Rui', role: 'staff' },
    });
  });
});

describe('POST /auth/profile', () => {
  it('answers 401 without a session', async () => {
    expect((await app.client().post('/auth/profile', { name: 'x' })).status).toBe(401);
  });

  it.each([
    [{}, 'Please provide name!'],
    [{ name: '   ' }, 'Please provide name!'],
    [{ name: 'x'.repeat(10_000) }, 'Name is too long!'],
    [{ name: 'Ana', designation: 'x'.repeat(500) }, 'Designation is too long!'],
    [{ name: 'Ana', designation: 7 }, 'Invalid designation!'],
  ])('answers 400 for %j and saves nothing', async (body, message) => {
    const t = await createTenant(app, { bizName: 'Unchanged' });
    expect(await t.client.post('/auth/profile', body)).toMatchObject({ status: 400, body: { message } });
    expect((await t.client.get('/auth/me')).body).toMatchObject({ user: { name: 'Unchanged' } });
  });

  it("saves the user's own name and designation", async () => {
    const t = await createTenant(app);
    const res = await t.client.post('/auth/profile', { name: ' Ana Lima ', designation: 'Owner' });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Profile updated!', user: { name: 'Ana Lima', designation: 'Owner' } },
    });
    expect((await t.client.get('/auth/me')).body).toMatchObject({
      user: { name: 'Ana Lima', designation: 'Owner' },
    });
    const cleared = await t.client.post('/auth/profile', { name: 'Ana', designation: '' });
    expect(cleared.body).toMatchObject({ user: { designation: null } });
  });

  it('changes only the caller, never another tenant', async () => {
    const a = await createTenant(app, { bizName: 'A' });
    const b = await createTenant(app, { bizName: 'B' });
    await a.client.post('/auth/profile', { name: 'Changed' });
    expect((await b.client.get('/auth/me')).body).toMatchObject({ user: { name: 'B' } });
  });

  it("saves only the caller's row: a colleague in the same tenant keeps their name and designation", async () => {
    const owner = await createTenant(app, { bizName: 'Owner' });
    const colleague = await createColleague(app, owner, { scopes: ['POS'], designation: 'Waiter' });
    expect((await owner.client.post('/auth/profile', { name: 'Renamed', designation: 'Boss' })).status).toBe(
      200,
    );
    expect((await colleague.client.get('/auth/me')).body).toMatchObject({
      user: { username: colleague.username, name: 'Rui', designation: 'Waiter' },
    });
    const users = (await owner.client.get<User[]>('/users')).body;
    expect(users.find((u) => u.username === colleague.username)).toMatchObject({
      name: 'Rui',
      designation: 'Waiter',
    });
    expect(users.find((u) => u.username === owner.username)).toMatchObject({
      name: 'Renamed',
      designation: 'Boss',
    });
  });
});
