import {
  closeShiftResponse,
  closeShiftSchema,
  currentShiftResponse,
  idParams,
  idempotencyHeaders,
  messageSchema,
  openShiftSchema,
  shiftMovementSchema,
  shiftOpenedResponse,
  shiftsResponse,
  zReportResponse,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { ShiftsService } from './shifts.service.ts';

const tags = ['shifts'];
// Opening, drawer movements and the close are the till's: whoever works the POS.
const till = { access: { screen: 'pos' } } as const;
// Past shifts and their Z reports: the owner's figures (admins, REPORTS or MANAGER).
const history = { access: { action: 'shifts.history' } } as const;

/**
 * /shifts (issue 15, docs/shifts.md): the open shift, open, pay in/out and "No sale", close, history and
 * Z reports. The money-moving POSTs take an optional Idempotency-Key: a repeat answers the first answer.
 */
export function shiftsRoutes(app: Api, deps: { shifts: ShiftsService }) {
  const { shifts } = deps;

  app.get(
    '/shifts/current',
    { schema: { tags, response: { 200: currentShiftResponse, ...errorResponses } }, config: till },
    async (request) => shifts.current(tenantContext(request)),
  );

  app.post(
    '/shifts/open',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        body: openShiftSchema,
        response: { 200: shiftOpenedResponse, ...errorResponses },
      },
      config: till,
    },
    async (request) => shifts.open(tenantContext(request), request.body, request.headers['idempotency-key']),
  );

  app.post(
    '/shifts/:id/movements',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        params: idParams,
        body: shiftMovementSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: till,
    },
    async (request) =>
      shifts.move(
        tenantContext(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );

  app.post(
    '/shifts/:id/close',
    {
      schema: {
        tags,
        headers: idempotencyHeaders,
        params: idParams,
        body: closeShiftSchema,
        response: { 200: closeShiftResponse, ...errorResponses },
      },
      config: till,
    },
    async (request) =>
      shifts.close(
        tenantContext(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      ),
  );

  app.get(
    '/shifts',
    { schema: { tags, response: { 200: shiftsResponse, ...errorResponses } }, config: history },
    async (request) => shifts.list(tenantContext(request)),
  );

  app.get(
    '/shifts/:id/z-report',
    {
      schema: { tags, params: idParams, response: { 200: zReportResponse, ...errorResponses } },
      config: history,
    },
    async (request) => shifts.zReport(tenantContext(request), request.params.id),
  );
}
