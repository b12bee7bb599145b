import {
  idParams,
  messageSchema,
  voidReasonResponse,
  voidReasonSchema,
  voidSettingsSchema,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { VoidsService } from './voids.service.ts';

const tags = ['settings'];
const config = { access: { screen: 'settings' } } as const;
const answers = { 200: messageSchema, ...errorResponses };

/**
 * /void-reasons: the list every screen that voids or refunds offers (any signed-in user reads it);
 * /settings/void-reasons: the owner edits it (SETTINGS). /settings/void-setting: whether a cancel or a
 * void must name a reason, read by Table Orders, set by the owner.
 */
export function voidsRoutes(app: Api, deps: { voids: VoidsService }) {
  const { voids } = deps;

  app.get(
    '/void-reasons',
    {
      schema: { tags, response: { 200: z.array(voidReasonResponse), ...errorResponses } },
      config: { access: { signedIn: true } },
    },
    async (request) => voids.listReasons(tenantContext(request)),
  );

  app.get(
    '/settings/void-setting',
    {
      schema: { tags, response: { 200: voidSettingsSchema, ...errorResponses } },
      config: { access: { signedIn: true } },
    },
    async (request) => voids.getSettings(tenantContext(request)),
  );

  app.post(
    '/settings/void-setting',
    { schema: { tags, body: voidSettingsSchema, response: answers }, config },
    async (request) => voids.saveSettings(tenantContext(request), request.body),
  );

  app.post(
    '/settings/void-reasons/add',
    { schema: { tags, body: voidReasonSchema, response: answers }, config },
    async (request) => voids.addReason(tenantContext(request), request.body),
  );

  app.post(
    '/settings/void-reasons/:id/update',
    { schema: { tags, params: idParams, body: voidReasonSchema, response: answers }, config },
    async (request) => voids.updateReason(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/void-reasons/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => voids.removeReason(tenantContext(request), request.params.id),
  );
}
