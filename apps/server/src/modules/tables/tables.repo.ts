import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { storeTables } from '../../platform/db/schema.ts';

// The store_tables table.

/** A table's encrypted_id for its QR link: random (128 bits), so it can be neither guessed nor enumerated. */
function newTableToken(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function listTables(tx: Tx, tenantId: number) {
  return tx.select().from(storeTables).where(eq(storeTables.tenantId, tenantId)).orderBy(asc(storeTables.id));
}

export async function findTable(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(storeTables)
    .where(and(eq(storeTables.tenantId, tenantId), eq(storeTables.id, id)))
    .limit(1);
  return row;
}

/** A table by the token of its QR link (`encrypted_id`); undefined when the tenant has none such. */
export async function findTableByToken(tx: Tx, tenantId: number, token: string) {
  const [row] = await tx
    .select()
    .from(storeTables)
    .where(and(eq(storeTables.tenantId, tenantId), eq(storeTables.qrToken, token)))
    .limit(1);
  return row;
}

type TableValues = { title: string; floor: string; seatingCapacity: number };

export async function insertTable(tx: Tx, tenantId: number, values: TableValues) {
  const [row] = await tx
    .insert(storeTables)
    .values({ tenantId, ...values, qrToken: newTableToken() })
    .returning({ id: storeTables.id });
  return row;
}

/** Updates a table; its qr_token never changes, so printed QR codes stay valid. Returns the id, or undefined. */
export async function updateTable(tx: Tx, tenantId: number, id: number, values: TableValues) {
  const [row] = await tx
    .update(storeTables)
    .set(values)
    .where(and(eq(storeTables.tenantId, tenantId), eq(storeTables.id, id)))
    .returning({ id: storeTables.id });
  return row;
}

export async function deleteTable(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(storeTables)
    .where(and(eq(storeTables.tenantId, tenantId), eq(storeTables.id, id)))
    .returning({ id: storeTables.id, title: storeTables.title });
  return row;
}
