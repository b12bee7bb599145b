/** Placeholder while the page is written. */
export function PaymentTypesPage() {
  return null;
}
