import crypto from 'node:crypto';
import {
  dinerOrderStatusResponse,
  idempotencyHeaders,
  orderStatusBoardResponse,
  placeQrOrderSchema,
  qrCodeParams,
  qrMenuQuery,
  qrMenuResponse,
  qrOrderPlacedResponse,
  statusTokenParams,
} from '@comanda/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import { type AddressBudget, addressKey, addressLimit, requestLimit } from '../../platform/rate-limits.ts';
import type { QrMenuService } from './qrmenu.service.ts';

const tags = ['qrmenu'];
const PUBLIC = { access: { public: true } } as const;
const TEN_MINUTES = 10 * 60_000;
/** The menu code of a /qrmenu/:qrcode request (params are parsed before onRequest runs). */
const codeOf = (request: FastifyRequest) => String((request.params as { qrcode?: unknown }).qrcode);

/** /qrmenu (SPEC §7 Public QR menu, issue 11) and the pickup board. */
export function qrMenuRoutes(
  app: Api,
  deps: { qrMenu: QrMenuService; config: Config; statusBudget: AddressBudget },
) {
  const { qrMenu, config } = deps;

  app.get(
    '/qrmenu/:qrcode',
    {
      schema: {
        tags,
        params: qrCodeParams,
        querystring: qrMenuQuery,
        response: {
          200: qrMenuResponse,
          304: z.null().meta({ description: 'Not modified: the ETag given still matches' }),
          ...errorResponses,
        },
      },
      // Generous: every diner in a restaurant may come from its one wifi address, and a page re-reads
      // the menu when it comes back into view.
      onRequest: addressLimit(app, config.qrMenuRateLimit, 'qrmenu', 'too_many_requests'),
      config: PUBLIC,
    },
    async (request, reply) => {
      const menu = await qrMenu.menu(request.params.qrcode, request.query.tableId);
      // Prices must not be served stale: the browser revalidates every time, and an unchanged menu
      // costs a 304 with no body (a diner's phone on a poor network re-opening the page).
      const etag = `"${crypto.createHash('sha256').update(JSON.stringify(menu)).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', 'no-cache').header('etag', etag);
      const asked = request.headers['if-none-match'];
      if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
        return reply.code(304).send(null);
      return menu;
    },
  );

  app.post(
    '/qrmenu/:qrcode/place-order',
    {
      schema: {
        tags,
        params: qrCodeParams,
        headers: idempotencyHeaders,
        body: placeQrOrderSchema,
        response: { 200: qrOrderPlacedResponse, ...errorResponses },
      },
      // Per address before the body is read. Per table and per store only once it has passed the
      // schema (preHandler): the store's budget is shared by every diner, so a body the server refuses
      // must not spend it, or a few addresses sending garbage would close a store's QR ordering.
      onRequest: addressLimit(app, config.qrOrderAddressRateLimit, 'qrorder', 'too_many_orders'),
      preHandler: [
        requestLimit(app, {
          max: config.qrOrderTableRateLimit,
          timeWindow: TEN_MINUTES,
          key: (r) => {
            const table = (r.body as { tableId?: unknown } | undefined)?.tableId;
            return typeof table === 'string' && table ? `qrorder:table:${codeOf(r)}:${table}` : null;
          },
          code: 'too_many_orders',
        }),
        requestLimit(app, {
          max: config.qrOrderStoreRateLimit,
          timeWindow: TEN_MINUTES,
          key: (r) => `qrorder:store:${codeOf(r)}`,
          code: 'too_many_orders',
        }),
      ],
      config: PUBLIC,
    },
    async (request) =>
      qrMenu.placeOrder(request.params.qrcode, request.body, {
        key: request.headers['idempotency-key'],
        ip: request.ip,
        address: addressKey(request.ip),
      }),
  );

  app.get(
    '/qrmenu/order-status/:statusToken',
    {
      schema: {
        tags,
        params: statusTokenParams,
        response: { 200: dinerOrderStatusResponse, ...errorResponses },
      },
      // A diner's page reads it on load and on reconnect (the socket carries the rest): a guesser of
      // tokens, or a page stuck reloading, is held to this, shared with the socket's follow_order.
      onRequest: deps.statusBudget.hook,
      config: PUBLIC,
    },
    async (request, reply) => {
      // The page's own state, read again on reload: never from a cache.
      reply.header('cache-control', 'no-store');
      return qrMenu.status(request.params.statusToken);
    },
  );

  app.get(
    '/order-status-board',
    {
      schema: { tags, response: { 200: orderStatusBoardResponse, ...errorResponses } },
      config: { access: { screen: 'order-status-board' } },
    },
    async (request) => qrMenu.board(tenantContext(request)),
  );
}
