// GET /api/forex/latest/?symbol=: the newest quote with its source and staleness.
import { ForexLatest } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forexKeys, LATEST_PATH } from './forex-keys';

export function fetchLatest(symbol: string, signal?: AbortSignal) {
  return api.get(`${LATEST_PATH}?symbol=${encodeURIComponent(symbol)}`, { schema: ForexLatest, signal });
}

export function latestQueryOptions(symbol: string) {
  return queryOptions({
    queryKey: forexKeys.latest(symbol),
    queryFn: ({ signal }) => fetchLatest(symbol, signal),
    refetchInterval: 60_000,
  });
}

export function useLatest(symbol: string) {
  return useQuery(latestQueryOptions(symbol));
}

/**
 * A symbol's last price for the phone's symbol list: read once a minute at most, not polled (the
 * selected symbol's own quote is), so a list of ten costs ten small reads when the page opens.
 */
export function useLastPrice(symbol: string) {
  return useQuery({
    ...latestQueryOptions(symbol),
    refetchInterval: false,
    staleTime: 60_000,
    select: (latest) => latest.data.last,
  });
}
