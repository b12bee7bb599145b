import { idParams, messageSchema, storeTableResponse, storeTableSchema } from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { TablesService } from './tables.service.ts';

const tags = ['settings'];
const config = { access: { screen: 'settings' } } as const;
const answers = { 200: messageSchema, ...errorResponses };

/** /settings/store-tables: every call needs SETTINGS (SPEC §6, §7 Settings). A table's QR is the store module's. */
export function tablesRoutes(app: Api, deps: { tables: TablesService }) {
  const { tables } = deps;

  app.get(
    '/settings/store-tables',
    { schema: { tags, response: { 200: z.array(storeTableResponse), ...errorResponses } }, config },
    async (request) => tables.list(tenantContext(request)),
  );

  app.post(
    '/settings/store-tables/add',
    { schema: { tags, body: storeTableSchema, response: answers }, config },
    async (request) => tables.add(tenantContext(request), request.body),
  );

  app.post(
    '/settings/store-tables/:id/update',
    { schema: { tags, params: idParams, body: storeTableSchema, response: answers }, config },
    async (request) => tables.update(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/store-tables/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => tables.remove(tenantContext(request), request.params.id),
  );
}
