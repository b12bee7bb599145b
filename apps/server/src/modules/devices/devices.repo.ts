import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { devices } from '../../platform/db/schema.ts';

/** A user's signed-in devices, oldest first. */
export function listLiveDevices(tx: Tx, tenantId: number, userId: number) {
  return tx
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.userId, userId), isNull(devices.revokedAt)))
    .orderBy(asc(devices.createdAt), asc(devices.id));
}

/** One of the user's own live devices, or nothing: another user's or tenant's device is not found. */
export async function findOwnLiveDevice(tx: Tx, tenantId: number, userId: number, deviceId: number) {
  const [row] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.id, deviceId),
        eq(devices.userId, userId),
        isNull(devices.revokedAt),
      ),
    )
    .limit(1);
  return row;
}
