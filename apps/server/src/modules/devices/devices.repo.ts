import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { devices, tenants, users } from '../../platform/db/schema.ts';

// The devices table (a tenant user's signed-in sessions): every query of it lives here.

export async function insertDevice(
  tx: Tx,
  tenantId: number,
  values: {
    userId: number;
    name: string;
    ip: string | null;
    refreshHash: string;
    createdAt: Date;
    /** A PIN session: its store device and idle time (docs/staff-pins.md). */
    storeDeviceId?: number;
    idleSeconds?: number;
  },
) {
  const [row] = await tx
    .insert(devices)
    .values({ tenantId, ...values })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert returned nothing');
  return row.id;
}

/** When a device's session began (its sign-in): nothing it sends can have been done before. */
export async function sessionStart(tx: Tx, tenantId: number, deviceId: number): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: devices.createdAt })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .limit(1);
  return row?.createdAt;
}

/** The device row, locked until the transaction ends: one refresh of a session at a time. */
export async function lockDevice(tx: Tx, tenantId: number, deviceId: number) {
  const [row] = await tx
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)))
    .limit(1)
    .for('update');
  return row;
}

/** Sets a new device's first refresh token hash. */
export async function setRefreshHash(tx: Tx, tenantId: number, deviceId: number, refreshHash: string) {
  await tx
    .update(devices)
    .set({ refreshHash })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)));
}

/** Replaces the device's refresh token, keeping the previous one for the concurrent-refresh grace. */
export async function rotateRefresh(
  tx: Tx,
  tenantId: number,
  deviceId: number,
  refreshHash: string,
  previous: string,
) {
  await tx
    .update(devices)
    .set({
      refreshHash,
      previousRefreshHash: previous,
      rotatedAt: sql`now()`,
      // A PIN session's last_seen_at is its last input (its idle clock); a refresh is no input.
      lastSeenAt: sql`case when ${devices.storeDeviceId} is null then now() else ${devices.lastSeenAt} end`,
    })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)));
}

export async function revokeDevice(tx: Tx, tenantId: number, deviceId: number, reason: string) {
  await tx
    .update(devices)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId), isNull(devices.revokedAt)));
}

/** Revokes every live device of a user (optionally but one); answers the ids revoked. */
export async function revokeUserDevices(
  tx: Tx,
  tenantId: number,
  userId: number,
  reason: string,
  exceptDeviceId?: number,
): Promise<number[]> {
  const rows = await tx
    .update(devices)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.userId, userId),
        isNull(devices.revokedAt),
        exceptDeviceId ? ne(devices.id, exceptDeviceId) : undefined,
      ),
    )
    .returning({ id: devices.id });
  return rows.map((r) => r.id);
}

/** A user's signed-in devices, oldest first. */
export function listLiveDevices(tx: Tx, tenantId: number, userId: number) {
  return tx
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.userId, userId), isNull(devices.revokedAt)))
    .orderBy(asc(devices.createdAt), asc(devices.id));
}

/** A device of this user in this tenant that is still signed in. */
function liveDevice(tenantId: number, userId: number, deviceId: number) {
  return and(
    eq(devices.tenantId, tenantId),
    eq(devices.id, deviceId),
    eq(devices.userId, userId),
    isNull(devices.revokedAt),
  );
}

/** One of the user's own live devices, or nothing: another user's or tenant's device is not found. */
export async function findOwnLiveDevice(tx: Tx, tenantId: number, userId: number, deviceId: number) {
  const [row] = await tx
    .select({ id: devices.id })
    .from(devices)
    .where(liveDevice(tenantId, userId, deviceId))
    .limit(1);
  return row;
}


/**
 * System path: the live session behind an access token, with what the request needs to decide (its
 * user's role and scopes, whether the tenant is active, when the session ends), in one read per request.
 */
export async function loadLiveSession(tx: Db, tenantId: number, userId: number, deviceId: number) {
  const [row] = await tx
    .select({
      username: users.username,
      role: users.role,
      scope: users.scope,
      tenantActive: tenants.isActive,
      createdAt: devices.createdAt,
      rotatedAt: devices.rotatedAt,
    })
    .from(devices)
    .innerJoin(users, and(eq(users.tenantId, devices.tenantId), eq(users.id, devices.userId)))
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(and(liveDevice(tenantId, userId, deviceId), notIdle()))
    .limit(1);
  return row;
}

/**
 * A session still within its idle time: an e-mail session has none (0); a PIN session on a store device
 * ends once its idle seconds pass without input (docs/staff-pins.md), even if its tablet never locks.
 */
export function notIdle() {
  return sql`(${devices.idleSeconds} = 0 or ${devices.lastSeenAt} + ${devices.idleSeconds} * interval '1 second' > now())`;
}
