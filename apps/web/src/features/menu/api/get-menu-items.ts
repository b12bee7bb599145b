import { queryOptions } from '@tanstack/react-query';
import type { MenuItem } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Invalidating it also refreshes every item's detail, whose key starts with it. */
export const menuItemsQueryKey = ['menu-items'] as const;

export const menuItemsQueryOptions = () =>
  queryOptions({
    queryKey: menuItemsQueryKey,
    queryFn: () => apiRequest<MenuItem[]>('/menu-items'),
  });

export const menuItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...menuItemsQueryKey, id] as const,
    queryFn: () => apiRequest<MenuItem>(`/menu-items/${id}`),
  });
