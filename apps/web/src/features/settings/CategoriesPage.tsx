/** Placeholder while the page is written. */
export function CategoriesPage() {
  return null;
}
