// Whole hostile requests for one route: who sends it, path parameters, query string, headers
// and body (JSON shaped by the contract, broken JSON, junk, other content types, multipart).
import type { Role } from '@staff/contracts';
import fc from 'fast-check';
import { IMAGES } from '../harness';
import { asText, hostileValue, type JsonSchema, mixedValue, type Pools, shapedValue } from './arbitraries';
import type { FuzzRoute } from './routes';
import type { FuzzWorld, OutgoingRequest } from './world';

export type Sender = Role | 'signed out';

export interface FuzzCase {
  as: Sender;
  request: OutgoingRequest;
}

/** Path values that name nothing, or that a careless parser turns into something. */
const BAD_PATH_VALUES = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '0x1',
  '00001',
  ' 1',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  'null',
  'undefined',
  '__proto__',
  'é',
  "1' OR '1'='1",
];
/** Sent as they are, not percent-encoded: malformed escapes and dot segments. */
const RAW_PATH_VALUES = ['%', '%ZZ', '%E0%A4%A', '%2F', '%00', '..', '.', '%2e%2e', ';', '1;x=2'];

const RAW_QUERY_EXTRAS = [
  '&%ZZ=1',
  '&%=%',
  '&a[b]=1',
  '&a[]=1&a[]=2',
  '&=&&=',
  '&__proto__[admin]=1',
  '&constructor[prototype][x]=1',
  '&page=1&page=2',
  '&tickers=FZA&tickers=FZB',
  `&q=${'x'.repeat(5000)}`,
  '&search=%00',
  '&user=1&user=2',
];

const BROKEN_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  '1e999',
  'null',
  '""',
  '[]',
  'true',
  ' ',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":"\\ud800"}',
  '\ufeff{}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nothing-matches',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'application/octet-stream',
  'text/event-stream',
  '*/*',
  'image/png',
];

/** Percent-encodes like a browser, which sends a lone surrogate as U+FFFD rather than failing. */
const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udfff]/g, (c, i: number) => {
      const code = c.charCodeAt(0);
      const next = s.charCodeAt(i + 1);
      const prev = s.charCodeAt(i - 1);
      const paired = code < 0xdc00 ? next >= 0xdc00 && next <= 0xdfff : prev >= 0xd800 && prev < 0xdc00;
      return paired ? c : '\ufffd';
    }),
  );

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function signedOutAuthorization(world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const staff = world.identities.staff;
  const [h, p] = staff.access.split('.');
  const tampered = `${h}.${p}.${'A'.repeat(43)}`;
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ token_type: 'access', user_id: world.identities.admin.id, exp: 4_102_444_800 })}.`;
  return fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      `Bearer ${staff.refresh}`,
      `Bearer ${tampered}`,
      `Bearer ${algNone}`,
      `Token ${staff.access}`,
      `Bearer ${'x'.repeat(8000)}`,
    ),
    fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
    fc.string({ maxLength: 60 }),
  );
}

function authorization(world: FuzzWorld, as: Sender): fc.Arbitrary<string | undefined> {
  if (as === 'signed out') return signedOutAuthorization(world);
  const { access } = world.identities[as];
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${access}`) },
    { weight: 1, arbitrary: fc.constant(`bearer   ${access}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${access} extra`) },
  );
}

/** Header values must be printable ASCII for the HTTP layer to carry them at all. */
const headerText = fc.string({
  maxLength: 40,
  unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode),
});

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.constantFrom(
      '*/*',
      'text/html',
      'application/xml',
      'application/json;q=0',
      'text/event-stream',
      '',
    ),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', 'x'),
    host: fc.constantFrom(
      'localhost',
      'evil.example',
      'a b',
      '[::1',
      '::::',
      '%zz',
      'x'.repeat(300),
      'h:99999',
    ),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
    'x-forwarded-host': fc.constantFrom('evil.example', 'a b'),
    'x-forwarded-proto': fc.constantFrom('https', 'gopher', ''),
    'last-event-id': fc.constantFrom('-1', 'abc', '1e10', '99999999999999999999', '0', '1.5'),
    origin: fc.constantFrom('null', 'https://evil.example'),
    cookie: headerText,
    range: fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=x'),
    'if-none-match': headerText,
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT'),
    'x-custom': headerText,
  },
  { requiredKeys: [] },
);

