import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { devices, passwordResetTokens, tenants, users } from '../../platform/db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** System path: a username is unique across the product and signs in before any tenant is known. */
export async function findUserByUsername(tx: Tx, username: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export async function insertUser(
  tx: Tx,
  tenantId: number,
  values: {
    username: string;
    passwordHash: string;
    name: string;
    role: 'admin' | 'staff';
    scope?: string;
    designation?: string | null;
    phone?: string | null;
    email?: string | null;
  },
) {
  const [row] = await tx
    .insert(users)
    .values({ tenantId, ...values })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function findUser(tx: Tx, tenantId: number, userId: number): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function updatePasswordHash(tx: Tx, tenantId: number, userId: number, passwordHash: string) {
  await tx
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export async function insertDevice(
  tx: Tx,
  tenantId: number,
  values: { userId: number; name: string; ip: string | null; refreshHash: string },
) {
  const [row] = await tx
    .insert(devices)
    .values({ tenantId, ...values })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert returned nothing');
  return row.id;
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
    .set({ refreshHash, previousRefreshHash: previous, rotatedAt: sql`now()`, lastSeenAt: sql`now()` })
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

/** System path: the live session behind an access token, with what the request needs to decide. */
export async function loadSession(tx: Db, tenantId: number, userId: number, deviceId: number) {
  const [row] = await tx
    .select({
      username: users.username,
      role: users.role,
      scope: users.scope,
      tenantActive: tenants.isActive,
    })
    .from(devices)
    .innerJoin(users, and(eq(users.tenantId, devices.tenantId), eq(users.id, devices.userId)))
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
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

export async function insertResetToken(
  tx: Tx,
  tenantId: number,
  values: { userId: number; tokenHash: string; expiresAt: Date },
) {
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({ tenantId, ...values })
    .returning({ id: passwordResetTokens.id });
  if (!row) throw new Error('reset token insert returned nothing');
  return row.id;
}

export async function findResetToken(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tenantId, tenantId), eq(passwordResetTokens.id, id)))
    .limit(1);
  return row;
}

/** Marks a reset token used; answers false when it was already used (a second click, a race). */
export async function useResetToken(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const rows = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tenantId, tenantId),
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Marks every unused reset token of a user used, once one of them has set the password. */
export async function useOpenResetTokens(tx: Tx, tenantId: number, userId: number) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tenantId, tenantId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}
