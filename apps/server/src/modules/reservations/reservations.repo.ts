import { type SQL, and, asc, desc, eq, gt, gte, lt, ne, or, sql } from 'drizzle-orm';
import { type Reservation, wallTimeIn } from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import { customers, reservations, storeTables } from '../../platform/db/schema.ts';
import { customerMatches } from '../customers/customers.repo.ts';

// The reservations table. Rows are read with their guest and table (one query, joined on the tenant).

/** Reservations with their guest and table, filtered by `where` (which must include the tenant). */
function selectReservations(tx: Tx, tenantId: number, where: SQL | undefined) {
  return tx
    .select({
      id: reservations.id,
      uniqueCode: reservations.uniqueCode,
      customerId: reservations.customerId,
      customerName: customers.name,
      customerPhone: customers.phone,
      startsAt: reservations.startsAt,
      tableId: reservations.tableId,
      tableTitle: storeTables.title,
      floor: storeTables.floor,
      status: reservations.status,
      notes: reservations.notes,
      peopleCount: reservations.peopleCount,
      createdAt: reservations.createdAt,
      updatedAt: reservations.updatedAt,
    })
    .from(reservations)
    .innerJoin(
      customers,
      and(eq(customers.tenantId, reservations.tenantId), eq(customers.id, reservations.customerId)),
    )
    .leftJoin(
      storeTables,
      and(eq(storeTables.tenantId, reservations.tenantId), eq(storeTables.id, reservations.tableId)),
    )
    .where(and(eq(reservations.tenantId, tenantId), where));
}
export type ReservationRow = Awaited<ReturnType<typeof selectReservations>>[number];

/** A row as the API answers it; `local_date` is the booking's time on the store's clock. */
export function toReservation(row: ReservationRow, timezone: string): Reservation {
  return {
    id: row.id,
    unique_code: row.uniqueCode,
    customer_id: row.customerId,
    customer_name: row.customerName,
    customer_phone: row.customerPhone,
    date: row.startsAt.toISOString(),
    local_date: wallTimeIn(timezone, row.startsAt),
    table_id: row.tableId,
    table_title: row.tableTitle,
    floor: row.floor,
    status: row.status,
    notes: row.notes,
    people_count: row.peopleCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A customer's latest reservations, newest first. */
export function customerReservations(tx: Tx, tenantId: number, customerId: number, limit: number) {
  return selectReservations(tx, tenantId, eq(reservations.customerId, customerId))
    .orderBy(desc(reservations.startsAt), desc(reservations.id))
    .limit(limit);
}

/** How many reservations a customer has, how many are still to come (not cancelled, from `now`), and the last visit before `now`. */
export async function customerReservationStats(tx: Tx, tenantId: number, customerId: number, now: Date) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      upcoming:
        sql<number>`count(*) filter (where ${reservations.status} <> 'cancelled' and ${reservations.startsAt} >= ${now})::int`.mapWith(
          Number,
        ),
      lastVisit:
        sql<Date | null>`max(${reservations.startsAt}) filter (where ${reservations.status} <> 'cancelled' and ${reservations.startsAt} < ${now})`.mapWith(
          (v: unknown) => (v === null ? null : new Date(v as string)),
        ),
    })
    .from(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.customerId, customerId)));
  return row ?? { total: 0, upcoming: 0, lastVisit: null };
}

