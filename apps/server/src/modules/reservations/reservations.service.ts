import crypto from 'node:crypto';
import {
  type DateRangeQuery,
  bookingInstant,
  RESERVATION_CODE_ALPHABET,
  RESERVATION_CODE_LENGTH,
  RESERVATION_HOLD_MINUTES,
  RESERVATION_PAST_GRACE_MINUTES,
  type Reservation,
  type ReservationInit,
  type ReservationWarning,
  type addReservationSchema,
  rangeInstants,
  todayIn,
  type updateReservationSchema,
  wallTimeIn,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { presentTable } from '../tables/tables.presenter.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as repo from './reservations.repo.ts';

type AddInput = z.output<typeof addReservationSchema>;
type UpdateInput = z.output<typeof updateReservationSchema>;

/** The most bookings a search answers. */
const SEARCH_LIMIT = 50;
/** Draws of a fresh code before giving up: with 31^6 codes a tenant would need ~10^8 bookings to miss twice. */
const CODE_ATTEMPTS = 8;

/** A short code a guest can quote over the phone, from an alphabet without look-alike characters. */
function newCode(): string {
  let code = '';
  for (let i = 0; i < RESERVATION_CODE_LENGTH; i++)
    code += RESERVATION_CODE_ALPHABET[crypto.randomInt(RESERVATION_CODE_ALPHABET.length)];
  return code;
}

/** A warning the user may override: its code and the words that fill its message. */
interface Warning {
  code: ReservationWarning;
  params: Record<string, string>;
}

/** The booking a save would make, as the warnings read it. */
interface Booking {
  tableId: number | null;
  startsAt: Date;
  peopleCount: number;
  status: 'booked' | 'paid' | 'cancelled';
}

/**
 * What the user should confirm before a booking is saved: the table is held by another live booking
 * within RESERVATION_HOLD_MINUTES, or seats fewer people than booked (0 seats means "not said").
 */
async function warningFor(
  tx: Tx,
  tenantId: number,
  timezone: string,
  table: { id: number; title: string; seatingCapacity: number },
  booking: Booking,
  exceptId?: number,
): Promise<Warning | undefined> {
  if (booking.status === 'cancelled') return undefined;
  const [other] = await repo.overlappingBookings(
    tx,
    tenantId,
    table.id,
    booking.startsAt,
    RESERVATION_HOLD_MINUTES,
    exceptId,
  );
  const over = table.seatingCapacity > 0 && booking.peopleCount > table.seatingCapacity;
  const params: Record<string, string> = { table: table.title };
  if (other) {
    const theirs = wallTimeIn(timezone, other.startsAt);
    const sameDay = theirs.slice(0, 10) === wallTimeIn(timezone, booking.startsAt).slice(0, 10);
    params.time = sameDay ? theirs.slice(11) : theirs.replace('T', ' ');
    params.code = other.uniqueCode;
  }
  if (over) {
    params.capacity = String(table.seatingCapacity);
    params.people = String(booking.peopleCount);
  }
  if (other && over) return { code: 'table_double_booked_over_capacity', params };
  if (other) return { code: 'table_double_booked', params };
  if (over) return { code: 'table_over_capacity', params };
  return undefined;
}

/** Bookings of the store's tables by guests (SPEC §2 Reservation), on the store's clock. */
export function createReservationsService(ctx: AppContext) {
  const { database } = ctx;

  /** The instant a booking's time (a store wall time or an ISO instant) names, refused when already past. */
  function startsAtFor(date: string, timezone: string): Date {
    const startsAt = bookingInstant(date, timezone);
    if (startsAt.getTime() < ctx.now().getTime() - RESERVATION_PAST_GRACE_MINUTES * 60_000)
      throw fail('reservation_in_past');
    return startsAt;
  }

  /** The table of a booking, or the 404 another tenant's (or a missing) table answers. */
  async function tableFor(tx: Tx, tenantId: number, tableId: number | null) {
    if (tableId === null) return undefined;
    const table = await tablesRepo.findTable(tx, tenantId, tableId);
    if (!table) throw fail('table_not_found');
    await repo.lockTableBookings(tx, tenantId, table.id);
    return table;
  }

  async function answer(tx: Tx, tenantId: number, id: number, timezone: string): Promise<Reservation> {
    const row = await repo.findReservationView(tx, tenantId, id);
    if (!row) throw fail('reservation_not_found');
    return repo.toReservation(row, timezone);
  }

  return {
    async init(tc: TenantContext): Promise<ReservationInit> {
      const [tables, timezone] = await database.inTenant(
        tc.tenantId,
        async (tx) =>
          [
            await tablesRepo.listTables(tx, tc.tenantId),
            await tenantsRepo.getTimezone(tx, tc.tenantId),
          ] as const,
      );
      return {
        storeTables: tables.map(presentTable),
        timezone,
        today: todayIn(timezone, ctx.now()),
      };
    },

    /** The bookings of a date filter's days at the store (midnight to midnight, store time), earliest first. */
    async list(tc: TenantContext, query: DateRangeQuery): Promise<Reservation[]> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const { from, to } = rangeInstants(query, timezone, ctx.now());
        const rows = await repo.listReservationsBetween(tx, tc.tenantId, from, to);
        return rows.map((r) => repo.toReservation(r, timezone));
      });
    },

    async search(tc: TenantContext, q: string): Promise<Reservation[]> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const rows = await repo.searchReservations(tx, tc.tenantId, q, SEARCH_LIMIT);
        return rows.map((r) => repo.toReservation(r, timezone));
      });
    },

    async add(tc: TenantContext, input: AddInput) {
      const reservation = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        // The guest's key-share lock first, then the table's: a customer delete locks the guest and
        // then waits on their bookings, so taking the two the other way round could deadlock with it.
        const guest = await customersRepo.findCustomerByRef(tx, tc.tenantId, input.customerId, {
          forKeyShare: true,
        });
        if (!guest) throw fail('customer_not_found');
        const table = await tableFor(tx, tc.tenantId, input.tableId);
        const startsAt = startsAtFor(input.date, timezone);
        const booking = {
          tableId: input.tableId,
          startsAt,
          peopleCount: input.peopleCount,
          status: input.status,
        };
        const warning = table ? await warningFor(tx, tc.tenantId, timezone, table, booking) : undefined;
        if (warning && !input.override) throw fail(warning.code, warning.params);

        let inserted: { id: number } | undefined;
        let code = '';
        for (let attempt = 0; !inserted && attempt < CODE_ATTEMPTS; attempt++) {
          code = newCode();
          inserted = await repo.insertReservation(tx, tc.tenantId, code, {
            customerId: guest.id,
            notes: input.notes,
            ...booking,
          });
        }
        if (!inserted) throw new Error('no free reservation code');
        await audit(tx, tc, {
          action: 'reservation.add',
          targetType: 'reservation',
          targetId: inserted.id,
          details: {
            code,
            customerId: guest.id,
            tableId: input.tableId,
            date: startsAt.toISOString(),
            peopleCount: input.peopleCount,
            status: input.status,
            ...(input.override ? { override: true, warnings: warning ? [warning] : [] } : {}),
          },
        });
        emit('reservations_updated', {});
        return answer(tx, tc.tenantId, inserted.id, timezone);
      });
      return { message: 'Reservation added!', reservation };
    },

    async update(tc: TenantContext, id: number, input: UpdateInput) {
      const reservation = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const current = await repo.findReservationForUpdate(tx, tc.tenantId, id);
        if (!current) throw fail('reservation_not_found');
        const table = await tableFor(tx, tc.tenantId, input.tableId);
        const requested = bookingInstant(input.date, timezone);
        const moved = requested.getTime() !== current.startsAt.getTime();
        // A booking already under way may still change its notes, status or table: only a new time is checked.
        const startsAt = moved ? startsAtFor(input.date, timezone) : current.startsAt;
        // A save without a status keeps the booking's: a paid or cancelled booking is not booked again.
        const status = input.status ?? current.status;
        const booking = { tableId: input.tableId, startsAt, peopleCount: input.peopleCount, status };
        const rebooked =
          moved ||
          input.tableId !== current.tableId ||
          input.peopleCount !== current.peopleCount ||
          (current.status === 'cancelled' && status !== 'cancelled');
        const warning =
          table && rebooked ? await warningFor(tx, tc.tenantId, timezone, table, booking, id) : undefined;
        if (warning && !input.override) throw fail(warning.code, warning.params);

        await repo.updateReservation(tx, tc.tenantId, id, { notes: input.notes, ...booking });
        await audit(tx, tc, {
          action: 'reservation.update',
          targetType: 'reservation',
          targetId: id,
          details: {
            code: current.uniqueCode,
            tableId: input.tableId,
            date: startsAt.toISOString(),
            peopleCount: input.peopleCount,
            status,
            ...(input.override ? { override: true, warnings: warning ? [warning] : [] } : {}),
          },
        });
        emit('reservations_updated', {});
        return answer(tx, tc.tenantId, id, timezone);
      });
      return { message: 'Reservation updated!', reservation };
    },

    async remove(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await repo.deleteReservation(tx, tc.tenantId, id);
        if (!row) throw fail('reservation_not_found');
        await audit(tx, tc, {
          action: 'reservation.delete',
          targetType: 'reservation',
          targetId: id,
          details: { code: row.uniqueCode },
        });
        emit('reservations_updated', {});
      });
      return { message: 'Reservation deleted!' };
    },
  };
}
export type ReservationsService = ReturnType<typeof createReservationsService>;
