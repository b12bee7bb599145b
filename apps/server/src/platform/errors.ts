import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Every error the API answers on purpose: a stable code, an HTTP status and the message users see. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const unauthorized = (message = 'Please sign in to continue!') =>
  new AppError(401, 'unauthorized', message);
export const paymentRequired = (message = 'Your subscription is inactive!') =>
  new AppError(402, 'payment_required', message);
export const forbidden = (message = "You don't have access to this area!") =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found!') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message = 'Too many attempts! Please try again in a minute.') =>
  new AppError(429, 'too_many_requests', message);
export const malformedForm = () => badRequest('Malformed form data!');

// Fastify's own errors, translated to the words a user or integrator can act on.
const FASTIFY_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large!' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON body!' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'Malformed JSON body!' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type!' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid content length!' },
  // @fastify/multipart's limits and refusals
  FST_PARTS_LIMIT: { status: 413, message: 'Too many form fields!' },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files!' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many form fields!' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'Request body is too large!' },
  FST_PROTO_VIOLATION: { status: 400, message: 'Malformed form data!' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Unsupported content type!' },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'Malformed form data!' },
};

/**
 * busboy (under @fastify/multipart) throws plain Errors for a body that is not valid multipart: a
 * missing boundary, a body cut short, a malformed part header. They are the client's fault.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed part header|Part terminated early)/;

// PostgreSQL SQLSTATEs that mean "your input conflicts with data", not "we broke".
const PG_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'This record already exists!' },
  '23503': { status: 404, message: 'Not found!' },
  '22P02': { status: 400, message: 'Invalid request!' },
  '22003': { status: 400, message: 'Number out of range!' },
  '22001': { status: 400, message: 'Value is too long!' },
  // character_not_in_repertoire / untranslatable: e.g. a NUL that slipped past the request check
  '22021': { status: 400, message: 'Text must not contain NUL characters!' },
  '22P05': { status: 400, message: 'Text must not contain NUL characters!' },
};

/** Unique indexes whose violation means something the user can act on, by constraint name. */
const CONSTRAINT_ERRORS: Record<string, { status: number; message: string }> = {
  categories_tenant_title_key: { status: 409, message: 'A category with this title already exists!' },
};

/**
 * The error as it may be logged: drivers attach the statement's parameters (pg's and drizzle's
 * errors carry `params`, `query`), which hold whatever the request sent or we read, password hashes
 * included. Keep what says where it failed (code, message, stack), never the values.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const cause = (error as { cause?: unknown }).cause;
  const e = error as Error & { code?: unknown; statusCode?: unknown };
  const out: Record<string, unknown> = {
    type: error.constructor.name,
    // drizzle's message is "Failed query: <sql>\nparams: <values>"; the values stop here.
    message: error.message.replace(/\nparams:[\s\S]*$/, ''),
    stack: error.stack?.replace(/\nparams:[\s\S]*?(?=\n\s+at )/, ''),
  };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (cause !== undefined) out.cause = loggableError(cause);
  return out;
}

/** The one error handler: known errors answer { message } with their status; anything else is a logged 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (error: FastifyError & { cause?: { code?: string; constraint?: string } }, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).send({ message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        // A malformed id in the path names no record: the same 404 as another tenant's id.
        const status = error.validationContext === 'params' ? 404 : 400;
        return reply.status(status).send({ message: first?.message ?? 'Invalid request!' });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ error: loggableError(error) }, 'response does not match its schema');
        return reply.status(500).send({ message: 'Something went wrong!' });
      }
      const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
      if (known) return reply.status(known.status).send({ message: known.message });
      if (MALFORMED_MULTIPART.test(error.message))
        return reply.status(400).send({ message: malformedForm().message });
      if (error instanceof SyntaxError) return reply.status(400).send({ message: 'Malformed JSON body!' });
      const pgCode = (error as { code?: string }).code ?? error.cause?.code;
      const constraint = (error as { constraint?: string }).constraint ?? error.cause?.constraint;
      const pgKnown =
        (pgCode === '23505' && constraint ? CONSTRAINT_ERRORS[constraint] : undefined) ??
        (pgCode ? PG_ERRORS[pgCode] : undefined);
      if (pgKnown) return reply.status(pgKnown.status).send({ message: pgKnown.message });
      if (error.statusCode === 429) return reply.status(429).send({ message: error.message });
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ message: error.message || 'Invalid request!' });
      }
      // Not under `err`: pino's error serializer would put back the fields left out here.
      request.log.error({ error: loggableError(error) }, 'unhandled error');
      return reply.status(500).send({ message: 'Something went wrong!' });
    },
  );
}
