import type { SetupStep } from '@comanda/core';
import { paths } from '../../../lib/paths.ts';

/** Where each setup step is done (issue 31): the checklist's rows link there. */
export const SETUP_STEP_LINKS: Record<SetupStep, string> = {
  storeDetails: paths.dashboard.settings.details,
  tax: paths.dashboard.settings.taxes,
  categories: paths.dashboard.settings.categories,
  items: paths.dashboard.settings.menuItems,
  tables: paths.dashboard.settings.tables,
  paymentTypes: paths.dashboard.settings.paymentTypes,
  staff: paths.dashboard.users,
  testOrder: paths.dashboard.pos,
};
