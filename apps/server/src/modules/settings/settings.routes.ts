import type { Api } from '../../platform/http.ts';
import type { SettingsService } from './settings.service.ts';

/** /settings/*: every call needs SETTINGS (SPEC §6, §7 Settings). */
export function settingsRoutes(app: Api, deps: { settings: SettingsService }) {
  void app;
  void deps;
}
