// Absolute URLs the API hands out (avatar_url, next/previous page links) come from PUBLIC_URL, never
// from the request's Host or X-Forwarded-Host, which a client can forge and a cache could then
// replay to others. Without PUBLIC_URL they are root-relative, which browsers resolve themselves.
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured PUBLIC_URL without a trailing slash, or '' for root-relative links. */
    publicOrigin: string;
  }
}

export function registerPublicUrl(app: FastifyInstance, publicUrl: string | undefined): void {
  app.decorate('publicOrigin', publicUrl ?? '');
}

/** What goes in front of a root-relative path to make the link the API answers with. */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.publicOrigin;
}

/** The link for a root-relative path (`/media/avatars/…`, `/api/users/users/?page=2`). */
export function publicUrl(request: FastifyRequest, rootRelativePath: string): string {
  return `${publicOrigin(request)}${rootRelativePath}`;
}

/**
 * The request's list with another page number: the route's path and the request's validated query
 * (`validated`: what the route's schema made of it, defaults included), names sorted as Django REST
 * Framework's `replace_query_param` sorts them. Built from what the route read, not from the raw
 * URL, so requests that differ only in what the route ignores (unknown parameters, order,
 * percent-encoding) get the same links, and a kept answer (decision 0021) holds for all of them.
 */
export function pageLink(request: FastifyRequest, validated: object, page: number): string {
  const route = request.routeOptions.url;
  const queryAt = request.url.indexOf('?');
  // The path as routed; split by hand, not with new URL(): a path starting `//` would be read as a host.
  const path =
    route && !/[:*]/.test(route)
      ? route
      : (queryAt < 0 ? request.url : request.url.slice(0, queryAt)).replace(/\/{2,}/g, '/');
  const query = new URLSearchParams();
  const values: Record<string, unknown> = { ...validated, page };
  for (const name of Object.keys(values).sort()) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return publicUrl(request, `${path}?${query}`);
}
