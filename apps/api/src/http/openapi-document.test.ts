// The OpenAPI document at /api/docs/json is good enough to generate clients from: every operation
// has a stable, unique DRF-style operationId, a summary, declared tags, its security and the error
// answers it can really give (checked against the routes' own facts, and the 413 and 415 by asking
// the app), Redocly's recommended rules find no error in it, and a TypeScript client generated from
// it (openapi-typescript's types with openapi-fetch) type-checks. The app is built in-process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, createTestApp, signIn, type TestApp } from '../test/harness';
import { TAGS } from './docs';
import { drfOperationId } from './operation';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  additionalProperties?: Schema | boolean;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/** Operations anyone may call: they authenticate by their body or a ticket, or not at all. */
const PUBLIC = [
  'GET /api/health',
  'POST /api/users/token/',
  'POST /api/users/token/refresh/',
  'POST /api/users/token/blacklist/',
  'GET /api/stocks/stream/',
];
/** Guarded without a role, and open to a user who must still change their password: no 403. */
const NEVER_FORBIDDEN = ['GET /api/users/profile/', 'PUT /api/users/change-password/'];
/** A CashFlow table's routes a guest seat's invite token is accepted on as well (decision 0033). */
const GUEST_TOO = [
  'GET /api/cashflow/tables/{id}/',
  'POST /api/cashflow/tables/{id}/actions/',
  'GET /api/cashflow/tables/{id}/events/',
  'GET /api/cashflow/tables/{id}/stream/',
];
/** Where a 409 can come: a resource whose state refuses the request (a second running entry, decision 0015). */
const CONFLICTING = [
  'POST /api/diaries/running/',
  // A CashFlow table: a seat taken, an action the engine refuses, a decided pending action, a closed
  // table's actions, a finished one's resume.
  'POST /api/cashflow/tables/join/',
  'POST /api/cashflow/tables/{id}/actions/',
  'POST /api/cashflow/tables/{id}/pending/{seq}/approve/',
  'POST /api/cashflow/tables/{id}/pending/{seq}/reject/',
  'POST /api/cashflow/tables/{id}/resume/',
  // A guest invite for a reserved seat, a taken one, or a table no longer open.
  'POST /api/cashflow/tables/{id}/seats/{seat}/invite/',
];
/**
 * Where a 429 can come: the rate-limit tiers of http/rate-limit.ts (sign-in, refresh and logout per
 * address, wrong old passwords per user, avatar uploads per user, CashFlow join codes per user) and
 * the stream's open-stream cap.
 */
const THROTTLED = [
  'POST /api/users/token/',
  'POST /api/users/token/refresh/',
  'POST /api/users/token/blacklist/',
  'PUT /api/users/change-password/',
  'PUT /api/users/profile/',
  'GET /api/stocks/stream/',
  'POST /api/cashflow/tables/join/',
];

/**
 * Every operation's id. Generated clients name their functions after these, so a change here
 * breaks every client: change one only on purpose (a new route adds its line).
 */
