import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CUSTOMERS_PER_PAGE, type CustomerPage } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached customer answer starts with this key: the list pages, searches and each customer's page. */
export const customersQueryKey = ['customers'] as const;

/** One page of the customer list (newest first). The previous page stays on screen while the next loads. */
export const customersQueryOptions = (page: number, filter = '', perPage = CUSTOMERS_PER_PAGE) =>
  queryOptions({
    queryKey: [...customersQueryKey, 'list', { page, filter, perPage }],
    queryFn: () => {
      const params = new URLSearchParams({
        sort: 'created_at',
        page: String(page),
        perPage: String(perPage),
      });
      if (filter) params.set('filter', filter);
      return apiRequest<CustomerPage>(`/customers?${params}`);
    },
    placeholderData: keepPreviousData,
  });
