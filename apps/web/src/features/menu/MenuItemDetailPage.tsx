/** Placeholder while the page is written. */
export function MenuItemDetailPage() {
  return null;
}
