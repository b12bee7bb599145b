import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { posDrafts, storeSettings } from '../../platform/db/schema.ts';

// The pos_drafts table and the name-tag switch of store_settings (0032).

/** What a draft keeps besides its name: the ticket as the POS restores it. */
export interface DraftTicket {
  cart: {
    uuid: string | null;
    item_id: number;
    variant_id: number | null;
    addons_ids: number[];
    quantity: number;
    notes: string | null;
    seat: number | null;
  }[];
  deliveryType: 'dinein' | 'delivery' | 'takeaway';
  customerId: number | null;
  tableId: number | null;
  nameTag: string | null;
}

/** A user's drafts, oldest first. */
export function listDrafts(tx: Tx, tenantId: number, userId: number) {
  return tx
    .select({
      id: posDrafts.id,
      nameRef: posDrafts.nameRef,
      ticket: posDrafts.ticket,
      createdAt: posDrafts.createdAt,
    })
    .from(posDrafts)
    .where(and(eq(posDrafts.tenantId, tenantId), eq(posDrafts.userId, userId)))
    .orderBy(asc(posDrafts.createdAt), asc(posDrafts.id));
}

export async function countDrafts(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(posDrafts)
    .where(and(eq(posDrafts.tenantId, tenantId), eq(posDrafts.userId, userId)));
  return row?.n ?? 0;
}

export async function insertDraft(
  tx: Tx,
  tenantId: number,
  userId: number,
  nameRef: string,
  ticket: DraftTicket,
) {
  const [row] = await tx
    .insert(posDrafts)
    .values({ tenantId, userId, nameRef, ticket })
    .returning({ id: posDrafts.id, createdAt: posDrafts.createdAt });
  if (!row) throw new Error('draft insert returned nothing');
  return row;
}

/** Deletes a draft of this user; false when there is none (another user's or another tenant's). */
export async function deleteDraft(tx: Tx, tenantId: number, userId: number, id: number) {
  const rows = await tx
    .delete(posDrafts)
    .where(and(eq(posDrafts.tenantId, tenantId), eq(posDrafts.userId, userId), eq(posDrafts.id, id)))
    .returning({ id: posDrafts.id });
  return rows.length > 0;
}

/** Whether a dine-in order may carry a name tag instead of a table (0032). */
export async function allowsNameTags(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select({ allowNameTags: storeSettings.allowNameTags })
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId))
    .limit(1);
  // Made at sign-up and never deleted (0006).
  if (!row) throw new Error(`store settings missing for tenant ${tenantId}`);
  return row.allowNameTags;
}

export async function saveAllowsNameTags(tx: Tx, tenantId: number, allowNameTags: boolean) {
  await tx.update(storeSettings).set({ allowNameTags }).where(eq(storeSettings.tenantId, tenantId));
}
