import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DateFilter, Invoices, InvoicesInit, Order } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached invoices answer (lists, searches, init) starts with this key. */
export const invoicesQueryKey = ['invoices'] as const;

export const invoicesInitQueryOptions = () =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'init'],
    queryFn: () => apiRequest<InvoicesInit>('/invoices/init'),
  });

export interface InvoiceListParams {
  type: DateFilter;
  from?: string;
  to?: string;
}

/** GET /invoices?type=&from=&to=: the invoices of a date filter's days, newest first. */
export const invoicesQueryOptions = (query: InvoiceListParams) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'list', query],
    queryFn: () => {
      const params = new URLSearchParams({ type: query.type });
      if (query.type === 'custom') {
        if (query.from) params.set('from', query.from);
        if (query.to) params.set('to', query.to);
      }
      return apiRequest<Invoices>(`/invoices?${params}`);
    },
    placeholderData: keepPreviousData,
  });

/** GET /invoices/search?q=: by invoice number, token, guest name or phone. */
export const invoiceSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'search', q],
    queryFn: () => apiRequest<Invoices>(`/invoices/search?${new URLSearchParams({ q })}`),
    retry: false,
  });

/** POST /invoices/orders {orderIds}: an invoice's orders with their lines, for its print preview. */
export const fetchInvoiceOrders = (orderIds: number[]) =>
  apiRequest<{ orders: Order[] }>('/invoices/orders', { method: 'POST', body: { orderIds } });
