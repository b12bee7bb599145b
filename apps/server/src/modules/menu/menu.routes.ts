import fastifyMultipart from '@fastify/multipart';
import {
  IMAGE_MAX_BYTES,
  addonSchema,
  idParams,
  imageKeyParams,
  imageUploadedResponse,
  itemOptionParams,
  itemParams,
  menuItemAddedResponse,
  menuItemResponse,
  menuItemSchema,
  messageSchema,
  variantSchema,
} from '@comanda/core';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { MenuService, OptionKind } from './menu.service.ts';

/**
 * What the multipart layer accepts before the content check: the browser sends at most
 * IMAGE_MAX_BYTES (0.5 MB), other clients may send a raw photo up to four times that.
 */
const UPLOAD_MAX_BYTES = 4 * IMAGE_MAX_BYTES;

/**
 * The bytes of the form's `image` file part, or null when there is none. Every part is read, so the
 * multipart limits (fields, files) are reported as such rather than as a stream cut under the file.
 * Multipart's own failures become the spec's words: too large → 413, not a form at all → no file,
 * a body that ends mid-part → 400.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer | null> {
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

const codeOf = (error: unknown) => (error as { code?: unknown } | undefined)?.code;

/** /menu-items/*: every call needs SETTINGS; GET /images/{key} is public (menu photos). */
export function menuRoutes(app: Api, deps: { menu: MenuService }) {
  const { menu } = deps;
  const access = { screen: 'settings' } as const;
  const tags = ['menu'];

  // Its own encapsulated context: the multipart parser and its limits apply to these routes only.
  void app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    await api.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 },
    });

    api.get(
      '/menu-items',
      {
        schema: { tags, response: { 200: z.array(menuItemResponse), ...errorResponses } },
        config: { access },
      },
      async (request) => menu.list(tenantContext(request).tenantId),
    );

    api.get(
      '/menu-items/:id',
      {
        schema: { tags, params: idParams, response: { 200: menuItemResponse, ...errorResponses } },
        config: { access },
      },
      async (request) => menu.get(tenantContext(request).tenantId, request.params.id),
    );

    api.post(
      '/menu-items/add',
      {
        schema: { tags, body: menuItemSchema, response: { 200: menuItemAddedResponse, ...errorResponses } },
        config: { access },
      },
      async (request) => menu.add(tenantContext(request), request.body),
    );

    api.post(
      '/menu-items/update/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: menuItemSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
        config: { access },
      },
      async (request) => menu.update(tenantContext(request), request.params.id, request.body),
    );

    api.delete(
      '/menu-items/delete/:id',
      {
        schema: { tags, params: idParams, response: { 200: messageSchema, ...errorResponses } },
        config: { access },
      },
      async (request) => menu.remove(tenantContext(request), request.params.id),
    );

    api.post(
      '/menu-items/update/:id/upload-photo',
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: imageUploadedResponse, ...errorResponses },
        },
        config: { access },
      },
      async (request) =>
        menu.uploadPhoto(tenantContext(request), request.params.id, await readImagePart(request)),
    );

    api.post(
      '/menu-items/update/:id/remove-photo',
      {
        schema: { tags, params: idParams, response: { 200: messageSchema, ...errorResponses } },
        config: { access },
      },
      async (request) => menu.removePhoto(tenantContext(request), request.params.id),
    );

    const optionRoutes = (path: 'variants' | 'addons', kind: OptionKind, body: typeof variantSchema) => {
      const service = kind === 'variant' ? menu.variants : menu.addons;
      api.post(
        `/menu-items/${path}/:itemId/add`,
        {
          schema: { tags, params: itemParams, body, response: { 200: messageSchema, ...errorResponses } },
          config: { access },
        },
        async (request) => service.add(tenantContext(request), request.params.itemId, request.body),
      );
      api.post(
        `/menu-items/${path}/:itemId/update/:optionId`,
        {
          schema: {
            tags,
            params: itemOptionParams,
            body,
            response: { 200: messageSchema, ...errorResponses },
          },
          config: { access },
        },
        async (request) =>
          service.update(
            tenantContext(request),
            request.params.itemId,
            request.params.optionId,
            request.body,
          ),
      );
      api.delete(
        `/menu-items/${path}/:itemId/delete/:optionId`,
        {
          schema: { tags, params: itemOptionParams, response: { 200: messageSchema, ...errorResponses } },
          config: { access },
        },
        async (request) =>
          service.remove(tenantContext(request), request.params.itemId, request.params.optionId),
      );
    };
    optionRoutes('variants', 'variant', variantSchema);
    optionRoutes('addons', 'addon', addonSchema);

    api.get(
      '/images/:key',
      {
        schema: {
          tags,
          params: imageKeyParams,
          response: { 200: z.instanceof(Buffer).meta({ description: 'The image bytes' }), ...errorResponses },
        },
        config: { access: { public: true } },
      },
      async (request, reply) => {
        const image = await menu.image(request.params.key);
        // Keys are never reused: a new photo gets a new key, so the bytes behind one never change.
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );
  });
}
