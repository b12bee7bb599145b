import { queryOptions } from '@tanstack/react-query';
import type { StoreTable } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const tablesQueryKey = ['tables'] as const;

export const tablesQueryOptions = () =>
  queryOptions({
    queryKey: tablesQueryKey,
    queryFn: () => apiRequest<StoreTable[]>('/settings/store-tables'),
  });
