// The fast serialiser says what zod's parse-then-stringify said, for every route answer of the app:
// sample payloads drawn from each route's own zod schema (with unknown keys, absent and undefined
// optional fields, nulls, awkward strings) go through both, and the JSON must be the same. The API
// tests add the recorded answers: under NODE_ENV=test every answer is written both ways and
// compared (docs/decisions/0025-response-serialisation.md).
import fc from 'fast-check';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness';
import {
  type CompiledSerializer,
  createResponseSerializerCompiler,
  fastJsonSchemaOf,
  type ResponseSerializerCompiler,
} from './serializer';

type ZodSchema = z.core.$ZodType;

/** Strings JSON writers disagree on when they are careless: escapes, separators, lone surrogates. */
const AWKWARD_STRINGS = [
  '',
  '"',
  '\\',
  '\n\t\r',
  '\u2028\u2029',
  '\ud800',
  '\udfff\ud800',
  '\u0000',
  'é Đ 😀',
  '</script>',
];

const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(...AWKWARD_STRINGS));

const instants = fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });

/** A key no contract has, which zod strips and so must the fast writer. */
const extraKeys = fc.dictionary(
  fc.constantFrom('extra', 'password_hash', '__proto__', 'toJSON', 'constructor', 'id2'),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 2 },
);

/** Values shaped by a zod schema's output side, mostly valid for it, sometimes not (the test keeps the valid). */
function arbitraryOf(schema: ZodSchema, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => arbitraryOf(def[key] as ZodSchema, depth + 1);
  switch (def.type) {
    case 'string': {
      const format = def.format;
      if (format === 'date') return instants.map((d) => d.toISOString().slice(0, 10));
      if (format === 'datetime') return instants.map((d) => d.toISOString());
      if (format === 'email') return fc.emailAddress();
      return anyString;
    }
    case 'number':
      return fc.oneof(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
        fc.constantFrom(0, -0, 1e21, 2 ** 53 - 1, 0.1, -1.5e-7),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.oneof(fc.constant(undefined), inner('innerType'));
    case 'default':
    case 'prefault':
      return fc.oneof(fc.constant(undefined), inner('innerType'));
    case 'nullable':
      return fc.oneof(fc.constant(null), inner('innerType'));
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'array':
      return fc.array(inner('element'), { maxLength: depth > 2 ? 1 : 4 });
    case 'record':
      return fc.dictionary(anyString, inner('valueType'), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as ZodSchema[]).map((o) => arbitraryOf(o, depth + 1)));
    case 'object': {
      const shape = def.shape as Record<string, ZodSchema>;
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        fields[key] = arbitraryOf(field, depth + 1);
        // An optional field is sometimes absent altogether, sometimes present as undefined.
        if (field._zod.optout !== 'optional') required.push(key);
      }
      return fc
        .tuple(fc.record(fields, { requiredKeys: required }), extraKeys)
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    default:
      return fc.anything();
  }
}

const SAMPLES_PER_ANSWER = 60;

/** The JSON a value becomes through zod's parse and JSON.stringify (today's path), or null if zod refuses it. */
function viaZod(schema: ZodSchema, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  return result.success ? JSON.stringify(result.data) : null;
}

