import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { setupChecklists } from '../../platform/db/schema.ts';

// The guided setup (issue 31): what the store's own tables already show, and the one stored choice.

/** Whether each setup step shows in the store's data; one round trip, every count bounded by `exists`. */
export async function setupFacts(tx: Tx, tenantId: number) {
  const result = (await tx.execute(sql`
    select
      exists(select 1 from store_settings where tenant_id = ${tenantId}
        and btrim(address) <> '' and btrim(phone) <> '') as "storeDetails",
      exists(select 1 from taxes where tenant_id = ${tenantId}) as "tax",
      exists(select 1 from categories where tenant_id = ${tenantId}) as "categories",
      exists(select 1 from menu_items where tenant_id = ${tenantId}) as "items",
      exists(select 1 from store_tables where tenant_id = ${tenantId}) as "tables",
      exists(select 1 from payment_types where tenant_id = ${tenantId} and is_active) as "paymentTypes",
      exists(select 1 from users where tenant_id = ${tenantId} and role = 'staff') as "staff",
      exists(select 1 from orders where tenant_id = ${tenantId}) as "testOrder",
      exists(select 1 from setup_checklists where tenant_id = ${tenantId}
        and dismissed_at is not null) as "dismissed"`)) as { rows: Record<string, boolean>[] };
  return result.rows[0] ?? {};
}

/** Remembers that the owner hid the checklist (again is a no-op that keeps the first time). */
export async function dismissChecklist(tx: Tx, tenantId: number, userId: number) {
  await tx
    .insert(setupChecklists)
    .values({ tenantId, dismissedAt: sql`now()`, dismissedBy: userId })
    .onConflictDoNothing({ target: setupChecklists.tenantId });
}
