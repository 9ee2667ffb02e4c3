// GET /media/avatars/<name>: an uploaded file from the media store, whichever process or machine
// stored it. The name carries the content's hash, so an answer never goes stale: a year's
// `immutable` cache, the hash as a strong ETag, 304 for If-None-Match; a replaced or deleted file's
// name answers 404. Shipped files (the logo) stay with the static files (http/static.ts).
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import type { MediaStore } from './store';

/** What an uploaded avatar's name looks like: <user id>-<sha256 hex>.<ext>. */
export const STORED_AVATAR_NAME = /^[1-9]\d{0,15}-[0-9a-f]{64}\.(jpg|png|webp)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2), or is `*`. */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return (header.match(/(W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === etag);
}

export function registerMediaRoutes(app: FastifyInstance, store: MediaStore): void {
  app.get<{ Params: { name: string } }>('/media/avatars/:name', {
    schema: { hide: true },
    handler: async (request, reply) => {
      const { name } = request.params;
      const found = STORED_AVATAR_NAME.test(name) ? await store.get(`avatars/${name}`) : undefined;
      if (!found) throw notFound();
      const etag = `"${found.sha256}"`;
      reply.header('etag', etag).header('cache-control', IMMUTABLE);
      if (noneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(found.contentType).send(found.bytes);
    },
  });
}
