import {
  PLAN_PRICE_CENTS,
  type SubscriptionHistory,
  type TenantAuditPage,
  type TenantCounts,
  type TenantPage,
  type TenantRow,
  type TenantStatus,
  type addTenantSchema,
  fromMinor,
  rangeInstants,
  type tenantAuditQuery,
  type tenantListQuery,
  type updateTenantSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { auditPlatform } from '../../platform/audit.ts';
import type { SuperadminAuth } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as billingRepo from '../billing/billing.repo.ts';
import * as historyRepo from './tenant-history.repo.ts';
import * as repo from './tenants.repo.ts';

/** The plan's monthly price in dollars, as every tenant row shows it (SPEC §9: a fixed constant). */
const PLAN_PRICE = fromMinor(PLAN_PRICE_CENTS, 2);

/**
 * The super admin's date filter has no store clock: it reads the calendar in UTC, so "tomorrow" is
 * the same day for every tenant (docs/superadmin-tenants.md).
 */
const FILTER_TIME_ZONE = 'UTC';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRow(r: repo.TenantListRow): TenantRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    is_active: r.isActive,
    subscription_start: iso(r.subscriptionStart),
    subscription_end: iso(r.subscriptionEnd),
    plan_price_per_month: PLAN_PRICE,
    created_at: r.createdAt.toISOString(),
  };
}

const actor = (sa: SuperadminAuth) => ({ superadminId: sa.superadminId, ip: sa.ip });

/**
 * Tenant management for the super administrator (SPEC §2 Tenants, §7). Reads and writes of the tenants
 * table go through the system role (asSystem, migration 0014's column grants); reads inside one tenant
 * go through inTenant(id), where RLS scopes them to that tenant. Every change and export is written
 * to the platform audit log in the same transaction.
 */
