/** Placeholder while the page is written. */
export function SettingsLayout() {
  return null;
}
