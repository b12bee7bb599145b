import { queryOptions } from '@tanstack/react-query';
import type { PosInit } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFLINE_READ } from '../../../lib/offline/service-worker.ts';

/** GET /pos/init: menu, categories, payment types, print and store settings, tables, currency. */
export const posInitQueryKey = ['pos', 'init'] as const;

export const posInitQueryOptions = () =>
  queryOptions({
    queryKey: posInitQueryKey,
    queryFn: () => apiRequest<PosInit>('/pos/init'),
    ...OFFLINE_READ,
  });
