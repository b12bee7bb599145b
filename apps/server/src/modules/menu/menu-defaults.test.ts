import type { NewItemDefaults } from '@comanda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createColleague, createTenant, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A new item starts with the category and tax of the store's last item added (issue 31). */
describe('GET /menu-items/new-item-defaults', () => {
  it('answers 401 without a session and 403 without SETTINGS', async () => {
    expect((await app.client().get('/menu-items/new-item-defaults')).status).toBe(401);
    const owner = await createTenant(app);
    const waiter = await createColleague(app, owner, { scopes: ['POS'] });
    expect((await waiter.client.get('/menu-items/new-item-defaults')).status).toBe(403);
  });

  it('answers nothing for a store without items, then the last added item’s category and tax', async () => {
    const owner = await createTenant(app);
    const c = owner.client;
    const defaults = async () => {
      const res = await c.get<NewItemDefaults>('/menu-items/new-item-defaults');
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await defaults()).toEqual({ categoryId: null, taxId: null });

    await c.post('/settings/categories/add', { title: 'Drinks' });
    await c.post('/settings/categories/add', { title: 'Food' });
    await c.post('/settings/taxes/add', { title: 'VAT', rate: 10, type: 'exclusive' });
    const cats = (await c.get<{ id: number; title: string }[]>('/settings/categories')).body;
    const [vat] = (await c.get<{ id: number }[]>('/settings/taxes')).body;
    const drinks = cats.find((x) => x.title === 'Drinks')!.id;
    const food = cats.find((x) => x.title === 'Food')!.id;

    const add = (title: string, categoryId: number | null, taxId: number | null) =>
      c.post<{ id: number }>('/menu-items/add', { title, price: 2, netPrice: null, categoryId, taxId });
    const tea = await add('Tea', drinks, vat!.id);
    expect(await defaults()).toEqual({ categoryId: drinks, taxId: vat!.id });
    await add('Toast', food, null);
    expect(await defaults()).toEqual({ categoryId: food, taxId: null });
    // Editing an older item changes nothing: the last one added leads.
    await c.post(`/menu-items/update/${tea.body.id}`, {
      title: 'Tea',
      price: 2,
      netPrice: null,
      categoryId: null,
      taxId: null,
    });
    expect(await defaults()).toEqual({ categoryId: food, taxId: null });
  });

  it("never reads another store's items", async () => {
    const busy = await createTenant(app);
    await busy.client.post('/settings/categories/add', { title: 'Drinks' });
    const [drinks] = (await busy.client.get<{ id: number }[]>('/settings/categories')).body;
    await busy.client.post('/menu-items/add', {
      title: 'Tea',
      price: 2,
      netPrice: null,
      categoryId: drinks!.id,
      taxId: null,
    });
    const fresh = await createTenant(app);
    expect((await fresh.client.get('/menu-items/new-item-defaults')).body).toEqual({
      categoryId: null,
      taxId: null,
    });
  });
});
