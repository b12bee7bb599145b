import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { images } from '../db/schema.ts';

// The images table: every query of it lives here, whichever module shows the picture.

export async function insertImage(
  tx: Tx,
  tenantId: number,
  values: { key: string; contentType: string; bytes: Buffer },
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
