// Helpers shared by the store, tables and catalogue test files (not a test file itself: vitest only runs *.test.ts).
import { asc } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../../platform/db/schema.ts';
import { type TestApp, type TestClient, type createTenant, uniqueUsername } from '../../../test/harness.ts';

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** Adds a staff user with these scopes through the API and signs them in on a new client. */
export async function addStaff(app: TestApp, owner: Tenant, scopes: string[]) {
  const username = uniqueUsername('staff');
  const res = await owner.client.post('/users/add', {
    name: 'Rui',
    username,
    password: 'staff pw',
    userScopes: scopes,
  });
  expect(res.status).toBe(200);
  const client = app.client();
  expect((await client.post('/auth/signin', { username, password: 'staff pw' })).status).toBe(200);
  return { username, client };
}

/** A GET whose answer may be bytes (the QR downloads), read raw rather than as JSON. */
export async function download(client: TestClient, path: string) {
  const res = await fetch(`${client.baseUrl}/api/v1${path}`, {
    headers: client.cookies.size ? { cookie: client.cookieHeader() } : {},
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The pixel width a PNG declares in its IHDR chunk (bytes 16-19, big-endian). */
export function pngWidth(bytes: Buffer): number {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return bytes.readUInt32BE(16);
}

/** The tenant's audit actions, oldest first. */
export async function auditActions(app: TestApp, tenantId: number) {
  const rows = await app.database.inTenant(tenantId, (tx) =>
    tx.select({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.id)),
  );
  return rows.map((r) => r.action);
}
