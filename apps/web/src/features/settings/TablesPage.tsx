/** Placeholder while the page is written. */
export function TablesPage() {
  return null;
}
