import type { AppContext } from '../../platform/context.ts';

/** Store details, print settings, tables, categories, taxes and payment types (SPEC §2 Settings). */
export function createSettingsService(ctx: AppContext) {
  void ctx;
  return {};
}
export type SettingsService = ReturnType<typeof createSettingsService>;
