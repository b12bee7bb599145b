import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@comanda/core';
import { categories, menuItemAddons, menuItemVariants, menuItems, taxes } from '../../platform/db/schema.ts';
import {
  type TestApp,
  auditActions,
  createColleague,
  createTenant,
  startTestApp,
} from '../../../test/harness.ts';
import { addItem, insertCategory, insertTax, listItems, setCurrency } from './menu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('/menu-items', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/menu-items')).status).toBe(401);
    expect((await c.get('/menu-items/1')).status).toBe(401);
    expect((await c.post('/menu-items/add', { title: 'X', price: 1 })).status).toBe(401);
    expect((await c.post('/menu-items/update/1', { title: 'X', price: 1 })).status).toBe(401);
    expect((await c.request('DELETE', '/menu-items/delete/1')).status).toBe(401);
    expect((await c.post('/menu-items/update/1/remove-photo')).status).toBe(401);
    expect((await c.post('/menu-items/update/1/upload-photo')).status).toBe(401);
  });

  it.each([
    ['no title', { price: '1' }, 'Please enter title!'],
    ['a blank title', { title: '   ', price: '1' }, 'Please enter title!'],
    ['a 10,000-character title', { title: 'x'.repeat(10_000), price: '1' }, 'Title is too long!'],
    ['no price', { title: 'Tea' }, 'Please provide valid price!'],
    ['an empty price', { title: 'Tea', price: '' }, 'Please provide valid price!'],
    ['price -1', { title: 'Tea', price: -1 }, 'Please provide valid price!'],
    ["price '-1'", { title: 'Tea', price: '-1' }, 'Please provide valid price!'],
    ["price 'abc'", { title: 'Tea', price: 'abc' }, 'Please provide valid price!'],
    ["price '1e3'", { title: 'Tea', price: '1e3' }, 'Please provide valid price!'],
    // More decimals than the store currency (USD) has, and more than we ever store.
    ["price '1.234'", { title: 'Tea', price: '1.234' }, 'Please provide valid price!'],
    ['a 17-digit price', { title: 'Tea', price: '99999999999999999' }, 'Please provide valid price!'],
    ['net price -2', { title: 'Tea', price: '1', netPrice: '-2' }, 'Please provide valid net price!'],
    ["net price '0.001'", { title: 'Tea', price: '1', netPrice: '0.001' }, 'Please provide valid net price!'],
    ["category 'abc'", { title: 'Tea', price: '1', categoryId: 'abc' }, 'Invalid request!'],
    ['tax -3', { title: 'Tea', price: '1', taxId: -3 }, 'Invalid request!'],
  ] as const)('add answers 400 for %s and creates nothing', async (_, body, message) => {
    const t = await createTenant(app);
    expect(await t.client.post('/menu-items/add', body)).toMatchObject({ status: 400, body: { message } });
    expect(await listItems(t.client)).toEqual([]);
    expect(await auditActions(app, t.tenantId)).not.toContain('menu_item.add');
  });

  it('update answers the same 400 messages and changes nothing', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client, { title: 'Tea', price: '2' });
    for (const [body, message] of [
      [{ title: '', price: '1' }, 'Please enter title!'],
      [{ title: 'Tea', price: -1 }, 'Please provide valid price!'],
      [{ title: 'Tea', price: 'abc' }, 'Please provide valid price!'],
      [{ title: 'x'.repeat(10_000), price: '1' }, 'Title is too long!'],
    ] as const) {
      expect(await t.client.post(`/menu-items/update/${id}`, body)).toMatchObject({
        status: 400,
        body: { message },
      });
    }
    expect((await t.client.get<MenuItem>(`/menu-items/${id}`)).body).toMatchObject({
      title: 'Tea',
      price: 2,
    });
  });

  it('reads amounts with the digits of the store currency', async () => {
    const t = await createTenant(app);
    await setCurrency(app, t.tenantId, 'JPY');
    expect(await t.client.post('/menu-items/add', { title: 'Ramen', price: '3.5' })).toMatchObject({
      status: 400,
      body: { message: 'Please provide valid price!' },
    });
    const id = await addItem(t.client, { title: 'Ramen', price: '950', netPrice: '880.0' });
    expect((await t.client.get<MenuItem>(`/menu-items/${id}`)).body).toMatchObject({
      price: 950,
      net_price: 880,
    });
    const stored = await app.database.inTenant(t.tenantId, (tx) =>
      tx.select({ priceMinor: menuItems.priceMinor }).from(menuItems),
    );
    expect(stored).toEqual([{ priceMinor: 950 }]);
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const id = await addItem(t.client);
    const s = await createColleague(app, t, { scopes: ['POS'] });
    expect((await s.client.get('/menu-items')).status).toBe(403);
    expect((await s.client.get(`/menu-items/${id}`)).status).toBe(403);
    expect((await s.client.post('/menu-items/add', { title: 'X', price: '1' })).status).toBe(403);
    expect((await s.client.post(`/menu-items/update/${id}`, { title: 'X', price: '1' })).status).toBe(403);
    expect((await s.client.request('DELETE', `/menu-items/delete/${id}`)).status).toBe(403);
    expect((await s.client.post(`/menu-items/variants/${id}/add`, { title: 'X', price: '1' })).status).toBe(
      403,
    );
    expect((await s.client.post(`/menu-items/update/${id}/remove-photo`)).status).toBe(403);
    expect(await listItems(t.client)).toHaveLength(1);

    const manager = await createColleague(app, t, { scopes: ['SETTINGS'] });
    expect((await manager.client.get<MenuItem[]>('/menu-items')).body).toHaveLength(1);
  });

  it("answers 404 for another tenant's item and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const bItem = await addItem(b.client, { title: 'Secret', price: '9' });
    const before = await listItems(b.client);

    const notFound = { status: 404, body: { message: 'Menu item not found!' } };
    expect(await a.client.get(`/menu-items/${bItem}`)).toMatchObject(notFound);
    expect(await a.client.post(`/menu-items/update/${bItem}`, { title: 'Hijack', price: '0' })).toMatchObject(
      notFound,
    );
    expect(await a.client.request('DELETE', `/menu-items/delete/${bItem}`)).toMatchObject(notFound);
    expect(await a.client.post(`/menu-items/update/${bItem}/remove-photo`)).toMatchObject(notFound);
    expect(
      await a.client.post(`/menu-items/variants/${bItem}/add`, { title: 'X', price: '1' }),
    ).toMatchObject(notFound);
    expect(await a.client.post(`/menu-items/addons/${bItem}/add`, { title: 'X', price: '1' })).toMatchObject(
      notFound,
    );
    // Ids that name nothing at all answer the same.
    for (const id of ['abc', '0', '1.5', '99999999999999999999'])
      expect((await a.client.get(`/menu-items/${id}`)).status, id).toBe(404);

    expect(await listItems(b.client)).toEqual(before);
    expect(await listItems(a.client)).toEqual([]);
  });

  it("refuses to link another tenant's category or tax, writing nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const bCategory = await insertCategory(app, b.tenantId, 'Their drinks');
    const bTax = await insertTax(app, b.tenantId, { title: 'Their VAT', rateBp: 2300, type: 'inclusive' });

    expect(
      await a.client.post('/menu-items/add', { title: 'Tea', price: '1', categoryId: bCategory }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Category not found!' },
    });
    expect(await a.client.post('/menu-items/add', { title: 'Tea', price: '1', taxId: bTax })).toMatchObject({
      status: 404,
      body: { message: 'Tax not found!' },
    });
    expect(await listItems(a.client)).toEqual([]);

    const id = await addItem(a.client, { title: 'Tea', price: '1' });
    expect(
      await a.client.post(`/menu-items/update/${id}`, {
        title: 'Tea',
        price: '1',
        categoryId: String(bCategory),
      }),
    ).toMatchObject({ status: 404, body: { message: 'Category not found!' } });
    expect(
      await a.client.post(`/menu-items/update/${id}`, { title: 'Tea', price: '1', taxId: bTax }),
    ).toMatchObject({
      status: 404,
      body: { message: 'Tax not found!' },
    });
    expect(await listItems(a.client)).toMatchObject([{ id, category_id: null, tax_id: null }]);
  });

  it('adds, lists, updates and deletes items with their category, tax, variants and addons', async () => {
    const t = await createTenant(app);
    const drinks = await insertCategory(app, t.tenantId, 'Drinks');
    const vat = await insertTax(app, t.tenantId, { title: 'VAT', rateBp: 750, type: 'exclusive' });

    const added = await t.client.post<{ message: string; id: number }>('/menu-items/add', {
      title: '  Latte ',
      price: '3.50',
      netPrice: 3.25,
      categoryId: String(drinks),
      taxId: vat,
    });
    expect(added).toMatchObject({ status: 200, body: { message: 'Menu item added!' } });
    const latte = added.body.id;
    expect(latte).toEqual(expect.any(Number));
    const water = await addItem(t.client, {
      title: 'Water',
      price: 1,
      netPrice: '',
      categoryId: 'none',
      taxId: null,
    });

    expect(
      await t.client.post(`/menu-items/variants/${latte}/add`, { title: 'Large', price: '4.1' }),
    ).toMatchObject({ status: 200, body: { message: 'Variant added!' } });
    expect(
      (await t.client.post(`/menu-items/variants/${latte}/add`, { title: 'Small', price: '' })).status,
    ).toBe(200);
    expect(
      await t.client.post(`/menu-items/addons/${latte}/add`, { title: 'Oat milk', price: 0.5 }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Addon added!' },
    });

    const list = await listItems(t.client);
    const [large, small] = list[0]!.variants;
    const [oat] = list[0]!.addons;
    expect(list).toEqual([
      {
        id: latte,
        title: 'Latte',
        price: 3.5,
        net_price: 3.25,
        image: null,
        tax_id: vat,
        tax_title: 'VAT',
        tax_rate: 7.5,
        tax_type: 'exclusive',
        category_id: drinks,
        category_title: 'Drinks',
        variants: [
          { id: large!.id, item_id: latte, title: 'Large', price: 4.1 },
          { id: small!.id, item_id: latte, title: 'Small', price: 0 },
        ],
        addons: [{ id: oat!.id, item_id: latte, title: 'Oat milk', price: 0.5 }],
      },
      {
        id: water,
        title: 'Water',
        price: 1,
        net_price: null,
        image: null,
        tax_id: null,
        tax_title: null,
        tax_rate: null,
        tax_type: null,
        category_id: null,
        category_title: null,
        variants: [],
        addons: [],
      },
    ]);
    expect((await t.client.get(`/menu-items/${latte}`)).body).toEqual(list[0]);

    expect(
      await t.client.post(`/menu-items/update/${latte}`, {
        title: 'Flat white',
        price: '3.8',
        netPrice: null,
        categoryId: null,
        taxId: vat,
      }),
    ).toMatchObject({ status: 200, body: { message: 'Menu item updated!' } });
    expect((await t.client.get(`/menu-items/${latte}`)).body).toMatchObject({
      title: 'Flat white',
      price: 3.8,
      net_price: null,
      category_id: null,
      category_title: null,
      tax_id: vat,
      variants: [{ title: 'Large' }, { title: 'Small' }],
    });

    expect(await t.client.request('DELETE', `/menu-items/delete/${latte}`)).toMatchObject({
      status: 200,
      body: { message: 'Menu item deleted!' },
    });
    expect((await t.client.get(`/menu-items/${latte}`)).status).toBe(404);
    expect((await listItems(t.client)).map((i) => i.id)).toEqual([water]);
    const leftovers = await app.database.inTenant(t.tenantId, async (tx) => [
      ...(await tx.select().from(menuItemVariants)),
      ...(await tx.select().from(menuItemAddons)),
    ]);
    expect(leftovers).toEqual([]);

    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining([
        'menu_item.add',
        'menu_item.variant_add',
        'menu_item.addon_add',
        'menu_item.update',
        'menu_item.delete',
      ]),
    );
  });

  it('describes its routes, photo upload and image download included, in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/menu-items',
        '/menu-items/{id}',
        '/menu-items/update/{id}/upload-photo',
        '/menu-items/variants/{itemId}/update/{optionId}',
        '/menu-items/addons/{itemId}/delete/{optionId}',
        '/images/{key}',
      ]),
    );
  });

  it('leaves items without category or tax when those are deleted', async () => {
    const t = await createTenant(app);
    const food = await insertCategory(app, t.tenantId, 'Food');
    const vat = await insertTax(app, t.tenantId, { title: 'VAT', rateBp: 1300, type: 'inclusive' });
    const id = await addItem(t.client, { title: 'Toast', price: '2.4', categoryId: food, taxId: vat });
    expect(await listItems(t.client)).toMatchObject([
      { category_title: 'Food', tax_rate: 13, tax_type: 'inclusive' },
    ]);

    await app.database.inTenant(t.tenantId, async (tx) => {
      await tx.delete(categories).where(and(eq(categories.tenantId, t.tenantId), eq(categories.id, food)));
      await tx.delete(taxes).where(and(eq(taxes.tenantId, t.tenantId), eq(taxes.id, vat)));
    });
    expect(await listItems(t.client)).toMatchObject([
      {
        id,
        price: 2.4,
        category_id: null,
        category_title: null,
        tax_id: null,
        tax_title: null,
        tax_rate: null,
        tax_type: null,
      },
    ]);
  });
});
