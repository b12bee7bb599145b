import { queryOptions } from '@tanstack/react-query';
import type { InvoiceRefunds, RefundCreated, RefundInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { invoicesQueryKey } from './get-invoices.ts';

/** GET /invoices/:id/refunds: under the invoices key, so a refund or a paid order makes it stale too. */
export const invoiceRefundsQueryOptions = (invoiceId: number) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'refunds', invoiceId],
    queryFn: () => apiRequest<InvoiceRefunds>(`/invoices/${invoiceId}/refunds`),
  });

/** POST /invoices/:id/refund, once per Idempotency-Key (a retried tap gives nothing back twice). */
export const refundInvoice = ({
  invoiceId,
  key,
  body,
}: {
  invoiceId: number;
  key: string;
  body: RefundInput;
}) =>
  apiRequest<RefundCreated>(`/invoices/${invoiceId}/refund`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': key },
  });
