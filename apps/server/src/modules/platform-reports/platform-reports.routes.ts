import { platformDashboardResponse, platformReportQuery, platformReportResponse } from '@comanda/core';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { PlatformReportsService } from './platform-reports.service.ts';

const tags = ['superadmin'];

/** GET /superadmin/dashboard and GET /superadmin/reports (SPEC §7 Super administrator): the super admin only. */
export function platformReportsRoutes(app: Api, deps: { platformReports: PlatformReportsService }) {
  const { platformReports } = deps;

  app.get(
    '/superadmin/dashboard',
    {
      schema: { tags, response: { 200: platformDashboardResponse, ...errorResponses } },
      config: { access: { superadmin: true } },
    },
    async () => platformReports.dashboard(),
  );

  app.get(
    '/superadmin/reports',
    {
      schema: {
        tags,
        querystring: platformReportQuery,
        response: { 200: platformReportResponse, ...errorResponses },
      },
      config: { access: { superadmin: true } },
    },
    async (request) => platformReports.report(request.query),
  );
}
