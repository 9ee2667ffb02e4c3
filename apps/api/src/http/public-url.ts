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

/** The request's own path and query with another page number, as Django REST Framework links pages. */
export function pageLink(request: FastifyRequest, page: number): string {
  const queryAt = request.url.indexOf('?');
  // Split by hand, not with new URL(): a path starting `//` would be read as a host.
  const path = (queryAt < 0 ? request.url : request.url.slice(0, queryAt)).replace(/\/{2,}/g, '/');
  const query = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
  query.set('page', String(page));
  return publicUrl(request, `${path}?${query}`);
}