function pathValue(name: string, schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  const pool =
    name === 'ticker'
      ? pools.tickers
      : name === 'date'
        ? pools.dates
        : schema.enum
          ? (schema.enum as string[])
          : pools.ids.map(String);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pool).map((v) => encode(String(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_PATH_VALUES).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_VALUES) },
    { weight: 2, arbitrary: mixedValue(schema, name, pools).map((v) => encode(asText(v))) },
  );
}

function queryString(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<string> {
  const tickets = Object.values(world.identities)
    .map((i) => i.streamTicket)
    .filter((t): t is string => t !== null);
  const params = route.params.filter((p) => p.in === 'query');
  const values = params.map((p) => {
    const value =
      p.name === 'ticket' && tickets.length
        ? fc.oneof(fc.constantFrom(...tickets), mixedValue(p.schema, p.name, world.pools))
        : mixedValue(p.schema, p.name, world.pools);
    return fc.option(value, { freq: 3, nil: undefined });
  });
  return fc
    .tuple(fc.tuple(...values), fc.option(fc.constantFrom(...RAW_QUERY_EXTRAS), { freq: 4, nil: '' }))
    .map(([vals, extra]) => {
      const search = new URLSearchParams();
      vals.forEach((v, i) => {
        if (v === undefined) return;
        const name = (params[i] as { name: string }).name;
        for (const one of Array.isArray(v) && v.length > 0 ? v : [v]) search.append(name, asText(one));
      });
      const text = search.toString() + extra;
      return text ? `?${text.replace(/^&/, '')}` : '';
    });
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

let oversizedFile: Buffer | undefined;
const oversized = () => {
  oversizedFile ??= Buffer.alloc(5 * 1024 * 1024 + 1, 0x41);
  return oversizedFile;
};

function fileArb(
  world: FuzzWorld,
  field: string,
): fc.Arbitrary<{ field: string; name: string; type: string; bytes: Buffer }> {
  const bytes = fc.oneof(
    fc.constantFrom(
      IMAGES.png,
      IMAGES.jpeg,
      IMAGES.webp,
      world.files.xlsx as Buffer,
      world.files.corrupt as Buffer,
      Buffer.alloc(0),
      Buffer.from('PK\u0003\u0004garbage-that-is-no-zip'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    ),
    fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
    fc.constant(null).map(() => oversized()),
  );
  return fc.record({
    field: fc.constantFrom(field, field, 'other'),
    name: fc.constantFrom('a.png', 'users.xlsx', '../../evil.sh', 'x'.repeat(300), '"quoted".txt', ''),
    type: fc.constantFrom(
      'image/png',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/plain',
      '',
    ),
    bytes,
  });
}

function multipartBody(
  fields: [string, string][],
  file: { field: string; name: string; type: string; bytes: Buffer } | null,
  breakage: 'none' | 'truncate' | 'boundary',
): Body {
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  if (breakage === 'truncate') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const header =
    breakage === 'boundary'
      ? 'multipart/form-data; boundary=other'
      : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType: header };
}

const formFields = (value: unknown): [string, string][] =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).map(([k, v]) => [k, asText(v)])
    : [['data', asText(value)]];

function bodyArb(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<Body> {
  const schema = route.body ?? { type: 'object' };
  const { pools } = world;
  const json = (v: unknown): Body => ({
    payload: JSON.stringify(v) ?? 'null',
    contentType: 'application/json',
  });
  const withBody =
    route.body !== undefined || route.fileField !== undefined || !['GET', 'DELETE'].includes(route.method);
  const none = fc.constant<Body>({});
  const junk = fc.oneof(
    hostileValue.map(json),
    fc.constantFrom(...BROKEN_JSON).map((payload): Body => ({ payload, contentType: 'application/json' })),
    fc
      .tuple(
        fc.constantFrom(...CONTENT_TYPES),
        fc.oneof(fc.string({ maxLength: 200 }), shapedValue(schema, '', pools).map(asText)),
      )
      .map(([contentType, payload]): Body => ({ payload, contentType })),
    fc.constant<Body>({
      payload: JSON.stringify({ big: 'x'.repeat(1_100_000) }),
      contentType: 'application/json',
    }),
  );
  if (!withBody) return fc.oneof({ weight: 6, arbitrary: none }, { weight: 1, arbitrary: junk });
  const multipart = fc
    .tuple(
      mixedValue(schema, '', pools),
      route.fileField ? fc.option(fileArb(world, route.fileField), { freq: 3 }) : fc.constant(null),
      fc.constantFrom<'none' | 'truncate' | 'boundary'>('none', 'none', 'none', 'truncate', 'boundary'),
    )
    .map(([value, file, breakage]) => multipartBody(formFields(value), file, breakage));
  return fc.oneof(
    { weight: 1, arbitrary: none },
    { weight: 4, arbitrary: shapedValue(schema, '', pools).map(json) },
    { weight: 5, arbitrary: mixedValue(schema, '', pools).map(json) },
    { weight: 2, arbitrary: junk },
    { weight: route.fileField || !route.body?.properties ? 3 : 1, arbitrary: multipart },
  );
}

const SENDERS: { weight: number; arbitrary: fc.Arbitrary<Sender> }[] = [
  { weight: 3, arbitrary: fc.constant('admin') },
  { weight: 2, arbitrary: fc.constant('manager') },
  { weight: 2, arbitrary: fc.constant('staff') },
  { weight: 2, arbitrary: fc.constant('ndf') },
  { weight: 1, arbitrary: fc.constant('signed out') },
];

export function fuzzCase(route: FuzzRoute, world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const pathParams = route.params.filter((p) => p.in === 'path');
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.name, p.schema, world.pools)))
    .map((values) =>
      values.reduce<string>(
        (url, v, i) => url.replace(`{${(pathParams[i] as { name: string }).name}}`, v),
        route.path,
      ),
    );
  const method =
    route.method === 'GET' ? fc.constantFrom('GET', 'GET', 'GET', 'GET', 'HEAD') : fc.constant(route.method);
  // Each sender's arbitrary is built once per route, not once per case: `chain` calls this for every
  // case drawn, and building the body and query arbitraries (a 1.1 MB JSON body among the junk) was
  // most of the fuzz's time (51 of 69 s on SQLite). Arbitraries hold no state: the cases drawn are
  // the same, byte for byte but for the tokens each run signs anew (compared over a whole run).
  const bySender = new Map<Sender, fc.Arbitrary<FuzzCase>>();
  const caseAs = (as: Sender): fc.Arbitrary<FuzzCase> => {
    let arb = bySender.get(as);
    if (!arb) {
      arb = caseArbitrary(as);
      bySender.set(as, arb);
    }
    return arb;
  };
  const caseArbitrary = (as: Sender): fc.Arbitrary<FuzzCase> =>
    fc
      .record({
        method,
        path,
        query: queryString(route, world),
        auth: authorization(world, as),
        headers: extraHeaders,
        body: bodyArb(route, world),
      })
      .map(({ method, path, query, auth, headers, body }): FuzzCase => {
        const all: Record<string, string> = { ...headers };
        if (auth !== undefined) all.authorization = auth;
        if (body.contentType !== undefined) all['content-type'] = body.contentType;
        return {
          as,
          request: {
            method,
            url: path + query,
            headers: all,
            ...(body.payload !== undefined && method !== 'HEAD' ? { payload: body.payload } : {}),
          },
        };
      });
  return fc.oneof(...SENDERS).chain(caseAs);
}

/** The whole route table at once: any method on any path, known or not. */
export function strayRequest(world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const segment = fc.oneof(
    fc.constantFrom(
      'api',
      'users',
      'diaries',
      'stocks',
      'forex',
      'cashflow',
      'media',
      'docs',
      '..',
      '%2e%2e',
      '%ZZ',
      '',
    ),
    fc.string({ maxLength: 12 }).map(encode),
  );
  return fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
      segments: fc.array(segment, { maxLength: 5 }),
      slash: fc.boolean(),
      as: fc.constantFrom<Sender>('admin', 'signed out'),
    })
    .map(({ method, segments, slash, as }) => ({
      as,
      request: {
        method,
        url: `/api/${segments.join('/')}${slash ? '/' : ''}`,
        headers: (as === 'admin'
          ? { authorization: `Bearer ${world.identities.admin.access}` }
          : {}) as Record<string, string>,
      },
    }));
}
