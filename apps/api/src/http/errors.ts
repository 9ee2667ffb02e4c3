// One error handler for the whole API: every failure leaves in Django REST
// Framework's shape, bad input is always a 4xx, and a 5xx never carries the
// internal message (it is logged whole instead).
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { toValidationErrors, type ValidationErrors } from '@staff/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import { ZodError } from 'zod';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (errors: ValidationErrors) => new ApiError(400, errors);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new ApiError(401, { detail, code: 'not_authenticated' });
export const tokenNotValid = (detail = 'Token is invalid or expired') =>
  new ApiError(401, { detail, code: 'token_not_valid' });
export const permissionDenied = (detail = 'You do not have permission to perform this action.') =>
  new ApiError(403, { detail, code: 'permission_denied' });
export const notFound = (detail = 'Not found.') => new ApiError(404, { detail, code: 'not_found' });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    {
      detail: `Request was throttled. Expected available in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
      code: 'throttled',
    },
    { 'retry-after': String(retryAfterSeconds) },
  );

/** Fastify's own 4xx codes, reworded for people. */
const FASTIFY_MESSAGES: Record<string, (err: FastifyError) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'JSON parse error - the request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    "JSON parse error - body cannot be empty when content-type is 'application/json'.",
  FST_ERR_CTP_BODY_TOO_LARGE: () => 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'Unsupported media type in request.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'Request body size did not match Content-Length.',
  FST_REQ_FILE_TOO_LARGE: () => 'Request file too large.',
  FST_PARTS_LIMIT: () => 'Too many parts in the multipart request.',
  FST_FILES_LIMIT: () => 'Too many files in the multipart request.',
  FST_FIELDS_LIMIT: () => 'Too many fields in the multipart request.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => 'The request is not multipart/form-data.',
  FST_ERR_BAD_URL: () => 'The URL is malformed.',
  FST_ERR_MAX_PARAM_LENGTH: () => 'A part of the URL is too long.',
};

/**
 * The headers helmet sets under `options`, computed once by running helmet's own middleware on a
 * stand-in response: answers that never pass helmet's onRequest hook (framework errors, raw socket
 * errors) then carry exactly the set that every other response gets, with no copy to drift.
 */
export function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware only calls setHeader/removeHeader here: no directive reads the request.
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/**
 * Fastify's `frameworkErrors`: what it meets before routing (a malformed escape in the URL, an
 * over-long path segment) bypasses the hooks and the error handler, so it is answered here in the
 * same shape and with the security headers helmet would have set.
 */
export function answerFrameworkError(securityHeaders: Readonly<Record<string, string>>) {
  return (err: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = err.statusCode ?? 400;
    const word = err.code ? FASTIFY_MESSAGES[err.code] : undefined;
    const body =
      status >= 500
        ? { detail: 'A server error occurred.', code: 'server_error' }
        : { detail: word ? word(err) : 'Malformed request.', code: 'invalid_request' };
    return reply
      .code(status)
      .headers(securityHeaders)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  };
}

/** Node's parser errors with a status of their own (as Node answers them); any other is a 400. */
const CLIENT_ERROR_ANSWERS: Record<string, { status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request line or headers are too large.' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, detail: 'The chunk extensions are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
};

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (invalid HTTP, headers too
 * large) never becomes a request, so the answer is written to the socket by hand, in DRF's shape and
 * with the security headers, and the connection is closed.
 */
export function answerClientError(securityHeaders: Readonly<Record<string, string>>) {
  return (err: Error & { code?: string }, socket: Duplex) => {
    // A reset connection has nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    // Like Node's own handler: never write into a response that has already begun on this socket.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const known = err.code ? CLIENT_ERROR_ANSWERS[err.code] : undefined;
      const status = known?.status ?? 400;
      const body = JSON.stringify({
        detail: known?.detail ?? 'The request is not valid HTTP.',
        code: 'invalid_request',
      });
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(securityHeaders).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(err);
  };
}

/**
 * Reads a multipart body: what the parser throws for one it cannot read (no boundary, a part cut
 * short) is the client's fault, so it answers 400 rather than 500. Our own and Fastify's 4xx pass.
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError || (err as FastifyError).statusCode) throw err;
    throw new ApiError(400, { detail: 'The multipart body is malformed.', code: 'invalid_request' });
  }
}

/** Node's and PostgreSQL's ways of saying the database cannot be reached right now. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // Class 08: connection exception; 57P01–57P03: the server is shutting down or starting up.
    if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    // SQLite: the database file is locked by another process beyond the busy timeout (or, for a
    // transaction that did not begin IMMEDIATE, another process wrote since it read): try again.
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT') return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    err.message,
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Sent as ready-made JSON: route response schemas document errors but must
    // never turn one into a 500 by failing to serialise it.
    const send = (status: number, body: unknown) =>
      reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    if (err instanceof ApiError) {
      reply.headers(err.headers);
      return send(err.statusCode, err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: ValidationErrors = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        errors[key] = [...(errors[key] ?? []), v.message ?? 'Invalid value.'];
      }
      return send(400, errors);
    }
    if (err instanceof ZodError) {
      return send(400, toValidationErrors(err));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const word = err.code ? FASTIFY_MESSAGES[err.code] : undefined;
      return send(status, { detail: word ? word(err) : err.message, code: 'invalid_request' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(503, {
        detail: 'The database is unavailable. Please try again shortly.',
        code: 'service_unavailable',
      });
    }
    request.log.error({ err }, 'request failed');
    return send(500, { detail: 'A server error occurred.', code: 'server_error' });
  });
}
