import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrMenu, QrOrder } from '@comanda/core';
import { type TestApp, startTestApp } from '../../../test/harness.ts';
import { type QrStore, createQrStore, qrCounts } from './qrmenu.fixtures.ts';

// Issue 30: POST /qrmenu/{qrcode}/place-order with the SPEC §3 QR payload, whose cart lines are the menu
// items themselves ("the menu item plus quantity ..."): the item is named by its own `id`.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The diner's cart as the menu's items plus the cart's fields: no item_id, no uuid. */
async function specBody(s: QrStore) {
  const menu = (await app.client().get<QrMenu>(`/qrmenu/${s.code}?tableId=${s.tableToken}`)).body;
  const soda = menu.menuItems.find((i) => i.title === 'Soda');
  const water = menu.menuItems.find((i) => i.title === 'Water');
  if (!soda || !water) throw new Error('menu items missing');
  const line = (item: typeof soda, quantity: number) => ({
    ...item,
    quantity,
    notes: '',
    variant_id: null,
    variant: null,
    addons_ids: [],
    addons: [],
  });
  return {
    deliveryType: 'dinein',
    cartItems: [line(soda, 2), line(water, 1)],
    customerType: 'WALKIN',
    customer: { name: 'Guest', phone: '' },
    tableId: s.tableToken,
  };
}

describe('POST /qrmenu/{qrcode}/place-order with the SPEC payload', () => {
  it('places the order, each line naming its item by id', async () => {
    const s = await createQrStore(app);
    const res = await app.client().post(`/qrmenu/${s.code}/place-order`, await specBody(s));
    expect(res).toMatchObject({ status: 200, body: { message: 'Order placed successfully!' } });
    const list = await s.owner.client.get<{ qrOrders: QrOrder[] }>('/pos/qrorders');
    expect(list.body.qrOrders[0]?.items.map((i) => [i.item_id, i.quantity])).toEqual([
      [s.soda, 2],
      [s.water, 1],
    ]);
  });

  it('answers 400 when a line names two different items by id and item_id, and writes nothing', async () => {
    const s = await createQrStore(app);
    const body = await specBody(s);
    const before = await qrCounts(app, s.owner.tenantId);
    const res = await app.client().post(`/qrmenu/${s.code}/place-order`, {
      ...body,
      cartItems: [{ ...body.cartItems[0], item_id: s.burger }],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: "A cart line's id and item_id name different menu items!" },
    });
    expect(await qrCounts(app, s.owner.tenantId)).toEqual(before);
  });
});
