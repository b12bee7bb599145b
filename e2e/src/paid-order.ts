import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { APIRequestContext } from 'playwright-core';

/** What `seedMenu` made: a burger with a variant and an addon (7.5 % VAT on top), and a cash payment type. */
export interface SeededMenu {
  burger: number;
  large: number;
  cheese: number;
  water: number;
  cash: number;
}

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.status(), await res.text()).toBe(200);
  return res;
}

/**
 * A store with its details, a taxed burger (variant, addon) and water, all through the API, and the
 * Cash every store starts with (migration 0031).
 */
export async function seedMenu(request: APIRequestContext, storeName: string): Promise<SeededMenu> {
  const store = (await (await request.get('/api/v1/settings/store-setting')).json()) as Record<
    string,
    unknown
  >;
  await ok(
    await request.post('/api/v1/settings/store-setting', {
      data: {
        ...store,
        storeName,
        address: '12 Harbour Road, Lisbon',
        phone: '+351 210 000 000',
        email: 'hello@example.test',
      },
    }),
  );
  await ok(
    await request.post('/api/v1/settings/taxes/add', {
      data: { title: 'VAT', rate: '7.5', type: 'exclusive' },
    }),
  );
  const taxes = (await (await request.get('/api/v1/settings/taxes')).json()) as { id: number }[];
  const burger = (await (
    await ok(
      await request.post('/api/v1/menu-items/add', {
        data: { title: 'Burger', price: '10', taxId: taxes[0]?.id },
      }),
    )
  ).json()) as { id: number };
  const water = (await (
    await ok(await request.post('/api/v1/menu-items/add', { data: { title: 'Water', price: '1' } }))
  ).json()) as { id: number };
  await ok(
    await request.post(`/api/v1/menu-items/variants/${burger.id}/add`, {
      data: { title: 'Large', price: '14' },
    }),
  );
  await ok(
    await request.post(`/api/v1/menu-items/addons/${burger.id}/add`, {
      data: { title: 'Cheese', price: '1.5' },
    }),
  );
  const init = (await (await request.get('/api/v1/pos/init')).json()) as {
    menuItems: { id: number; variants: { id: number }[]; addons: { id: number }[] }[];
    paymentTypes: { id: number; title: string }[];
  };
  const item = init.menuItems.find((m) => m.id === burger.id);
  const cash = init.paymentTypes.find((p) => p.title === 'Cash');
  if (!item?.variants[0] || !item.addons[0] || !cash) throw new Error('menu not seeded');
  return {
    burger: burger.id,
    large: item.variants[0].id,
    cheese: item.addons[0].id,
    water: water.id,
    cash: cash.id,
  };
}

export interface PaidOrder {
  invoiceId: number;
  orderId: number;
  tokenNo: number;
  total: number;
  change: number | null;
  businessDate: string;
}

/**
 * Sends and pays one order at the POS (POST /pos/create-order-and-invoice, cash, 50 tendered):
 * 2 x Burger Large + Cheese (15.50, notes 'no onion') and 1 x Water: 32.00 + 2.33 VAT = 34.33.
 */
export async function payOrder(request: APIRequestContext, menu: SeededMenu): Promise<PaidOrder> {
  const res = await ok(
    await request.post('/api/v1/pos/create-order-and-invoice', {
      data: {
        uuid: crypto.randomUUID(),
        cart: [
          {
            uuid: crypto.randomUUID(),
            item_id: menu.burger,
            variant_id: menu.large,
            addons_ids: [menu.cheese],
            quantity: 2,
            notes: 'no onion',
          },
          { uuid: crypto.randomUUID(), item_id: menu.water, quantity: 1 },
        ],
        deliveryType: 'takeaway',
        customerType: 'WALKIN',
        netTotal: 32,
        taxTotal: 2.33,
        total: 34.33,
        payment: { paymentTypeId: menu.cash, tendered: 50 },
      },
    }),
  );
  const body = (await res.json()) as {
    invoiceId: number;
    orderId: number;
    tokenNo: number;
    total: number;
    change: number | null;
    order: { business_date: string };
  };
  return { ...body, businessDate: body.order.business_date };
}
