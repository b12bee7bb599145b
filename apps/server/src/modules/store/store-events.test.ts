import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  type TestApp,
  type TestClient,
  connectSocket,
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

/** A signed-in screen's socket, once the server has put it in its tenant's room. */
async function screen(client: TestClient): Promise<Socket> {
  const { socket, authenticated } = await connectSocket(app, client);
  expect(authenticated).toBe(true);
  return socket;
}

describe('settings events', () => {
  it("reach the saving tenant's screens after the save, and no other tenant's", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const aScreen = await screen(a.client);
    const bScreen = await screen(b.client);
    const aStore = record(aScreen, 'store_updated');
    const aCatalogue = record(aScreen, 'catalogue_updated');
    const bStore = record(bScreen, 'store_updated');
    const bCatalogue = record(bScreen, 'catalogue_updated');

    const storeSaved = next(aScreen, 'store_updated');
    const body = { storeName: 'Cafe A', currency: 'EUR', isQRMenuEnabled: true };
    expect((await a.client.post('/settings/store-setting', body)).status).toBe(200);
    await storeSaved;
    const categoryAdded = next(aScreen, 'catalogue_updated');
    expect((await a.client.post('/settings/categories/add', { title: 'Drinks' })).status).toBe(200);
    await categoryAdded;

    // b's own event, sent after a's two: once b's screen has it, a's would have arrived before it.
    const control = next(bScreen, 'print_settings_updated');
    const print = {
      pageFormat: 80,
      header: '',
      footer: '',
      showNotes: true,
      isEnablePrint: true,
      showStoreDetails: true,
      showCustomerDetails: true,
      printToken: true,
    };
    expect((await b.client.post('/settings/print-setting', print)).status).toBe(200);
    await control;

    expect(aStore).toEqual([{}]);
    expect(aCatalogue).toEqual([{ kind: 'category' }]);
    expect(bStore).toEqual([]);
    expect(bCatalogue).toEqual([]);
  });

  it('sends nothing for a save that is refused', async () => {
    const a = await createTenant(app);
    const aScreen = await screen(a.client);
    const got = record(aScreen, 'catalogue_updated');
    await a.client.post('/settings/categories/add', { title: 'Drinks' });
    // The same title again: the unique index refuses it and the transaction rolls back.
    const control = next(aScreen, 'tables_updated');
    expect((await a.client.post('/settings/categories/add', { title: 'drinks' })).status).toBe(409);
    await a.client.post('/settings/store-tables/add', { title: 'T1', floor: '-', seatingCapacity: 2 });
    await control;
    expect(got).toEqual([{ kind: 'category' }]);
  });

  it('tells the screens which menu item changed', async () => {
    const a = await createTenant(app);
    const aScreen = await screen(a.client);
    const changed = next(aScreen, 'menu_updated');
    const added = await a.client.post<{ id: number }>('/menu-items/add', { title: 'Tea', price: '1.50' });
    expect(added.status).toBe(200);
    expect(await changed).toEqual({ itemId: added.body.id });
  });
});
