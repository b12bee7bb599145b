import { auditLogQuery, auditLogResponse } from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { AuditLogService } from './audit-log.service.ts';

/** /audit-log: the tenant's audit log, for admins and SETTINGS (the owner's screen under Settings). */
export function auditLogRoutes(app: Api, deps: { auditLog: AuditLogService }) {
  app.get(
    '/audit-log',
    {
      schema: {
        tags: ['settings'],
        querystring: auditLogQuery,
        response: { 200: auditLogResponse, ...errorResponses },
      },
      config: { access: { screen: 'settings' } },
    },
    async (request) => deps.auditLog.page(tenantContext(request), request.query),
  );
}
