// The URL query of a page whose filters live in the address bar, with an update that builds on the
// latest query. React Router's own `setSearchParams(prev => …)` hands `prev` as of the last render,
// not the last write (its callback closes over the rendered query), so two writes before the page
// re-renders — a 'From' date then a 'To' date filled quickly, a symbol then a range tapped quickly —
// both start from the same old query and the second drops the first. Here each update starts from
// the query this hook last wrote, until the page renders with a newer URL (which may also come from
// Back/Forward or a link, and then wins).
import { useCallback, useRef } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';

export type SearchParamsOptions = Parameters<SetURLSearchParams>[1];
export type UpdateSearchParams = (
  update: (latest: URLSearchParams) => URLSearchParams,
  options?: SearchParamsOptions,
) => void;

export function useLatestSearchParams(): [URLSearchParams, UpdateSearchParams] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The last written query, and the rendered query it was written over: once the page renders a
  // different query, that one is the latest.
  const written = useRef<{ over: URLSearchParams; query: URLSearchParams } | null>(null);
  const update = useCallback<UpdateSearchParams>(
    (next, options) => {
      const pending = written.current;
      const latest = pending && pending.over === searchParams ? pending.query : searchParams;
      const query = next(new URLSearchParams(latest));
      written.current = { over: searchParams, query };
      setSearchParams(query, options);
    },
    [searchParams, setSearchParams],
  );
  return [searchParams, update];
}
