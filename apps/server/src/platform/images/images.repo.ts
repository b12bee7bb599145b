import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { images } from '../db/schema.ts';

// The images table: every query of it lives here, whichever module shows the picture.

export async function insertImage(
  tx: Tx,
  tenantId: number,
  values: { key: string; contentType: string; bytes: Buffer; thumbBytes: Buffer | null },
) {
  const [row] = await tx
    .insert(images)
    .values({ tenantId, ...values })
    .returning({ id: images.id });
  if (!row) throw new Error('image insert returned nothing');
  return row.id;
}

export async function deleteImage(tx: Tx, tenantId: number, imageId: number) {
  await tx.delete(images).where(and(eq(images.tenantId, tenantId), eq(images.id, imageId)));
}

/**
 * An image by its public key, whichever tenant owns it. Runs on the system path: the key is the
 * only credential (random, 128 bits), so there is no tenant to filter by.
 */
export async function findImageByKey(tx: Tx, key: string) {
  const [row] = await tx
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(eq(images.key, key))
    .limit(1);
  return row;
}

/**
 * An image's card-sized copy by its public key (null when none was made yet; empty when none can be),
 * with the tenant and id that making one needs: the system path, like findImageByKey. The full
 * picture's bytes are read only when the copy is missing (findImageBytes).
 */
export async function findThumbByKey(tx: Tx, key: string) {
  const [row] = await tx
    .select({ tenantId: images.tenantId, id: images.id, thumbBytes: images.thumbBytes })
    .from(images)
    .where(eq(images.key, key))
    .limit(1);
  return row;
}

/** The full picture's bytes, to make its missing copy from. */
export async function findImageBytes(tx: Tx, tenantId: number, imageId: number) {
  const [row] = await tx
    .select({ bytes: images.bytes })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), eq(images.id, imageId)))
    .limit(1);
  return row?.bytes;
}

/** Keeps the card-sized copy made for an image that had none (empty: sharp could not read it). */
export async function setThumb(tx: Tx, tenantId: number, imageId: number, thumbBytes: Buffer) {
  await tx
    .update(images)
    .set({ thumbBytes })
    .where(and(eq(images.tenantId, tenantId), eq(images.id, imageId)));
}
