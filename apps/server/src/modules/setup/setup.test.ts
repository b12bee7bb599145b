import type { MenuItem, SetupChecklist } from '@comanda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  auditActions,
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

const doneSteps = (c: SetupChecklist) => c.steps.filter((s) => s.done).map((s) => s.key);

describe('/setup', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/setup/checklist')).status).toBe(401);
    expect((await c.post('/setup/dismiss')).status).toBe(401);
  });

  it('answers 403 to staff, even with SETTINGS, and stores nothing', async () => {
    const owner = await createTenant(app);
    const staff = await createColleague(app, owner, { scopes: ['SETTINGS', 'MANAGER'] });
    expect((await staff.client.get('/setup/checklist')).status).toBe(403);
    expect((await staff.client.post('/setup/dismiss')).status).toBe(403);
    const mine = await owner.client.get<SetupChecklist>('/setup/checklist');
    expect(mine.body.dismissed).toBe(false);
  });

  it('ticks each step off from the store data as the owner does it', async () => {
    const owner = await createTenant(app);
    const c = owner.client;
    const check = async () => {
      const res = await c.get<SetupChecklist>('/setup/checklist');
      expect(res.status).toBe(200);
      return res.body;
    };

    // A new store: Cash and Card come with it, nothing else.
    const first = await check();
    expect(first.steps.map((s) => s.key)).toEqual([
      'storeDetails',
      'tax',
      'categories',
      'items',
      'tables',
      'paymentTypes',
      'staff',
      'testOrder',
    ]);
    expect(doneSteps(first)).toEqual(['paymentTypes']);
    expect(first).toMatchObject({ dismissed: false, complete: false });

    const store = (await c.get<Record<string, unknown>>('/settings/store-setting')).body;
    await c.post('/settings/store-setting', { ...store, address: '1 Main St', phone: '555 0100' });
    await c.post('/settings/taxes/add', { title: 'VAT', rate: 10, type: 'exclusive' });
    expect(doneSteps(await check())).toEqual(['storeDetails', 'tax', 'paymentTypes']);

    await c.post('/settings/categories/add', { title: 'Drinks' });
    await c.post('/menu-items/add', {
      title: 'Tea',
      price: 2,
      netPrice: null,
      categoryId: null,
      taxId: null,
    });
    await c.post('/settings/store-tables/add', { title: 'T1', floor: '-', seatingCapacity: 2 });
    expect(
      (
        await c.post('/users/add', {
          username: uniqueUsername('staff'),
          password: 'staff pw long',
          name: 'Rui',
          designation: '',
          phone: '',
          email: '',
          userScopes: ['POS'],
        })
      ).status,
    ).toBe(200);
    expect(doneSteps(await check())).toEqual([
      'storeDetails',
      'tax',
      'categories',
      'items',
      'tables',
      'paymentTypes',
      'staff',
    ]);

    const [tea] = (await c.get<MenuItem[]>('/menu-items')).body;
    const order = await c.post('/pos/create-order', {
      cart: [{ ...tea, quantity: 1, notes: '', variant_id: null, variant: null, addons_ids: [], addons: [] }],
      deliveryType: 'takeaway',
      customerType: 'WALKIN',
      customerId: null,
      tableId: null,
      selectedQrOrderItem: null,
    });
    expect(order.status).toBe(200);
    const last = await check();
    expect(last.steps.every((s) => s.done)).toBe(true);
    expect(last).toMatchObject({ complete: true, dismissed: false });
  });

  it('a step is undone when its data goes: no active payment type, no tick', async () => {
    const owner = await createTenant(app);
    const types = (await owner.client.get<{ id: number }[]>('/settings/payment-types')).body;
    for (const t of types)
      await owner.client.post(`/settings/payment-types/${t.id}/toggle`, { isActive: false });
    const res = await owner.client.get<SetupChecklist>('/setup/checklist');
    expect(doneSteps(res.body)).toEqual([]);
  });

  it('remembers a dismissal for the store, on every device, audited, and only for that store', async () => {
    const owner = await createTenant(app);
    const other = await createTenant(app);
    const dismissed = await owner.client.post<SetupChecklist>('/setup/dismiss');
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ dismissed: true, complete: false });
    // Another device of the same owner (a second session) sees it hidden too.
    const secondDevice = app.client();
    expect(
      (await secondDevice.post('/auth/signin', { username: owner.username, password: owner.password }))
        .status,
    ).toBe(200);
    expect((await secondDevice.get<SetupChecklist>('/setup/checklist')).body.dismissed).toBe(true);
    // Dismissing again keeps it dismissed.
    expect((await owner.client.post<SetupChecklist>('/setup/dismiss')).body.dismissed).toBe(true);
    expect((await other.client.get<SetupChecklist>('/setup/checklist')).body.dismissed).toBe(false);
    expect(await auditActions(app, owner.tenantId)).toContain('setup.dismiss');
    expect(await auditActions(app, other.tenantId)).not.toContain('setup.dismiss');
  });

  it("never counts another store's data", async () => {
    const busy = await createTenant(app);
    await busy.client.post('/settings/taxes/add', { title: 'VAT', rate: 10, type: 'exclusive' });
    await busy.client.post('/settings/categories/add', { title: 'Drinks' });
    await busy.client.post('/settings/store-tables/add', { title: 'T1', floor: '-', seatingCapacity: 2 });
    const fresh = await createTenant(app);
    expect(doneSteps((await fresh.client.get<SetupChecklist>('/setup/checklist')).body)).toEqual([
      'paymentTypes',
    ]);
  });
});
