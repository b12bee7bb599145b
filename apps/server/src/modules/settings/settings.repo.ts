import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import {
  categories,
  menuItemAddons,
  menuItems,
  menuItemVariants,
  paymentTypes,
  printSettings,
  storeSettings,
  storeTables,
  taxes,
  tenants,
} from '../../platform/db/schema.ts';

/** A fresh public menu code: 16 url-safe characters, unguessable (96 bits). */
export function newQrCode(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** A table's encrypted_id for its QR link: random (128 bits), so it can be neither guessed nor enumerated. */
function newTableToken(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/**
 * The tenant's store settings, created with defaults (and a menu code) on first use. Read first, so the
 * usual call (every menu list reads the currency) writes nothing. `forUpdate` locks the row for this
 * transaction, so two currency changes cannot both rescale the prices from the same old currency.
 */
export async function getStoreSettings(tx: Tx, tenantId: number, opts: { forUpdate?: boolean } = {}) {
  const read = async () => {
    const query = tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
    const [row] = await (opts.forUpdate ? query.for('update') : query);
    return row;
  };
  const existing = await read();
  if (existing) return existing;
  // The store starts named as the business was at sign-up, so the owner's first look at it is not blank.
  const [tenant] = await tx
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  await tx
    .insert(storeSettings)
    .values({ tenantId, uniqueQrCode: newQrCode(), storeName: tenant?.name ?? '' })
    .onConflictDoNothing();
  const created = await read();
  if (!created) throw new Error('store settings missing');
  return created;
}

export async function updateStoreSettings(
  tx: Tx,
  tenantId: number,
  values: {
    storeName: string;
    address: string;
    phone: string;
    email: string;
    currency: string;
    isQrMenuEnabled: boolean;
    isQrOrderEnabled: boolean;
  },
) {
  await tx
    .update(storeSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(storeSettings.tenantId, tenantId));
}

/** The tenant's print settings, created with defaults on first use. */
export async function getPrintSettings(tx: Tx, tenantId: number) {
  const read = async () =>
    (await tx.select().from(printSettings).where(eq(printSettings.tenantId, tenantId)).limit(1))[0];
  const existing = await read();
  if (existing) return existing;
  await tx.insert(printSettings).values({ tenantId }).onConflictDoNothing();
  const created = await read();
  if (!created) throw new Error('print settings missing');
  return created;
}

export async function savePrintSettings(
  tx: Tx,
  tenantId: number,
  values: {
    pageFormat: number;
    header: string;
    footer: string;
    showNotes: boolean;
    isEnablePrint: boolean;
    showStoreDetails: boolean;
    showCustomerDetails: boolean;
    printToken: boolean;
  },
) {
  await tx
    .insert(printSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: printSettings.tenantId, set: { ...values, updatedAt: sql`now()` } });
}

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

// Store tables

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

// Categories

/** How many of the tenant's menu items point at a category or a tax (what deleting it would leave bare). */
// Written out with table names: drizzle leaves columns of a one-table select unqualified, which the
// subquery would read as its own.
const itemsUsing = (column: 'category_id' | 'tax_id', table: 'categories' | 'taxes') =>
  sql<number>`(select count(*)::int from menu_items mi where mi.tenant_id = ${sql.raw(`"${table}"."tenant_id"`)} and mi.${sql.raw(column)} = ${sql.raw(`"${table}"."id"`)})`.mapWith(
    Number,
  );

export function listCategories(tx: Tx, tenantId: number) {
  return tx
    .select({
      id: categories.id,
      title: categories.title,
      items_count: itemsUsing('category_id', 'categories'),
    })
    .from(categories)
    .where(eq(categories.tenantId, tenantId))
    .orderBy(asc(categories.id));
}

export async function insertCategory(tx: Tx, tenantId: number, title: string) {
  const [row] = await tx.insert(categories).values({ tenantId, title }).returning({ id: categories.id });
  return row;
}

export async function updateCategory(tx: Tx, tenantId: number, id: number, title: string) {
  const [row] = await tx
    .update(categories)
    .set({ title })
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
    .returning({ id: categories.id });
  return row;
}

/** Deletes a category; its menu items keep going with no category (the foreign key sets it null). */
export async function deleteCategory(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, id)))
    .returning({ id: categories.id, title: categories.title });
  return row;
}

// Taxes

export function listTaxes(tx: Tx, tenantId: number) {
  return tx
    .select({
      id: taxes.id,
      title: taxes.title,
      rateBp: taxes.rateBp,
      type: taxes.type,
      itemsCount: itemsUsing('tax_id', 'taxes'),
    })
    .from(taxes)
    .where(eq(taxes.tenantId, tenantId))
    .orderBy(asc(taxes.id));
}

type TaxValues = { title: string; rateBp: number; type: 'exclusive' | 'inclusive' };

export async function insertTax(tx: Tx, tenantId: number, values: TaxValues) {
  const [row] = await tx
    .insert(taxes)
    .values({ tenantId, ...values })
    .returning({ id: taxes.id });
  return row;
}

export async function updateTax(tx: Tx, tenantId: number, id: number, values: TaxValues) {
  const [row] = await tx
    .update(taxes)
    .set(values)
    .where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, id)))
    .returning({ id: taxes.id });
  return row;
}

/** Deletes a tax; its menu items keep going untaxed (the foreign key sets tax_id null). */
export async function deleteTax(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(taxes)
    .where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, id)))
    .returning({ id: taxes.id, title: taxes.title });
  return row;
}

// Payment types

export function listPaymentTypes(tx: Tx, tenantId: number) {
  return tx
    .select({ id: paymentTypes.id, title: paymentTypes.title, isActive: paymentTypes.isActive })
    .from(paymentTypes)
    .where(eq(paymentTypes.tenantId, tenantId))
    .orderBy(asc(paymentTypes.id));
}

export async function insertPaymentType(
  tx: Tx,
  tenantId: number,
  values: { title: string; isActive: boolean },
) {
  const [row] = await tx
    .insert(paymentTypes)
    .values({ tenantId, ...values })
    .returning({ id: paymentTypes.id });
  return row;
}

export async function updatePaymentType(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { title?: string; isActive?: boolean },
) {
  const [row] = await tx
    .update(paymentTypes)
    .set(values)
    .where(and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.id, id)))
    .returning({ id: paymentTypes.id });
  return row;
}

export async function deletePaymentType(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(paymentTypes)
    .where(and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.id, id)))
    .returning({ id: paymentTypes.id, title: paymentTypes.title });
  return row;
}

/** The tenant's time zone (kept on the tenant: sign-up sets it from the owner's browser). */
