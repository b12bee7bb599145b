import { type SQL, and, asc, desc, eq, ilike, like, or, sql } from 'drizzle-orm';
import { type CustomerRef, isPhone, phoneKeyOf } from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/db/like.ts';
import { customers } from '../../platform/db/schema.ts';

// The customers table. The phone is the key as `phone_key` (core's phoneKeyOf: ext as x, its letters and
// digits, lower-cased), so '555-0101' and '555 0101' are one customer and either finds them.

const columns = {
  id: customers.id,
  phone: customers.phone,
  name: customers.name,
  email: customers.email,
  gender: customers.gender,
  birthDate: customers.birthDate,
  createdAt: customers.createdAt,
  updatedAt: customers.updatedAt,
};
export type CustomerRow = {
  id: number;
  phone: string;
  name: string;
  email: string | null;
  gender: 'female' | 'male' | 'other' | null;
  birthDate: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The phone key a search is matched against, when the search looks like a phone ('Room 5' does not). */
function searchKey(q: string): string | undefined {
  return isPhone(q) ? phoneKeyOf(q) || undefined : undefined;
}

/**
 * A guest found by text: the name or the phone as typed contains it, or a phone-like text's key is in
 * the phone's. The customer list, the lookup and the reservation search all find guests this way.
 */
export function customerMatches(filter: string): SQL | undefined {
  const pattern = `%${escapeLike(filter)}%`;
  const key = searchKey(filter);
  return or(
    ilike(customers.name, pattern),
    ilike(customers.phone, pattern),
    key ? like(customers.phoneKey, `%${escapeLike(key)}%`) : undefined,
  );
}

/** One page of the tenant's customers, newest first, and how many match in all. */
export async function listCustomers(
  tx: Tx,
  tenantId: number,
  opts: { filter?: string; limit: number; offset: number },
) {
  const where = and(eq(customers.tenantId, tenantId), opts.filter ? customerMatches(opts.filter) : undefined);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(customers)
    .where(where);
  const rows: CustomerRow[] = await tx
    .select(columns)
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return { rows, total: count?.total ?? 0 };
}

/** Every customer of the tenant, newest first (the CSV export). */
export function allCustomers(tx: Tx, tenantId: number): Promise<CustomerRow[]> {
  return tx
    .select(columns)
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(desc(customers.createdAt), desc(customers.id));
}

/**
 * The lookup of the POS and the reservation dialog: phone key starts with the typed phone's key first, then
 * the name starts with the text, then either contains it; by name within each rank.
 */
export function searchCustomers(tx: Tx, tenantId: number, q: string, limit: number): Promise<CustomerRow[]> {
  const key = searchKey(q);
  const keyPrefix = key ? sql`${customers.phoneKey} like ${`${escapeLike(key)}%`}` : sql`false`;
  const rank = sql`case when ${keyPrefix} then 0 when ${customers.name} ilike ${`${escapeLike(q)}%`} then 1 else 2 end`;
  return tx
    .select(columns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), customerMatches(q)))
    .orderBy(asc(rank), asc(customers.name), asc(customers.id))
    .limit(limit);
}

/**
 * One customer of the tenant. `forUpdate` locks the row: a booking being added for them (its foreign
 * key takes a share lock) then commits before a delete checks for upcoming bookings, or waits for it.
 * `forKeyShare` takes that share lock up front (a booking's add, before it locks the table).
 */
export async function findCustomer(
  tx: Tx,
  tenantId: number,
  id: number,
  opts: CustomerLock = {},
): Promise<CustomerRow | undefined> {
  return oneCustomer(tx, and(eq(customers.tenantId, tenantId), eq(customers.id, id)), opts);
}

type CustomerLock = { forUpdate?: boolean; forKeyShare?: boolean };

/** The one customer a condition (tenant first) names, locked as asked. */
async function oneCustomer(tx: Tx, where: SQL | undefined, opts: CustomerLock) {
  const query = tx.select(columns).from(customers).where(where).limit(1);
  const [row] = await (opts.forUpdate
    ? query.for('update')
    : opts.forKeyShare
      ? query.for('key share')
      : query);
  return row;
}

/**
 * The customer a request names (core's CustomerRef): by the phone's key, so any form of the phone finds
 * them ('555 0101' finds '555-0101'), or by Comanda's id. Text that is no phone names nobody.
 */
export async function findCustomerByRef(
  tx: Tx,
  tenantId: number,
  ref: CustomerRef,
  opts: CustomerLock = {},
): Promise<CustomerRow | undefined> {
  if ('id' in ref) return findCustomer(tx, tenantId, ref.id, opts);
  if (!isPhone(ref.phone)) return undefined;
  return oneCustomer(
    tx,
    and(eq(customers.tenantId, tenantId), eq(customers.phoneKey, phoneKeyOf(ref.phone))),
    opts,
  );
}

type CustomerValues = {
  name: string;
  email: string | null;
  birthDate: string | null;
  gender: 'female' | 'male' | 'other' | null;
};

/** Adds a customer; a phone whose key the tenant already has violates customers_tenant_phone_key (409). */
export async function insertCustomer(tx: Tx, tenantId: number, values: CustomerValues & { phone: string }) {
  const [row] = await tx
    .insert(customers)
    .values({ tenantId, ...values })
    .returning({ id: customers.id, phone: customers.phone, name: customers.name });
  if (!row) throw new Error('customer insert returned nothing');
  return row;
}

/**
 * The tenant's customer with this phone's key, added (with this name) when there is none: a diner who
 * orders with a phone (issue 11). A concurrent twin's insert is met by the key, not duplicated.
 */
export async function findOrAddByPhone(tx: Tx, tenantId: number, values: { name: string; phone: string }) {
  const added = await tx
    .insert(customers)
    .values({ tenantId, name: values.name, phone: values.phone })
    .onConflictDoNothing({ target: [customers.tenantId, customers.phoneKey] })
    .returning({ id: customers.id });
  const [row] = await tx
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phoneKey, phoneKeyOf(values.phone))))
    .limit(1);
  if (!row) throw new Error('customer upsert found nothing');
  return { ...row, added: added.length > 0 };
}

/** Changes everything but the phone (the key). */
export async function updateCustomer(tx: Tx, tenantId: number, id: number, values: CustomerValues) {
  const [row] = await tx
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning({ id: customers.id, phone: customers.phone, name: customers.name });
  return row;
}

/** Deletes a customer; their reservations go with them (the foreign key cascades). */
export async function deleteCustomer(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning({ id: customers.id, phone: customers.phone, name: customers.name });
  return row;
}
