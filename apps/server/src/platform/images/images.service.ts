import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_MAX_SIDE } from '@comanda/core';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { fail, loggableError } from '../errors.ts';
import * as repo from './images.repo.ts';

// Uploaded pictures (menu photos today; user photos and the store logo next): checked and re-encoded
// before they are kept, stored in the database under a random key, served publicly by that key.

/** Formats sharp can decode here and browsers show; anything else (svg, tiff, pdf…) is refused. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);
/** Decoding cost is pixels, not bytes: a tiny file can claim a huge canvas. 50 MP covers any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;

declare const checked: unique symbol;
/** An upload that passed the content check and was re-encoded: the only thing `storeImage` keeps. */
export type CheckedImage = {
  readonly bytes: Buffer;
  readonly contentType: 'image/webp';
  /** The card-sized copy (THUMB_SIDE), made with the image. */
  readonly thumb: Buffer;
} & {
  readonly [checked]: true;
};

/**
 * Checks an upload by its content and re-encodes it as WebP, at most IMAGE_MAX_SIDE on the longer
 * side, rotated by its EXIF orientation and stripped of all metadata (location, camera, comments).
 * Called before the transaction opens: decoding takes a while and holds no lock. `file` is null when
 * the request carried no file part.
 */
export async function checkImage(file: Buffer | null): Promise<CheckedImage> {
  if (!file) throw fail('not_a_file');
  let meta: Metadata;
  try {
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw fail('not_an_image');
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw fail('not_an_image');
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw fail('image_too_large');
  try {
    const bytes = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes, contentType: 'image/webp', thumb: await makeThumb(bytes) } as CheckedImage;
  } catch {
    // A header that parses over a body that does not (truncated file, HEVC without a decoder).
    throw fail('not_an_image');
  }
}

/**
 * The longer side of a menu card's picture, in pixels: the card shows it at about 80-120 CSS px, so
 * this is sharp on a 2x phone screen at a few kilobytes instead of the full picture's tens.
 */
export const THUMB_SIDE = 240;

/** The card-sized WebP copy of a stored (already checked, re-encoded) picture. */
export function makeThumb(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

/** Keeps a checked image in the caller's transaction under a fresh random key; answers its id and key. */
export async function storeImage(tx: Tx, tenantId: number, image: CheckedImage) {
  const key = crypto.randomBytes(16).toString('base64url');
  const id = await repo.insertImage(tx, tenantId, {
    key,
    contentType: image.contentType,
    bytes: image.bytes,
    thumbBytes: image.thumb,
  });
  return { id, key };
}

/** Drops an image the caller no longer points at, in the caller's transaction. */
export async function removeImage(tx: Tx, tenantId: number, imageId: number) {
  await repo.deleteImage(tx, tenantId, imageId);
}

/** Where a stored image is served (GET /images/{key}). */
export const imageUrl = (key: string) => `/api/v1/images/${key}`;
/** Where its card-sized copy is served (GET /images/{key}/thumb). */
export const thumbUrl = (key: string) => `/api/v1/images/${key}/thumb`;

/** Thumbnails made on request at once per node: sharp's work is CPU, and the machine has a few cores. */
const THUMB_JOBS = 2;

/** Runs at most `max` of the given jobs at once; the others wait their turn, first come first served. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Serves stored images by their public key. */
export function createImagesService(ctx: AppContext) {
  const { database } = ctx;
  /** The thumbnails being made on request, by image key (single flight). */
  const inFlight = new Map<string, Promise<Buffer>>();
  const jobs = limiter(THUMB_JOBS);

  /** Makes and keeps the missing copy of an image; an image sharp cannot read keeps an empty one. */
  async function makeMissingThumb(tenantId: number, imageId: number): Promise<Buffer> {
    const bytes = await database.inTenant(tenantId, (tx) => repo.findImageBytes(tx, tenantId, imageId));
    if (!bytes) throw fail('image_not_found');
    const thumb = await jobs(() => makeThumb(bytes)).catch((error: unknown) => {
      ctx.log.warn({ error: loggableError(error), imageId }, 'could not make a thumbnail');
      return Buffer.alloc(0);
    });
    await database.inTenant(tenantId, (tx) => repo.setThumb(tx, tenantId, imageId, thumb));
    return thumb;
  }

  return {
    /**
     * An image by its public key. Photos are shown to diners before any tenant is known, so this one
     * lookup takes the system path; the 128-bit random key is what grants access.
     */
    async byKey(key: string) {
      const image = await database.asSystem((tx) => repo.findImageByKey(tx, key));
      if (!image) throw fail('image_not_found');
      return image;
    },

    /**
     * An image's card-sized copy by its public key. A picture stored before thumbnails existed gets
     * its copy made now and kept (in its tenant's transaction), so only its first request pays for it:
     * one making per key at a time (concurrent requests share it), at most THUMB_JOBS makings at once
     * on this node. A picture sharp cannot read is remembered as such (an empty copy) and answers 404
     * from then on, without decoding it again.
     */
    async thumbByKey(key: string) {
      const image = await database.asSystem((tx) => repo.findThumbByKey(tx, key));
      if (!image) throw fail('image_not_found');
      let thumb = image.thumbBytes;
      if (thumb === null) {
        let making = inFlight.get(key);
        if (!making) {
          making = makeMissingThumb(image.tenantId, image.id).finally(() => inFlight.delete(key));
          inFlight.set(key, making);
        }
        thumb = await making;
      }
      if (thumb.length === 0) throw fail('image_not_found');
      return { contentType: 'image/webp', bytes: thumb };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
