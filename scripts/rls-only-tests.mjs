/**
 * Server test files about RLS and the database roles themselves: they need RLS on, so the runs in
 * filters-only mode (TEST_RLS=off) leave them out.
 */
export const RLS_ONLY_TESTS = [
  'apps/server/src/platform/db/rls.test.ts',
  'apps/server/src/platform/db/roles.test.ts',
];

/**
 * Files the filters-only run skips because they cannot find a missing tenant filter there: the fuzz
 * sends malformed input to every route (a refusal before any query), and it is the slowest file. The
 * cross-tenant walk (route-access.test.ts) stays in: that is what the run is for.
 */
export const NOT_ABOUT_TENANT_FILTERS = ['apps/server/src/platform/route-fuzz.test.ts'];