const OPERATION_IDS = `
GET /api/health health_retrieve
POST /api/users/token/ users_token_create
POST /api/users/token/refresh/ users_token_refresh_create
POST /api/users/token/blacklist/ users_token_blacklist_create
GET /api/users/profile/ users_profile_retrieve
PUT /api/users/profile/ users_profile_update
PUT /api/users/change-password/ users_change_password_update
GET /api/users/roles/ users_roles_list
GET /api/users/users/ users_users_list
POST /api/users/users/ users_users_create
GET /api/users/users/template/ users_users_template_retrieve
POST /api/users/users/import/ users_users_import_create
GET /api/users/users/{id}/ users_users_retrieve
PUT /api/users/users/{id}/ users_users_update
DELETE /api/users/users/{id}/ users_users_destroy
GET /api/users/search/ users_search_list
GET /api/audit-events/ audit_events_list
GET /api/diaries/running/ diaries_running_retrieve
POST /api/diaries/running/ diaries_running_create
DELETE /api/diaries/running/ diaries_running_destroy
POST /api/diaries/running/stop/ diaries_running_stop_create
GET /api/diaries/jars/ diaries_jars_list
PATCH /api/diaries/jars/{id}/ diaries_jars_partial_update
GET /api/diaries/categories/ diaries_categories_list
POST /api/diaries/categories/ diaries_categories_create
PATCH /api/diaries/categories/{id}/ diaries_categories_partial_update
DELETE /api/diaries/categories/{id}/ diaries_categories_destroy
GET /api/diaries/diaries/ diaries_diaries_list
POST /api/diaries/diaries/ diaries_diaries_create
GET /api/diaries/entries/ diaries_entries_list
GET /api/diaries/entries/export/ diaries_entries_export_retrieve
GET /api/diaries/entries/{id}/ diaries_entries_retrieve
PATCH /api/diaries/entries/{id}/ diaries_entries_partial_update
DELETE /api/diaries/entries/{id}/ diaries_entries_destroy
GET /api/diaries/analysis/ diaries_analysis_retrieve
GET /api/diaries/analysis/charts/ diaries_analysis_charts_retrieve
GET /api/diaries/{diaryId}/entries/ diaries_diary_entries_list
POST /api/diaries/{diaryId}/entries/ diaries_diary_entries_create
GET /api/stocks/stocks/ stocks_stocks_list
POST /api/stocks/stocks/ stocks_stocks_create
GET /api/stocks/stocks/{ticker}/ stocks_stocks_retrieve
PATCH /api/stocks/stocks/{ticker}/ stocks_stocks_partial_update
GET /api/stocks/catalogue/ stocks_catalogue_list
GET /api/stocks/exchanges/ stocks_exchanges_list
GET /api/stocks/snapshots/ stocks_snapshots_list
GET /api/stocks/snapshots/{ticker}/ stocks_snapshots_retrieve
GET /api/stocks/realtime/ stocks_realtime_list
POST /api/stocks/prices/ stocks_prices_create
GET /api/stocks/prices/ stocks_prices_list
GET /api/stocks/watchlists/ stocks_watchlists_list
POST /api/stocks/watchlists/ stocks_watchlists_create
GET /api/stocks/watchlists/{id}/ stocks_watchlists_retrieve
PATCH /api/stocks/watchlists/{id}/ stocks_watchlists_partial_update
DELETE /api/stocks/watchlists/{id}/ stocks_watchlists_destroy
POST /api/stocks/watchlists/{id}/add_item/ stocks_watchlists_add_item_create
PATCH /api/stocks/watchlists/{id}/items/{item_id}/ stocks_watchlists_items_partial_update
POST /api/stocks/watchlists/{id}/remove_item/ stocks_watchlists_remove_item_create
GET /api/stocks/holidays/ stocks_holidays_list
POST /api/stocks/holidays/ stocks_holidays_create
DELETE /api/stocks/holidays/{date}/ stocks_holidays_destroy
GET /api/stocks/status/ stocks_status_retrieve
POST /api/stocks/stream-ticket/ stocks_stream_ticket_create
GET /api/stocks/stream/ stocks_stream_retrieve
GET /api/forex/symbols/ forex_symbols_retrieve
GET /api/forex/latest/ forex_latest_retrieve
GET /api/forex/{range}/ forex_retrieve
POST /api/cashflow/sessions/finalize/ cashflow_sessions_finalize_create
GET /api/cashflow/sessions/ cashflow_sessions_list
GET /api/cashflow/leaderboard/ cashflow_leaderboard_retrieve
POST /api/cashflow/tables/ cashflow_tables_create
GET /api/cashflow/tables/ cashflow_tables_list
POST /api/cashflow/tables/join/ cashflow_tables_join_create
GET /api/cashflow/tables/{id}/ cashflow_tables_retrieve
POST /api/cashflow/tables/{id}/actions/ cashflow_tables_actions_create
POST /api/cashflow/tables/{id}/seats/{seat}/invite/ cashflow_tables_seats_seat_invite_create
DELETE /api/cashflow/tables/{id}/seats/{seat}/invite/ cashflow_tables_seats_seat_invite_destroy
POST /api/cashflow/tables/{id}/pending/{seq}/approve/ cashflow_tables_pending_seq_approve_create
POST /api/cashflow/tables/{id}/pending/{seq}/reject/ cashflow_tables_pending_seq_reject_create
GET /api/cashflow/tables/{id}/events/ cashflow_tables_events_retrieve
GET /api/cashflow/tables/{id}/stream/ cashflow_tables_stream_retrieve
GET /api/cashflow/tables/{id}/export/ cashflow_tables_export_retrieve
POST /api/cashflow/tables/{id}/resume/ cashflow_tables_resume_create
`
  .trim()
  .split('\n');

/**
 * Redocly's recommended warnings left on purpose, each with its reason. Any other warning (or any
 * error) fails the test.
 */
