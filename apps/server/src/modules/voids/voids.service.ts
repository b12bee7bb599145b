import type { VoidReason, VoidReasonInput } from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './voids.repo.ts';

/**
 * The reason a void, a cancel or a refund gives, looked up in the caller's transaction: the tenant's
 * own (another tenant's id is 404). Its title is what the record copies.
 */
export async function reasonFor(tx: Tx, tenantId: number, reasonId: number) {
  const reason = await repo.findReason(tx, tenantId, reasonId);
  if (!reason) throw fail('void_reason_not_found');
  return reason;
}

/** The owner's list of void reasons (Settings, Void Reasons): read by whoever voids or refunds. */
export function createVoidsService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /void-reasons: the list, oldest first. */
    async listReasons(tc: TenantContext): Promise<VoidReason[]> {
      return database.inTenant(tc.tenantId, (tx) => repo.listReasons(tx, tc.tenantId));
    },

    /** POST /settings/void-reasons/add: a title the tenant already has (any case) is a 409. */
    async addReason(tc: TenantContext, input: VoidReasonInput) {
      await database.inTenant(tc.tenantId, async (tx) => {
        const row = await repo.insertReason(tx, tc.tenantId, input.title);
        await audit(tx, tc, {
          action: 'void_reason.add',
          targetType: 'void_reason',
          targetId: row?.id,
          details: { title: input.title },
        });
      });
      return { message: 'Void reason added!' };
    },

    async updateReason(tc: TenantContext, id: number, input: VoidReasonInput) {
      await database.inTenant(tc.tenantId, async (tx) => {
        if (!(await repo.updateReason(tx, tc.tenantId, id, input.title))) throw fail('void_reason_not_found');
        await audit(tx, tc, {
          action: 'void_reason.update',
          targetType: 'void_reason',
          targetId: id,
          details: { title: input.title },
        });
      });
      return { message: 'Void reason updated!' };
    },

    async removeReason(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx) => {
        const row = await repo.deleteReason(tx, tc.tenantId, id);
        if (!row) throw fail('void_reason_not_found');
        await audit(tx, tc, {
          action: 'void_reason.delete',
          targetType: 'void_reason',
          targetId: id,
          details: { title: row.title },
        });
      });
      return { message: 'Void reason deleted!' };
    },
  };
}

export type VoidsService = ReturnType<typeof createVoidsService>;
