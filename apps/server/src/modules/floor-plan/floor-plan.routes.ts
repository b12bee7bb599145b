import {
  floorPlanResponse,
  floorPlanSaveSchema,
  liveFloorPlanResponse,
  messageSchema,
  orderIdsSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { FloorPlanService } from './floor-plan.service.ts';

const done = { 200: messageSchema, ...errorResponses };

/**
 * The floor plan (issue 31, docs/floor-plan.md). The owner's editor is a settings screen (SETTINGS);
 * the live plan and the bill-printed mark are Table Orders' (whoever opens that screen reads it and
 * prints a bill, as with Print Receipt).
 */
export function floorPlanRoutes(app: Api, deps: { floorPlan: FloorPlanService }) {
  const { floorPlan } = deps;
  const settings = { access: { screen: 'settings' } } as const;
  const orders = { access: { screen: 'orders' } } as const;

  app.get(
    '/settings/floor-plan',
    {
      schema: { tags: ['settings'], response: { 200: floorPlanResponse, ...errorResponses } },
      config: settings,
    },
    async (request) => floorPlan.plan(tenantContext(request)),
  );

  app.post(
    '/settings/floor-plan',
    { schema: { tags: ['settings'], body: floorPlanSaveSchema, response: done }, config: settings },
    async (request) => floorPlan.save(tenantContext(request), request.body),
  );

  app.get(
    '/orders/floor-plan',
    {
      schema: { tags: ['orders'], response: { 200: liveFloorPlanResponse, ...errorResponses } },
      config: orders,
    },
    async (request) => floorPlan.live(tenantContext(request)),
  );

  app.post(
    '/orders/receipt-printed',
    { schema: { tags: ['orders'], body: orderIdsSchema, response: done }, config: orders },
    async (request) => floorPlan.receiptPrinted(tenantContext(request), request.body.orderIds),
  );
}
