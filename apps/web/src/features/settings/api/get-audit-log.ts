import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLogPage } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const auditLogQueryKey = ['audit-log'] as const;

export interface AuditLogParams {
  page: number;
  action?: string;
  userId?: number;
  q?: string;
  type?: string;
  from?: string;
  to?: string;
}

/** GET /audit-log with the screen's filters; the previous page stays shown while the next loads. */
export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [...auditLogQueryKey, params],
    queryFn: () => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        if (value !== undefined && value !== '') search.set(key, String(value));
      }
      return apiRequest<AuditLogPage>(`/audit-log?${search.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
