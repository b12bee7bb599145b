import {
  addReservationSchema,
  dateRangeQuery,
  idParams,
  messageSchema,
  reservationInitResponse,
  reservationResponse,
  reservationSavedResponse,
  reservationSearchQuery,
  updateReservationSchema,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { ReservationsService } from './reservations.service.ts';

const tags = ['reservations'];
// Whoever may open the screen reads it; only RESERVATIONS / MANAGE_RESERVATIONS (and admins) change it (SPEC §6).
const read = { access: { screen: 'reservation' } } as const;
const manage = { access: { action: 'reservations.manage' } } as const;
const saved = { 200: reservationSavedResponse, ...errorResponses };
const list = { 200: z.array(reservationResponse), ...errorResponses };

/** /reservations (SPEC §7 Reservations): dates in the store's time zone. */
export function reservationsRoutes(app: Api, deps: { reservations: ReservationsService }) {
  const { reservations } = deps;

  app.get(
    '/reservations/init',
    { schema: { tags, response: { 200: reservationInitResponse, ...errorResponses } }, config: read },
    async (request) => reservations.init(tenantContext(request)),
  );

  app.get(
    '/reservations',
    { schema: { tags, querystring: dateRangeQuery(), response: list }, config: read },
    async (request) => reservations.list(tenantContext(request), request.query),
  );

  app.get(
    '/reservations/search',
    { schema: { tags, querystring: reservationSearchQuery, response: list }, config: read },
    async (request) => reservations.search(tenantContext(request), request.query.q),
  );

  app.post(
    '/reservations/add',
    { schema: { tags, body: addReservationSchema, response: saved }, config: manage },
    async (request) => reservations.add(tenantContext(request), request.body),
  );

  app.post(
    '/reservations/update/:id',
    { schema: { tags, params: idParams, body: updateReservationSchema, response: saved }, config: manage },
    async (request) => reservations.update(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/reservations/delete/:id',
    {
      schema: { tags, params: idParams, response: { 200: messageSchema, ...errorResponses } },
      config: manage,
    },
    async (request) => reservations.remove(tenantContext(request), request.params.id),
  );
}
