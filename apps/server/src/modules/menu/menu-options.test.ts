import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@comanda/core';
import {
  type TestApp,
  auditActions,
  createColleague,
  createTenant,
  startTestApp,
} from '../../../test/harness.ts';
import { addItem } from './menu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const KINDS = [
  { path: 'variants', key: 'variants', label: 'Variant', title: 'variant title', price: 'variant price' },
  { path: 'addons', key: 'addons', label: 'Addon', title: 'addon title', price: 'addon price' },
] as const;

describe.each(KINDS)('/menu-items/$path', ({ path, key, label, title, price }) => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.post(`/menu-items/${path}/1/add`, { title: 'X', price: '1' })).status).toBe(401);
    expect((await c.post(`/menu-items/${path}/1/update/1`, { title: 'X', price: '1' })).status).toBe(401);
    expect((await c.request('DELETE', `/menu-items/${path}/1/delete/1`)).status).toBe(401);
  });

  it.each([
    ['no title', { price: '1' }, `Please provide ${title}!`],
    ['a blank title', { title: ' ', price: '1' }, `Please provide ${title}!`],
    ['a 10,000-character title', { title: 'x'.repeat(10_000), price: '1' }, 'Title is too long!'],
    ['price -1', { title: 'Large', price: -1 }, `Please provide valid ${price}!`],
    ["price 'abc'", { title: 'Large', price: 'abc' }, `Please provide valid ${price}!`],
    ["price '0.005'", { title: 'Large', price: '0.005' }, `Please provide valid ${price}!`],
  ] as const)('add and update answer 400 for %s and write nothing', async (_, body, message) => {
    const t = await createTenant(app);
    const itemId = await addItem(t.client);
    expect(await t.client.post(`/menu-items/${path}/${itemId}/add`, body)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(
      (await t.client.post(`/menu-items/${path}/${itemId}/add`, { title: 'Kept', price: '1' })).status,
    ).toBe(200);
    const [option] = (await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key];
    expect(await t.client.post(`/menu-items/${path}/${itemId}/update/${option!.id}`, body)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect((await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key]).toEqual([
      { id: option!.id, item_id: itemId, title: 'Kept', price: 1 },
    ]);
  });

  it('counts an empty price as 0', async () => {
    const t = await createTenant(app);
    const itemId = await addItem(t.client);
    expect(
      (await t.client.post(`/menu-items/${path}/${itemId}/add`, { title: 'Blank', price: '' })).status,
    ).toBe(200);
    expect(
      (await t.client.post(`/menu-items/${path}/${itemId}/add`, { title: 'Spaces', price: '  ' })).status,
    ).toBe(200);
    expect((await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key]).toMatchObject([
      { title: 'Blank', price: 0 },
      { title: 'Spaces', price: 0 },
    ]);
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const itemId = await addItem(t.client);
    const s = await createColleague(app, t, { scopes: ['POS', 'KITCHEN'] });
    expect(
      (await s.client.post(`/menu-items/${path}/${itemId}/add`, { title: 'X', price: '1' })).status,
    ).toBe(403);
    expect(
      (await s.client.post(`/menu-items/${path}/${itemId}/update/1`, { title: 'X', price: '1' })).status,
    ).toBe(403);
    expect((await s.client.request('DELETE', `/menu-items/${path}/${itemId}/delete/1`)).status).toBe(403);
    expect((await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key]).toEqual([]);
  });

  it(`answers 404 for another tenant's or another item's ${key}, changing nothing`, async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const aItem = await addItem(a.client, { title: 'Mine' });
    const aOther = await addItem(a.client, { title: 'Also mine' });
    const bItem = await addItem(b.client, { title: 'Theirs' });
    expect(
      (await b.client.post(`/menu-items/${path}/${bItem}/add`, { title: 'Theirs', price: '2' })).status,
    ).toBe(200);
    expect(
      (await a.client.post(`/menu-items/${path}/${aOther}/add`, { title: 'Other', price: '3' })).status,
    ).toBe(200);
    const [bOption] = (await b.client.get<MenuItem>(`/menu-items/${bItem}`)).body[key];
    const [otherOption] = (await a.client.get<MenuItem>(`/menu-items/${aOther}`)).body[key];

    const optionNotFound = { status: 404, body: { message: `${label} not found!` } };
    for (const optionId of [bOption!.id, otherOption!.id, 999_999]) {
      expect(
        await a.client.post(`/menu-items/${path}/${aItem}/update/${optionId}`, {
          title: 'Hijack',
          price: '0',
        }),
      ).toMatchObject(optionNotFound);
      expect(
        await a.client.request('DELETE', `/menu-items/${path}/${aItem}/delete/${optionId}`),
      ).toMatchObject(optionNotFound);
    }
    const itemNotFound = { status: 404, body: { message: 'Menu item not found!' } };
    expect(
      await a.client.post(`/menu-items/${path}/${bItem}/update/${bOption!.id}`, {
        title: 'Hijack',
        price: '0',
      }),
    ).toMatchObject(itemNotFound);
    expect(
      await a.client.request('DELETE', `/menu-items/${path}/${bItem}/delete/${bOption!.id}`),
    ).toMatchObject(itemNotFound);
    for (const bad of ['x', '0', '99999999999999999999'])
      expect(
        (await a.client.post(`/menu-items/${path}/${bad}/add`, { title: 'X', price: '1' })).status,
        bad,
      ).toBe(404);
    expect(
      (await a.client.request('DELETE', `/menu-items/${path}/${aItem}/delete/99999999999999999999`)).status,
    ).toBe(404);

    expect((await b.client.get<MenuItem>(`/menu-items/${bItem}`)).body[key]).toEqual([
      { id: bOption!.id, item_id: bItem, title: 'Theirs', price: 2 },
    ]);
    expect((await a.client.get<MenuItem>(`/menu-items/${aOther}`)).body[key]).toEqual([
      { id: otherOption!.id, item_id: aOther, title: 'Other', price: 3 },
    ]);
    expect((await a.client.get<MenuItem>(`/menu-items/${aItem}`)).body[key]).toEqual([]);
  });

  it(`adds, updates and deletes ${key}`, async () => {
    const t = await createTenant(app);
    const itemId = await addItem(t.client, { title: 'Latte', price: '3' });
    expect(
      await t.client.post(`/menu-items/${path}/${itemId}/add`, { title: ' Large ', price: '4.5' }),
    ).toMatchObject({
      status: 200,
      body: { message: `${label} added!` },
    });
    expect(
      (await t.client.post(`/menu-items/${path}/${itemId}/add`, { title: 'Small', price: 2 })).status,
    ).toBe(200);
    const [large, small] = (await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key];

    expect(
      await t.client.post(`/menu-items/${path}/${itemId}/update/${large!.id}`, {
        title: 'Grande',
        price: '5.25',
      }),
    ).toMatchObject({ status: 200, body: { message: `${label} updated!` } });
    expect((await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key]).toEqual([
      { id: large!.id, item_id: itemId, title: 'Grande', price: 5.25 },
      { id: small!.id, item_id: itemId, title: 'Small', price: 2 },
    ]);

    expect(
      await t.client.request('DELETE', `/menu-items/${path}/${itemId}/delete/${small!.id}`),
    ).toMatchObject({
      status: 200,
      body: { message: `${label} deleted!` },
    });
    expect((await t.client.get<MenuItem>(`/menu-items/${itemId}`)).body[key]).toEqual([
      { id: large!.id, item_id: itemId, title: 'Grande', price: 5.25 },
    ]);
    const kind = label.toLowerCase();
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining([
        `menu_item.${kind}_add`,
        `menu_item.${kind}_update`,
        `menu_item.${kind}_delete`,
      ]),
    );
  });
});
