import { queryOptions } from '@tanstack/react-query';
import type { StoreSettings } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const storeSettingsQueryKey = ['store-settings'] as const;

/** The store's details, currency and QR switches: the details screen and every price on screen read it. */
export const storeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: storeSettingsQueryKey,
    queryFn: () => apiRequest<StoreSettings>('/settings/store-setting'),
  });
