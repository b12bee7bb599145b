import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DateFilter, PlatformDashboard, PlatformReport } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached figure of the super admin's dashboard and reports starts with this key. */
export const platformFiguresQueryKey = ['superadmin', 'figures'] as const;

/** GET /superadmin/dashboard (SPEC §3 Super dashboard): each store's today, in USD. */
export const platformDashboardQueryOptions = () =>
  queryOptions({
    queryKey: [...platformFiguresQueryKey, 'dashboard'],
    queryFn: () => apiRequest<PlatformDashboard>('/superadmin/dashboard'),
    // Left open, it follows the day's sales and rolls over with the stores' midnights.
    refetchInterval: 60_000,
  });

export interface PlatformReportParams {
  type: DateFilter;
  from?: string;
  to?: string;
}

/** GET /superadmin/reports?type=&from=&to= (SPEC §3 Super reports): a date filter's days at each store. */
export const platformReportQueryOptions = (query: PlatformReportParams) =>
  queryOptions({
    queryKey: [...platformFiguresQueryKey, 'report', query],
    queryFn: () => {
      const params = new URLSearchParams({ type: query.type });
      if (query.type === 'custom') {
        if (query.from) params.set('from', query.from);
        if (query.to) params.set('to', query.to);
      }
      return apiRequest<PlatformReport>(`/superadmin/reports?${params}`);
    },
    // The last figures stay on screen while another filter's load.
    placeholderData: keepPreviousData,
  });
