import {
  draftSavedResponse,
  draftsResponse,
  idParams,
  messageSchema,
  saveDraftSchema,
  ticketSettingsSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { TicketsService } from './tickets.service.ts';

const pos = { access: { screen: 'pos' } } as const;

/**
 * /pos/drafts: the signed-in user's drafts, on any device (the POS screen's scope); /settings/ticket-
 * setting: whether a dine-in order may carry a name tag instead of a table (the POS reads it, the owner
 * sets it). docs/tickets.md.
 */
export function ticketsRoutes(app: Api, deps: { tickets: TicketsService }) {
  const { tickets } = deps;

  app.get(
    '/pos/drafts',
    { schema: { tags: ['pos'], response: { 200: draftsResponse, ...errorResponses } }, config: pos },
    async (request) => tickets.listDrafts(tenantContext(request)),
  );

  app.post(
    '/pos/drafts',
    {
      schema: {
        tags: ['pos'],
        body: saveDraftSchema,
        response: { 200: draftSavedResponse, ...errorResponses },
      },
      config: pos,
    },
    async (request) => tickets.saveDraft(tenantContext(request), request.body),
  );

  app.delete(
    '/pos/drafts/:id',
    {
      schema: { tags: ['pos'], params: idParams, response: { 200: messageSchema, ...errorResponses } },
      config: pos,
    },
    async (request) => tickets.deleteDraft(tenantContext(request), request.params.id),
  );

  app.get(
    '/settings/ticket-setting',
    {
      schema: { tags: ['settings'], response: { 200: ticketSettingsSchema, ...errorResponses } },
      config: { access: { signedIn: true } },
    },
    async (request) => tickets.getSettings(tenantContext(request)),
  );

  app.post(
    '/settings/ticket-setting',
    {
      schema: {
        tags: ['settings'],
        body: ticketSettingsSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access: { screen: 'settings' } },
    },
    async (request) => tickets.saveSettings(tenantContext(request), request.body),
  );
}
