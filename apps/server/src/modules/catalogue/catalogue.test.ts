import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, PaymentType, Tax } from '@comanda/core';
import {
  type TestApp,
  type Tenant,
  auditActions,
  createColleague,
  createTenant,
  startTestApp,
} from '../../../test/harness.ts';
import { insertMenuItem, readMenuItem } from '../menu/menu.fixtures.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const json = { 'content-type': 'application/json' };
const tooLong = 'x'.repeat(10_000);

/** Adds a row through the API and answers the list afterwards. */
async function addAndList<T>(t: Tenant, path: string, body: unknown) {
  expect((await t.client.post(`${path}/add`, body)).status).toBe(200);
  return (await t.client.get<T[]>(path)).body;
}

/** The newest row of a list, which must exist. */
function newest<T>(rows: T[]): T {
  const row = rows.at(-1);
  if (!row) throw new Error('nothing listed');
  return row;
}

describe('/settings/categories', () => {
  const categories = async (t: Tenant) => (await t.client.get<Category[]>('/settings/categories')).body;

  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/settings/categories')).status).toBe(401);
    expect((await c.post('/settings/categories/add', { title: 'Drinks' })).status).toBe(401);
    expect((await c.post('/settings/categories/1/update', { title: 'Drinks' })).status).toBe(401);
    expect((await c.request('DELETE', '/settings/categories/1')).status).toBe(401);
  });

  it.each([
    ['add with no title', 'add', {}, 'Please provide Category Title!'],
    ['add with a blank title', 'add', { title: '  ' }, 'Please provide Category Title!'],
    ['add with a numeric title', 'add', { title: 12 }, 'Please provide Category Title!'],
    ['add with a 10,000-character title', 'add', { title: tooLong }, 'Title is too long!'],
    ['update with no title', 'update', {}, 'Please provide title!'],
    ['update with a 10,000-character title', 'update', { title: tooLong }, 'Title is too long!'],
  ])('answers 400 for %s and changes nothing', async (_label, action, body, message) => {
    const t = await createTenant(app);
    const existing = newest(await addAndList<Category>(t, '/settings/categories', { title: 'Drinks' }));
    const path = action === 'add' ? '/settings/categories/add' : `/settings/categories/${existing.id}/update`;
    expect(await t.client.post(path, body)).toMatchObject({ status: 400, body: { message } });
    expect(await categories(t)).toEqual([existing]);
  });

  it('answers 400 to malformed JSON', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/categories/add', '{title}', json)).toMatchObject({
      status: 400,
      body: { message: 'Malformed JSON body!' },
    });
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const existing = newest(await addAndList<Category>(t, '/settings/categories', { title: 'Drinks' }));
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await pos.client.get('/settings/categories')).status).toBe(403);
    expect((await pos.client.post('/settings/categories/add', { title: 'X' })).status).toBe(403);
    expect((await pos.client.post(`/settings/categories/${existing.id}/update`, { title: 'X' })).status).toBe(
      403,
    );
    expect((await pos.client.request('DELETE', `/settings/categories/${existing.id}`)).status).toBe(403);
    expect(await categories(t)).toEqual([existing]);
  });

  it("answers 404 for another tenant's category and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const bCategory = newest(await addAndList<Category>(b, '/settings/categories', { title: 'Drinks' }));
    for (const id of [bCategory.id, 999_999_999]) {
      expect(await a.client.post(`/settings/categories/${id}/update`, { title: 'Hijack' })).toMatchObject({
        status: 404,
        body: { message: 'Category not found!' },
      });
      expect(await a.client.request('DELETE', `/settings/categories/${id}`)).toMatchObject({
        status: 404,
        body: { message: 'Category not found!' },
      });
    }
    expect(await categories(a)).toEqual([]);
    expect(await categories(b)).toEqual([bCategory]);
  });

  it("answers 404, not 409, when another tenant's category is renamed to a title the caller has", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const mine = newest(await addAndList<Category>(a, '/settings/categories', { title: 'Wines' }));
    const theirs = newest(await addAndList<Category>(b, '/settings/categories', { title: 'Beers' }));
    expect(await a.client.post(`/settings/categories/${theirs.id}/update`, { title: 'Wines' })).toMatchObject(
      {
        status: 404,
        body: { message: 'Category not found!' },
      },
    );
    expect(await categories(a)).toEqual([mine]);
    expect(await categories(b)).toEqual([theirs]);
  });

  it('adds, lists in creation order, updates and deletes categories', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/categories/add', { title: ' Drinks ' })).toMatchObject({
      status: 200,
      body: { message: 'Category added!' },
    });
    await t.client.post('/settings/categories/add', { title: 'Desserts' });
    const [drinks, desserts] = await categories(t);
    expect([drinks?.title, desserts?.title]).toEqual(['Drinks', 'Desserts']);
    if (!drinks || !desserts) throw new Error('categories missing');

    expect(
      await t.client.post(`/settings/categories/${drinks.id}/update`, { title: 'Hot drinks' }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Category updated!' },
    });
    expect(await categories(t)).toEqual([{ id: drinks.id, title: 'Hot drinks', items_count: 0 }, desserts]);

    expect(await t.client.request('DELETE', `/settings/categories/${desserts.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Category deleted!' },
    });
    expect(await categories(t)).toEqual([{ id: drinks.id, title: 'Hot drinks', items_count: 0 }]);
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining(['category.add', 'category.update', 'category.delete']),
    );
  });

  it('answers 409 to a title another category has, ignoring case, and changes nothing', async () => {
    const t = await createTenant(app);
    await t.client.post('/settings/categories/add', { title: 'Drinks' });
    const food = newest(await addAndList<Category>(t, '/settings/categories', { title: 'Food' }));
    const before = await categories(t);
    const taken = { status: 409, body: { message: 'A category with this title already exists!' } };
    expect(await t.client.post('/settings/categories/add', { title: ' drinks ' })).toMatchObject(taken);
    expect(await t.client.post(`/settings/categories/${food.id}/update`, { title: 'DRINKS' })).toMatchObject(
      taken,
    );
    expect(await categories(t)).toEqual(before);
    // Renaming a category to its own title in other letters is fine; another tenant may use the title.
    expect((await t.client.post(`/settings/categories/${food.id}/update`, { title: 'FOOD' })).status).toBe(
      200,
    );
    const other = await createTenant(app);
    expect((await other.client.post('/settings/categories/add', { title: 'Drinks' })).status).toBe(200);
  });

  it('lists how many menu items each category holds', async () => {
    const t = await createTenant(app);
    const drinks = newest(await addAndList<Category>(t, '/settings/categories', { title: 'Drinks' }));
    await insertMenuItem(app, t.tenantId, { priceMinor: 350, categoryId: drinks.id });
    await insertMenuItem(app, t.tenantId, { priceMinor: 150, categoryId: drinks.id });
    await insertMenuItem(app, t.tenantId, { priceMinor: 150 });
    expect(await categories(t)).toEqual([{ id: drinks.id, title: 'Drinks', items_count: 2 }]);
  });

  it('leaves menu items of a deleted category valid, with no category', async () => {
    const t = await createTenant(app);
    const drinks = newest(await addAndList<Category>(t, '/settings/categories', { title: 'Drinks' }));
    const itemId = await insertMenuItem(app, t.tenantId, { priceMinor: 350, categoryId: drinks.id });
    expect((await t.client.request('DELETE', `/settings/categories/${drinks.id}`)).status).toBe(200);
    expect(await readMenuItem(app, t.tenantId, itemId)).toMatchObject({
      item: { id: itemId, title: 'Espresso', priceMinor: 350, categoryId: null },
    });
  });
});

describe('/settings/taxes', () => {
  const taxes = async (t: Tenant) => (await t.client.get<Tax[]>('/settings/taxes')).body;
  const tax = (extra: Record<string, unknown> = {}) => ({
    title: 'VAT',
    rate: 7.5,
    type: 'exclusive',
    ...extra,
  });
  const badRate = 'Invalid value provided in Tax Rate!';

  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/settings/taxes')).status).toBe(401);
    expect((await c.post('/settings/taxes/add', tax())).status).toBe(401);
    expect((await c.post('/settings/taxes/1/update', tax())).status).toBe(401);
    expect((await c.request('DELETE', '/settings/taxes/1')).status).toBe(401);
  });

  it.each([
    ['add with no title', 'add', tax({ title: undefined }), 'Provide Title!'],
    ['add with a blank title', 'add', tax({ title: ' ' }), 'Provide Title!'],
    ['add with a 10,000-character title', 'add', tax({ title: tooLong }), 'Title is too long!'],
    ['add with a negative rate', 'add', tax({ rate: -1 }), badRate],
    ['add with no rate', 'add', tax({ rate: undefined }), badRate],
    ['add with a rate that is not a number', 'add', tax({ rate: 'ten' }), badRate],
    ['add with a rate above 100', 'add', tax({ rate: 100.01 }), badRate],
    ['add with three decimals', 'add', tax({ rate: '7.555' }), badRate],
    ['add with no type', 'add', tax({ type: undefined }), 'Select Tax Type!'],
    ['add with an unknown type', 'add', tax({ type: 'vat' }), 'Select Tax Type!'],
    ['update with no title', 'update', tax({ title: '' }), 'Please provide title!'],
    ['update with a negative rate', 'update', tax({ rate: '-5' }), badRate],
    ['update with no type', 'update', tax({ type: '' }), 'Select Tax Type!'],
  ])('answers 400 for %s and changes nothing', async (_label, action, body, message) => {
    const t = await createTenant(app);
    const existing = newest(await addAndList<Tax>(t, '/settings/taxes', tax()));
    const path = action === 'add' ? '/settings/taxes/add' : `/settings/taxes/${existing.id}/update`;
    expect(await t.client.post(path, body)).toMatchObject({ status: 400, body: { message } });
    expect(await taxes(t)).toEqual([existing]);
  });

  it('answers 400 to malformed JSON', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/taxes/add', '{"rate": 7.5,}', json)).toMatchObject({
      status: 400,
      body: { message: 'Malformed JSON body!' },
    });
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const existing = newest(await addAndList<Tax>(t, '/settings/taxes', tax()));
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await pos.client.get('/settings/taxes')).status).toBe(403);
    expect((await pos.client.post('/settings/taxes/add', tax())).status).toBe(403);
    expect((await pos.client.post(`/settings/taxes/${existing.id}/update`, tax({ rate: 0 }))).status).toBe(
      403,
    );
    expect((await pos.client.request('DELETE', `/settings/taxes/${existing.id}`)).status).toBe(403);
    expect(await taxes(t)).toEqual([existing]);
  });

  it("answers 404 for another tenant's tax and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const bTax = newest(await addAndList<Tax>(b, '/settings/taxes', tax()));
    for (const id of [bTax.id, 999_999_999]) {
      expect(await a.client.post(`/settings/taxes/${id}/update`, tax({ rate: 0 }))).toMatchObject({
        status: 404,
        body: { message: 'Tax not found!' },
      });
      expect(await a.client.request('DELETE', `/settings/taxes/${id}`)).toMatchObject({
        status: 404,
        body: { message: 'Tax not found!' },
      });
    }
    expect(await taxes(a)).toEqual([]);
    expect(await taxes(b)).toEqual([bTax]);
  });

  it('adds, lists in creation order, updates and deletes taxes, with rates as percents', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/taxes/add', tax())).toMatchObject({
      status: 200,
      body: { message: 'Tax added!' },
    });
    await t.client.post('/settings/taxes/add', { title: 'Service', rate: '12.25', type: 'inclusive' });
    await t.client.post('/settings/taxes/add', { title: 'Exempt', rate: 0, type: 'exclusive' });
    const [vat, service, exempt] = await taxes(t);
    expect([vat, service, exempt]).toEqual([
      { id: expect.any(Number) as unknown, title: 'VAT', rate: 7.5, type: 'exclusive', items_count: 0 },
      { id: expect.any(Number) as unknown, title: 'Service', rate: 12.25, type: 'inclusive', items_count: 0 },
      { id: expect.any(Number) as unknown, title: 'Exempt', rate: 0, type: 'exclusive', items_count: 0 },
    ]);
    if (!vat || !service || !exempt) throw new Error('taxes missing');

    expect(
      await t.client.post(`/settings/taxes/${vat.id}/update`, {
        title: 'VAT 2025',
        rate: 100,
        type: 'inclusive',
      }),
    ).toMatchObject({ status: 200, body: { message: 'Tax updated!' } });
    expect(newest(await taxes(t)).id).toBe(exempt.id);
    expect((await taxes(t))[0]).toEqual({
      id: vat.id,
      title: 'VAT 2025',
      rate: 100,
      type: 'inclusive',
      items_count: 0,
    });

    expect(await t.client.request('DELETE', `/settings/taxes/${service.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Tax deleted!' },
    });
    expect((await taxes(t)).map((x) => x.id)).toEqual([vat.id, exempt.id]);
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining(['tax.add', 'tax.update', 'tax.delete']),
    );
  });

  it('leaves menu items of a deleted tax valid, untaxed, and lists how many it applied to', async () => {
    const t = await createTenant(app);
    const vat = newest(await addAndList<Tax>(t, '/settings/taxes', tax()));
    const itemId = await insertMenuItem(app, t.tenantId, { priceMinor: 350, taxId: vat.id });
    expect(newest(await taxes(t)).items_count).toBe(1);
    expect((await t.client.request('DELETE', `/settings/taxes/${vat.id}`)).status).toBe(200);
    expect(await readMenuItem(app, t.tenantId, itemId)).toMatchObject({
      item: { id: itemId, priceMinor: 350, taxId: null },
    });
  });
});

