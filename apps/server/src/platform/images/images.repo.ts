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
 * An image's card-sized copy by its public key, with what is needed to make one when it has none yet
 * (images stored before thumbnails): the system path, like findImageByKey.
 */
export async function findThumbByKey(tx: Tx, key: string) {
  const [row] = await tx
    .select({ tenantId: images.tenantId, id: images.id, bytes: images.bytes, thumbBytes: images.thumbBytes })
    .from(images)
    .where(eq(images.key, key))
    .limit(1);
  return row;
}

/** Keeps the card-sized copy made for an image that had none. */
export async function setThumb(tx: Tx, tenantId: number, imageId: number, thumbBytes: Buffer) {
  await tx
    .update(images)
    .set({ thumbBytes })
    .where(and(eq(images.tenantId, tenantId), eq(images.id, imageId)));
}
