import { queryOptions } from '@tanstack/react-query';
import type { Tax } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const taxesQueryKey = ['taxes'] as const;

/** The store's taxes: their own screen and the menu item forms read it. */
export const taxesQueryOptions = () =>
  queryOptions({
    queryKey: taxesQueryKey,
    queryFn: () => apiRequest<Tax[]>('/settings/taxes'),
  });
