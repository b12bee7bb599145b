import { useQuery } from '@tanstack/react-query';
import { MenuItemDetailPage } from '../../features/menu/MenuItemDetailPage.tsx';
import { MenuItemsPage } from '../../features/menu/MenuItemsPage.tsx';
import type { StoreCatalogue } from '../../features/menu/catalogue.ts';
import { categoriesQueryOptions } from '../../features/settings/api/get-categories.ts';
import { storeSettingsQueryOptions } from '../../features/settings/api/get-store-settings.ts';
import { taxesQueryOptions } from '../../features/settings/api/get-taxes.ts';

/** The settings feature's answers the menu screens show, read from the one cache entry of each. */
function useStoreCatalogue(): StoreCatalogue {
  return {
    currency: useQuery({ ...storeSettingsQueryOptions(), select: (store) => store.currency }),
    categories: useQuery(categoriesQueryOptions()),
    taxes: useQuery(taxesQueryOptions()),
  };
}

/** /dashboard/settings/menu-items. */
export function MenuItemsRoute() {
  return <MenuItemsPage catalogue={useStoreCatalogue()} />;
}

/** /dashboard/settings/menu-items/{id}. */
export function MenuItemDetailRoute() {
  return <MenuItemDetailPage catalogue={useStoreCatalogue()} />;
}