export function createTenantsService(ctx: AppContext, deps: { auth: AuthService; billing: BillingService }) {
  const { database } = ctx;

  return {
    async counts(): Promise<TenantCounts> {
      const { active, inactive } = await database.asSystem((tx) => repo.countByStatus(tx));
      return { activeTenants: active, inactiveTenants: inactive, allTenants: active + inactive };
    },

    async list(query: z.output<typeof tenantListQuery>): Promise<TenantPage> {
      const filter: repo.TenantFilter = {
        status: query.status,
        ...(query.search ? { search: query.search } : {}),
        ...(query.dates ? { endsBetween: rangeInstants(query.dates, FILTER_TIME_ZONE, ctx.now()) } : {}),
      };
      const { rows, total } = await database.asSystem(async (tx) => ({
        rows: await repo.listTenants(tx, filter, {
          limit: query.perPage,
          offset: (query.page - 1) * query.perPage,
        }),
        total: await repo.countTenants(tx, filter),
      }));
      return { tenants: rows.map(toRow), currentPage: query.page, perPage: query.perPage, total };
    },

    /** The whole tab for the CSV export; the export itself is an audited action. */
    async exportList(sa: SuperadminAuth, status: TenantStatus) {
      const rows = await database.asSystem(async (tx) => {
        const list = await repo.listTenants(tx, { status });
        await auditPlatform(tx, actor(sa), {
          action: 'tenants.export',
          details: { status, count: list.length },
        });
        return list;
      });
      return { tenants: rows.map(toRow) };
    },

    /** A new tenant and its admin (username = the e-mail), made the way sign-up makes them. */
    async add(sa: SuperadminAuth, input: z.output<typeof addTenantSchema>) {
      const passwordHash = await ctx.passwords.hash(input.password);
      const user = await deps.auth.createTenantWithAdmin({
        bizName: input.name,
        username: input.email,
        passwordHash,
        timezone: 'UTC',
        isActive: input.isActive,
        also: (tx, tenantId) =>
          auditPlatform(tx, actor(sa), {
            action: 'tenant.add',
            targetType: 'tenant',
            targetId: tenantId,
            details: { name: input.name, email: input.email, isActive: input.isActive },
          }),
      });
      return { message: 'Tenant added successfully!', id: user.tenantId };
    },

    /**
     * Name, contact e-mail and the active switch; deactivation reaches the tenant's next call. The
     * switch maps onto the suspension (docs/superadmin-tenants.md): switching an active tenant off
     * suspends it, which no billing event undoes; switching a tenant on lifts any suspension; saving an
     * inactive tenant as inactive (an edit of its name) leaves it as it was, so a tenant that is off
     * only for want of a subscription may still subscribe.
     */
    async update(sa: SuperadminAuth, tenantId: number, input: z.output<typeof updateTenantSchema>) {
      const before = await database.asSystem(async (tx) => {
        const row = await repo.lockTenant(tx, tenantId);
        if (!row) throw fail('tenant_not_found');
        const suspendedAt = input.isActive ? null : row.isActive ? ctx.now() : row.suspendedAt;
        await repo.updateTenant(tx, tenantId, { ...input, suspendedAt });
        const changed: Record<string, { from: unknown; to: unknown }> = {};
        if (row.name !== input.name) changed.name = { from: row.name, to: input.name };
        if (row.email !== input.email) changed.email = { from: row.email, to: input.email };
        if (row.isActive !== input.isActive) changed.isActive = { from: row.isActive, to: input.isActive };
        if ((row.suspendedAt === null) !== (suspendedAt === null))
          changed.suspended = { from: row.suspendedAt !== null, to: suspendedAt !== null };
        await auditPlatform(tx, actor(sa), {
          action: 'tenant.update',
          targetType: 'tenant',
          targetId: tenantId,
          details: changed,
        });
        return row;
      });
      // After commit: open screens of a deactivated tenant go to the inactive page at once.
      if (before.isActive !== input.isActive) ctx.events.tenantStatus(tenantId, input.isActive);
      return { message: 'Tenant updated successfully!' };
    },

    /** Removes the tenant and all of its data (purge_tenant, migration 0014). */
    async remove(sa: SuperadminAuth, tenantId: number) {
      // First the card: if the provider cannot be reached the tenant stays, rather than a deleted
      // store being charged every month with no one left to cancel it.
      await deps.billing.endBeforeDelete(tenantId);
      await database.asSystem(async (tx) => {
        const row = await repo.findTenant(tx, tenantId);
        if (!row || !(await repo.purgeTenant(tx, tenantId))) throw fail('tenant_not_found');
        await auditPlatform(tx, actor(sa), {
          action: 'tenant.delete',
          targetType: 'tenant',
          targetId: tenantId,
          details: { name: row.name, email: row.email },
        });
      });
      ctx.events.tenantStatus(tenantId, false);
      return { message: 'Tenant deleted successfully!' };
    },

    async history(tenantId: number): Promise<SubscriptionHistory> {
      // One transaction as the tenant: RLS scopes every read to it, its own row included (an unknown
      // id reads as no row), and a delete cannot land between the reads.
      const inside = await database.inTenant(tenantId, async (tx) => {
        const row = await repo.findTenant(tx, tenantId);
        if (!row) throw fail('tenant_not_found');
        return {
          row,
          store: await storeRepo.getStoreSettings(tx, tenantId),
          users: (await usersRepo.listUsers(tx, tenantId)).length,
          events: await billingRepo.listSubscriptionEvents(tx, tenantId),
        };
      });
      return {
        tenantInfo: toRow(inside.row),
        storeDetails: {
          storeName: inside.store.storeName,
          address: inside.store.address,
          email: inside.store.email,
          phone: inside.store.phone,
          currency: inside.store.currency,
          isQRMenuEnabled: inside.store.isQrMenuEnabled,
        },
        totalUsers: inside.users,
        subscriptionHistory: inside.events.map((e) => ({
          id: e.id,
          tenant_id: e.tenantId,
          created_at: e.createdAt.toISOString(),
          starts_on: iso(e.startsOn),
          expires_on: iso(e.expiresOn),
          status: e.status,
        })),
      };
    },

    /** The tenant's own audit log, or the super admin's actions on it, a page at a time. */
    async auditLog(tenantId: number, query: z.output<typeof tenantAuditQuery>): Promise<TenantAuditPage> {
      const limit = query.perPage;
      const offset = (query.page - 1) * query.perPage;
      const page =
        query.source === 'platform'
          ? await database.asSystem(async (tx) => {
              if (!(await repo.findTenant(tx, tenantId))) throw fail('tenant_not_found');
              return historyRepo.platformAuditPage(tx, tenantId, limit, offset);
            })
          : // The tenant's transaction: RLS lets only its own row and audit rows through.
            await database.inTenant(tenantId, async (tx) => {
              if (!(await repo.findTenant(tx, tenantId))) throw fail('tenant_not_found');
              return historyRepo.tenantAuditPage(tx, tenantId, limit, offset);
            });
      return {
        entries: page.rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          action: r.action,
          target_type: r.targetType,
          target_id: r.targetId,
          ip: r.ip,
          details: r.details ?? null,
        })),
        currentPage: query.page,
        perPage: query.perPage,
        total: page.total,
      };
    },
  };
}
export type TenantsService = ReturnType<typeof createTenantsService>;
