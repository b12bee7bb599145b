import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import {
  categories,
  images,
  menuItemAddons,
  menuItemVariants,
  menuItems,
  taxes,
} from '../../platform/db/schema.ts';

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
function selectItems(tx: Tx, tenantId: number, itemId?: number | number[]) {
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
      and(
        eq(menuItems.tenantId, tenantId),
        itemId === undefined
          ? undefined
          : Array.isArray(itemId)
            ? inArray(menuItems.id, itemId)
            : eq(menuItems.id, itemId),
      ),
    );
}
export type ItemRow = Awaited<ReturnType<typeof listItems>>[number];

export function listItems(tx: Tx, tenantId: number) {
  return selectItems(tx, tenantId).orderBy(asc(menuItems.id));
}

/** Some of the tenant's items (the POS prices a cart with them); ids of other tenants find nothing. */
export function findItems(tx: Tx, tenantId: number, itemIds: number[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return selectItems(tx, tenantId, itemIds);
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

/** The category and tax of the store's newest item, which a new item starts with (issue 31). */
export async function newestItemCategoryAndTax(tx: Tx, tenantId: number) {
  const [row] = await tx
    .select({ categoryId: menuItems.categoryId, taxId: menuItems.taxId })
    .from(menuItems)
    .where(eq(menuItems.tenantId, tenantId))
    .orderBy(desc(menuItems.id))
    .limit(1);
  return row ?? { categoryId: null, taxId: null };
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

/** Every variant (or addon) of the tenant, oldest first: one query for a whole menu. */
export function listOptions(tx: Tx, table: OptionTable, tenantId: number) {
  return tx
    .select({ id: table.id, itemId: table.itemId, title: table.title, priceMinor: table.priceMinor })
    .from(table)
    .where(eq(table.tenantId, tenantId))
    .orderBy(asc(table.id));
}
export type OptionRow = Awaited<ReturnType<typeof listOptions>>[number];

/** Some variants (or addons) of the tenant by id, whatever their item: the caller checks the item. */
export function findOptions(tx: Tx, table: OptionTable, tenantId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: table.id, itemId: table.itemId, title: table.title, priceMinor: table.priceMinor })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, ids)));
}

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

// Price rescaling (a currency with other minor digits)

// Ids and prices are bigints; one statement per chunk keeps a large menu well under the parameter limit.
const CHUNK = 1000;
type PriceTable = 'menu_items' | 'menu_item_variants' | 'menu_item_addons';
type PriceColumn = 'price_minor' | 'net_price_minor';

async function setPrices(
  tx: Tx,
  tenantId: number,
  table: PriceTable,
  column: PriceColumn,
  rows: { id: number; price: number }[],
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows.slice(i, i + CHUNK).map((r) => sql`(${r.id}::bigint, ${r.price}::bigint)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${sql.identifier(table)} as t set ${sql.identifier(column)} = v.price
          from (values ${values}) as v(id, price)
          where t.tenant_id = ${tenantId} and t.id = v.id`,
    );
  }
}

/** Every money column of the tenant's menu, so a currency change can re-express them all. */
export async function menuPrices(tx: Tx, tenantId: number) {
  // One after another: a transaction is one connection, so parallel queries would only queue.
  const items = await tx
    .select({ id: menuItems.id, price: menuItems.priceMinor, netPrice: menuItems.netPriceMinor })
    .from(menuItems)
    .where(eq(menuItems.tenantId, tenantId));
  const variants = await tx
    .select({ id: menuItemVariants.id, price: menuItemVariants.priceMinor })
    .from(menuItemVariants)
    .where(eq(menuItemVariants.tenantId, tenantId));
  const addons = await tx
    .select({ id: menuItemAddons.id, price: menuItemAddons.priceMinor })
    .from(menuItemAddons)
    .where(eq(menuItemAddons.tenantId, tenantId));
  return { items, variants, addons };
}

/** Writes back the prices menuPrices read, each through `rescale`. */
export async function rescaleMenuPrices(
  tx: Tx,
  tenantId: number,
  prices: Awaited<ReturnType<typeof menuPrices>>,
  rescale: (minor: number) => number,
) {
  const re = (rows: { id: number; price: number }[]) =>
    rows.map((r) => ({ id: r.id, price: rescale(r.price) }));
  const netPrices = prices.items.flatMap((r) =>
    r.netPrice === null ? [] : [{ id: r.id, price: r.netPrice }],
  );
  await setPrices(tx, tenantId, 'menu_items', 'price_minor', re(prices.items));
  await setPrices(tx, tenantId, 'menu_items', 'net_price_minor', re(netPrices));
  await setPrices(tx, tenantId, 'menu_item_variants', 'price_minor', re(prices.variants));
  await setPrices(tx, tenantId, 'menu_item_addons', 'price_minor', re(prices.addons));
}
