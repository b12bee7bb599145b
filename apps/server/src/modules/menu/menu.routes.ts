import type { Api } from '../../platform/http.ts';
import type { MenuService } from './menu.service.ts';

/** /menu-items/*: every call needs SETTINGS; GET /images/{key} is public (menu photos). */
export function menuRoutes(app: Api, deps: { menu: MenuService }) {
  void app;
  void deps;
}
