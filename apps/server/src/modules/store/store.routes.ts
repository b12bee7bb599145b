import {
  idParams,
  messageSchema,
  printSettingsResponse,
  printSettingsSchema,
  storeSettingsResponse,
  storeSettingsSchema,
} from '@comanda/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { StoreService } from './store.service.ts';

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

/** Store details, print settings and the QR downloads: every call needs SETTINGS (SPEC §6, §7 Settings). */
export function storeRoutes(app: Api, deps: { store: StoreService }) {
  const { store } = deps;

  app.get(
    '/settings/store-setting',
    { schema: { tags, response: { 200: storeSettingsResponse, ...errorResponses } }, config },
    async (request) => store.getStore(tenantContext(request)),
  );

  app.post(
    '/settings/store-setting',
    { schema: { tags, body: storeSettingsSchema, response: answers }, config },
    async (request) => store.saveStore(tenantContext(request), request.body),
  );

  app.get(
    '/settings/store-setting/qr',
    { schema: { tags, response: pngAnswers }, config },
    async (request, reply) => sendPng(reply, await store.storeQr(tenantContext(request))),
  );

  app.get(
    '/settings/store-tables/:id/qr',
    { schema: { tags, params: idParams, response: pngAnswers }, config },
    async (request, reply) => sendPng(reply, await store.tableQr(tenantContext(request), request.params.id)),
  );

  app.get(
    '/settings/print-setting',
    { schema: { tags, response: { 200: printSettingsResponse, ...errorResponses } }, config },
    async (request) => store.getPrint(tenantContext(request)),
  );

  app.post(
    '/settings/print-setting',
    { schema: { tags, body: printSettingsSchema, response: answers }, config },
    async (request) => store.savePrint(tenantContext(request), request.body),
  );
}
