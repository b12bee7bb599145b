/** Placeholder while the page is written. */
export function MenuItemsPage() {
  return null;
}
