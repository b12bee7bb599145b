import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { printSettings, storeSettings } from '../../platform/db/schema.ts';

/** A fresh public menu code: 16 url-safe characters, unguessable (96 bits). */
export function newQrCode(): string {
  return crypto.randomBytes(12).toString('base64url');
}

/** The tenant's store settings, created with defaults (and a menu code) on first use. */
export async function getStoreSettings(tx: Tx, tenantId: number) {
  await tx.insert(storeSettings).values({ tenantId, uniqueQrCode: newQrCode() }).onConflictDoNothing();
  const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
  if (!row) throw new Error('store settings missing');
  return row;
}

/** The tenant's print settings, created with defaults on first use. */
export async function getPrintSettings(tx: Tx, tenantId: number) {
  await tx.insert(printSettings).values({ tenantId }).onConflictDoNothing();
  const [row] = await tx.select().from(printSettings).where(eq(printSettings.tenantId, tenantId)).limit(1);
  if (!row) throw new Error('print settings missing');
  return row;
}
