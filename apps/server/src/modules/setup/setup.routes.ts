import { setupChecklistSchema } from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { SetupService } from './setup.service.ts';

// The owner's own first steps: admins only (no scope grants 'setup.manage').
const config = { access: { action: 'setup.manage' } } as const;

/** /setup: the guided setup checklist after sign-up (issue 31, docs/setup.md). */
export function setupRoutes(app: Api, deps: { setup: SetupService }) {
  app.get(
    '/setup/checklist',
    { schema: { tags: ['setup'], response: { 200: setupChecklistSchema, ...errorResponses } }, config },
    async (request) => deps.setup.checklist(tenantContext(request)),
  );

  app.post(
    '/setup/dismiss',
    { schema: { tags: ['setup'], response: { 200: setupChecklistSchema, ...errorResponses } }, config },
    async (request) => deps.setup.dismiss(tenantContext(request)),
  );
}
