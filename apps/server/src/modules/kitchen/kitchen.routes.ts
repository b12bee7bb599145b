import {
  idParams,
  idempotencyHeaders,
  kitchenItemStatusSchema,
  kitchenResponse,
  kitchenSettingsSchema,
  kitchenTicketResponse,
  messageSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { KitchenService } from './kitchen.service.ts';

const tags = ['kitchen'];
const config = { access: { screen: 'kitchen' } } as const;
const answers = { 200: messageSchema, ...errorResponses };

/**
 * /kitchen (SPEC §7 Orders and kitchen): the tickets, an item's next step, bump, recall, thresholds. An
 * item's step and a bump take an optional Idempotency-Key header: a repeat answers the first answer.
 */
export function kitchenRoutes(app: Api, deps: { kitchen: KitchenService }) {
  const { kitchen } = deps;

  app.get(
    '/kitchen',
    { schema: { tags, response: { 200: kitchenResponse, ...errorResponses } }, config },
    async (request) => kitchen.tickets(tenantContext(request)),
  );

  app.get(
    '/kitchen/orders/:id',
    {
      schema: { tags, params: idParams, response: { 200: kitchenTicketResponse, ...errorResponses } },
      config,
    },
    async (request) => kitchen.ticket(tenantContext(request), request.params.id),
  );

  app.post('/kitchen/recall', { schema: { tags, response: answers }, config }, async (request) =>
    kitchen.recall(tenantContext(request)),
  );

  app.post(
    '/kitchen/settings',
    {
      schema: { tags, body: kitchenSettingsSchema, response: answers },
      config: { access: { screen: 'settings' } },
    },
    async (request) => kitchen.saveSettings(tenantContext(request), request.body),
  );

  app.post(
    '/kitchen/orders/:id/bump',
    { schema: { tags, headers: idempotencyHeaders, params: idParams, response: answers }, config },
    async (request) =>
      kitchen.bump(tenantContext(request), request.params.id, request.headers['idempotency-key']),
  );

  app.post(
    '/kitchen/:id',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        params: idParams,
        body: kitchenItemStatusSchema,
        response: answers,
      },
      config,
    },
    async (request) =>
      kitchen.setItemStatus(
        tenantContext(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );
}
