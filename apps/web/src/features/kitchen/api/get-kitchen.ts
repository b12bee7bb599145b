import { queryOptions } from '@tanstack/react-query';
import type { KitchenTickets } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFLINE_READ } from '../../../lib/offline/service-worker.ts';

/** GET /kitchen: the tickets still to make, the all-day counts and the timer thresholds. */
export const kitchenQueryKey = ['kitchen'] as const;

export const kitchenQueryOptions = () =>
  queryOptions({
    queryKey: kitchenQueryKey,
    queryFn: () => apiRequest<KitchenTickets>('/kitchen'),
    ...OFFLINE_READ,
  });
