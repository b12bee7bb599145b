import type { VoidReason, VoidReasonInput, VoidSettings } from '@comanda/core';
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

/**
 * The reason a cancel or a void of Table Orders gives (issue 30): the tenant's own when one is named
 * (another tenant's is 404), none when the store does not ask for one, and 400 when it does.
 */
export async function voidReasonFor(tx: Tx, tenantId: number, reasonId: number | undefined) {
  if (reasonId !== undefined) return reasonFor(tx, tenantId, reasonId);
  if (await repo.requiresReason(tx, tenantId)) throw fail('void_reason_required');
  return null;
}

/** The owner's list of void reasons (Settings, Void Reasons): read by whoever voids or refunds. */
export function createVoidsService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /void-reasons: the list, oldest first. */
    async listReasons(tc: TenantContext): Promise<VoidReason[]> {
      return database.inTenant(tc.tenantId, (tx) => repo.listReasons(tx, tc.tenantId));
    },

    /** GET /settings/void-setting: read by Table Orders (whether its void dialog may be left empty). */
    async getSettings(tc: TenantContext): Promise<VoidSettings> {
      return database.inTenant(tc.tenantId, async (tx) => ({
        requireVoidReason: await repo.requiresReason(tx, tc.tenantId),
      }));
    },

    /** POST /settings/void-setting, audited as `settings.void_update` (like `settings.bill_update`). */
    async saveSettings(tc: TenantContext, input: VoidSettings) {
      await database.inTenant(tc.tenantId, async (tx) => {
        const before = await repo.requiresReason(tx, tc.tenantId);
        await repo.saveRequiresReason(tx, tc.tenantId, input.requireVoidReason);
        await audit(tx, tc, {
          action: 'settings.void_update',
          targetType: 'store_settings',
          details: { from: { requireVoidReason: before }, to: input },
        });
      });
      return { message: 'Void settings saved!' };
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
