import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Customer, CustomerDetail, CustomerPage } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached customer answer starts with this key: the list pages, searches and each customer's page. */
export const customersQueryKey = ['customers'] as const;

/** What a list page asks for (GET /customers' query, customerListQuery in core). */
export interface CustomerListParams {
  page: number;
  perPage?: number;
  /** Phone or name. */
  filter?: string;
}

/** One page of the customer list (newest first). The previous page stays on screen while the next loads. */
export const customersQueryOptions = (query: CustomerListParams) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'list', query],
    queryFn: () => {
      const params = new URLSearchParams({ sort: 'created_at', page: String(query.page) });
      if (query.perPage !== undefined) params.set('perPage', String(query.perPage));
      if (query.filter) params.set('filter', query.filter);
      return apiRequest<CustomerPage>(`/customers?${params}`);
    },
    placeholderData: keepPreviousData,
  });

/** The lookup of the customer picker: up to 20 customers by phone or name, best matches first. */
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'search', q],
    queryFn: () =>
      apiRequest<Customer[]>(`/customers/search-by-phone-name/search?${new URLSearchParams({ q })}`),
    // A refused search is an answer ('No result found!'), not something to try again.
    retry: false,
  });

/** A customer's page, by their phone: their contact, visits and latest reservations. */
export const customerQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'detail', phone],
    queryFn: () => apiRequest<CustomerDetail>(`/customers/${encodeURIComponent(phone)}`),
  });
