import { type AuditLogPage, type auditLogQuery, rangeInstants } from '@comanda/core';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as repo from './audit-log.repo.ts';

type Query = z.output<typeof auditLogQuery>;

/** The owner's audit-log browser (Settings, Audit Log): every recorded action, filtered and paged. */
export function createAuditLogService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** GET /audit-log: a page of the log, newest first; date filters are the store's days. */
    async page(tc: TenantContext, query: Query): Promise<AuditLogPage> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const range = query.dates ? rangeInstants(query.dates, timezone, ctx.now()) : undefined;
        const filters: repo.AuditFilters = {
          ...(query.action ? { action: query.action } : {}),
          ...(query.userId !== undefined ? { userId: query.userId } : {}),
          ...(query.q ? { q: query.q } : {}),
          ...(range ?? {}),
        };
        const { rows, total } = await repo.auditPage(
          tx,
          tc.tenantId,
          filters,
          query.perPage,
          (query.page - 1) * query.perPage,
        );
        return {
          entries: rows.map((r) => ({
            id: r.id,
            at: r.at.toISOString(),
            action: r.action,
            user_id: r.userId,
            user: r.userName === null ? null : `${r.userName} (${r.username})`,
            target_type: r.targetType,
            target_id: r.targetId,
            ip: r.ip,
            details:
              r.details !== null && typeof r.details === 'object' && !Array.isArray(r.details)
                ? (r.details as Record<string, unknown>)
                : null,
          })),
          currentPage: query.page,
          perPage: query.perPage,
          total,
          users: await repo.userList(tx, tc.tenantId),
          actions: await repo.actions(tx, tc.tenantId),
          timezone,
          currency: (await storeRepo.getStoreSettings(tx, tc.tenantId)).currency,
        };
      });
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
