// Helpers for the QR order tests (not a test file itself). Diners place QR orders from issue 11 on;
// until then the tests write them straight to the table, as the public menu will.
import { and, eq } from 'drizzle-orm';
import { newStatusToken, qrOrders } from '../../platform/db/schema.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { QrOrderLine } from './qrorders.schema.ts';

export type QrOrderValues = Partial<Omit<typeof qrOrders.$inferInsert, 'tenantId' | 'id'>>;

/** A pending QR order of the tenant (one Water unless told); answers its id. */
export async function insertQrOrder(app: TestApp, tenantId: number, values: QrOrderValues = {}) {
  const water: QrOrderLine = {
    item_id: 0,
    item_title: 'Water',
    variant_id: null,
    variant_title: null,
    addons_ids: [],
    addons: [],
    quantity: 1,
    notes: null,
  };
  const [row] = await app.database.inTenant(tenantId, (tx) =>
    tx
      .insert(qrOrders)
      .values({ items: [water], statusToken: newStatusToken(), ...values, tenantId })
      .returning({ id: qrOrders.id }),
  );
  if (!row) throw new Error('fixture insert returned nothing');
  return row.id;
}

/** A QR order as stored. */
export async function readQrOrder(app: TestApp, tenantId: number, id: number) {
  const [row] = await app.database.inTenant(tenantId, (tx) =>
    tx
      .select()
      .from(qrOrders)
      .where(and(eq(qrOrders.tenantId, tenantId), eq(qrOrders.id, id))),
  );
  return row;
}
