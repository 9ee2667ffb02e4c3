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
