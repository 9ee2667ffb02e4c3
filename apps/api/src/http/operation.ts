// The parts of a route's OpenAPI description that are not its shapes: the error answers it can
// give, each in the API's error shape with what it means, and the operationId every operation gets
// from its path and method, in the style of Django REST Framework's schema generator
// (drf-spectacular), which the API mimics. Documentation only: error answers are written by the
// error handler as ready-made JSON (errors.ts), so their schemas never serialise anything.
import { ErrorDetail, ValidationErrors } from '@staff/contracts';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the body of a route that reads it itself (multipart, or JSON parsed by the
     * handler) instead of through `body`, by media type. Fastify never validates against it; the
     * document shows it as the operation's request body, so a generated client can send it.
     */
    readsBody?: Readonly<Record<string, z.ZodType>>;
  }
}

/** Answers sent as another media type than JSON, by their schema: the document says so (`sentAs`). */
const mediaTypes = new WeakMap<z.core.$ZodType, string>();

/**
 * A route answer the handler sends itself as `mediaType` (a file, a server-sent event stream): the
 * document shows it under that media type instead of application/json. Its serialiser is built
 * like any answer's but never runs: a Buffer or a hijacked reply is not serialised.
 */
export function sentAs<T extends z.core.$ZodType>(mediaType: string, schema: T): T {
  mediaTypes.set(schema, mediaType);
  return schema;
}

/** The media type `sentAs` recorded for a route answer's schema, if any. */
export function mediaTypeOf(schema: unknown): string | undefined {
  return schema instanceof z.core.$ZodType ? mediaTypes.get(schema) : undefined;
}

/** A file part of a multipart body, in the document. */
export const FilePart = z.string().meta({ format: 'binary' });

/**
 * The error statuses a route may document. A clash over a field is a 400 naming the field, as in DRF;
 * 409 only where the resource's state refuses the request (a second running diary entry).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429;

/**
 * A 400's body: field errors under their fields (`{"email": ["..."]}`, `non_field_errors` for the
 * whole), or `{"detail", "code"}` for a body that cannot be read at all (malformed JSON or multipart)
 * and the few refusals that name no field. A union, so the serialiser keeps zod for it (decision
 * 0025): no matter, an error answer is written by the error handler, never by a route's serialiser.
 */
export const BadRequestBody = z
  .union([ValidationErrors, ErrorDetail])
  .describe(
    'Invalid input: {"field": ["message", ...]} for each field refused (non_field_errors for the whole), ' +
      'or {"detail", "code"}.',
  );

/** One schema per status, made once: the serialiser compiles each schema once (decision 0025). */
const ERROR_ANSWERS = {
  400: BadRequestBody,
  401: ErrorDetail.describe(
    'Not signed in, or the token (or ticket) is invalid, expired or ended: {"detail", "code"}.',
  ),
  403: ErrorDetail.describe(
    'Signed in without the role this needs, or not allowed on another user\'s data: {"detail", "code"}.',
  ),
  404: ErrorDetail.describe('Not found, or not visible to the signed-in user: {"detail"}.'),
  409: ErrorDetail.describe('Conflict: {"detail"}.'),
  412: ErrorDetail.describe(
    'If-Match no longer matches the stored record: it was changed since it was read; nothing was changed.',
  ),
  413: ErrorDetail.describe('The request body is over its limit (1 MB for JSON): {"detail", "code"}.'),
  415: ErrorDetail.describe('The body is neither JSON nor, where taken, multipart/form-data.'),
  429: ErrorDetail.describe(
    'Throttled: {"detail", "code"}; the Retry-After header says how many seconds to wait.',
  ),
} as const satisfies Record<ErrorStatus, z.ZodType>;

/** A rate limit's 429 (`tooManyRequests` in errors.ts), which carries Retry-After: the document says so. */
export const THROTTLED = ERROR_ANSWERS[429];

/**
 * The `response` entries of the error answers a route can really give, e.g.
 * `response: { 200: User, ...errorAnswers(400, 401, 403, 404) }`.
 */
export function errorAnswers<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): { [K in S[number]]: (typeof ERROR_ANSWERS)[K] } {
  const out: Partial<Record<ErrorStatus, z.ZodType>> = {};
  for (const status of statuses) out[status] = ERROR_ANSWERS[status];
  return out as { [K in S[number]]: (typeof ERROR_ANSWERS)[K] };
}

/** A guarded route's errors: 401 without a valid token, 403 without the role (or before the first password change). */
export const GUARDED = [401, 403] as const;
/** What a route that takes a body adds: 400 for one it cannot read, 413 over the limit, 415 of another type. */
export const WITH_BODY = [400, 413, 415] as const;

const ACTIONS: Record<string, string> = {
  get: 'retrieve',
  post: 'create',
  put: 'update',
  patch: 'partial_update',
  delete: 'destroy',
};

/**
 * An operation's id as Django REST Framework's schema generator names it: the path after `/api/`
 * as words joined by `_` (dashes become `_`), then the action: `list` for a GET of a collection
 * (its answer is an array or a page), otherwise `retrieve`, `create`, `update`, `partial_update`
 * or `destroy` by method. A trailing path parameter (the item) adds no word; one inside the path
 * (a nested resource) adds its name without an `Id` suffix, so `/api/diaries/{diaryId}/entries/`
 * is `diaries_diary_entries_list` beside `/api/diaries/entries/`'s `diaries_entries_list`, and a
 * bare `{id}` adds nothing (`stocks_watchlists_add_item_create`).
 * Examples: GET /api/users/users/ → users_users_list, PATCH /api/diaries/entries/{id}/ →
 * diaries_entries_partial_update, POST /api/users/token/ → users_token_create.
 */
export function drfOperationId(method: string, path: string, answersList: boolean): string {
  const action = method.toLowerCase() === 'get' && answersList ? 'list' : ACTIONS[method.toLowerCase()];
  if (!action) throw new Error(`no DRF action for ${method} ${path}`);
  const segments = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const words = segments.flatMap((segment, index) => {
    const parameter = /^\{(\w+)\}$/.exec(segment);
    if (!parameter) return [segment.replaceAll('-', '_')];
    // The item's own parameter names nothing; a nested resource's parent names itself.
    if (index === segments.length - 1) return [];
    const name = (parameter[1] as string).replace(/_?id$/i, '');
    return name ? [name] : [];
  });
  if (words.length === 0) words.push('root');
  return [...words, action].join('_').toLowerCase();
}
