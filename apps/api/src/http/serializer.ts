// Response serialisation from the contracts (docs/decisions/0025-response-serialisation.md): each
// route's zod response schema becomes a JSON Schema once, at start-up, and fast-json-stringify
// compiles it into a function that writes the answer without parsing it through zod first. A
// schema that JSON Schema cannot describe faithfully (a transform, a trim, a union) keeps today's
// path, zod then JSON.stringify. Under the tests (NODE_ENV=test) every answer also goes through
// zod: a wrong shape is still a 500, and an answer whose two spellings differ is an error.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type ZodSchema = z.core.$ZodType;
type JsonSchema = Record<string, unknown>;

/** One route answer's serialiser, as built: which path it takes, and why when it is zod's. */
export interface CompiledSerializer {
  method: string;
  url: string;
  httpStatus: string;
  schema: ZodSchema;
  /** 'fast' when fast-json-stringify writes the answer, 'zod' when the schema fell back. */
  mode: 'fast' | 'zod';
  /** Why the schema could not be converted faithfully (mode 'zod' only). */
  reason?: string;
  /** The JSON Schema fast-json-stringify compiled (mode 'fast' only). */
  jsonSchema?: JsonSchema;
  /** The compiled writer itself, without the tests' zod check (mode 'fast' only). */
  write?: Serialize;
}

export interface ResponseSerializerOptions {
  /** Parse every answer with zod too and compare: on in the tests, off in production. */
  validate?: boolean;
  /** Where a route's fall-back is noted (debug). */
  log?: Pick<FastifyBaseLogger, 'debug'>;
}

export type ResponseSerializerCompiler = FastifySerializerCompiler<unknown> & {
  /** Every serialiser this compiler built, in build order (the proof test walks them). */
  readonly compiled: readonly CompiledSerializer[];
};

/** The zod schema inside a route's response entry (a bare schema, or `{ properties: schema }`). */
function zodSchemaOf(maybeSchema: unknown): ZodSchema {
  if (maybeSchema instanceof z.core.$ZodType) return maybeSchema;
  if (
    typeof maybeSchema === 'object' &&
    maybeSchema !== null &&
    'properties' in maybeSchema &&
    maybeSchema.properties instanceof z.core.$ZodType
  ) {
    return maybeSchema.properties;
  }
  throw new InvalidSchemaError(JSON.stringify(maybeSchema));
}

/**
 * Why zod's output for this schema can differ from its input where JSON Schema cannot say so, or
 * null when it cannot. JSON Schema describes a shape; zod also rewrites values: transforms and
 * preprocessing (JSON Schema's output side silently drops a preprocess), `.trim()` and the other
 * overwriting checks, coercion and `.catch()`. Defaults are fine: fast-json-stringify writes a
 * property's `default` when it is undefined, as zod fills it.
 */
function rewritesValues(schema: ZodSchema, seen = new Set<ZodSchema>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  for (const check of (def.checks ?? []) as z.core.$ZodCheck[]) {
    if (check._zod.def.check === 'overwrite') return `a value-rewriting check (${def.type})`;
  }
  if (def.coerce === true) return `coercion (${def.type})`;
  const inner = (key: string) => rewritesValues(def[key] as ZodSchema, seen);
  switch (def.type) {
    case 'transform':
      return 'a transform';
    case 'catch':
      return 'a catch';
    case 'lazy':
      return 'a lazy (recursive) schema';
    case 'pipe': {
      const input = def.in as ZodSchema;
      if (input._zod.def.type === 'transform') return 'a preprocess';
      return inner('in') ?? inner('out');
    }
    case 'object': {
      for (const property of Object.values(def.shape as Record<string, ZodSchema>)) {
        const why = rewritesValues(property, seen);
        if (why) return why;
      }
      return def.catchall ? inner('catchall') : null;
    }
    case 'array':
      return inner('element');
    case 'record':
      return inner('keyType') ?? inner('valueType');
    case 'tuple': {
      for (const item of def.items as ZodSchema[]) {
        const why = rewritesValues(item, seen);
        if (why) return why;
      }
      return def.rest ? inner('rest') : null;
    }
    case 'union':
      for (const option of def.options as ZodSchema[]) {
        const why = rewritesValues(option, seen);
        if (why) return why;
      }
      return null;
    case 'intersection':
      return inner('left') ?? inner('right');
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
      return inner('innerType');
    default:
      return null;
  }
}

/**
 * The JSON Schema rewritten for fast-json-stringify's fast paths: zod says "X or null" as
 * `anyOf: [X, {type: 'null'}]`, which fast-json-stringify would settle per value by running a
 * validator; `nullable: true` on X says the same and is a plain null check.
 */
function withNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullable);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = withNullable(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => isDeepStrictEqual(s, { type: 'null' }));
    const other = anyOf[1 - nullIndex] as JsonSchema | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !('nullable' in other)) {
      const { anyOf: _replaced, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

const UNSUPPORTED_KEYWORDS = [
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  '$ref',
  'patternProperties',
  'prefixItems',
];

/** The first keyword fast-json-stringify would have to validate to serialise, or null. */
function keywordNeedingValidation(node: unknown): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = keywordNeedingValidation(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  for (const [key, value] of Object.entries(node)) {
    // Values, not schemas: a default or an enum may hold any JSON.
    if (key === 'default' || key === 'enum' || key === 'const' || key === 'examples') continue;
    if (key === 'properties') {
      const found = keywordNeedingValidation(Object.values(value as JsonSchema));
      if (found) return found;
      continue;
    }
    if (UNSUPPORTED_KEYWORDS.includes(key)) return key;
    // A type list other than "T or null" is a union of its own.
    if (key === 'type' && Array.isArray(value) && value.filter((t) => t !== 'null').length > 1) {
      return `type [${value.join(', ')}]`;
    }
    const found = keywordNeedingValidation(value);
    if (found) return found;
  }
  return null;
}

/** The JSON Schema fast-json-stringify can write this zod schema's output from, or why not. */
export function fastJsonSchemaOf(schema: ZodSchema): { jsonSchema: JsonSchema } | { reason: string } {
  const rewrite = rewritesValues(schema);
  if (rewrite) return { reason: `rewrites values: ${rewrite}` };
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as JsonSchema;
  } catch (error) {
    return { reason: `no JSON Schema: ${(error as Error).message}` };
  }
  const { $schema: _draft, ...jsonSchema } = withNullable(converted) as JsonSchema;
  const keyword = keywordNeedingValidation(jsonSchema);
  if (keyword) return { reason: `needs validation to serialise: ${keyword}` };
  return { jsonSchema };
}

/** Today's path: zod parses (and so strips and rewrites), JSON.stringify writes. */
function zodSerializer(schema: ZodSchema, method: string, url: string): Serialize {
  return (data) => {
    const result = z.safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/** The answer's two spellings disagree: a conversion bug, never the handler's. */
export class SerializerMismatchError extends Error {
  constructor(method: string, url: string, fast: string, zod: string) {
    super(
      `${method} ${url}: fast-json-stringify wrote ${fast.slice(0, 500)} where zod wrote ${zod.slice(0, 500)}`,
    );
    this.name = 'SerializerMismatchError';
  }
}

/**
 * Builds a serialiser per route answer. The first with `validate` checks that the fast spelling
 * says exactly what zod's says, so each API test is also a test of the conversion.
 */
export function createResponseSerializerCompiler(
  options: ResponseSerializerOptions = {},
): ResponseSerializerCompiler {
  const validate = options.validate ?? process.env.NODE_ENV === 'test';
  const compiled: CompiledSerializer[] = [];
  const byZodSchema = new WeakMap<
    ZodSchema,
    { jsonSchema: JsonSchema; write: Serialize } | { reason: string }
  >();

  const compile = ({
    schema: maybeSchema,
    method,
    url,
    httpStatus,
  }: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
    const schema = zodSchemaOf(maybeSchema);
    const viaZod = zodSerializer(schema, method, url);
    let built = byZodSchema.get(schema);
    if (!built) {
      const conversion = fastJsonSchemaOf(schema);
      built = 'reason' in conversion ? conversion : { ...conversion, write: fastJson(conversion.jsonSchema) };
      byZodSchema.set(schema, built);
    }
    const status = String(httpStatus);
    if ('reason' in built) {
      compiled.push({ method, url, httpStatus: status, schema, mode: 'zod', reason: built.reason });
      options.log?.debug(
        { method, url, httpStatus, reason: built.reason },
        'response serialised through zod',
      );
      return viaZod;
    }
    const write = built.write;
    compiled.push({
      method,
      url,
      httpStatus: status,
      schema,
      mode: 'fast',
      jsonSchema: built.jsonSchema,
      write,
    });
    if (!validate) return write;
    return (data: unknown) => {
      const expected = viaZod(data);
      const actual = write(data);
      if (actual !== expected && !isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
        throw new SerializerMismatchError(method, url, actual, expected);
      }
      return actual;
    };
  };
  return Object.assign(compile, { compiled }) as ResponseSerializerCompiler;
}
