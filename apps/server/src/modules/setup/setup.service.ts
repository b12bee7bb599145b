import { SETUP_STEPS, type SetupChecklist } from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import * as repo from './setup.repo.ts';

/** The guided setup for a new owner (issue 31, docs/setup.md): a checklist ticked from real data. */
export function createSetupService(ctx: AppContext) {
  const { database } = ctx;

  async function checklist(tc: TenantContext): Promise<SetupChecklist> {
    const facts = await database.inTenant(tc.tenantId, (tx) => repo.setupFacts(tx, tc.tenantId));
    const steps = SETUP_STEPS.map((key) => ({ key, done: facts[key] === true }));
    return { steps, dismissed: facts.dismissed === true, complete: steps.every((s) => s.done) };
  }

  return {
    /** GET /setup/checklist. */
    checklist,

    /** POST /setup/dismiss: hides the checklist for the whole store, on every device; audited. */
    async dismiss(tc: TenantContext): Promise<SetupChecklist> {
      await database.inTenant(tc.tenantId, async (tx) => {
        await repo.dismissChecklist(tx, tc.tenantId, tc.userId);
        await audit(tx, tc, { action: 'setup.dismiss', targetType: 'store_settings' });
      });
      return checklist(tc);
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
