import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { type ApiErrorBody, type ErrorCode, ERRORS, errorMessage } from '@comanda/core';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Every error the API answers on purpose: a code from the catalogue in packages/core and its parameters. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params?: Record<string, string>,
    /** A message other than the catalogue's: a form field's own words (code `validation`). */
    message?: string,
  ) {
    super(message ?? errorMessage(code, params));
    this.status = ERRORS[code].status;
  }

  get body(): ApiErrorBody {
    return { message: this.message, code: this.code, ...(this.params ? { params: this.params } : {}) };
  }
}

/** The error a service throws: `throw fail('tax_not_found')`. */
export const fail = (code: ErrorCode, params?: Record<string, string>) => new AppError(code, params);
/** A field that fails a rule the schema could not express, with the field's own message. */
export const invalid = (message: string) => new AppError('validation', undefined, message);

// Fastify's own errors, translated to the words a user or integrator can act on.
const FASTIFY_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
  // @fastify/multipart's limits and refusals
  FST_PARTS_LIMIT: 'too_many_fields',
  FST_FILES_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
  FST_REQ_FILE_TOO_LARGE: 'body_too_large',
  FST_PROTO_VIOLATION: 'malformed_form',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_INVALID_JSON_FIELD_ERROR: 'malformed_form',
};

/**
 * busboy (under @fastify/multipart) throws plain Errors for a body that is not valid multipart: a
 * missing boundary, a body cut short, a malformed part header. They are the client's fault.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed part header|Part terminated early)/;

// PostgreSQL SQLSTATEs that mean "your input conflicts with data", not "we broke".
const PG_ERRORS: Record<string, ErrorCode> = {
  '23505': 'record_exists',
  '23503': 'not_found',
  '22P02': 'invalid_request',
  '22003': 'number_out_of_range',
  '22001': 'value_too_long',
  // character_not_in_repertoire / untranslatable: e.g. a NUL that slipped past the request check
  '22021': 'nul_text',
  '22P05': 'nul_text',
  // deadlock_detected / serialization_failure: two saves crossed; repeating this one will do
  '40P01': 'try_again',
  '40001': 'try_again',
  // query_canceled: the statement timeout (a runaway query, a lock held too long); the transaction
  // rolled back, so repeating the request is safe.
  '57014': 'database_timeout',
  // The connection was ended under the request (a restart, a failover, an operator): nothing of its
  // transaction was written, and the next try gets a new connection.
  '57P01': 'database_unavailable',
  '57P02': 'database_unavailable',
  '57P03': 'database_unavailable',
  // connection_exception: PgBouncer answers 08P01 "server conn crashed?" when the server side went.
  '08000': 'database_unavailable',
  '08003': 'database_unavailable',
  '08006': 'database_unavailable',
  '08P01': 'database_unavailable',
  // Raised by migration 0018's triggers: a row written into, or changing, a closed shift.
  CM001: 'shift_closed',
};

/**
 * pg's own words (no SQLSTATE) for a connection lost under a query. Inside a transaction the lost
 * connection also fails the ROLLBACK, whose error is the one that arrives here, with these words.
 */
const CONNECTION_LOST =
  /^(Connection terminated|Client (was closed|has encountered a connection error) and is not queryable)/;

/** Unique indexes whose violation means something the user can act on, by constraint name. */
const CONSTRAINT_ERRORS: Record<string, ErrorCode> = {
  categories_tenant_title_key: 'category_title_taken',
  customers_tenant_phone_key: 'customer_phone_taken',
  order_items_tenant_uuid_key: 'order_line_taken',
  shifts_one_open_key: 'shift_already_open',
  void_reasons_tenant_title_key: 'void_reason_title_taken',
  // check_violation: a draft within every line rule whose stored jsonb passes 64 KiB (0032). jsonb's
  // size is not its text's (numbers take several times the room), so the database is the one to ask.
  pos_drafts_ticket_check: 'draft_too_large',
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

const send = (reply: FastifyReply, error: AppError) => reply.status(error.status).send(error.body);

/** The one error handler: known errors answer { message, code } with their status; anything else is a logged 500. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(
    (
      error: FastifyError & { cause?: { code?: string; constraint?: string; message?: string } },
      request,
      reply,
    ) => {
      if (error instanceof AppError) return send(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        // A malformed id in the path names no record: a 404 like another tenant's id, in the words of
        // the path's schema ("Not found!" for ids, the spec's "Invalid Request!" for a username).
        if (error.validationContext === 'params') {
          const message = first?.message ?? ERRORS.not_found.message;
          return reply
            .status(404)
            .send({ message, code: message === ERRORS.not_found.message ? 'not_found' : 'validation' });
        }
        return send(reply, first?.message ? invalid(first.message) : fail('invalid_request'));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ error: loggableError(error) }, 'response does not match its schema');
        return send(reply, fail('internal'));
      }
      const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
      if (known) return send(reply, fail(known));
      if (MALFORMED_MULTIPART.test(error.message)) return send(reply, fail('malformed_form'));
      if (error instanceof SyntaxError) return send(reply, fail('malformed_json'));
      const pgCode = (error as { code?: string }).code ?? error.cause?.code;
      const constraint = (error as { constraint?: string }).constraint ?? error.cause?.constraint;
      const pgKnown =
        ((pgCode === '23505' || pgCode === '23514') && constraint ? CONSTRAINT_ERRORS[constraint] : undefined) ??
        (pgCode ? PG_ERRORS[pgCode] : undefined);
      if (pgKnown) return send(reply, fail(pgKnown));
      if (CONNECTION_LOST.test(error.message) || CONNECTION_LOST.test(String(error.cause?.message ?? ''))) {
        request.log.warn({ error: loggableError(error) }, 'a database connection was lost under a request');
        return send(reply, fail('database_unavailable'));
      }
      // @fastify/rate-limit's answer for the routes that set no errorResponseBuilder of their own.
      if (error.statusCode === 429) return send(reply, fail('too_many_attempts'));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return reply
          .status(error.statusCode)
          .send({ message: error.message || ERRORS.invalid_request.message, code: 'invalid_request' });
      }
      // Not under `err`: pino's error serializer would put back the fields left out here.
      request.log.error({ error: loggableError(error) }, 'unhandled error');
      return send(reply, fail('internal'));
    },
  );
}