const ACCEPTED_WARNINGS = [
  // The specification's paths: /api/diaries/{diaryId}/entries/ beside /api/diaries/jars/{id}/ (both
  // match /api/diaries/jars/entries/, which the router gives to the static segment).
  'no-ambiguous-paths',
  // The project names no licence, and the document does not invent one.
  'info-license',
];

/** Recommended rules switched off, each with its reason. */
const SWITCHED_OFF = {
  // Django REST Framework's paths end in a slash, and the specification's paths are DRF's.
  'no-path-trailing-slash': 'off',
} as const;

const PLAIN_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

function operationsOf(doc: Document) {
  return Object.entries(doc.paths).flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${route}`,
      method,
      route,
      operation,
    })),
  );
}

/** Whether a schema is the API's error shape: `{"detail", "code"}`, field errors, or a choice of those. */
function isErrorShape(schema: Schema): boolean {
  if (schema.anyOf) return schema.anyOf.every(isErrorShape);
  if (schema.type !== 'object') return false;
  const fieldErrors = schema.additionalProperties;
  if (typeof fieldErrors === 'object' && !schema.properties) {
    return fieldErrors.type === 'array' && (fieldErrors as { items?: Schema }).items?.type === 'string';
  }
  return schema.properties?.detail?.type === 'string';
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
    dir = await mkdtemp(path.join(tmpdir(), 'openapi-document-'));
    file = path.join(dir, 'openapi.json');
    await writeFile(file, res.body);
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('names every operation once, as its path and method make it in DRF style, and the names stay', () => {
    const operations = operationsOf(doc);
    const ids = operations.map((o) => o.operation.operationId ?? '(none)');
    expect(ids.filter((id) => !PLAIN_NAME.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.map((o) => `${o.key} ${o.operation.operationId}`)).toEqual(OPERATION_IDS);
  });

  it('derives operationIds as drf-spectacular does, nested resources named by their parent', () => {
    expect(drfOperationId('get', '/api/users/users/', true)).toBe('users_users_list');
    expect(drfOperationId('get', '/api/users/users/{id}/', false)).toBe('users_users_retrieve');
    expect(drfOperationId('patch', '/api/diaries/entries/{id}/', false)).toBe(
      'diaries_entries_partial_update',
    );
    expect(drfOperationId('put', '/api/users/change-password/', false)).toBe('users_change_password_update');
    expect(drfOperationId('get', '/api/diaries/{diaryId}/entries/', true)).toBe('diaries_diary_entries_list');
    expect(drfOperationId('post', '/api/stocks/watchlists/{id}/add_item/', false)).toBe(
      'stocks_watchlists_add_item_create',
    );
    expect(drfOperationId('get', '/api/forex/latest/', false)).toBe('forex_latest_retrieve');
  });

  it('gives every operation a summary and declared tags, and every declared tag a description and a use', () => {
    const operations = operationsOf(doc);
    expect(operations.filter((o) => !o.operation.summary?.trim()).map((o) => o.key)).toEqual([]);
    expect(operations.filter((o) => (o.operation.tags ?? []).length !== 1).map((o) => o.key)).toEqual([]);
    const declared = (doc.tags ?? []).map((tag) => tag.name);
    expect(declared).toEqual(TAGS.map((tag) => tag.name));
    expect((doc.tags ?? []).filter((tag) => !tag.description?.trim())).toEqual([]);
    const used = new Set(operations.flatMap((o) => o.operation.tags ?? []));
    expect([...used].filter((tag) => !declared.includes(tag))).toEqual([]);
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('says the security of every operation: the bearer JWT (or a table guest’s token too), or none for the public few', () => {
    for (const { key, operation } of operationsOf(doc)) {
      expect(operation.security, key).toEqual(
        PUBLIC.includes(key)
          ? []
          : GUEST_TOO.includes(key)
            ? [{ bearerAuth: [] }, { guestInvite: [] }]
            : [{ bearerAuth: [] }],
      );
    }
  });

  it('lists the error answers each route can give, in the API error shape, and only those', () => {
    for (const { key, operation } of operationsOf(doc)) {
      const statuses = Object.keys(operation.responses).filter((s) => s.startsWith('4'));
      const secured = !PUBLIC.includes(key);
      const takesBody = operation.requestBody !== undefined;
      const hasPathParameter = (operation.parameters ?? []).some((p) => p.in === 'path');
      const takesIfMatch = (operation.parameters ?? []).some(
        (p) => p.in === 'header' && p.name === 'if-match',
      );
      const expected = [
        // Every path and query is read by the null-character guard, and most by a schema.
        '400',
        ...(secured || key.startsWith('POST /api/users/token/') || key === 'GET /api/stocks/stream/'
          ? ['401']
          : []),
        ...((secured && !NEVER_FORBIDDEN.includes(key)) || key === 'GET /api/stocks/stream/' ? ['403'] : []),
        // An item, or a page past the last, or another user's data.
        ...(hasPathParameter || statuses.includes('404') ? ['404'] : []),
        ...(CONFLICTING.includes(key) ? ['409'] : []),
        ...(takesIfMatch ? ['412'] : []),
        ...(takesBody ? ['413', '415'] : []),
        ...(THROTTLED.includes(key) ? ['429'] : []),
      ];
      expect(statuses, key).toEqual(expected);
      for (const status of statuses) {
        const answer = operation.responses[status];
        expect(answer?.description, `${key} ${status}`).not.toBe('Default Response');
        const schema = answer?.content?.['application/json']?.schema;
        expect(schema && isErrorShape(schema), `${key} ${status} is in the error shape`).toBe(true);
      }
    }
  });

  it('answers 413 over the body limit and 415 for another media type wherever a body is taken', async () => {
    const { access } = await signIn(t.app, ADMIN.email, ADMIN.password);
    const withBody = operationsOf(doc).filter((o) => o.operation.requestBody);
    expect(withBody.length).toBeGreaterThan(20);
    const big = JSON.stringify({ padding: 'x'.repeat(1024 * 1024) });
    for (const { key, method, route } of withBody) {
      const url = route.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'date' ? '2026-01-02' : '1'));
      const headers = PUBLIC.includes(key) ? {} : bearer(access);
      const method_ = method.toUpperCase() as 'POST' | 'PUT' | 'PATCH';
      const tooLarge = await t.app.inject({
        method: method_,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: big,
      });
      expect(tooLarge.statusCode, key).toBe(413);
      const otherType = await t.app.inject({
        method: method_,
        url,
        headers: { ...headers, 'content-type': 'application/xml' },
        payload: '<hello/>',
      });
      expect(otherType.statusCode, key).toBe(415);
    }
  }, 60_000);

  it("passes Redocly's recommended rules: no error, and no warning but the accepted ones", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: SWITCHED_OFF });
    const problems = await lint({ ref: file, config });
    const shown = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
    );
    expect(shown.filter((p) => p.startsWith('error'))).toEqual([]);
    expect(shown.filter((p) => !ACCEPTED_WARNINGS.some((rule) => p.startsWith(`warn ${rule}:`)))).toEqual([]);
  });

  it('generates a TypeScript client that type-checks, with a function per operationId', async () => {
    const types = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    await writeFile(path.join(dir, 'api.d.ts'), types);
    // A client as a web app would write one: openapi-fetch typed by the generated paths.
    const client = `
      import createClient from 'openapi-fetch';
      import type { operations, paths } from './api';

      const api = createClient<paths>({ baseUrl: 'http://localhost:8000' });

      export async function example(token: string): Promise<number> {
        const headers = { authorization: \`Bearer \${token}\` };
        const users = await api.GET('/api/users/users/', { params: { query: { page: 2, search: 'nguyen' } }, headers });
        const count: number = users.data?.count ?? 0;
        const edit = await api.PATCH('/api/diaries/entries/{id}/', {
          params: { path: { id: 7 }, header: { 'if-match': '"abc"' } },
          body: { note: 'edited' },
          headers,
        });
        const detail = edit.error?.detail;
        const conflict: string | undefined =
          edit.response.status === 412 && typeof detail === 'string' ? detail : undefined;
        const signIn = await api.POST('/api/users/token/', { body: { email: 'a@example.com', password: 'x' } });
        const access: string | undefined = signIn.data?.access;
        return count + (conflict ? 1 : 0) + (access ? 1 : 0);
      }

      type ListUsers = operations['users_users_list'];
      export type Page = ListUsers['responses'][200]['content']['application/json'];
    `;
    await writeFile(path.join(dir, 'client.ts'), client);
    const require = createRequire(import.meta.url);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      paths: { 'openapi-fetch': [path.dirname(require.resolve('openapi-fetch/package.json'))] },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    for (const id of OPERATION_IDS.map((line) => line.split(' ')[2])) expect(types).toContain(`${id}: {`);
  }, 120_000);
});
