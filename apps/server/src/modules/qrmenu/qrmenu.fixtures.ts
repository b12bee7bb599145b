// Helpers for the QR menu tests (not a test file itself).
import { and, count, eq } from 'drizzle-orm';
import { customers, qrOrders, storeSettings, storeTables } from '../../platform/db/schema.ts';
import type { TestApp } from '../../../test/harness.ts';
import { type Store, createStore } from '../orders/orders.fixtures.ts';

/**
 * The orders fixtures' store (Burger with Large/Small and Cheese/Bacon, Soda, Water, table T1) with its
 * QR menu and QR ordering switched as told (both on unless told); answers its menu code and T1's token.
 */
export async function createQrStore(app: TestApp, opts: { menu?: boolean; ordering?: boolean } = {}) {
  const s = await createStore(app);
  const { tenantId } = s.owner;
  const { code, tableToken } = await app.database.inTenant(tenantId, async (tx) => {
    const [settings] = await tx
      .update(storeSettings)
      .set({ isQrMenuEnabled: opts.menu ?? true, isQrOrderEnabled: opts.ordering ?? true })
      .where(eq(storeSettings.tenantId, tenantId))
      .returning({ code: storeSettings.uniqueQrCode });
    const [table] = await tx
      .select({ token: storeTables.qrToken })
      .from(storeTables)
      .where(and(eq(storeTables.tenantId, tenantId), eq(storeTables.id, s.table)));
    if (!settings || !table) throw new Error('fixture store incomplete');
    return { code: settings.code, tableToken: table.token };
  });
  return { ...s, code, tableToken };
}
export type QrStore = Awaited<ReturnType<typeof createQrStore>>;

/** Switches a store's QR menu and ordering. */
export async function setQr(app: TestApp, s: Store, values: { menu?: boolean; ordering?: boolean }) {
  await app.database.inTenant(s.owner.tenantId, (tx) =>
    tx
      .update(storeSettings)
      .set({
        ...(values.menu === undefined ? {} : { isQrMenuEnabled: values.menu }),
        ...(values.ordering === undefined ? {} : { isQrOrderEnabled: values.ordering }),
      })
      .where(eq(storeSettings.tenantId, s.owner.tenantId)),
  );
}

/** A diner's cart: a Large Burger with Cheese (2), and a Soda. */
export function dinerCart(s: Store) {
  return [
    { item_id: s.burger, variant_id: s.large, addons_ids: [s.cheese], quantity: 2, notes: 'no onion' },
    { item_id: s.soda, quantity: 1 },
  ];
}

/** A guest's order at table T1 unless told. */
export function placeBody(s: QrStore, extra: Record<string, unknown> = {}) {
  return {
    deliveryType: 'dinein',
    cartItems: dinerCart(s),
    customerType: 'WALKIN',
    customer: { name: 'Guest', phone: '' },
    tableId: s.tableToken,
    ...extra,
  };
}

/** How many QR orders and customers the tenant has: "nothing written" compares two of these. */
export async function qrCounts(app: TestApp, tenantId: number) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [q] = await tx.select({ n: count() }).from(qrOrders).where(eq(qrOrders.tenantId, tenantId));
    const [c] = await tx.select({ n: count() }).from(customers).where(eq(customers.tenantId, tenantId));
    return { qrOrders: q?.n ?? 0, customers: c?.n ?? 0 };
  });
}

/** The tenant's QR orders as stored, oldest first. */
export function readQrOrders(app: TestApp, tenantId: number) {
  return app.database.inTenant(tenantId, (tx) =>
    tx.select().from(qrOrders).where(eq(qrOrders.tenantId, tenantId)).orderBy(qrOrders.id),
  );
}
