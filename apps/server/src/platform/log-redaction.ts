import type { FastifyRequest } from 'fastify';

// A reset token signs into an account for an hour: it travels in the API path the SPEC names
// (/auth/reset-password/{token}) and in the web page's query (/reset-password?token=).
const RESET_PATH = /(\/reset-password\/)[^/?#]*/g;
const RESET_QUERY = /(\/reset-password\?(?:[^#]*&)?token=)[^&#]*/g;

/** A request URL fit for the access log: any password-reset token replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(RESET_PATH, '$1[redacted]').replace(RESET_QUERY, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
