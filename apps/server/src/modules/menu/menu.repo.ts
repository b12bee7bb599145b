import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { categories, images, type menuItemVariants, menuItems, taxes } from '../../platform/db/schema.ts';

/** Variants and addons share one table shape (and type); the service picks which. */
export type OptionTable = typeof menuItemVariants;

export type ItemValues = {
  title: string;
  priceMinor: number;
  netPriceMinor: number | null;
  categoryId: number | null;
  taxId: number | null;
};

const itemColumns = {
  id: menuItems.id,
  title: menuItems.title,
  priceMinor: menuItems.priceMinor,
  netPriceMinor: menuItems.netPriceMinor,
  categoryId: menuItems.categoryId,
  categoryTitle: categories.title,
  taxId: menuItems.taxId,
  taxTitle: taxes.title,
  taxRateBp: taxes.rateBp,
  taxType: taxes.type,
  imageKey: images.key,
};

/** Items (all, or one) with their category, tax and image joined in; each join repeats the tenant. */
function selectItems(tx: Tx, tenantId: number, itemId?: number) {
  return tx
    .select(itemColumns)
    .from(menuItems)
    .leftJoin(
      categories,
      and(eq(categories.tenantId, menuItems.tenantId), eq(categories.id, menuItems.categoryId)),
    )
    .leftJoin(taxes, and(eq(taxes.tenantId, menuItems.tenantId), eq(taxes.id, menuItems.taxId)))
    .leftJoin(images, and(eq(images.tenantId, menuItems.tenantId), eq(images.id, menuItems.imageId)))
    .where(
      and(eq(menuItems.tenantId, tenantId), itemId === undefined ? undefined : eq(menuItems.id, itemId)),
    );
}
export type ItemRow = Awaited<ReturnType<typeof listItems>>[number];

export function listItems(tx: Tx, tenantId: number) {
  return selectItems(tx, tenantId).orderBy(asc(menuItems.id));
}

export async function findItem(tx: Tx, tenantId: number, itemId: number) {
  const [row] = await selectItems(tx, tenantId, itemId).limit(1);
  return row;
}

/** The item's bare row, locked until the transaction ends (photo changes race otherwise). */
export async function lockItem(tx: Tx, tenantId: number, itemId: number) {
  const [row] = await tx
    .select({ id: menuItems.id, imageId: menuItems.imageId })
    .from(menuItems)
    .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.id, itemId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertItem(tx: Tx, tenantId: number, values: ItemValues) {
  const [row] = await tx
    .insert(menuItems)
    .values({ tenantId, ...values })
    .returning({ id: menuItems.id });
  if (!row) throw new Error('menu item insert returned nothing');
  return row.id;
}

export async function updateItem(tx: Tx, tenantId: number, itemId: number, values: ItemValues) {
  await tx
    .update(menuItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.id, itemId)));
}

export async function setItemImage(tx: Tx, tenantId: number, itemId: number, imageId: number | null) {
  await tx
    .update(menuItems)
    .set({ imageId, updatedAt: sql`now()` })
    .where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.id, itemId)));
}

/** Deletes the item; its variants and addons go with it (ON DELETE CASCADE). */
export async function deleteItem(tx: Tx, tenantId: number, itemId: number) {
  await tx.delete(menuItems).where(and(eq(menuItems.tenantId, tenantId), eq(menuItems.id, itemId)));
}

export async function categoryExists(tx: Tx, tenantId: number, categoryId: number) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, categoryId)))
    .limit(1);
  return row !== undefined;
}

export async function taxExists(tx: Tx, tenantId: number, taxId: number) {
  const [row] = await tx
    .select({ id: taxes.id })
    .from(taxes)
    .where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, taxId)))
    .limit(1);
  return row !== undefined;
}

/** Every variant (or addon) of the tenant, oldest first: one query for a whole menu. */
export function listOptions(tx: Tx, table: OptionTable, tenantId: number) {
  return tx
    .select({ id: table.id, itemId: table.itemId, title: table.title, priceMinor: table.priceMinor })
    .from(table)
    .where(eq(table.tenantId, tenantId))
    .orderBy(asc(table.id));
}
export type OptionRow = Awaited<ReturnType<typeof listOptions>>[number];

export function listItemOptions(tx: Tx, table: OptionTable, tenantId: number, itemId: number) {
  return tx
    .select({ id: table.id, itemId: table.itemId, title: table.title, priceMinor: table.priceMinor })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.itemId, itemId)))
    .orderBy(asc(table.id));
}

export async function insertOption(
  tx: Tx,
  table: OptionTable,
  tenantId: number,
  itemId: number,
  values: { title: string; priceMinor: number },
) {
  const [row] = await tx
    .insert(table)
    .values({ tenantId, itemId, ...values })
    .returning({ id: table.id });
  if (!row) throw new Error('option insert returned nothing');
  return row.id;
}

/** Updates one option of one item; false when no such option belongs to that item. */
export async function updateOption(
  tx: Tx,
  table: OptionTable,
  tenantId: number,
  itemId: number,
  optionId: number,
  values: { title: string; priceMinor: number },
) {
  const rows = await tx
    .update(table)
    .set(values)
    .where(and(eq(table.tenantId, tenantId), eq(table.itemId, itemId), eq(table.id, optionId)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Deletes one option of one item; false when no such option belongs to that item. */
export async function deleteOption(
  tx: Tx,
  table: OptionTable,
  tenantId: number,
  itemId: number,
  optionId: number,
) {
  const rows = await tx
    .delete(table)
    .where(and(eq(table.tenantId, tenantId), eq(table.itemId, itemId), eq(table.id, optionId)))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function insertImage(
  tx: Tx,
  tenantId: number,
  values: { key: string; contentType: string; bytes: Buffer },
) {
  const [row] = await tx
    .insert(images)
    .values({ tenantId, ...values })
    .returning({ id: images.id });
  if (!row) throw new Error('image insert returned nothing');
  return row.id;
}

export async function deleteImage(tx: Tx, tenantId: number, imageId: number) {
  await tx.delete(images).where(and(eq(images.tenantId, tenantId), eq(images.id, imageId)));
}

/**
 * An image by its public key, whichever tenant owns it. Runs on the system path: the key is the
 * only credential (random, 128 bits), so there is no tenant to filter by.
 */
export async function findImageByKey(tx: Tx, key: string) {
  const [row] = await tx
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(eq(images.key, key))
    .limit(1);
  return row;
}
