import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DateFilter, Report } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every cached report (one per date filter) starts with this key. */
export const reportsQueryKey = ['reports'] as const;

export interface ReportParams {
  type: DateFilter;
  from?: string;
  to?: string;
}

/** GET /reports?type=&from=&to=: the figures of a date filter's days on the store's clock. */
export const reportQueryOptions = (query: ReportParams) =>
  queryOptions({
    queryKey: [...reportsQueryKey, query],
    queryFn: () => {
      const params = new URLSearchParams({ type: query.type });
      if (query.type === 'custom') {
        if (query.from) params.set('from', query.from);
        if (query.to) params.set('to', query.to);
      }
      return apiRequest<Report>(`/reports?${params}`);
    },
    // The last figures stay on screen while another filter's load, instead of a blank page.
    placeholderData: keepPreviousData,
  });
