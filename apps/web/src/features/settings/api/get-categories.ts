import { queryOptions } from '@tanstack/react-query';
import type { Category } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const categoriesQueryKey = ['categories'] as const;

/** The menu's categories: their own screen and the menu item forms and filters read it. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: () => apiRequest<Category[]>('/settings/categories'),
  });
