import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CustomerListQuery, CustomerPage } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached customer answer starts with this key: the list pages, searches and each customer's page. */
export const customersQueryKey = ['customers'] as const;

/** One page of the customer list (newest first). The previous page stays on screen while the next loads. */
export const customersQueryOptions = (query: CustomerListQuery) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'list', query],
    queryFn: () => {
      const params = new URLSearchParams({ sort: 'created_at' });
      for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
      return apiRequest<CustomerPage>(`/customers?${params}`);
    },
    placeholderData: keepPreviousData,
  });
