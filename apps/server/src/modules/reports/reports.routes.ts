import { dashboardResponse, reportQuery, reportResponse } from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['reports'];

/** GET /dashboard and GET /reports (SPEC §7): figures on the store's clock, in its currency. */
export function reportsRoutes(app: Api, deps: { reports: ReportsService }) {
  const { reports } = deps;

  app.get(
    '/dashboard',
    {
      schema: { tags, response: { 200: dashboardResponse, ...errorResponses } },
      config: { access: { screen: 'home' } },
    },
    async (request) => reports.dashboard(tenantContext(request)),
  );

  app.get(
    '/reports',
    {
      schema: { tags, querystring: reportQuery, response: { 200: reportResponse, ...errorResponses } },
      config: { access: { screen: 'reports' } },
    },
    async (request) => reports.report(tenantContext(request), request.query),
  );
}
