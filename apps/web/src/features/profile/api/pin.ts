import { queryOptions } from '@tanstack/react-query';
import type { SetPinInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The user's own PIN for approving discounts on a colleague's device (docs/discounts.md). */
export const pinQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'pin'] as const,
    queryFn: () => apiRequest<{ hasPin: boolean }>('/auth/profile/pin'),
  });

export const savePin = (body: SetPinInput) =>
  apiRequest<{ message: string }>('/auth/profile/pin', { method: 'POST', body });
