import fastifyMultipart from '@fastify/multipart';
import {
  addonSchema,
  idParams,
  imageUploadedResponse,
  itemOptionParams,
  itemParams,
  menuItemAddedResponse,
  menuItemResponse,
  menuItemSchema,
  messageSchema,
  newItemDefaultsResponse,
  variantSchema,
} from '@comanda/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import { IMAGE_UPLOAD_LIMITS, readImagePart } from '../../platform/images/images.routes.ts';
import type { MenuService, OptionKind } from './menu.service.ts';

/** /menu-items/*: every call needs SETTINGS. Photos are served by the images module (GET /images/{key}). */
export function menuRoutes(app: Api, deps: { menu: MenuService }) {
  const { menu } = deps;
  const access = { screen: 'settings' } as const;
  const tags = ['menu'];

  // Its own encapsulated context: the multipart parser and its limits apply to these routes only.
  void app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    await api.register(fastifyMultipart, { limits: IMAGE_UPLOAD_LIMITS });

    api.get(
      '/menu-items',
      {
        schema: { tags, response: { 200: z.array(menuItemResponse), ...errorResponses } },
        config: { access },
      },
      async (request) => menu.list(tenantContext(request)),
    );

    api.get(
      '/menu-items/new-item-defaults',
      {
        schema: { tags, response: { 200: newItemDefaultsResponse, ...errorResponses } },
        config: { access },
      },
      async (request) => menu.newItemDefaults(tenantContext(request)),
    );

    api.get(
      '/menu-items/:id',
      {
        schema: { tags, params: idParams, response: { 200: menuItemResponse, ...errorResponses } },
        config: { access },
      },
      async (request) => menu.get(tenantContext(request), request.params.id),
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
  });
}
