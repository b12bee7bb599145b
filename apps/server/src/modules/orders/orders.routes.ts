import {
  completeAndPaySchema,
  createOrderAndInvoiceSchema,
  createOrderSchema,
  idParams,
  idempotencyHeaders,
  saleHeaders,
  messageSchema,
  orderCreatedResponse,
  orderIdsSchema,
  orderInvoicedResponse,
  orderPaidResponse,
  orderSummaryResponse,
  ordersInitResponse,
  posInitResponse,
  tableOrdersResponse,
  updateItemStatusSchema,
  cancelOrdersSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { OrdersService } from './orders.service.ts';
import type { TableOrdersService } from './table-orders.service.ts';

const tags = ['pos'];
const config = { access: { screen: 'pos' } } as const;

/**
 * /pos (SPEC §7 Dashboard and POS): the screen's data, taking an order, and taking and paying it.
 * The creating calls take an optional Idempotency-Key header: a repeat answers the first answer.
 */
export function ordersRoutes(app: Api, deps: { orders: OrdersService; tableOrders: TableOrdersService }) {
  const { orders } = deps;
  tableOrdersRoutes(app, deps.tableOrders);

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
        headers: saleHeaders,
        body: createOrderSchema,
        response: { 200: orderCreatedResponse, ...errorResponses },
      },
      config,
    },
    async (request) =>
      orders.createOrder(
        tenantContext(request),
        request.body,
        request.headers['idempotency-key'],
        request.headers['x-queued-ms'],
      ),
  );

  app.post(
    '/pos/create-order-and-invoice',
    {
      schema: {
        tags,
        headers: saleHeaders,
        body: createOrderAndInvoiceSchema,
        response: { 200: orderInvoicedResponse, ...errorResponses },
      },
      config,
    },
    async (request) =>
      orders.createOrderAndInvoice(
        tenantContext(request),
        request.body,
        request.headers['idempotency-key'],
        request.headers['x-queued-ms'],
      ),
  );
}

const tableTags = ['orders'];
const tableConfig = { access: { screen: 'orders' } } as const;
/** Setting a line's status: ORDER_STATUS too; a void or restore among them is checked in the service. */
const statusConfig = { access: { action: 'orders.status' } } as const;
/** What changes an order or its bill (issue 29, docs/orders.md): the till's, never a display's. */
const manageConfig = { access: { action: 'orders.manage' } } as const;
const done = { 200: messageSchema, ...errorResponses };

/**
 * /orders (SPEC §7 Orders and kitchen): the table-orders screen. Ids of another tenant answer 404. Every
 * changing call takes an optional Idempotency-Key header: a repeat answers the first answer. Whoever
 * opens the screen reads it; the changes need the scopes of docs/orders.md (Who may do what).
 */
function tableOrdersRoutes(app: Api, tableOrders: TableOrdersService) {
  const config = tableConfig;
  const tags = tableTags;

  app.get(
    '/orders',
    { schema: { tags, response: { 200: tableOrdersResponse, ...errorResponses } }, config },
    async (request) => tableOrders.list(tenantContext(request)),
  );

  app.get(
    '/orders/init',
    { schema: { tags, response: { 200: ordersInitResponse, ...errorResponses } }, config },
    async (request) => tableOrders.init(tenantContext(request)),
  );

  app.post(
    '/orders/update-status/:id',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        params: idParams,
        body: updateItemStatusSchema,
        response: done,
      },
      config: statusConfig,
    },
    async (request) =>
      tableOrders.updateItemStatus(
        tenantContext(request),
        request.params.id,
        request.body.status,
        request.headers['idempotency-key'],
        request.body.reasonId,
      ),
  );

  app.post(
    '/orders/cancel',
    {
      schema: { tags, headers: idempotencyHeaders, body: cancelOrdersSchema, response: done },
      config: manageConfig,
    },
    async (request) =>
      tableOrders.cancel(
        tenantContext(request),
        request.body.orderIds,
        request.headers['idempotency-key'],
        request.body.reasonId,
      ),
  );

  app.post(
    '/orders/complete',
    {
      schema: { tags, headers: idempotencyHeaders, body: orderIdsSchema, response: done },
      config: manageConfig,
    },
    async (request) =>
      tableOrders.complete(tenantContext(request), request.body.orderIds, request.headers['idempotency-key']),
  );

  app.post(
    '/orders/complete-order-payment-summary',
    {
      schema: { tags, body: orderIdsSchema, response: { 200: orderSummaryResponse, ...errorResponses } },
      config,
    },
    async (request) => tableOrders.summary(tenantContext(request), request.body.orderIds),
  );

  app.post(
    '/orders/complete-and-pay-order',
    {
      schema: {
        tags,
        headers: saleHeaders,
        body: completeAndPaySchema,
        response: { 200: orderPaidResponse, ...errorResponses },
      },
      config: manageConfig,
    },
    async (request) =>
      tableOrders.completeAndPay(
        tenantContext(request),
        request.body,
        request.headers['idempotency-key'],
        request.headers['x-queued-ms'],
      ),
  );
}
