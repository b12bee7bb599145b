import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { superadminDevices, superadmins } from '../../platform/db/schema.ts';

export async function findSuperadminByUsername(tx: Tx, username: string) {
  const [row] = await tx.select().from(superadmins).where(eq(superadmins.username, username)).limit(1);
  return row;
}

/** Creates the configured super admin, or sets its password when it exists. */
export async function upsertSuperadmin(tx: Tx, username: string, passwordHash: string) {
  await tx
    .insert(superadmins)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: superadmins.username, set: { passwordHash, updatedAt: sql`now()` } });
}

export async function insertSuperadminDevice(
  tx: Tx,
  values: { superadminId: number; name: string; ip: string | null; refreshHash: string },
) {
  const [row] = await tx.insert(superadminDevices).values(values).returning({ id: superadminDevices.id });
  if (!row) throw new Error('device insert returned nothing');
  return row.id;
}

/** The device row, locked until the transaction ends: one refresh of a session at a time. */
export async function lockSuperadminDevice(tx: Tx, deviceId: number) {
  const [row] = await tx
    .select()
    .from(superadminDevices)
    .where(eq(superadminDevices.id, deviceId))
    .limit(1)
    .for('update');
  return row;
}

/** Sets a new device's first refresh token hash. */
export async function setSuperadminRefreshHash(tx: Tx, deviceId: number, refreshHash: string) {
  await tx.update(superadminDevices).set({ refreshHash }).where(eq(superadminDevices.id, deviceId));
}

export async function rotateSuperadminRefresh(
  tx: Tx,
  deviceId: number,
  refreshHash: string,
  previous: string,
) {
  await tx
    .update(superadminDevices)
    .set({ refreshHash, previousRefreshHash: previous, rotatedAt: sql`now()` })
    .where(eq(superadminDevices.id, deviceId));
}

export async function revokeSuperadminDevice(tx: Tx, deviceId: number) {
  await tx
    .update(superadminDevices)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(superadminDevices.id, deviceId), isNull(superadminDevices.revokedAt)));
}

/** The live super-admin session behind an access token. */
export async function loadSuperadminSession(tx: Db, superadminId: number, deviceId: number) {
  const [row] = await tx
    .select({ username: superadmins.username, name: superadmins.name })
    .from(superadminDevices)
    .innerJoin(superadmins, eq(superadmins.id, superadminDevices.superadminId))
    .where(
      and(
        eq(superadminDevices.id, deviceId),
        eq(superadminDevices.superadminId, superadminId),
        isNull(superadminDevices.revokedAt),
      ),
    )
    .limit(1);
  return row;
}
