import {
  addCategorySchema,
  addPaymentTypeSchema,
  addTaxSchema,
  categoryResponse,
  idParams,
  messageSchema,
  paymentTypeResponse,
  printSettingsResponse,
  printSettingsSchema,
  storeSettingsResponse,
  storeSettingsSchema,
  storeTableResponse,
  storeTableSchema,
  taxResponse,
  togglePaymentTypeSchema,
  updateCategorySchema,
  updatePaymentTypeSchema,
  updateTaxSchema,
} from '@comanda/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['settings'];
const config = { access: { screen: 'settings' } } as const;
const answers = { 200: messageSchema, ...errorResponses };
// A PNG download. Buffers skip the JSON serializer; the `content` meta makes @fastify/swagger document
// the 200 as image/png while the error answers stay JSON.
const png = { type: 'string', format: 'binary' };
const pngAnswers = {
  200: z.string().meta({ description: 'QR code image', content: { 'image/png': { schema: png } } }),
  ...errorResponses,
};

/** Sends a QR image as a file download. */
function sendPng(reply: FastifyReply, qr: { png: Buffer; fileName: string }) {
  return reply
    .type('image/png')
    .header('content-disposition', `attachment; filename="${qr.fileName}"`)
    .send(qr.png);
}

/** /settings/*: every call needs SETTINGS (SPEC §6, §7 Settings). */
export function settingsRoutes(app: Api, deps: { settings: SettingsService }) {
  const { settings } = deps;

  // Store details and print settings

  app.get(
    '/settings/store-setting',
    { schema: { tags, response: { 200: storeSettingsResponse, ...errorResponses } }, config },
    async (request) => settings.getStore(tenantContext(request).tenantId),
  );

  app.post(
    '/settings/store-setting',
    { schema: { tags, body: storeSettingsSchema, response: answers }, config },
    async (request) => settings.saveStore(tenantContext(request), request.body),
  );

  app.get(
    '/settings/store-setting/qr',
    { schema: { tags, response: pngAnswers }, config },
    async (request, reply) => sendPng(reply, await settings.storeQr(tenantContext(request).tenantId)),
  );

  app.get(
    '/settings/print-setting',
    { schema: { tags, response: { 200: printSettingsResponse, ...errorResponses } }, config },
    async (request) => settings.getPrint(tenantContext(request).tenantId),
  );

  app.post(
    '/settings/print-setting',
    { schema: { tags, body: printSettingsSchema, response: answers }, config },
    async (request) => settings.savePrint(tenantContext(request), request.body),
  );

  // Store tables

  app.get(
    '/settings/store-tables',
    { schema: { tags, response: { 200: z.array(storeTableResponse), ...errorResponses } }, config },
    async (request) => settings.listTables(tenantContext(request).tenantId),
  );

  app.post(
    '/settings/store-tables/add',
    { schema: { tags, body: storeTableSchema, response: answers }, config },
    async (request) => settings.addTable(tenantContext(request), request.body),
  );

  app.post(
    '/settings/store-tables/:id/update',
    { schema: { tags, params: idParams, body: storeTableSchema, response: answers }, config },
    async (request) => settings.updateTable(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/store-tables/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => settings.removeTable(tenantContext(request), request.params.id),
  );

  app.get(
    '/settings/store-tables/:id/qr',
    { schema: { tags, params: idParams, response: pngAnswers }, config },
    async (request, reply) =>
      sendPng(reply, await settings.tableQr(tenantContext(request).tenantId, request.params.id)),
  );

  // Categories

  app.get(
    '/settings/categories',
    { schema: { tags, response: { 200: z.array(categoryResponse), ...errorResponses } }, config },
    async (request) => settings.listCategories(tenantContext(request).tenantId),
  );

  app.post(
    '/settings/categories/add',
    { schema: { tags, body: addCategorySchema, response: answers }, config },
    async (request) => settings.addCategory(tenantContext(request), request.body),
  );

  app.post(
    '/settings/categories/:id/update',
    { schema: { tags, params: idParams, body: updateCategorySchema, response: answers }, config },
    async (request) => settings.updateCategory(tenantContext(request), request.params.id, request.body.title),
  );

  app.delete(
    '/settings/categories/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => settings.removeCategory(tenantContext(request), request.params.id),
  );

  // Taxes

  app.get(
    '/settings/taxes',
    { schema: { tags, response: { 200: z.array(taxResponse), ...errorResponses } }, config },
    async (request) => settings.listTaxes(tenantContext(request).tenantId),
  );

  app.post(
    '/settings/taxes/add',
    { schema: { tags, body: addTaxSchema, response: answers }, config },
    async (request) => settings.addTax(tenantContext(request), request.body),
  );

  app.post(
    '/settings/taxes/:id/update',
    { schema: { tags, params: idParams, body: updateTaxSchema, response: answers }, config },
    async (request) => settings.updateTax(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/taxes/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => settings.removeTax(tenantContext(request), request.params.id),
  );

  // Payment types

  app.get(
    '/settings/payment-types',
    { schema: { tags, response: { 200: z.array(paymentTypeResponse), ...errorResponses } }, config },
    async (request) => settings.listPaymentTypes(tenantContext(request).tenantId),
  );

  app.post(
    '/settings/payment-types/add',
    { schema: { tags, body: addPaymentTypeSchema, response: answers }, config },
    async (request) => settings.addPaymentType(tenantContext(request), request.body),
  );

  app.post(
    '/settings/payment-types/:id/toggle',
    { schema: { tags, params: idParams, body: togglePaymentTypeSchema, response: answers }, config },
    async (request) =>
      settings.togglePaymentType(tenantContext(request), request.params.id, request.body.isActive),
  );

  app.post(
    '/settings/payment-types/:id/update',
    { schema: { tags, params: idParams, body: updatePaymentTypeSchema, response: answers }, config },
    async (request) => settings.updatePaymentType(tenantContext(request), request.params.id, request.body),
  );

  app.delete(
    '/settings/payment-types/:id',
    { schema: { tags, params: idParams, response: answers }, config },
    async (request) => settings.removePaymentType(tenantContext(request), request.params.id),
  );
}
