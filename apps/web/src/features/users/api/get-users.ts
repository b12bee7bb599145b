import { queryOptions } from '@tanstack/react-query';
import type { User } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

export const usersQueryOptions = () =>
  queryOptions({ queryKey: usersQueryKey, queryFn: () => apiRequest<User[]>('/users') });
