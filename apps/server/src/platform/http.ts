import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@comanda/core';
import { deviceName } from './user-agent.ts';

/** A Fastify instance whose routes are typed and validated by their zod schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Error answers every route may give; each carries a message for the toast. */
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  402: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  413: messageSchema,
  429: messageSchema,
} as const;

/** Where a request comes from, for device rows and the audit log. */
export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip ?? null, deviceName: deviceName(request.headers['user-agent']) };
}
