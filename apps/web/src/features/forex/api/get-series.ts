// GET /api/forex/{daily|monthly|yearly}/?symbol=: the chart's points, downsampled by the server.
import { type ForexRange, ForexSeries } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forexKeys, rangePath } from './forex-keys';

export function fetchSeries(symbol: string, range: ForexRange, signal?: AbortSignal) {
  return api.get(`${rangePath(range)}?symbol=${encodeURIComponent(symbol)}`, { schema: ForexSeries, signal });
}

export function seriesQueryOptions(symbol: string, range: ForexRange) {
  return queryOptions({
    queryKey: forexKeys.series(symbol, range),
    queryFn: ({ signal }) => fetchSeries(symbol, range, signal),
    // New points arrive every few minutes; refresh the chart now and then while it is open.
    refetchInterval: 5 * 60_000,
  });
}

export function useSeries(symbol: string, range: ForexRange) {
  return useQuery(seriesQueryOptions(symbol, range));
}
