import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuditSource,
  SubscriptionHistory,
  TenantAuditPage,
  TenantCounts,
  TenantPage,
  TenantRow,
  TenantStatus,
} from '@comanda/core';
import { apiRequest } from '../../../../lib/api-client.ts';
import type { DateRangeParams } from '../../../../components/DateRangeFilter.tsx';

/** Every cached answer about tenants starts with this key: counts, list pages, history, audit. */
export const tenantsQueryKey = ['superadmin', 'tenants'] as const;

/** What a list page asks for (GET /superadmin/tenants, tenantListQuery in core). */
export interface TenantListParams {
  page: number;
  perPage: number;
  status: TenantStatus;
  search?: string;
  dates?: DateRangeParams;
}

/** The status tabs' counts. */
export const tenantCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...tenantsQueryKey, 'counts'],
    queryFn: () => apiRequest<TenantCounts>('/superadmin/tenantsData'),
  });

/** One page of the tenant list; the previous page stays on screen while the next loads. */
export const tenantsQueryOptions = (query: TenantListParams) =>
  queryOptions({
    queryKey: [...tenantsQueryKey, 'list', query],
    queryFn: () => {
      const params = new URLSearchParams({
        page: String(query.page),
        perPage: String(query.perPage),
        status: query.status,
      });
      if (query.search) params.set('search', query.search);
      if (query.dates) {
        params.set('type', query.dates.type);
        if (query.dates.from) params.set('from', query.dates.from);
        if (query.dates.to) params.set('to', query.dates.to);
      }
      return apiRequest<TenantPage>(`/superadmin/tenants?${params}`);
    },
    placeholderData: keepPreviousData,
  });

/** The whole tab, for the CSV export (fetched on demand, not cached: the export is an audited action). */
export const fetchTenantExport = (status: TenantStatus) =>
  apiRequest<{ tenants: TenantRow[] }>(`/superadmin/tenantsData/${status}`);

/** A tenant's details and subscription history. */
export const tenantHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...tenantsQueryKey, 'history', id],
    queryFn: () => apiRequest<SubscriptionHistory>(`/superadmin/tenants/${id}/subscription-history`),
  });

/** A page of the tenant's audit log, or of the super admin's actions on it. */
export const tenantAuditQueryOptions = (id: number, source: AuditSource, page: number) =>
  queryOptions({
    queryKey: [...tenantsQueryKey, 'audit', id, source, page],
    queryFn: () =>
      apiRequest<TenantAuditPage>(
        `/superadmin/tenants/${id}/audit-log?${new URLSearchParams({ source, page: String(page) })}`,
      ),
    placeholderData: keepPreviousData,
  });
