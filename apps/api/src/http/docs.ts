// OpenAPI generated from the zod contracts, shown at /api/docs, its JSON at /api/docs/json. Each
// route declares its summary, tags, security and error answers (`errorAnswers` from operation.ts);
// this file declares the tags and gives every operation its operationId, derived from its path and
// method in Django REST Framework's style (operation.ts). `http/openapi-document.test.ts` lints the
// document, generates a TypeScript client from it and holds every route to these rules.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { drfOperationId, mediaTypeOf, THROTTLED } from './operation';

/** A guarded route's `security` in the document: the bearer scheme registered below. */
export const bearerSecurity = [{ bearerAuth: [] }];

/**
 * A CashFlow table's routes a guest may use as well: the bearer scheme, or a guest invite's token
 * (`Authorization: Guest <token>`, that one seat of that one table).
 */
export const bearerOrGuestSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { guestInvite: [] }];

/** A public route's `security`: none (sign-in, the token endpoints, health, the ticketed stream). */
export const noSecurity = [];

/** The body of a 204 in the document. */
export const NoContent = z.null().describe('No content');

/** Every tag a route may use, with what it groups: a route with another tag fails the document's test. */
export const TAGS = [
  { name: 'health', description: 'Whether the server can serve.' },
  {
    name: 'accounts',
    description:
      "Signing in and out (SimpleJWT's access and refresh tokens), the signed-in user's profile and password, and the role names.",
  },
  {
    name: 'users',
    description:
      'User administration (administrators): list, create, edit, delete, import from .xlsx; and the user search that game hosts pick players with.',
  },
  { name: 'audit', description: 'The audit log of security-relevant events (administrators), read-only.' },
  {
    name: 'diary',
    description: "The daily time diary: jars, categories, the user's diary, its entries and the analysis.",
  },
  {
    name: 'stocks',
    description:
      'Stocks: the catalogue, snapshots and intraday quotes, daily price records, watchlists, the holiday table and the live quote stream.',
  },
  { name: 'forex', description: 'Forex and gold prices: the symbols, the latest quote and price history.' },
  {
    name: 'cashflow',
    description: 'Finished CashFlow games: storing one, the history and the leaderboard.',
  },
];

interface OpenApiOperation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

/** Whether a GET answers a collection: an array, or a page of `results`. */
function answersList(operation: OpenApiOperation): boolean {
  const schema = operation.responses?.['200']?.content?.['application/json']?.schema;
  if (!schema) return false;
  if (schema.type === 'array') return true;
  const results = (schema.properties as Record<string, { type?: string }> | undefined)?.results;
  return results?.type === 'array';
}

/** Gives each operation without an explicit `operationId` the one its path and method make. */
function withOperationIds<T extends { paths?: object }>(document: T): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      operation.operationId ??= drfOperationId(method, path, answersList(operation));
    }
  }
  return document;
}

/** The header every 429 carries (errors.ts `tooManyRequests`). */
const RETRY_AFTER = {
  type: 'integer',
  minimum: 1,
  description: 'Seconds until a request may be made again.',
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Transformed = ReturnType<typeof jsonSchemaTransform>;

/**
 * fastify-type-provider-zod's transform, plus what it does not know: a body the route reads itself
 * (`readsBody`, by media type) becomes the request body, and an answer sent as another media type
 * (`sentAs`) is shown under it.
 */
function transform(input: TransformInput): Transformed {
  const { readsBody, ...schema } = (input.schema ?? {}) as NonNullable<TransformInput['schema']> & {
    readsBody?: Readonly<Record<string, z.ZodType>>;
  };
  const out = jsonSchemaTransform({ ...input, schema });
  const documented = out.schema as Record<string, unknown> | undefined;
  if (!documented || documented.hide) return out;
  // The same conversion as every declared body and answer: through the transform itself.
  const asBody = (zod: z.ZodType) =>
    (jsonSchemaTransform({ ...input, schema: { body: zod } }).schema as { body: unknown }).body;
  if (readsBody) {
    documented.body = {
      content: Object.fromEntries(
        Object.entries(readsBody).map(([mediaType, zod]) => [mediaType, { schema: asBody(zod) }]),
      ),
    };
  }
  const responses = (schema as { response?: Record<string, unknown> }).response ?? {};
  const converted = documented.response as Record<string, Record<string, unknown>> | undefined;
  for (const [status, answer] of Object.entries(responses)) {
    const json = converted?.[status];
    if (!converted || !json) continue;
    const mediaType = mediaTypeOf(answer);
    if (mediaType) {
      converted[status] = { description: json.description, content: { [mediaType]: { schema: json } } };
    }
    if (answer === THROTTLED) converted[status] = { ...json, headers: { 'retry-after': RETRY_AFTER } };
  }
  return out;
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Staff app API',
        description:
          'Speaks Django REST Framework conventions: trailing slashes, {"detail"} for general errors, ' +
          '{"field": ["message"]} for validation errors, SimpleJWT token endpoints.',
        version: '1.0.0',
      },
      // Relative: the document describes the server it is served from, at whatever address.
      servers: [{ url: '/', description: 'The server this document is served from' }],
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          guestInvite: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'A CashFlow table guest seat: `Guest <token>`, the token of the seat’s invite link. Accepted only by ' +
              'that table’s read, actions, events and stream; refused everywhere else.',
          },
        },
      },
    },
    transform,
    transformObject: (document) =>
      'openapiObject' in document ? withOperationIds(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
