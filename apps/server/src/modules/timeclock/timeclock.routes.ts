import {
  addTimeEntrySchema,
  clockActionResponse,
  clockStateResponse,
  correctTimeEntrySchema,
  idParams,
  timeEntrySavedResponse,
  timesheetQuery,
  timesheetResponse,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { ClockAction, TimeclockService } from './timeclock.service.ts';

const tags = ['timeclock'];
// Anyone signed in clocks themselves in and out: the person is the session's, never the request's.
const self = { access: { signedIn: true } } as const;
// The header reads the clock on every staff screen, the profile of a store whose subscription lapsed
// included: a 402 there would throw the owner off the page they pay from. Reading costs nothing;
// clocking in still needs a live store.
const selfRead = { access: { signedIn: true, allowInactive: true } } as const;
// Everyone's hours: the owner and managers (packages/core SCREEN_ACCESS.timesheets).
const owner = { access: { screen: 'timesheets' } } as const;

const csvAnswers = {
  200: z.string().meta({
    description: 'The timesheet, one row per entry',
    content: { 'text/csv': { schema: { type: 'string' } } },
  }),
  ...errorResponses,
};

const ACTIONS: ClockAction[] = ['clock-in', 'clock-out', 'break-start', 'break-end'];

/**
 * /timeclock (issue 31, docs/timeclock.md): the signed-in person's clock, clock in and out, breaks;
 * the owner's timesheets, corrections, missed entries and the CSV export.
 */
export function timeclockRoutes(app: Api, deps: { timeclock: TimeclockService }) {
  const { timeclock } = deps;

  app.get(
    '/timeclock/me',
    { schema: { tags, response: { 200: clockStateResponse, ...errorResponses } }, config: selfRead },
    async (request) => timeclock.me(tenantContext(request)),
  );

  for (const action of ACTIONS) {
    app.post(
      `/timeclock/${action}`,
      { schema: { tags, response: { 200: clockActionResponse, ...errorResponses } }, config: self },
      async (request) => timeclock.act(tenantContext(request), action),
    );
  }

  app.get(
    '/timeclock/entries',
    {
      schema: { tags, querystring: timesheetQuery, response: { 200: timesheetResponse, ...errorResponses } },
      config: owner,
    },
    async (request) => timeclock.timesheet(tenantContext(request), request.query),
  );

  app.post(
    '/timeclock/entries',
    {
      schema: {
        tags,
        body: addTimeEntrySchema,
        response: { 200: timeEntrySavedResponse, ...errorResponses },
      },
      config: owner,
    },
    async (request) => timeclock.add(tenantContext(request), request.body),
  );

  app.post(
    '/timeclock/entries/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: correctTimeEntrySchema,
        response: { 200: timeEntrySavedResponse, ...errorResponses },
      },
      config: owner,
    },
    async (request) => timeclock.correct(tenantContext(request), request.params.id, request.body),
  );

  app.get(
    '/timeclock/export.csv',
    { schema: { tags, querystring: timesheetQuery, response: csvAnswers }, config: owner },
    async (request, reply) => {
      const { filename, csv } = await timeclock.exportCsv(tenantContext(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );
}
