import {
  addTenantResponse,
  addTenantSchema,
  messageSchema,
  subscriptionHistoryResponse,
  tenantAuditQuery,
  tenantAuditResponse,
  tenantCountsResponse,
  tenantExportResponse,
  tenantIdParams,
  tenantListQuery,
  tenantPageResponse,
  tenantStatusParams,
  updateTenantSchema,
} from '@comanda/core';
import { superadminAuth } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { TenantsService } from './tenants.service.ts';

const tags = ['superadmin'];
const access = { superadmin: true } as const;

/** The super administrator's tenant management (SPEC §7 Super administrator). */
export function tenantsRoutes(app: Api, deps: { tenants: TenantsService }) {
  const { tenants } = deps;

  app.get(
    '/superadmin/tenantsData',
    {
      schema: { tags, response: { 200: tenantCountsResponse, ...errorResponses } },
      config: { access },
    },
    async () => tenants.counts(),
  );

  app.get(
    '/superadmin/tenantsData/:status',
    {
      schema: {
        tags,
        params: tenantStatusParams,
        response: { 200: tenantExportResponse, ...errorResponses },
      },
      config: { access },
    },
    async (request) => tenants.exportList(superadminAuth(request), request.params.status),
  );

  app.get(
    '/superadmin/tenants',
    {
      schema: {
        tags,
        querystring: tenantListQuery,
        response: { 200: tenantPageResponse, ...errorResponses },
      },
      config: { access },
    },
    async (request) => tenants.list(request.query),
  );

  app.post(
    '/superadmin/tenants/add',
    {
      schema: { tags, body: addTenantSchema, response: { 200: addTenantResponse, ...errorResponses } },
      config: { access },
    },
    async (request) => tenants.add(superadminAuth(request), request.body),
  );

  app.patch(
    '/superadmin/tenants/update/:id',
    {
      schema: {
        tags,
        params: tenantIdParams,
        body: updateTenantSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access },
    },
    async (request) => tenants.update(superadminAuth(request), request.params.id, request.body),
  );

  app.delete(
    '/superadmin/tenants/delete/:id',
    {
      schema: { tags, params: tenantIdParams, response: { 200: messageSchema, ...errorResponses } },
      config: { access },
    },
    async (request) => tenants.remove(superadminAuth(request), request.params.id),
  );

  app.get(
    '/superadmin/tenants/:id/subscription-history',
    {
      schema: {
        tags,
        params: tenantIdParams,
        response: { 200: subscriptionHistoryResponse, ...errorResponses },
      },
      config: { access },
    },
    async (request) => tenants.history(request.params.id),
  );

  app.get(
    '/superadmin/tenants/:id/audit-log',
    {
      schema: {
        tags,
        params: tenantIdParams,
        querystring: tenantAuditQuery,
        response: { 200: tenantAuditResponse, ...errorResponses },
      },
      config: { access },
    },
    async (request) => tenants.auditLog(request.params.id, request.query),
  );
}
