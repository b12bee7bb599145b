import type { Category, Tax } from '@comanda/core';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * How the menu screens read the store's currency, categories and taxes. Those belong to the settings
 * feature, so the route hands these hooks in (app/routes/menu-items.tsx) and the menu feature never
 * imports another feature. Hooks rather than results: each screen observes the queries it reads, so a
 * query that settles re-renders the screen that is waiting for it.
 */
export interface StoreCatalogue {
  useCurrency: () => UseQueryResult<string>;
  useCategories: () => UseQueryResult<Category[]>;
  useTaxes: () => UseQueryResult<Tax[]>;
}
