import {
  type AddCustomerResult,
  CUSTOMER_CSV_COLUMNS,
  CUSTOMER_SEARCH_LIMIT,
  type Customer,
  type CustomerDetail,
  type CustomerPage,
  type addCustomerSchema,
  type customerListQuery,
  toCsv,
  todayIn,
  type updateCustomerSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import { customerOrderStats } from '../orders/orders.repo.ts';
import {
  customerReservationStats,
  customerReservations,
  hasUpcomingReservations,
  toReservation,
} from '../reservations/reservations.repo.ts';
import { getStoreSettings } from '../store/store.repo.ts';
import { getTimezone } from '../tenants/tenants.repo.ts';
import * as repo from './customers.repo.ts';

/** A customer's page lists this many of their latest reservations. */
const DETAIL_RESERVATIONS = 20;

function present(row: repo.CustomerRow): Customer {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    email: row.email,
    gender: row.gender,
    birth_date: row.birthDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * A birth date after the store's today is refused. The schema's check is lenient (the latest today on
 * Earth, so a form never refuses today); this one reads the store's own calendar.
 */
async function checkBirthDate(tx: Tx, tenantId: number, birthDate: string | null, now: Date) {
  if (birthDate !== null && birthDate > todayIn(await getTimezone(tx, tenantId), now))
    throw invalid('Birth date cannot be in the future!');
}

/** Customers: the list, the lookup the POS and reservations use, add, edit, delete, export (SPEC §2, §7). */
export function createCustomersService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async list(tc: TenantContext, query: z.output<typeof customerListQuery>): Promise<CustomerPage> {
      const { page, perPage, filter } = query;
      const { rows, total, timezone } = await database.inTenant(tc.tenantId, async (tx) => ({
        ...(await repo.listCustomers(tx, tc.tenantId, {
          ...(filter ? { filter } : {}),
          limit: perPage,
          offset: (page - 1) * perPage,
        })),
        timezone: await getTimezone(tx, tc.tenantId),
      }));
      return {
        customers: rows.map(present),
        total,
        page,
        perPage,
        totalPages: Math.ceil(total / perPage),
        timezone,
      };
    },

    async search(tc: TenantContext, q: string): Promise<Customer[]> {
      const rows = await database.inTenant(tc.tenantId, (tx) =>
        repo.searchCustomers(tx, tc.tenantId, q, CUSTOMER_SEARCH_LIMIT),
      );
      return rows.map(present);
    },

    /** A customer's page; `phone` is their key as the path carries it (any form of it). */
    async detail(tc: TenantContext, phone: string): Promise<CustomerDetail> {
      const now = ctx.now();
      return database.inTenant(tc.tenantId, async (tx) => {
        const row = await repo.findCustomerByRef(tx, tc.tenantId, { phone });
        if (!row) throw fail('customer_not_found');
        const { id } = row;
        const stats = await customerReservationStats(tx, tc.tenantId, id, now);
        const reservations = await customerReservations(tx, tc.tenantId, id, DETAIL_RESERVATIONS);
        const store = await getStoreSettings(tx, tc.tenantId);
        const timezone = await getTimezone(tx, tc.tenantId);
        const orders = await customerOrderStats(tx, tc.tenantId, id, store.currency);
        return {
          customer: present(row),
          summary: {
            reservations_count: stats.total,
            upcoming_reservations: stats.upcoming,
            last_visit: stats.lastVisit ? stats.lastVisit.toISOString() : null,
            orders_count: orders.count,
            total_spent: orders.totalSpent,
            last_order_at: orders.lastOrderAt ? orders.lastOrderAt.toISOString() : null,
          },
          reservations: reservations.map((r) => toReservation(r, timezone)),
          currency: store.currency,
          timezone,
        };
      });
    },

    async add(tc: TenantContext, input: z.output<typeof addCustomerSchema>): Promise<AddCustomerResult> {
      // A phone the tenant already has (as its key) is refused by the unique index: errors.ts maps it.
      const customer = await database.inTenant(tc.tenantId, async (tx, emit) => {
        await checkBirthDate(tx, tc.tenantId, input.birthDate, ctx.now());
        const row = await repo.insertCustomer(tx, tc.tenantId, input);
        await audit(tx, tc, {
          action: 'customer.add',
          targetType: 'customer',
          targetId: row.id,
          details: { phone: row.phone, name: row.name },
        });
        emit('customers_updated', {});
        return row;
      });
      return { message: 'Customer added!', customer };
    },

    async update(tc: TenantContext, phone: string, input: z.output<typeof updateCustomerSchema>) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const found = await repo.findCustomerByRef(tx, tc.tenantId, { phone });
        if (!found) throw fail('customer_not_found');
        await checkBirthDate(tx, tc.tenantId, input.birthDate, ctx.now());
        const row = await repo.updateCustomer(tx, tc.tenantId, found.id, input);
        if (!row) throw fail('customer_not_found');
        await audit(tx, tc, {
          action: 'customer.update',
          targetType: 'customer',
          targetId: found.id,
          details: { phone: row.phone, name: row.name },
        });
        emit('customers_updated', {});
      });
      return { message: 'Customer updated!' };
    },

    async remove(tc: TenantContext, phone: string) {
      const now = ctx.now();
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const found = await repo.findCustomerByRef(tx, tc.tenantId, { phone }, { forUpdate: true });
        if (!found) throw fail('customer_not_found');
        const { id } = found;
        // Deleting would silently cancel a booking still to come; past ones go with the customer.
        if (await hasUpcomingReservations(tx, tc.tenantId, id, now)) throw fail('customer_has_reservations');
        const row = await repo.deleteCustomer(tx, tc.tenantId, id);
        if (!row) throw fail('customer_not_found');
        await audit(tx, tc, {
          action: 'customer.delete',
          targetType: 'customer',
          targetId: id,
          details: { phone: row.phone, name: row.name },
        });
        emit('customers_updated', {});
      });
      return { message: 'Customer deleted!' };
    },

    /** Every customer of the tenant as CSV, newest first. */
    async exportCsv(tc: TenantContext): Promise<string> {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.allCustomers(tx, tc.tenantId));
      return toCsv(
        CUSTOMER_CSV_COLUMNS,
        rows.map((r) => [r.phone, r.name, r.email, r.gender, r.birthDate, r.createdAt.toISOString()]),
      );
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