/** Whether a customer has a booking still to come (booked or paid): deleting them would silently cancel it. */
export async function hasUpcomingReservations(tx: Tx, tenantId: number, customerId: number, now: Date) {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        eq(reservations.customerId, customerId),
        ne(reservations.status, 'cancelled'),
        gte(reservations.startsAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The bookings starting in [from, to), earliest first (the date-filtered list). */
export function listReservationsBetween(tx: Tx, tenantId: number, from: Date, to: Date) {
  return selectReservations(
    tx,
    tenantId,
    and(gte(reservations.startsAt, from), lt(reservations.startsAt, to)),
  ).orderBy(asc(reservations.startsAt), asc(reservations.id));
}

/**
 * Bookings found by their code (exact, any case), the guest's name (a part of it, any case) or phone
 * (as typed, or, when the search looks like a phone, its key: '555 0101' finds '555-0101'); newest first.
 */
export function searchReservations(tx: Tx, tenantId: number, q: string, limit: number) {
  return selectReservations(
    tx,
    tenantId,
    or(eq(reservations.uniqueCode, q.toUpperCase()), customerMatches(q)),
  )
    .orderBy(desc(reservations.startsAt), desc(reservations.id))
    .limit(limit);
}

/** One booking with its guest and table, as listed. */
export async function findReservationView(tx: Tx, tenantId: number, id: number) {
  const [row] = await selectReservations(tx, tenantId, eq(reservations.id, id)).limit(1);
  return row;
}

/** One booking's own columns, locked for the update that reads it. */
export async function findReservationForUpdate(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
    .limit(1)
    .for('update');
  return row;
}

/** The advisory-lock class of "bookings of one table" (the migration and provisioning locks are 727_001-2). */
const TABLE_BOOKINGS_LOCK = 727_010;

/**
 * Holds the table's bookings until the transaction ends, so two saves for one table check for overlaps
 * one after the other: without it, two tablets booking the same slot at once would both see it free.
 */
export async function lockTableBookings(tx: Tx, tenantId: number, tableId: number) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${TABLE_BOOKINGS_LOCK}, hashtext(${`${tenantId}:${tableId}`}))`,
  );
}

/**
 * The other live (not cancelled) bookings of a table starting less than `holdMinutes` before or after
 * `startsAt`, closest first: the ones a booking at `startsAt` would overlap.
 */
export function overlappingBookings(
  tx: Tx,
  tenantId: number,
  tableId: number,
  startsAt: Date,
  holdMinutes: number,
  exceptId?: number,
) {
  const hold = holdMinutes * 60_000;
  return tx
    .select({ id: reservations.id, uniqueCode: reservations.uniqueCode, startsAt: reservations.startsAt })
    .from(reservations)
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        eq(reservations.tableId, tableId),
        ne(reservations.status, 'cancelled'),
        gt(reservations.startsAt, new Date(startsAt.getTime() - hold)),
        lt(reservations.startsAt, new Date(startsAt.getTime() + hold)),
        exceptId === undefined ? undefined : ne(reservations.id, exceptId),
      ),
    )
    .orderBy(
      sql`abs(extract(epoch from ${reservations.startsAt} - ${startsAt.toISOString()}::timestamptz))`,
      asc(reservations.id),
    )
    .limit(1);
}

type ReservationValues = {
  customerId: number;
  tableId: number | null;
  startsAt: Date;
  peopleCount: number;
  status: 'booked' | 'paid' | 'cancelled';
  notes: string | null;
};

/** Inserts a booking under a code; undefined when the tenant already has that code (the caller draws another). */
export async function insertReservation(
  tx: Tx,
  tenantId: number,
  uniqueCode: string,
  values: ReservationValues,
) {
  const [row] = await tx
    .insert(reservations)
    .values({ tenantId, uniqueCode, ...values })
    .onConflictDoNothing({ target: [reservations.tenantId, reservations.uniqueCode] })
    .returning({ id: reservations.id });
  return row;
}

/** Updates a booking (never its guest or code). Returns the id, or undefined. */
export async function updateReservation(
  tx: Tx,
  tenantId: number,
  id: number,
  values: Omit<ReservationValues, 'customerId'>,
) {
  const [row] = await tx
    .update(reservations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
    .returning({ id: reservations.id });
  return row;
}

export async function deleteReservation(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .delete(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
    .returning({ id: reservations.id, uniqueCode: reservations.uniqueCode });
  return row;
}
