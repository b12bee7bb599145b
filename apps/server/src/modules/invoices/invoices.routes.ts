import {
  dateRangeQuery,
  invoiceOrdersResponse,
  invoiceSearchQuery,
  invoicesInitResponse,
  invoicesResponse,
  orderIdsSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { InvoicesService } from './invoices.service.ts';

const tags = ['invoices'];
const config = { access: { screen: 'invoices' } } as const;
const list = { 200: invoicesResponse, ...errorResponses };

/** /invoices (SPEC §7 Invoices): dates are the store's days, in its time zone. */
export function invoicesRoutes(app: Api, deps: { invoices: InvoicesService }) {
  const { invoices } = deps;

  app.get(
    '/invoices/init',
    { schema: { tags, response: { 200: invoicesInitResponse, ...errorResponses } }, config },
    async (request) => invoices.init(tenantContext(request)),
  );

  app.get(
    '/invoices',
    { schema: { tags, querystring: dateRangeQuery(), response: list }, config },
    async (request) => invoices.list(tenantContext(request), request.query),
  );

  app.get(
    '/invoices/search',
    { schema: { tags, querystring: invoiceSearchQuery, response: list }, config },
    async (request) => invoices.search(tenantContext(request), request.query.q),
  );

  app.post(
    '/invoices/orders',
    {
      schema: { tags, body: orderIdsSchema, response: { 200: invoiceOrdersResponse, ...errorResponses } },
      config,
    },
    async (request) => invoices.orders(tenantContext(request), request.body.orderIds),
  );
}
