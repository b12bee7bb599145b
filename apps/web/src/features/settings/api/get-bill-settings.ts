import { queryOptions } from '@tanstack/react-query';
import type { BillSettings } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /settings/bill-setting: the manager threshold and the service charge (the pay dialogs read it too). */
export const billSettingsQueryKey = ['settings', 'bill'] as const;

export const billSettingsQueryOptions = () =>
  queryOptions({
    queryKey: billSettingsQueryKey,
    queryFn: () => apiRequest<BillSettings>('/settings/bill-setting'),
  });
