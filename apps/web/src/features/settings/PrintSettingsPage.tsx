/** Placeholder while the page is written. */
export function PrintSettingsPage() {
  return null;
}
