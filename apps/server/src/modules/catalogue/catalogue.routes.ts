import {
  addCategorySchema,
  addPaymentTypeSchema,
  addTaxSchema,
  categoryResponse,
  idParams,
  messageSchema,
  paymentTypeSettingResponse,
  taxResponse,
  togglePaymentTypeSchema,
  updateCategorySchema,
  updatePaymentTypeSchema,
  updateTaxSchema,
} from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { CatalogueService } from './catalogue.service.ts';

const tags = ['settings'];
const config = { access: { screen: 'settings' } } as const;
const answers = { 200: messageSchema, ...errorResponses };

/** /settings/categories, /settings/taxes, /settings/payment-types: every call needs SETTINGS (SPEC §6, §7). */
export function catalogueRoutes(app: Api, deps: { catalogue: CatalogueService }) {
  const { catalogue } = deps;

  // Categories

  app.get(
    '/settings/categories',
    { schema: { tags, response: { 200: z.array(categoryResponse), ...errorResponses } }, config },
    async (request) => catalogue.listCategories(tenantContext(request)),
  );

  app.post(
    '/settings/categories/add',
    { schema: { tags, body: addCategorySchema, response: answers }, config },
    async (request) => catalogue.addCategory(tenantContext(request), request.body),
  );

  app.post(
    '/settings/categories/:id/update',
    { schema: { tags, params: idParams, body: updateCategorySchema, response: answers }, config },
    async (request) =>
      catalogue.updateCategory(tenantContext(request), request.params.id, request.body.title),
  );

  app.delete(
    '/settings/categories/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => catalogue.removeCategory(tenantContext(request), request.params.id),
  );

  // Taxes

  app.get(
    '/settings/taxes',
    { schema: { tags, response: { 200: z.array(taxResponse), ...errorResponses } }, config },
    async (request) => catalogue.listTaxes(tenantContext(request)),
  );

  app.post(
    '/settings/taxes/add',
    { schema: { tags, body: addTaxSchema, response: answers }, config },
    async (request) => catalogue.addTax(tenantContext(request), request.body),
  );

  app.post(
    '/settings/taxes/:id/update',
    { schema: { tags, params: idParams, body: updateTaxSchema, response: answers }, config },
    async (request) => catalogue.updateTax(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/taxes/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => catalogue.removeTax(tenantContext(request), request.params.id),
  );

  // Payment types

  app.get(
    '/settings/payment-types',
    { schema: { tags, response: { 200: z.array(paymentTypeSettingResponse), ...errorResponses } }, config },
    async (request) => catalogue.listPaymentTypes(tenantContext(request)),
  );

  app.post(
    '/settings/payment-types/add',
    { schema: { tags, body: addPaymentTypeSchema, response: answers }, config },
    async (request) => catalogue.addPaymentType(tenantContext(request), request.body),
  );

  app.post(
    '/settings/payment-types/:id/toggle',
    { schema: { tags, params: idParams, body: togglePaymentTypeSchema, response: answers }, config },
    async (request) =>
      catalogue.togglePaymentType(tenantContext(request), request.params.id, request.body.isActive),
  );

  app.post(
    '/settings/payment-types/:id/default',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => catalogue.makeDefaultPaymentType(tenantContext(request), request.params.id),
  );

  app.post(
    '/settings/payment-types/:id/update',
    { schema: { tags, params: idParams, body: updatePaymentTypeSchema, response: answers }, config },
    async (request) => catalogue.updatePaymentType(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/payment-types/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => catalogue.removePaymentType(tenantContext(request), request.params.id),
  );
}
