import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { devices, storeDevicePinFailures, storeDevices, storeSettings, users } from '../../platform/db/schema.ts';

// Store devices (0036) and their per-person PIN failures: every query of them lives here.

export async function insertStoreDevice(
  tx: Tx,
  tenantId: number,
  values: { name: string; idleSeconds: number; secretHash: string },
) {
  const [row] = await tx
    .insert(storeDevices)
    .values({ tenantId, ...values })
    .returning({ id: storeDevices.id });
  if (!row) throw new Error('store device insert returned nothing');
  return row.id;
}

/** A store device that has not been revoked, or nothing. */
export async function findLiveStoreDevice(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(storeDevices)
    .where(and(eq(storeDevices.tenantId, tenantId), eq(storeDevices.id, id), isNull(storeDevices.revokedAt)))
    .limit(1);
  return row;
}

export function listLiveStoreDevices(tx: Tx, tenantId: number) {
  return tx
    .select()
    .from(storeDevices)
    .where(and(eq(storeDevices.tenantId, tenantId), isNull(storeDevices.revokedAt)))
    .orderBy(asc(storeDevices.createdAt), asc(storeDevices.id));
}

export async function updateStoreDevice(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { name?: string; idleSeconds?: number },
) {
  const [row] = await tx
    .update(storeDevices)
    .set(values)
    .where(and(eq(storeDevices.tenantId, tenantId), eq(storeDevices.id, id), isNull(storeDevices.revokedAt)))
    .returning();
  return row;
}

/** Revokes a store device and ends every PIN session opened on it; answers those sessions' ids. */
export async function revokeStoreDevice(tx: Tx, tenantId: number, id: number): Promise<number[]> {
  await tx
    .update(storeDevices)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(storeDevices.tenantId, tenantId), eq(storeDevices.id, id)));
  const rows = await tx
    .update(devices)
    .set({ revokedAt: sql`now()`, revokedReason: 'store device revoked' })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.storeDeviceId, id), isNull(devices.revokedAt)))
    .returning({ id: devices.id });
  return rows.map((r) => r.id);
}

/** The PIN pad was opened: when the owner's list says the device was last seen. */
export async function touchStoreDevice(tx: Tx, tenantId: number, id: number) {
  await tx
    .update(storeDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(storeDevices.tenantId, tenantId), eq(storeDevices.id, id)));
}

/** The store's name for the pad's title. */
export async function storeName(tx: Tx, tenantId: number): Promise<string> {
  const [row] = await tx
    .select({ name: storeSettings.storeName })
    .from(storeSettings)
    .where(eq(storeSettings.tenantId, tenantId))
    .limit(1);
  return row?.name ?? '';
}

/** The pad's tiles: the store's users who have a PIN, by name. */
export function listPinStaff(tx: Tx, tenantId: number) {
  return tx
    .select({ id: users.id, name: users.name, photo: users.photo })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.pinHash)))
    .orderBy(asc(users.name), asc(users.id));
}

/** The usernames of the users who have a PIN (the Users screen). */
export function listPinHolders(tx: Tx, tenantId: number) {
  return tx
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNotNull(users.pinHash)));
}

/**
 * A user's PIN and their failures on one store device, the failures row locked FOR UPDATE until the
 * transaction ends (made first if missing): PIN checks of one person on one device are claimed one at a
 * time, however many requests arrive at once. `lockedMs`: how long that device's lock still lasts.
 */
export async function lockPinFailures(tx: Tx, tenantId: number, storeDeviceId: number, userId: number) {
  const [user] = await tx
    .select({ id: users.id, pinHash: users.pinHash })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!user) return null;
  await tx
    .insert(storeDevicePinFailures)
    .values({ tenantId, storeDeviceId, userId })
    .onConflictDoNothing();
  const [row] = await tx
    .select({
      failures: storeDevicePinFailures.failures,
      locks: storeDevicePinFailures.locks,
      lockedMs: sql<number>`coalesce(greatest(ceil(extract(epoch from (${storeDevicePinFailures.lockedUntil} - now())) * 1000), 0), 0)::int`,
    })
    .from(storeDevicePinFailures)
    .where(pinFailuresOf(tenantId, storeDeviceId, userId))
    .limit(1)
    .for('update');
  if (!row) return null;
  return { ...user, ...row };
}

function pinFailuresOf(tenantId: number, storeDeviceId: number, userId: number) {
  return and(
    eq(storeDevicePinFailures.tenantId, tenantId),
    eq(storeDevicePinFailures.storeDeviceId, storeDeviceId),
    eq(storeDevicePinFailures.userId, userId),
  );
}

/** A claimed check counts as a failure until its PIN proves right. */
export async function countPinFailure(
  tx: Tx,
  tenantId: number,
  storeDeviceId: number,
  userId: number,
  failures: number,
) {
  await tx
    .update(storeDevicePinFailures)
    .set({ failures })
    .where(pinFailuresOf(tenantId, storeDeviceId, userId));
}

/** The window's last check claimed: the person's PIN locked on this device for `minutes`. */
export async function lockPinOnDevice(
  tx: Tx,
  tenantId: number,
  storeDeviceId: number,
  userId: number,
  minutes: number,
) {
  await tx
    .update(storeDevicePinFailures)
    .set({
      failures: 0,
      locks: sql`${storeDevicePinFailures.locks} + 1`,
      lockedUntil: sql`now() + ${minutes} * interval '1 minute'`,
    })
    .where(pinFailuresOf(tenantId, storeDeviceId, userId));
}

/** A right PIN: the count of failures and locks on this device starts again. */
export async function resetPinFailures(tx: Tx, tenantId: number, storeDeviceId: number, userId: number) {
  await tx
    .update(storeDevicePinFailures)
    .set({ failures: 0, locks: 0, lockedUntil: null })
    .where(pinFailuresOf(tenantId, storeDeviceId, userId));
}

/** A new PIN set by its person or the owner starts with no failures or locks on any device. */
export async function clearPinFailures(tx: Tx, tenantId: number, userId: number) {
  await tx
    .delete(storeDevicePinFailures)
    .where(and(eq(storeDevicePinFailures.tenantId, tenantId), eq(storeDevicePinFailures.userId, userId)));
}

/** Input on a PIN session: its idle clock starts again (the session check reads last_seen_at). */
export async function touchPinSession(tx: Tx, tenantId: number, deviceId: number) {
  await tx
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId), isNotNull(devices.storeDeviceId)));
}

export type StoreDeviceRow = typeof storeDevices.$inferSelect;
