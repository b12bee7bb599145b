import type { AppContext } from '../../platform/context.ts';

/** Menu items with variants, addons and photos (SPEC §2 Menu Items). */
export function createMenuService(ctx: AppContext) {
  void ctx;
  return {};
}
export type MenuService = ReturnType<typeof createMenuService>;
