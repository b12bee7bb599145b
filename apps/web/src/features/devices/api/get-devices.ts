import { queryOptions } from '@tanstack/react-query';
import type { Device } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const devicesQueryKey = ['devices'] as const;

export const devicesQueryOptions = () =>
  queryOptions({ queryKey: devicesQueryKey, queryFn: () => apiRequest<Device[]>('/auth/devices') });
