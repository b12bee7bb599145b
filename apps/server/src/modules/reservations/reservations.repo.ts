import { type SQL, and, desc, eq, gte, sql } from 'drizzle-orm';
import { type Reservation, wallTimeIn } from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import { customers, reservations, storeTables } from '../../platform/db/schema.ts';

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

/** How many reservations a customer has, how many are still to come (booked, from `now`), and the last visit before `now`. */
export async function customerReservationStats(tx: Tx, tenantId: number, customerId: number, now: Date) {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      upcoming: sql<number>`count(*) filter (where ${reservations.status} = 'booked' and ${reservations.startsAt} >= ${now})::int`.mapWith(
        Number,
      ),
      lastVisit: sql<Date | null>`max(${reservations.startsAt}) filter (where ${reservations.status} <> 'cancelled' and ${reservations.startsAt} < ${now})`.mapWith(
        (v: unknown) => (v === null ? null : new Date(v as string)),
      ),
    })
    .from(reservations)
    .where(and(eq(reservations.tenantId, tenantId), eq(reservations.customerId, customerId)));
  return row ?? { total: 0, upcoming: 0, lastVisit: null };
}

/** Whether a customer has a booking still to come: deleting them would silently cancel it. */
export async function hasUpcomingReservations(tx: Tx, tenantId: number, customerId: number, now: Date) {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.tenantId, tenantId),
        eq(reservations.customerId, customerId),
        eq(reservations.status, 'booked'),
        gte(reservations.startsAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
