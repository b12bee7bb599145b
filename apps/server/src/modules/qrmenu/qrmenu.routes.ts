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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import { fail } from '../../platform/errors.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { QrMenuService } from './qrmenu.service.ts';

const tags = ['qrmenu'];
const PUBLIC = { access: { public: true } } as const;

/**
 * A budget of QR orders per key (docs/qr-menu.md, "Limits"): past it the request is refused with 429
 * before anything is read or written. `keyOf` answering null means the budget does not apply.
 */
function orderLimit(
  app: Api,
  max: number,
  timeWindow: number,
  keyOf: (request: FastifyRequest) => string | null,
) {
  const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => keyOf(request) ?? '' });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (keyOf(request) === null) return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw fail('too_many_orders');
  };
}

/** /qrmenu (SPEC §7 Public QR menu, issue 11) and the pickup board. */
export function qrMenuRoutes(app: Api, deps: { qrMenu: QrMenuService; config: Config }) {
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
      // Per address before the body is read; per table once it is (the table is in the body).
      onRequest: orderLimit(app, config.qrOrderAddressRateLimit, 60_000, (r) => `qrorder:address:${r.ip}`),
      preHandler: orderLimit(app, config.qrOrderTableRateLimit, 10 * 60_000, (r) => {
        const table = (r.body as { tableId?: unknown } | undefined)?.tableId;
        const params = r.params as { qrcode?: unknown };
        return typeof table === 'string' && table ? `qrorder:table:${String(params.qrcode)}:${table}` : null;
      }),
      config: PUBLIC,
    },
    async (request) =>
      qrMenu.placeOrder(request.params.qrcode, request.body, request.headers['idempotency-key'], request.ip),
  );

  app.get(
    '/qrmenu/order-status/:statusToken',
    {
      schema: {
        tags,
        params: statusTokenParams,
        response: { 200: dinerOrderStatusResponse, ...errorResponses },
      },
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