describe('the fast serialiser, route by route', () => {
  let t: TestApp;
  let compiled: readonly CompiledSerializer[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    compiled = (t.app.serializerCompiler as unknown as ResponseSerializerCompiler).compiled;
  });
  afterAll(() => t.close());

  it('serialises every answer of every route in the OpenAPI document', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const built = new Set(compiled.map((c) => `${c.method} ${c.url} ${c.httpStatus}`));
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          // The document's stand-in for a route that declares no answer (a file download).
          if (!response.content) continue;
          documented.push(`${method.toUpperCase()} ${url} ${status}`);
        }
      }
    }
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((answer) => !built.has(answer))).toEqual([]);
  });

  it('writes every success fast, and falls back only for the 400s, unions of two error shapes', () => {
    const fallbacks = compiled.filter((c) => c.mode === 'zod' && c.method !== 'HEAD');
    // A 400 is field errors or {"detail"} (http/operation.ts); error answers are written by the
    // error handler as ready-made JSON, so their serialisers document and never run.
    expect(
      fallbacks.filter((c) => c.httpStatus !== '400').map((c) => `${c.method} ${c.url} ${c.httpStatus}`),
    ).toEqual([]);
    expect([...new Set(fallbacks.map((c) => c.reason))]).toEqual(['needs validation to serialise: anyOf']);
    expect(compiled.filter((c) => c.mode === 'fast').length).toBeGreaterThan(300);
  });

  it('writes the same JSON as zod for sampled payloads of every fast answer', () => {
    let compared = 0;
    const starved: string[] = [];
    for (const answer of compiled) {
      if (answer.mode !== 'fast' || answer.method === 'HEAD') continue;
      const write = answer.write as (data: unknown) => string;
      let valid = 0;
      for (const value of fc.sample(arbitraryOf(answer.schema), { numRuns: SAMPLES_PER_ANSWER, seed: 17 })) {
        const expected = viaZod(answer.schema, value);
        if (expected === null) continue;
        valid += 1;
        const actual = write(value);
        // Same keys in the same order, byte for byte; the message names the route and payload.
        expect(actual, `${answer.method} ${answer.url} ${answer.httpStatus} ${expected}`).toBe(expected);
      }
      compared += valid;
      if (valid === 0) starved.push(`${answer.method} ${answer.url} ${answer.httpStatus}`);
    }
    expect(starved).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  });
});

describe('which schemas convert', () => {
  it('keeps zod for a schema that rewrites values: transform, preprocess, trim, coercion, catch', () => {
    const rewriting = {
      transform: z.object({ a: z.string().transform((v) => v.toUpperCase()) }),
      preprocess: z.preprocess((v) => v, z.object({ a: z.string() })),
      trim: z.object({ a: z.string().trim() }),
      lowercase: z.array(z.string().toLowerCase()),
      coerce: z.object({ n: z.coerce.number() }),
      catch: z.object({ n: z.number().catch(0) }),
    };
    for (const [name, schema] of Object.entries(rewriting)) {
      expect('reason' in fastJsonSchemaOf(schema), name).toBe(true);
    }
  });

  it('keeps zod for unions other than "or null", and for schemas JSON Schema cannot hold', () => {
    expect(fastJsonSchemaOf(z.union([z.string(), z.number()]))).toEqual({
      reason: expect.stringMatching(/type \[string, number\]|anyOf/),
    });
    expect(fastJsonSchemaOf(z.object({ when: z.date() }))).toEqual({
      reason: expect.stringMatching(/no JSON Schema/),
    });
  });

  it('says "or null" as nullable, which fast-json-stringify checks without a validator', () => {
    const converted = fastJsonSchemaOf(
      z.object({ jar: z.int().nullable(), colour: z.enum(['red']).nullable() }),
    );
    expect(converted).toMatchObject({
      jsonSchema: {
        properties: { jar: { type: 'integer', nullable: true }, colour: { type: 'string', nullable: true } },
      },
    });
  });

  it('does not take a field named like a keyword for one', () => {
    expect('jsonSchema' in fastJsonSchemaOf(z.object({ not: z.string(), anyOf: z.number() }))).toBe(true);
  });
});

describe('a wrong answer', () => {
  const Answer = z.object({ count: z.number(), names: z.array(z.string()) });

  async function appAnswering(payload: unknown, validate: boolean) {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(createResponseSerializerCompiler({ validate }));
    app.get(
      '/answer',
      { schema: { response: { 200: Answer } } },
      async () => payload as z.infer<typeof Answer>,
    );
    const res = await app.inject({ method: 'GET', url: '/answer' });
    await app.close();
    return res;
  }

  it('is a 500 under the tests, as it was when zod wrote every answer', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const res = await appAnswering({ count: 'three', names: [] }, true);
    expect(res.statusCode).toBe(500);
  });

  it('is written from the schema in production, unknown keys dropped', async () => {
    const res = await appAnswering({ count: 3, names: ['a'], password_hash: 'x' }, false);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"count":3,"names":["a"]}');
  });
});
