// Helpers shared by the menu test files (not a test file itself: vitest only runs *.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MenuItem } from '@comanda/core';
import {
  categories,
  images,
  menuItemAddons,
  menuItemVariants,
  menuItems,
  storeSettings,
  taxes,
} from '../../platform/db/schema.ts';
import type { TestApp, TestClient } from '../../../test/harness.ts';

// Categories and taxes are written straight to their tables: the settings routes have their own tests.
export async function insertCategory(app: TestApp, tenantId: number, title: string) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [row] = await tx.insert(categories).values({ tenantId, title }).returning({ id: categories.id });
    return row!.id;
  });
}

export async function insertTax(
  app: TestApp,
  tenantId: number,
  values: { title: string; rateBp: number; type: 'exclusive' | 'inclusive' },
) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [row] = await tx
      .insert(taxes)
      .values({ tenantId, ...values })
      .returning({ id: taxes.id });
    return row!.id;
  });
}

export async function setCurrency(app: TestApp, tenantId: number, currency: string) {
  await app.database.inTenant(tenantId, async (tx) => {
    await tx.update(storeSettings).set({ currency }).where(eq(storeSettings.tenantId, tenantId));
  });
}

/**
 * A menu item written straight to the table (the menu routes have their own tests), with optional
 * variant and addon, for checks on what store and catalogue changes do to existing items.
 */
export async function insertMenuItem(
  app: TestApp,
  tenantId: number,
  values: {
    priceMinor: number;
    netPriceMinor?: number | null;
    categoryId?: number | null;
    taxId?: number | null;
    variantMinor?: number;
    addonMinor?: number;
  },
) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [item] = await tx
      .insert(menuItems)
      .values({
        tenantId,
        title: 'Espresso',
        priceMinor: values.priceMinor,
        netPriceMinor: values.netPriceMinor ?? null,
        categoryId: values.categoryId ?? null,
        taxId: values.taxId ?? null,
      })
      .returning({ id: menuItems.id });
    if (!item) throw new Error('menu item not inserted');
    if (values.variantMinor !== undefined) {
      await tx
        .insert(menuItemVariants)
        .values({ tenantId, itemId: item.id, title: 'Double', priceMinor: values.variantMinor });
    }
    if (values.addonMinor !== undefined) {
      await tx
        .insert(menuItemAddons)
        .values({ tenantId, itemId: item.id, title: 'Milk', priceMinor: values.addonMinor });
    }
    return item.id;
  });
}

/** A menu item as stored, with its variants' and addons' prices. */
export async function readMenuItem(app: TestApp, tenantId: number, id: number) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [item] = await tx.select().from(menuItems).where(eq(menuItems.id, id));
    const variants = await tx
      .select({ price: menuItemVariants.priceMinor })
      .from(menuItemVariants)
      .where(eq(menuItemVariants.itemId, id));
    const addons = await tx
      .select({ price: menuItemAddons.priceMinor })
      .from(menuItemAddons)
      .where(eq(menuItemAddons.itemId, id));
    return { item, variants: variants.map((v) => v.price), addons: addons.map((a) => a.price) };
  });
}

/** The tenant's stored images, as the database holds them. */
export function storedImages(app: TestApp, tenantId: number) {
  return app.database.inTenant(tenantId, (tx) =>
    tx.select({ key: images.key, contentType: images.contentType }).from(images),
  );
}

export async function listItems(client: TestClient) {
  const res = await client.get<MenuItem[]>('/menu-items');
  expect(res.status).toBe(200);
  return res.body;
}

/** Adds an item through the API and answers its id. */
export async function addItem(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post<{ message: string; id: number }>('/menu-items/add', {
    title: 'Espresso',
    price: '1.20',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** Posts a multipart form, as the browser's upload does, with the client's session cookies. */
export async function postForm(client: TestClient, path: string, form: FormData) {
  const res = await fetch(`${client.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: client.cookies.size ? { cookie: client.cookieHeader() } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A form with one file in the `image` field. */
export function imageForm(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg', field = 'image') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
