import {
  idParams,
  idempotencyHeaders,
  messageSchema,
  moveItemSchema,
  moveTableSchema,
  moveTablesResponse,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { MovesService } from './moves.service.ts';

const tags = ['orders'];
// The table-orders screen's access, like the other /orders routes: whoever opens it reads the tables;
// a move changes orders, so it is the till's (docs/orders.md, Who may do what).
const config = { access: { screen: 'orders' } } as const;
const moving = { access: { action: 'orders.manage' } } as const;
const done = { 200: messageSchema, ...errorResponses };

/**
 * Moving and merging tables and moving items between them (issue 15, docs/moves.md). Ids of another
 * tenant answer 404. The moving calls take an optional Idempotency-Key header: a repeat answers the
 * first answer and moves nothing.
 */
export function movesRoutes(app: Api, deps: { moves: MovesService }) {
  const { moves } = deps;

  app.get(
    '/orders/tables',
    { schema: { tags, response: { 200: moveTablesResponse, ...errorResponses } }, config },
    async (request) => moves.tables(tenantContext(request)),
  );

  app.post(
    '/orders/move-table',
    {
      schema: { tags, headers: idempotencyHeaders, body: moveTableSchema, response: done },
      config: moving,
    },
    async (request) =>
      moves.moveTable(tenantContext(request), request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/orders/move-item/:id',
    {
      schema: { tags, headers: idempotencyHeaders, params: idParams, body: moveItemSchema, response: done },
      config: moving,
    },
    async (request) =>
      moves.moveItem(
        tenantContext(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );
}
