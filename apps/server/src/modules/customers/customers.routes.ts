import {
  addCustomerResponse,
  addCustomerSchema,
  customerDetailResponse,
  customerListQuery,
  customerPageResponse,
  customerPathParams,
  customerResponse,
  customerSearchQuery,
  messageSchema,
  updateCustomerSchema,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { CustomersService } from './customers.service.ts';

const tags = ['customers'];
const viewers = { access: { screen: 'customers' } } as const;
const managers = { access: { action: 'customers.manage' } } as const;
const answers = { 200: messageSchema, ...errorResponses };
// A CSV download: a string with its own content type skips the JSON serializer; the `content` meta
// documents the 200 as text/csv while the error answers stay JSON.
const csvAnswers = {
  200: z.string().meta({
    description: 'Every customer, newest first',
    content: { 'text/csv': { schema: { type: 'string' } } },
  }),
  ...errorResponses,
};

/**
 * /customers (SPEC §7 Customers): a customer's path carries their phone, URL-encoded (the key, SPEC §3;
 * docs/customers.md "Naming a customer"). Viewers of the screen list and open; the POS and reservation scopes
 * look customers up and add them; only CUSTOMERS / MANAGE_CUSTOMERS (and admins) edit, delete and export.
 */
export function customersRoutes(app: Api, deps: { customers: CustomersService }) {
  const { customers } = deps;

  app.get(
    '/customers',
    {
      schema: {
        tags,
        querystring: customerListQuery,
        response: { 200: customerPageResponse, ...errorResponses },
      },
      config: viewers,
    },
    async (request) => customers.list(tenantContext(request), request.query),
  );

  app.get(
    '/customers/search-by-phone-name/search',
    {
      schema: {
        tags,
        querystring: customerSearchQuery,
        response: { 200: z.array(customerResponse), ...errorResponses },
      },
      config: { access: { action: 'customers.lookup' } },
    },
    async (request) => customers.search(tenantContext(request), request.query.q),
  );

  // Registered as a static path, so it wins over /customers/:phone whatever the order.
  app.get(
    '/customers/export',
    // Every customer's personal data in one file: for those who manage customers, not every viewer.
    { schema: { tags, response: csvAnswers }, config: managers },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="customers.csv"')
        .send(await customers.exportCsv(tenantContext(request))),
  );

  app.post(
    '/customers/add',
    {
      schema: { tags, body: addCustomerSchema, response: { 200: addCustomerResponse, ...errorResponses } },
      config: { access: { action: 'customers.add' } },
    },
    async (request) => customers.add(tenantContext(request), request.body),
  );

  app.get(
    '/customers/:phone',
    {
      schema: {
        tags,
        params: customerPathParams,
        response: { 200: customerDetailResponse, ...errorResponses },
      },
      config: viewers,
    },
    async (request) => customers.detail(tenantContext(request), request.params.phone),
  );

  app.post(
    '/customers/:phone/update',
    {
      schema: { tags, params: customerPathParams, body: updateCustomerSchema, response: answers },
      config: managers,
    },
    async (request) => customers.update(tenantContext(request), request.params.phone, request.body),
  );

  app.delete(
    '/customers/:phone/delete',
    { schema: { tags, params: customerPathParams, response: answers }, config: managers },
    async (request) => customers.remove(tenantContext(request), request.params.phone),
  );
}
