// Every route the app registers, read from its own OpenAPI document (built from the zod
// contracts), so a route added tomorrow is fuzzed without touching this folder.
import { ProfileUpdate, UserCreate, UserUpdate } from '@staff/contracts';
import type { FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import type { JsonSchema } from './arbitraries';

export interface RouteParam {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface FuzzRoute {
  method: string;
  /** OpenAPI form: /api/users/users/{id}/ */
  path: string;
  params: RouteParam[];
  /** The JSON body's schema, when the route declares one or parses a contract itself. */
  body?: JsonSchema;
  /** The multipart file field the route reads, if any. */
  fileField?: string;
  /** Server-sent events: opened, checked and aborted, never waited for. */
  stream: boolean;
}

/**
 * Routes that read their body themselves (multipart or JSON) instead of through a schema,
 * with the contract each one parses it with.
 */
const SELF_PARSED_BODIES: Record<string, ZodType> = {
  'PUT /api/users/profile/': ProfileUpdate,
  'POST /api/users/users/': UserCreate,
  'PUT /api/users/users/{id}/': UserUpdate,
};
const FILE_FIELDS: Record<string, string> = {
  'PUT /api/users/profile/': 'avatar',
  'POST /api/users/users/import/': 'file',
};

interface OpenApiOperation {
  parameters?: RouteParam[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export async function routesOf(app: FastifyInstance): Promise<FuzzRoute[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const declared = op.requestBody?.content?.['application/json']?.schema;
      const contract = SELF_PARSED_BODIES[key];
      const body =
        declared ??
        (contract
          ? (z.toJSONSchema(contract, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
          : undefined);
      routes.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        ...(body ? { body } : {}),
        ...(FILE_FIELDS[key] ? { fileField: FILE_FIELDS[key] } : {}),
        stream: JSON.stringify(op.responses?.['200'] ?? '').includes('text/event-stream'),
      });
    }
  }
  return routes;
}