describe('/settings/payment-types', () => {
  const paymentTypes = async (t: Tenant) =>
    (await t.client.get<PaymentType[]>('/settings/payment-types')).body;
  /** A new store's Cash (0031), beside its Card (0039). */
  const ownCash = async (t: Tenant) => {
    const types = await paymentTypes(t);
    const cash = types.find((p) => p.title === 'Cash');
    if (!cash || types.length !== 2) throw new Error('a new store should have exactly its Cash and Card');
    return cash;
  };
  /** A new store's own types (Cash and Card), to show a refused call changed none of them. */
  const own = async (t: Tenant) => {
    await ownCash(t);
    return paymentTypes(t);
  };

  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/settings/payment-types')).status).toBe(401);
    expect((await c.post('/settings/payment-types/add', { title: 'Cash' })).status).toBe(401);
    expect((await c.post('/settings/payment-types/1/toggle', { isActive: false })).status).toBe(401);
    expect((await c.post('/settings/payment-types/1/update', { title: 'Cash', isActive: true })).status).toBe(
      401,
    );
    expect((await c.request('DELETE', '/settings/payment-types/1')).status).toBe(401);
  });

  it.each([
    ['add with no title', 'add', { isActive: true }, 'Please provide Payment Type Title!'],
    ['add with a blank title', 'add', { title: '' }, 'Please provide Payment Type Title!'],
    ['add with a 10,000-character title', 'add', { title: tooLong }, 'Title is too long!'],
    ['add with a string for isActive', 'add', { title: 'Card', isActive: 'yes' }, 'Invalid request!'],
    ['update with no title', 'update', { isActive: true }, 'Please provide title!'],
    [
      'update with a 10,000-character title',
      'update',
      { title: tooLong, isActive: true },
      'Title is too long!',
    ],
    ['toggle with no isActive', 'toggle', {}, 'Invalid request!'],
    ['toggle with a string for isActive', 'toggle', { isActive: 'false' }, 'Invalid request!'],
  ])('answers 400 for %s and changes nothing', async (_label, action, body, message) => {
    const t = await createTenant(app);
    const before = await own(t);
    const cash = await ownCash(t);
    const path =
      action === 'add' ? '/settings/payment-types/add' : `/settings/payment-types/${cash.id}/${action}`;
    expect(await t.client.post(path, body)).toMatchObject({ status: 400, body: { message } });
    expect(await paymentTypes(t)).toEqual(before);
  });

  it('answers 400 to malformed JSON', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/payment-types/add', "{'title':'Cash'}", json)).toMatchObject({
      status: 400,
      body: { message: 'Malformed JSON body!' },
    });
  });

  it('answers 403 to staff without SETTINGS', async () => {
    const t = await createTenant(app);
    const before = await own(t);
    const cash = await ownCash(t);
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await pos.client.get('/settings/payment-types')).status).toBe(403);
    expect((await pos.client.post('/settings/payment-types/add', { title: 'X' })).status).toBe(403);
    expect(
      (await pos.client.post(`/settings/payment-types/${cash.id}/toggle`, { isActive: false })).status,
    ).toBe(403);
    expect(
      (await pos.client.post(`/settings/payment-types/${cash.id}/update`, { title: 'X', isActive: false }))
        .status,
    ).toBe(403);
    expect((await pos.client.request('DELETE', `/settings/payment-types/${cash.id}`)).status).toBe(403);
    expect(await paymentTypes(t)).toEqual(before);
  });

  it("answers 404 for another tenant's payment type and changes nothing", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const aBefore = await own(a);
    const bBefore = await own(b);
    const bCash = await ownCash(b);
    const notFound = { status: 404, body: { message: 'Payment type not found!' } };
    for (const id of [bCash.id, 999_999_999]) {
      expect(await a.client.post(`/settings/payment-types/${id}/toggle`, { isActive: false })).toMatchObject(
        notFound,
      );
      expect(
        await a.client.post(`/settings/payment-types/${id}/update`, { title: 'Hijack', isActive: false }),
      ).toMatchObject(notFound);
      expect(await a.client.request('DELETE', `/settings/payment-types/${id}`)).toMatchObject(notFound);
    }
    expect(await paymentTypes(a)).toEqual(aBefore);
    expect(await paymentTypes(b)).toEqual(bBefore);
  });

  it('adds active payment types, toggles, updates and deletes them', async () => {
    const t = await createTenant(app);
    // The store starts with its Cash (0031) and Card (0039); this story adds its own Card, so the
    // store's goes first. A type added without isActive is active.
    const storeCard = (await paymentTypes(t)).find((p) => p.title === 'Card');
    expect((await t.client.request('DELETE', `/settings/payment-types/${storeCard?.id}`)).status).toBe(200);
    expect(await t.client.post('/settings/payment-types/add', { title: 'Card' })).toMatchObject({
      status: 200,
      body: { message: 'Payment type added!' },
    });
    const [cash, card] = await paymentTypes(t);
    expect([cash, card]).toEqual([
      { id: expect.any(Number) as unknown, title: 'Cash', is_active: true, is_cash: true, is_default: true },
      {
        id: expect.any(Number) as unknown,
        title: 'Card',
        is_active: true,
        is_cash: false,
        is_default: false,
      },
    ]);
    if (!cash || !card) throw new Error('payment types missing');

    expect(
      (await t.client.post(`/settings/payment-types/${cash.id}/toggle`, { isActive: false })).status,
    ).toBe(200);
    // The default moves off a type switched off (payment-default.test.ts).
    expect(await paymentTypes(t)).toEqual([
      { ...cash, is_active: false, is_default: false },
      { ...card, is_default: true },
    ]);
    expect(
      (await t.client.post(`/settings/payment-types/${cash.id}/toggle`, { isActive: true })).status,
    ).toBe(200);
    expect(await paymentTypes(t)).toEqual([cash, card]);

    expect(
      await t.client.post(`/settings/payment-types/${card.id}/update`, {
        title: 'Card (Visa)',
        isActive: false,
      }),
    ).toMatchObject({ status: 200, body: { message: 'Payment type updated!' } });
    expect(await paymentTypes(t)).toEqual([
      cash,
      { id: card.id, title: 'Card (Visa)', is_active: false, is_cash: false, is_default: false },
    ]);
    // A rename that does not mention the switch leaves it as it is.
    expect((await t.client.post(`/settings/payment-types/${card.id}/update`, { title: 'Card' })).status).toBe(
      200,
    );
    expect(await paymentTypes(t)).toEqual([
      cash,
      { id: card.id, title: 'Card', is_active: false, is_cash: false, is_default: false },
    ]);

    expect(await t.client.request('DELETE', `/settings/payment-types/${cash.id}`)).toMatchObject({
      status: 200,
      // Cash was the default and Card is off: no default is left (payment-default.test.ts).
      body: { message: 'Payment type deleted! No payment type is active now.' },
    });
    expect((await paymentTypes(t)).map((p) => p.id)).toEqual([card.id]);
    expect(await auditActions(app, t.tenantId)).toEqual(
      expect.arrayContaining([
        'payment_type.add',
        'payment_type.toggle',
        'payment_type.update',
        'payment_type.delete',
      ]),
    );
  });
});
