/** Placeholder while the page is written. */
export function StoreDetailsPage() {
  return null;
}
