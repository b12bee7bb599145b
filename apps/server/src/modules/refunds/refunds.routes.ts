import {
  idParams,
  idempotencyHeaders,
  invoiceRefundsResponse,
  refundCreatedResponse,
  refundSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { RefundsService } from './refunds.service.ts';

const tags = ['invoices'];
const config = { access: { screen: 'invoices' } } as const;

/**
 * /invoices/{id}/refunds and /invoices/{id}/refund: whoever opens Invoices reads them; making a refund
 * needs MANAGER too (checked by the service; admins pass). The refund takes an Idempotency-Key.
 */
export function refundsRoutes(app: Api, deps: { refunds: RefundsService }) {
  const { refunds } = deps;

  app.get(
    '/invoices/:id/refunds',
    {
      schema: { tags, params: idParams, response: { 200: invoiceRefundsResponse, ...errorResponses } },
      config,
    },
    async (request) => refunds.forInvoice(tenantContext(request), request.params.id),
  );

  app.post(
    '/invoices/:id/refund',
    {
      schema: {
        tags,
        params: idParams,
        headers: idempotencyHeaders,
        body: refundSchema,
        response: { 200: refundCreatedResponse, ...errorResponses },
      },
      config,
    },
    async (request) =>
      refunds.refund(
        tenantContext(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );
}
