// A paged list's state kept in the URL query (the users list, the audit log), so a reload, a shared
// link and the browser's Back and Forward show the same list. Each list brings how it reads its
// query and how a change rewrites it (features/<x>/<x>-list-params.ts); this hook reads the address
// bar with the one and writes changes back with the other. Changes made before the page re-renders
// (two dates filled quickly) build on each other, not on the rendered query (latest-search-params.ts).
import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { useLatestSearchParams } from './latest-search-params';

/**
 * A query parameter as its contract rule reads it, or `fallback` when the rule refuses it: a list's
 * parse is lenient, so a bad value in an old link gives its default instead of failing the page.
 */
export function readListParam<S extends z.ZodType, F>(
  rule: S,
  value: string | null,
  fallback: F,
): Exclude<z.output<S>, undefined> | F {
  const result = rule.safeParse(value ?? undefined);
  return result.success && result.data !== undefined
    ? (result.data as Exclude<z.output<S>, undefined>)
    : fallback;
}

export type ChangeListParams<P> = (change: Partial<P>, options?: { replace?: boolean }) => void;

export interface UrlListParams<P> {
  /** The list's state from the URL query; lenient, so a bad value gives its default. */
  parse: (query: URLSearchParams) => P;
  /** The URL query once `change` is applied to `state` (a new filter, say, starts again at page 1). */
  queryAfter: (state: P, change: Partial<P>) => URLSearchParams;
}

/** `list` must be a module-level constant: its functions are the hook's dependencies. */
export function useUrlListParams<P>(list: UrlListParams<P>): [P, ChangeListParams<P>] {
  const { parse, queryAfter } = list;
  const [searchParams, updateSearchParams] = useLatestSearchParams();
  const params = useMemo(() => parse(searchParams), [parse, searchParams]);
  const change = useCallback<ChangeListParams<P>>(
    (next, options) =>
      updateSearchParams((latest) => queryAfter(parse(latest), next), {
        replace: options?.replace ?? false,
      }),
    [parse, queryAfter, updateSearchParams],
  );
  return [params, change];
}
