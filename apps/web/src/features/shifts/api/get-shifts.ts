import { queryOptions } from '@tanstack/react-query';
import type { CurrentShift, Shift, ZReport } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const currentShiftQueryKey = ['shift-current'] as const;
export const shiftsQueryKey = ['shifts'] as const;

/** GET /shifts/current: the open shift (or null), its movements and the lines to count. */
export const currentShiftQueryOptions = () =>
  queryOptions({
    queryKey: currentShiftQueryKey,
    queryFn: () => apiRequest<CurrentShift>('/shifts/current'),
  });

/** GET /shifts: the newest shifts (admins, REPORTS or MANAGER). */
export const shiftsQueryOptions = () =>
  queryOptions({
    queryKey: shiftsQueryKey,
    queryFn: () => apiRequest<{ shifts: Shift[]; truncated: boolean }>('/shifts'),
  });

/** GET /shifts/{id}/z-report: fetched when a past shift's report is reprinted. */
export const fetchZReport = (id: number) => apiRequest<ZReport>(`/shifts/${id}/z-report`);
