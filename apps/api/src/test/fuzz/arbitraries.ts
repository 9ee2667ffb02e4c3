// fast-check arbitraries for hostile input: values shaped by a route's JSON Schema (from the zod
// contracts, through the OpenAPI document), mixed with boundary and junk values at every level.
import fc from 'fast-check';

/** The part of JSON Schema that zod's and the OpenAPI transform's output uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
}

/** Values the fuzz draws from the seeded database, so requests reach past "not found". */
export interface Pools {
  ids: number[];
  tickers: string[];
  dates: string[];
  emails: string[];
}

export const BOUNDARY_NUMBERS = [
  0,
  -1,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  0.5,
  -0.000001,
  Number.MIN_VALUE,
];

/** Strings a number parser may trip on. */
export const NUMBERISH_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x10',
  '1_000',
  ' 7',
  '7 ',
  '١٢٣',
  '-0',
  '99999999999999999999',
  '2147483648',
  '9007199254740993',
  '1.5',
  '+1',
  '0001',
  'true',
  'null',
  'undefined',
];

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  'Nguyễn Văn Ạ',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301',
  '\u200b\ufeff',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  '\r\n\r\n',
  '\\',
  '"',
  ',,,',
  'a,b,,c',
  '2030-02-30',
  '9999-12-31',
  '0000-00-00',
  '-271821-04-19',
  '2026-13-01T00:00:00Z',
  '24:00',
  '23:59:60',
  '99:99',
  'Asia/Nowhere',
  'Etc/GMT+14',
  'a'.repeat(10_000),
  'é'.repeat(70_000),
];

const hugeString = 'x'.repeat(300_000);
const deepArray: unknown = Array.from({ length: 500 }).reduce<unknown>((inner) => [inner], []);
const deepObject: unknown = Array.from({ length: 500 }).reduce<unknown>((inner) => ({ a: inner }), {});

/** Any value of the wrong kind, or the right kind at its edge. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    [null],
    { '': '' },
    hugeString,
    deepArray,
    deepObject,
    ...BOUNDARY_NUMBERS,
    ...NUMBERISH_STRINGS,
    ...HOSTILE_STRINGS,
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.jsonValue({ maxDepth: 3 }),
);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDate = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2045-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const isoDateTime = fc
  .date({ min: new Date('1990-01-01'), max: new Date('2045-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString());
const timeOfDay = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);
const timeZone = fc.constantFrom(
  'Asia/Ho_Chi_Minh',
  'UTC',
  'Europe/Paris',
  'America/Los_Angeles',
  'Pacific/Kiritimati',
);

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

/** Seeded values for a field whose name says what it holds. */
function hinted(name: string, pools: Pools): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (n === 'tickers') {
    const ticker = fc.oneof(fc.constantFrom(...pools.tickers), fc.string({ maxLength: 6 }));
    return fc.array(ticker, { maxLength: 8 }).map((t) => t.join(','));
  }
  if (n.includes('ticker')) return fc.constantFrom(...pools.tickers);
  if (n === 'email' || n.endsWith('email'))
    return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
  if (n.endsWith('date') || n === 'since') return fc.oneof(isoDate, fc.constantFrom(...pools.dates));
  if (n === 'start_time' || n === 'end_time') return fc.oneof(timeOfDay, isoDateTime);
  if (n === 'time_zone') return timeZone;
  if (n === 'id' || n.endsWith('_id') || n.endsWith('id') || n === 'category' || n === 'user')
    return fc.constantFrom(...pools.ids);
  return undefined;
}

type Child = (schema: JsonSchema, name: string) => fc.Arbitrary<unknown>;

/** A value of the schema's shape; each part inside comes from `child`. */
function shaped(schema: JsonSchema, name: string, pools: Pools, child: Child): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => shaped(s, name, pools, child)));
  if (schema.allOf?.length) return shaped(schema.allOf[0] as JsonSchema, name, pools, child);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  if (types.includes('null') || schema.nullable) options.push(fc.constant(null));
  for (const type of types) {
    const arb = ofType(type, schema, name, child);
    if (arb) options.push(arb);
  }
  const hint = hinted(name, pools);
  if (hint && types.some((t) => t !== 'object' && t !== 'array' && t !== 'boolean')) options.push(hint);
  if (options.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
}

function ofType(
  type: string,
  schema: JsonSchema,
  name: string,
  child: Child,
): fc.Arbitrary<unknown> | undefined {
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number': {
      const lo = typeof schema.minimum === 'number' ? schema.minimum : -(2 ** 53 - 1);
      const hi = typeof schema.maximum === 'number' ? schema.maximum : 2 ** 53 - 1;
      // Besides the schema's own edges, the databases' 32-bit integer edge.
      const edges = [lo, hi, lo - 1, hi + 1, 0, 1, 2 ** 31 - 1, 2 ** 31].filter((n) => Number.isFinite(n));
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(Math.max(hi, lo), 2 ** 31 - 1) })
          : fc.double({ min: Math.max(lo, -1e12), max: Math.min(hi, 1e12), noNaN: true });
      return fc.oneof({ weight: 3, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = schema.items ?? {};
      const maxLength = Math.min(schema.maxItems ?? 6, 6);
      const minLength = Math.min(schema.minItems ?? 0, maxLength);
      return fc.array(child(items, name), { minLength, maxLength });
    }
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, child(s, k)]));
      const required = (schema.required ?? []).filter((k) => k in props);
      return fc
        .tuple(
          fc.record(model, { requiredKeys: required }),
          fc.option(
            fc.tuple(fc.constantFrom('extra', 'id', 'role', 'user_id', 'is_superuser'), hostileValue),
            {
              freq: 5,
            },
          ),
        )
        .map(([obj, extra]) => (extra ? { ...obj, [extra[0]]: extra[1] } : obj));
    }
    default:
      return undefined;
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const options: fc.Arbitrary<unknown>[] = [fc.string({ minLength, maxLength })];
  if (schema.format === 'date-time') options.push(isoDateTime);
  else if (schema.format === 'date') options.push(isoDate);
  else if (schema.format === 'email') options.push(fc.emailAddress());
  else if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern fast-check cannot generate from: plain strings do.
    }
  }
  if (schema.maxLength !== undefined) options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  return fc.oneof(...options);
}

/** A valid-looking value of the schema, with a broken value in any part now and then. */
export function mixedValue(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const child: Child = (s, n) => mixedValue(s, n, pools);
  return fc.oneof(
    { weight: 5, arbitrary: shaped(schema, name, pools, child) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** A value of the schema's shape throughout (it may still break rules the schema cannot say). */
export function shapedValue(schema: JsonSchema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const child: Child = (s, n) => shapedValue(s, n, pools);
  return shaped(schema, name, pools, child);
}

/** A path, query or form value as text: what a URL or a form field can carry. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}
