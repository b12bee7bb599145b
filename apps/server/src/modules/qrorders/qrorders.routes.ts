import {
  idParams,
  liveQrOrdersResponse,
  messageSchema,
  qrOrderStatusSchema,
  qrOrdersCountResponse,
  qrOrdersResponse,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { QrOrdersService } from './qrorders.service.ts';

const tags = ['pos'];
const config = { access: { screen: 'pos' } } as const;

/** /pos/qrorders (SPEC §7 Dashboard and POS): the QR orders waiting at the POS. Loading one is create-order's. */
export function qrOrdersRoutes(app: Api, deps: { qrOrders: QrOrdersService }) {
  const { qrOrders } = deps;

  app.get(
    '/pos/qrorders/count',
    { schema: { tags, response: { 200: qrOrdersCountResponse, ...errorResponses } }, config },
    async (request) => qrOrders.count(tenantContext(request)),
  );

  app.get(
    '/pos/qrorders',
    { schema: { tags, response: { 200: qrOrdersResponse, ...errorResponses } }, config },
    async (request) => qrOrders.list(tenantContext(request)),
  );

  // Table Orders shows the strip too: whoever may open it (the POS's scope included) may read it.
  app.get(
    '/pos/qrorders/live',
    {
      schema: { tags, response: { 200: liveQrOrdersResponse, ...errorResponses } },
      config: { access: { screen: 'orders' } },
    },
    async (request) => qrOrders.live(tenantContext(request)),
  );

  app.post(
    '/pos/qrorders/update-status/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: qrOrderStatusSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config,
    },
    async (request) => qrOrders.cancel(tenantContext(request), request.params.id),
  );

  app.post(
    '/pos/qrorders/cancel-all',
    {
      schema: { tags, response: { 200: messageSchema.extend({ count: z.number() }), ...errorResponses } },
      config,
    },
    async (request) => qrOrders.cancelAll(tenantContext(request)),
  );
}
