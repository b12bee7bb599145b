import { queryOptions } from '@tanstack/react-query';
import type { PrintSettings } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const printSettingsQueryKey = ['print-settings'] as const;

export const printSettingsQueryOptions = () =>
  queryOptions({
    queryKey: printSettingsQueryKey,
    queryFn: () => apiRequest<PrintSettings>('/settings/print-setting'),
  });
