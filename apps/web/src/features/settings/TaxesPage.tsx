/** Placeholder while the page is written. */
export function TaxesPage() {
  return null;
}
