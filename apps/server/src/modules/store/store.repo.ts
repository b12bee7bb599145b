import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { printSettings, storeSettings } from '../../platform/db/schema.ts';

// The store_settings and print_settings tables: one row each per tenant, made with the tenant by a
// trigger (migration 0006), so reads only read.

/**
 * The store currency, held (FOR SHARE) until commit: an order priced in it keeps a currency save (which
 * rescales the menu) waiting. One column: every order reads it.
 */
export async function holdCurrency(tx: Tx, tenantId: number): Promise<string> {
  return currencyOf(tx, tenantId, true);
}

/** The store currency, one column: the menu list reads it on every request. */
export async function readCurrency(tx: Tx, tenantId: number): Promise<string> {
  return currencyOf(tx, tenantId, false);
}

async function currencyOf(tx: Tx, tenantId: number, hold: boolean) {
  const query = tx
    .select({ currency: storeSettings.currency })
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId))
    .limit(1);
  const [row] = await (hold ? query.for('share') : query);
  if (!row) throw new Error(`store settings missing for tenant ${tenantId}`);
  return row.currency;
}

/**
 * The tenant's store settings. `forUpdate` locks the row for this transaction, so two currency changes
 * cannot both rescale the prices from the same old currency.
 */

export async function getStoreSettings(
  tx: Tx,
  tenantId: number,
  opts: { forUpdate?: boolean; forShare?: boolean } = {},
) {
  const query = tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
  // forShare: held until commit, so a settings save waits for the work that read them.
  const [row] = await (opts.forUpdate ? query.for('update') : opts.forShare ? query.for('share') : query);
  // Made at sign-up and never deleted: a missing row is a bug, not a state to repair on a read.
  if (!row) throw new Error(`store settings missing for tenant ${tenantId}`);
  return row;
}

export async function updateStoreSettings(
  tx: Tx,
  tenantId: number,
  values: {
    storeName: string;
    address: string;
    phone: string;
    email: string;
    currency: string;
    isQrMenuEnabled: boolean;
    isQrOrderEnabled: boolean;
    /** Left as it is when undefined (SPEC §7's payload has no such field). */
    qrOrdersToKitchen?: boolean | undefined;
  },
) {
  await tx
    .update(storeSettings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(storeSettings.tenantId, tenantId));
}

/** The tenant's print settings. */
export async function getPrintSettings(tx: Tx, tenantId: number) {
  const [row] = await tx.select().from(printSettings).where(eq(printSettings.tenantId, tenantId)).limit(1);
  // Made at sign-up and never deleted, like the store settings.
  if (!row) throw new Error(`print settings missing for tenant ${tenantId}`);
  return row;
}

export async function updatePrintSettings(
  tx: Tx,
  tenantId: number,
  values: {
    pageFormat: number;
    header: string;
    footer: string;
    showNotes: boolean;
    isEnablePrint: boolean;
    showStoreDetails: boolean;
    showCustomerDetails: boolean;
    printToken: boolean;
    /** Absent (a SPEC §7 payload): the stored value stays. */
    printTokenDineIn?: boolean | undefined;
  },
) {
  const { printTokenDineIn, ...always } = values;
  const rows = await tx
    .update(printSettings)
    .set({
      ...always,
      ...(printTokenDineIn === undefined ? {} : { printTokenDineIn }),
      updatedAt: sql`now()`,
    })
    .where(eq(printSettings.tenantId, tenantId))
    .returning({ tenantId: printSettings.tenantId });
  if (rows.length === 0) throw new Error(`print settings missing for tenant ${tenantId}`);
}
