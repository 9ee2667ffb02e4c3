// Optimistic concurrency for the edits people make from a form: a read carries an ETag, an edit
// may send it back as If-Match, and a stale one is refused with 412 inside the edit's transaction.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from './errors';

/**
 * A strong validator of a stored row: a hash of the fields given, in the order given. Derived from
 * what is stored (never from the request), so every process and every replica agrees on it.
 */
export function strongEtag(fields: readonly unknown[]): string {
  const digest = createHash('sha256').update(JSON.stringify(fields)).digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

/**
 * Whether an If-Match header lets an edit of the row with this ETag go ahead (RFC 9110 13.1.1):
 * no header, `*` (the row exists), or one of the listed tags compared strongly (a weak `W/` tag
 * never matches).
 */
export function ifMatchAllows(header: string | undefined, current: string): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value === '*') return true;
  const tags = value.match(/(W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag === current);
}

export const preconditionFailed = (detail: string) =>
  new ApiError(412, { detail, code: 'precondition_failed' });

/** The request headers an edit reads; other headers pass through untouched. */
export const IfMatchHeaders = z
  .object({
    'if-match': z
      .string()
      .optional()
      .describe(
        'The ETag of the GET the edit started from. When it no longer matches the stored row, the edit ' +
          'answers 412 {"detail"} and changes nothing. `*` matches any existing row; without it the edit ' +
          'always goes through.',
      ),
  })
  .passthrough();
