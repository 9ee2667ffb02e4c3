// Text with a NUL character is refused as Django REST Framework refuses it ("Null characters are
// not allowed."): PostgreSQL cannot store one, so it would otherwise fail the query with a 500.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

export const NULL_CHARACTERS_MESSAGE = 'Null characters are not allowed.';

/** The dotted paths of every string inside `value` that holds a NUL character. */
function pathsWithNul(value: unknown, path: string, out: string[], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path || 'non_field_errors');
  } else if (value && typeof value === 'object' && depth < 64) {
    for (const [key, inner] of Object.entries(value)) {
      pathsWithNul(inner, path ? `${path}.${key}` : key, out, depth + 1);
    }
  }
  return out;
}

/** Throws 400 {"field": ["Null characters are not allowed."]} when any text in `value` holds a NUL. */
export function refuseNullCharacters(...values: unknown[]): void {
  const paths = values.flatMap((v) => pathsWithNul(v, '', []));
  if (paths.length > 0)
    throw badRequest(Object.fromEntries(paths.map((p) => [p, [NULL_CHARACTERS_MESSAGE]])));
}

/** Checks path parameters, the query string and a parsed body before any route validates them. */
export function registerNullCharacterGuard(app: FastifyInstance): void {
  // Synchronous: a throw here is answered as the async hook's rejection was, without a promise on
  // every request (issue 22).
  app.addHook('preValidation', (request, _reply, done) => {
    refuseNullCharacters(request.params, request.query, request.body);
    done();
  });
}
