import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { at, ref } from '../../platform/db/columns.ts';

// The setup checklist's dismissal, one row per store at most (0039).

export const setupChecklists = pgTable('setup_checklists', {
  tenantId: bigint('tenant_id', { mode: 'number' }).primaryKey(),
  dismissedAt: at('dismissed_at'),
  dismissedBy: ref('dismissed_by'),
});
