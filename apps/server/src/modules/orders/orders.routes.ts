import {
  createOrderAndInvoiceSchema,
  createOrderSchema,
  idempotencyHeaders,
  orderCreatedResponse,
  orderInvoicedResponse,
  posInitResponse,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['pos'];
const config = { access: { screen: 'pos' } } as const;

/**
 * /pos (SPEC §7 Dashboard and POS): the screen's data, taking an order, and taking and paying it.
 * The creating calls take an optional Idempotency-Key header: a repeat answers the first answer.
 */
export function ordersRoutes(app: Api, deps: { orders: OrdersService }) {
  const { orders } = deps;

  app.get(
    '/pos/init',
    { schema: { tags, response: { 200: posInitResponse, ...errorResponses } }, config },
    async (request) => orders.init(tenantContext(request)),
  );

  app.post(
    '/pos/create-order',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: createOrderSchema,
        response: { 200: orderCreatedResponse, ...errorResponses },
      },
      config,
    },
    async (request) =>
      orders.createOrder(tenantContext(request), request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/pos/create-order-and-invoice',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: createOrderAndInvoiceSchema,
        response: { 200: orderInvoicedResponse, ...errorResponses },
      },
      config,
    },
    async (request) =>
      orders.createOrderAndInvoice(tenantContext(request), request.body, request.headers['idempotency-key']),
  );
}
