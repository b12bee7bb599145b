/** Placeholder while the page is written. */
export function UsersPage() {
  return null;
}
