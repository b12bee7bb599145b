import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: () => apiRequest<{ user: SessionUser }>('/auth/me').then((r) => r.user),
  });
