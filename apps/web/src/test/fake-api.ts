// A stand-in for the API in component tests: answers fetch() by method and path, records each call.
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  body: BodyInit | null | undefined;
  headers: Headers;
}

export type Handler = (request: FakeRequest) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs the global fetch; `routes` maps "METHOD /path/" (no query) to a handler. Unknown calls get 404. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: new URL(String(input), 'http://localhost'),
      body: init.body,
      headers: new Headers(init.headers),
    };
    calls.push(request);
    const handler = routes[`${request.method} ${request.url.pathname}`];
    return handler ? handler(request) : jsonResponse(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** Calls to one "METHOD /path/". */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.url.pathname}` === route),
  };
}

/**
 * A paged list endpoint over `items` (the users list, the audit log), paging like the API: `page`
 * and `page_size` from the query, and 404 "Invalid page." past the last page.
 */
export function pagedList(items: readonly unknown[], defaultPageSize: number): Handler {
  return ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('page_size') ?? defaultPageSize);
    const last = Math.max(1, Math.ceil(items.length / size));
    if (page > last) return jsonResponse(404, { detail: 'Invalid page.' });
    return jsonResponse(200, {
      count: items.length,
      next: null,
      previous: null,
      results: items.slice((page - 1) * size, page * size),
    });
  };
}

/** The fields of a multipart body, for assertions. */
export function formFields(body: BodyInit | null | undefined): Record<string, string> {
  if (!(body instanceof FormData)) throw new Error('expected a FormData body');
  const fields: Record<string, string> = {};
  for (const [key, value] of body.entries())
    fields[key] = typeof value === 'string' ? value : `[file ${value.name}]`;
  return fields;
}
