import { IMAGE_MAX_BYTES, imageKeyParams } from '@comanda/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { fail } from '../errors.ts';
import { type Api, errorResponses } from '../http.ts';
import { addressLimit } from '../rate-limits.ts';
import type { ImagesService } from './images.service.ts';

/**
 * The multipart limits of a route that takes one picture (register @fastify/multipart with them in the
 * route's own scope). The browser sends at most IMAGE_MAX_BYTES (0.5 MB), other clients may send a
 * raw photo up to four times that; `checkImage` then decides by content.
 */
export const IMAGE_UPLOAD_LIMITS = { fileSize: 4 * IMAGE_MAX_BYTES, files: 1, fields: 5 };

const codeOf = (error: unknown) => (error as { code?: unknown } | undefined)?.code;

/**
 * The bytes of the form's `image` file part, or null when there is none. Every part is read, so the
 * multipart limits (fields, files) are reported as such rather than as a stream cut under the file.
 * Multipart's own failures become the spec's words: too large → 413, not a form at all → no file,
 * a body that ends mid-part → 400.
 */
export async function readImagePart(request: FastifyRequest): Promise<Buffer | null> {
  const parts = request.parts();
  let image: Buffer | null = null;
  try {
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') continue;
      try {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image' && !image) image = bytes;
      } catch (error) {
        if (codeOf(error) !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
        // The file's stream is cut when the body ends early, or when a limit was hit just before the
        // file: then the limit's own error is queued next, and it says more.
        const queued = await parts.next().then(
          () => undefined,
          (e: unknown) => e,
        );
        throw String(codeOf(queued)).endsWith('_LIMIT') ? queued : fail('malformed_form');
      }
    }
  } catch (error) {
    const code = codeOf(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('image_too_large');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw fail('not_a_file');
    throw error;
  }
  return image;
}

/** GET /images/{key} and its thumbnail: public, so a diner's menu can show the photos. */
export function imagesRoutes(app: Api, deps: { images: ImagesService; config: Config }) {
  const { images, config } = deps;
  // One budget for photos and thumbnails, generous: a menu page loads a thumbnail per dish, for every
  // diner behind a restaurant's one address (the browser keeps them after that: they never change).
  const limit = addressLimit(app, config.imageRateLimit, 'images', 'too_many_requests');
  const send = (reply: FastifyReply, image: { contentType: string; bytes: Buffer }) =>
    // Keys are never reused: a new picture gets a new key, so the bytes behind one never change.
    reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(image.bytes);
  app.get(
    '/images/:key',
    {
      schema: {
        tags: ['images'],
        params: imageKeyParams,
        response: { 200: z.instanceof(Buffer).meta({ description: 'The image bytes' }), ...errorResponses },
      },
      onRequest: limit,
      config: { access: { public: true } },
    },
    async (request, reply) => send(reply, await images.byKey(request.params.key)),
  );
  /** GET /images/{key}/thumb: the card-sized copy the QR menu shows (issue 11), cached like the image. */
  app.get(
    '/images/:key/thumb',
    {
      schema: {
        tags: ['images'],
        params: imageKeyParams,
        response: {
          200: z.instanceof(Buffer).meta({ description: 'The WebP thumbnail' }),
          ...errorResponses,
        },
      },
      onRequest: limit,
      config: { access: { public: true } },
    },
    async (request, reply) => send(reply, await images.thumbByKey(request.params.key)),
  );
}
