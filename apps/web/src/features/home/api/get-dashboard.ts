import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The home dashboard's one cached answer; paid orders, bookings and new customers mark it stale. */
export const dashboardQueryKey = ['dashboard'] as const;

/** GET /dashboard (SPEC §3 Dashboard response): the store's today on its own clock. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: () => apiRequest<Dashboard>('/dashboard'),
    // A screen left open all night rolls over to the store's new day within a minute of its midnight.
    refetchInterval: 60_000,
  });
