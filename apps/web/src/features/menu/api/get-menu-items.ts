import { queryOptions } from '@tanstack/react-query';
import type { MenuItem, NewItemDefaults } from '@comanda/core';
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

/**
 * GET /menu-items/new-item-defaults: the last added item's category and tax, which the add dialog
 * starts from (issue 31). Fetched each time the dialog opens, so it follows the item just added.
 */
export const newItemDefaultsQueryOptions = () =>
  queryOptions({
    queryKey: [...menuItemsQueryKey, 'new-item-defaults'] as const,
    queryFn: () => apiRequest<NewItemDefaults>('/menu-items/new-item-defaults'),
    staleTime: 0,
    refetchOnMount: 'always',
  });
