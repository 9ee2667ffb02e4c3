// Authentication before validation, for every route at once: walks the app's own OpenAPI
// document, so a route added later is covered without touching this file. A stranger gets 401
// from every protected operation, whatever body, query or path they send, never a 400 naming
// fields, a 404 or a 415; and every /api/ operation but the public few declares bearer security.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';

/** Operations anyone may call: they authenticate by their body or a ticket, or not at all. */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/health',
  'POST /api/users/token/',
  'POST /api/users/token/refresh/',
  'POST /api/users/token/blacklist/',
  // The live-quote stream authenticates by a single-use ticket (EventSource cannot send headers).
  'GET /api/stocks/stream/',
]);

/** Plausible values for path parameters, so a route cannot answer 404 before it authenticates. */
const PATH_VALUES: Record<string, string> = {
  id: '1',
  diaryId: '1',
  ticker: 'FPT',
  date: '2026-01-02',
  range: '1d',
};

interface Operation {
  method: string;
  path: string;
  url: string;
  secured: boolean;
  takesBody: boolean;
}

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  const out: Operation[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => PATH_VALUES[name] ?? '1');
      out.push({
        method: method.toUpperCase(),
        path,
        url,
        secured: (operation.security ?? []).some((s) => 'bearerAuth' in s),
        takesBody: ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
      });
    }
  }
  return out;
}

/** What a stranger might send: nothing, garbage of every kind, a forged token. */
function strangerRequests(op: Operation): { name: string; request: InjectOptions }[] {
  const method = op.method as InjectOptions['method'];
  const garbageQuery = '?page=-1&page_size=abc&ordering=password_hash&from=yesterday';
  const requests: { name: string; request: InjectOptions }[] = [
    { name: 'no token', request: { method, url: op.url } },
    { name: 'garbage query', request: { method, url: op.url + garbageQuery } },
    {
      name: 'garbage token',
      request: { method, url: op.url, headers: { authorization: 'Bearer not-a-token' } },
    },
  ];
  if (op.takesBody) {
    requests.push(
      {
        name: 'malformed JSON',
        request: {
          method,
          url: op.url,
          headers: { 'content-type': 'application/json' },
          payload: '{"email": [',
        },
      },
      {
        name: 'wrong fields',
        request: { method, url: op.url, payload: { unexpected: 1, name: ['x'.repeat(500)] } },
      },
      {
        name: 'unsupported content type',
        request: {
          method,
          url: op.url,
          headers: { 'content-type': 'application/x-garbage' },
          payload: 'garbage',
        },
      },
      {
        name: 'broken multipart',
        request: {
          method,
          url: op.url,
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
          payload:
            '--xyz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nnot an image',
        },
      },
    );
  }
  return requests;
}

describe.each(testDatabases())('authentication before validation (%s)', (kind) => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    operations = operationsOf(t.app);
  });
  afterAll(() => t.close());

  it('finds the protected operations of every module in the OpenAPI document', () => {
    const secured = operations.filter((op) => op.secured);
    const modules = new Set(secured.map((op) => op.path.split('/')[2]));
    for (const module of ['users', 'diaries', 'stocks', 'forex', 'cashflow']) {
      expect(modules).toContain(module);
    }
    expect(secured.length).toBeGreaterThan(40);
  });

  it('every /api/ operation other than the public ones declares bearer security', () => {
    const undeclared = operations
      .filter((op) => op.path.startsWith('/api/') && !op.secured)
      .map((op) => `${op.method} ${op.path}`)
      .filter((name) => !PUBLIC_OPERATIONS.has(name));
    expect(undeclared).toEqual([]);
  });

  it('answers 401 to a stranger on every protected operation, before reading the request', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.secured)) {
      for (const { name, request } of strangerRequests(op)) {
        const res = await t.app.inject(request);
        const body = String(res.headers['content-type']).includes('json') ? res.json() : res.body;
        const expectedCode = name === 'garbage token' ? 'token_not_valid' : 'not_authenticated';
        if (res.statusCode !== 401 || body?.code !== expectedCode) {
          wrong.push(`${op.method} ${op.url} (${name}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('changes nothing for a stranger', async () => {
    const before = await t.db.selectFrom('users').select(['id', 'updated_at']).orderBy('id').execute();
    for (const op of operations.filter((o) => o.secured)) {
      const method = op.method as InjectOptions['method'];
      await t.app.inject(op.takesBody ? { method, url: op.url, payload: {} } : { method, url: op.url });
    }
    const after = await t.db.selectFrom('users').select(['id', 'updated_at']).orderBy('id').execute();
    expect(after).toEqual(before);
  });
});
