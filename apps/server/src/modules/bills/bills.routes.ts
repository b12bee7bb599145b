import { paySplitSchema, saleHeaders, splitPaidResponse } from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { BillsService } from './bills.service.ts';

const tags = ['orders'];
// Taking money: the till's scopes, never a display's (docs/orders.md, Who may do what).
const config = { access: { action: 'orders.manage' } } as const;

/**
 * Split bills and mixed tenders on the table-orders screen (docs/bills.md), with the access of
 * POST /orders/complete-and-pay-order. Another tenant's order ids answer 404.
 */
export function billsRoutes(app: Api, bills: BillsService) {
  app.post(
    '/orders/pay-split',
    {
      schema: {
        tags,
        headers: saleHeaders,
        body: paySplitSchema,
        response: { 200: splitPaidResponse, ...errorResponses },
      },
      config,
    },
    async (request) =>
      bills.paySplit(
        tenantContext(request),
        request.body,
        request.headers['idempotency-key'],
        request.headers['x-queued-ms'],
      ),
  );
}
