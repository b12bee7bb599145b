import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { defaultPaymentTypeOf } from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import { categories, paymentTypes, taxes } from '../../platform/db/schema.ts';

// The catalogue the menu and the POS draw on: the categories, taxes and payment_types tables.

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

export async function categoryExists(tx: Tx, tenantId: number, categoryId: number) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), eq(categories.id, categoryId)))
    .limit(1);
  return row !== undefined;
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

export async function taxExists(tx: Tx, tenantId: number, taxId: number) {
  const [row] = await tx
    .select({ id: taxes.id })
    .from(taxes)
    .where(and(eq(taxes.tenantId, tenantId), eq(taxes.id, taxId)))
    .limit(1);
  return row !== undefined;
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
    .select({
      id: paymentTypes.id,
      title: paymentTypes.title,
      isActive: paymentTypes.isActive,
      isCash: paymentTypes.isCash,
      isDefault: paymentTypes.isDefault,
    })
    .from(paymentTypes)
    .where(eq(paymentTypes.tenantId, tenantId))
    .orderBy(asc(paymentTypes.id));
}

/** The store's default payment type (core's defaultPaymentTypeOf), or none when no type is active. */
export async function findDefaultPaymentType(tx: Tx, tenantId: number) {
  return defaultPaymentTypeOf(await listPaymentTypes(tx, tenantId));
}

/** The advisory-lock class of "the default payment type of one store" (reservations' is 727_010). */
const DEFAULT_PAYMENT_TYPE_LOCK = 727_023;

/**
 * Marks an active payment type the store's default and unmarks the one before, the store's marking held
 * until commit: two owners marking at once would otherwise both clear the old mark and both set theirs.
 * Answers false when the type is not, or no longer, active: the caller then fails, rolling the unmarking
 * back (it comes first, as the unique index allows one mark at a time).
 */
export async function markDefaultPaymentType(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${DEFAULT_PAYMENT_TYPE_LOCK}, hashtext(${`${tenantId}`}))`,
  );
  await tx
    .update(paymentTypes)
    .set({ isDefault: false })
    .where(
      and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.isDefault, true), ne(paymentTypes.id, id)),
    );
  const [marked] = await tx
    .update(paymentTypes)
    .set({ isDefault: true })
    .where(and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.id, id), eq(paymentTypes.isActive, true)))
    .returning({ id: paymentTypes.id });
  return marked !== undefined;
}

export async function findPaymentType(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select({ id: paymentTypes.id, title: paymentTypes.title, isActive: paymentTypes.isActive })
    .from(paymentTypes)
    .where(and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.id, id)))
    .limit(1);
  return row;
}

export async function insertPaymentType(
  tx: Tx,
  tenantId: number,
  values: { title: string; isActive: boolean; isCash?: boolean },
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
  values: { title?: string; isActive?: boolean; isCash?: boolean },
) {
  const [row] = await tx
    .update(paymentTypes)
    // A type switched off is no longer the default (0023): the default falls back to another.
    .set(values.isActive === false ? { ...values, isDefault: false } : values)
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
