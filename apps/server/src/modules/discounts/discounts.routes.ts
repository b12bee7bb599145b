import {
  approversResponse,
  billSettingsResponse,
  billSettingsSchema,
  managerApprovalResponse,
  managerApprovalSchema,
  messageSchema,
} from '@comanda/core';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import { userLimit } from '../../platform/rate-limits.ts';
import type { ApprovalsService } from './approvals.service.ts';
import type { DiscountsService } from './discounts.service.ts';

const tags = ['settings'];

/**
 * The owner's discount threshold and service charge (docs/discounts.md). Saving needs SETTINGS; any
 * signed-in user reads them: the pay dialogs show the charge and the threshold.
 */
export function discountsRoutes(
  app: Api,
  { discounts, approvals }: { discounts: DiscountsService; approvals: ApprovalsService },
) {
  app.get(
    '/settings/bill-setting',
    {
      schema: { tags, response: { 200: billSettingsResponse, ...errorResponses } },
      config: { access: { signedIn: true } },
    },
    async (request) => discounts.getSettings(tenantContext(request)),
  );

  app.post(
    '/settings/bill-setting',
    {
      schema: { tags, body: billSettingsSchema, response: { 200: messageSchema, ...errorResponses } },
      config: { access: { screen: 'settings' } },
    },
    async (request) => discounts.saveSettings(tenantContext(request), request.body),
  );

  // A manager's PIN on the cashier's device (docs/discounts.md), from the pay dialogs of Table Orders.
  app.get(
    '/discounts/approvers',
    {
      schema: { tags: ['orders'], response: { 200: approversResponse, ...errorResponses } },
      config: { access: { screen: 'orders' } },
    },
    async (request) => approvals.approvers(tenantContext(request)),
  );

  app.post(
    '/discounts/approvals',
    {
      schema: {
        tags: ['orders'],
        body: managerApprovalSchema,
        response: { 200: managerApprovalResponse, ...errorResponses },
      },
      config: {
        // Part of taking a payment: the till's scopes, not a display's (docs/orders.md, Who may do what).
        access: { action: 'orders.manage' },
        // Beside each manager's own lock (docs/discounts.md): one terminal cannot try PINs in a loop.
        rateLimit: userLimit('pin-approve', 20, '15 minutes'),
      },
    },
    async (request) => approvals.approve(tenantContext(request), request.body),
  );
}
