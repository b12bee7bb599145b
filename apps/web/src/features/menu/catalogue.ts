import type { Category, Tax } from '@comanda/core';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What the menu screens show from the store's settings: its currency, categories and taxes. Those
 * belong to the settings feature, so the route composes them in (app/routes/menu-items.tsx) and the
 * menu feature never reads another feature's queries itself.
 */
export interface StoreCatalogue {
  currency: UseQueryResult<string>;
  categories: UseQueryResult<Category[]>;
  taxes: UseQueryResult<Tax[]>;
}
