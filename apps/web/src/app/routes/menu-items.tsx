import { useQuery } from '@tanstack/react-query';
import { MenuItemDetailPage } from '../../features/menu/MenuItemDetailPage.tsx';
import { MenuItemsPage } from '../../features/menu/MenuItemsPage.tsx';
import type { StoreCatalogue } from '../../features/menu/catalogue.ts';
import { categoriesQueryOptions } from '../../features/settings/api/get-categories.ts';
import { storeSettingsQueryOptions } from '../../features/settings/api/get-store-settings.ts';
import { taxesQueryOptions } from '../../features/settings/api/get-taxes.ts';

/** The settings feature's answers the menu screens show, each read from its one cache entry. */
const catalogue: StoreCatalogue = {
  useCurrency: () => useQuery({ ...storeSettingsQueryOptions(), select: (store) => store.currency }),
  useCategories: () => useQuery(categoriesQueryOptions()),
  useTaxes: () => useQuery(taxesQueryOptions()),
};

/** /dashboard/settings/menu-items. */
export function MenuItemsRoute() {
  return <MenuItemsPage catalogue={catalogue} />;
}

/** /dashboard/settings/menu-items/{id}. */
export function MenuItemDetailRoute() {
  return <MenuItemDetailPage catalogue={catalogue} />;
}
