/**
 * Server test files about RLS and the database roles themselves: they need RLS on, so the runs in
 * filters-only mode (TEST_RLS=off) leave them out.
 */
export const RLS_ONLY_TESTS = [
  'apps/server/src/platform/db/rls.test.ts',
  'apps/server/src/platform/db/roles.test.ts',
];
