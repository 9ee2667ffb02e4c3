// The calls of the stock charts and the demo labels (issue 26): whether the prices are generated
// (GET /stocks/status/), a stock's whole daily history for the candlesticks, and the month's bars of
// a list's tickers for the analysis. Keys start with stockKeys.all, so the stocks invalidations reach them.
import { PriceRecordList, StocksStatus } from '@staff/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { STOCKS_API, stockKeys } from './api';
import { HISTORY_SINCE } from './candles';

export const chartKeys = {
  status: () => [...stockKeys.all, 'status'] as const,
};

/** The server's market-data mode: it changes only when the server restarts with another MARKET_DATA. */
export function stocksStatusQueryOptions() {
  return queryOptions({
    queryKey: chartKeys.status(),
    queryFn: ({ signal }) => api.get(`${STOCKS_API}status/`, { schema: StocksStatus, signal }),
    staleTime: 30 * 60_000,
  });
}

export function useStocksStatus() {
  return useQuery(stocksStatusQueryOptions());
}

/** GET /stocks/prices/?ticker=&since=: a ticker's daily bars from `since`, oldest first. */
export function pricesQueryOptions(ticker: string, since: string) {
  return queryOptions({
    queryKey: stockKeys.prices(ticker, since),
    queryFn: ({ signal }) =>
      api.get(`${STOCKS_API}prices/?ticker=${encodeURIComponent(ticker)}&since=${since}`, {
        schema: PriceRecordList,
        signal,
      }),
  });
}

/** Every daily bar the server has of a ticker (the range buttons zoom into them, no call each). */
export function usePriceHistory(ticker: string) {
  return useQuery(pricesQueryOptions(ticker, HISTORY_SINCE));
}

/**
 * Each ticker's bars since `since` (the month's first day), one call per ticker, in the tickers'
 * order: `data[i]` is `tickers[i]`'s (undefined until it comes), stable while the answers are.
 */
export function useBarsSince(tickers: readonly string[], since: string | null) {
  return useQueries({
    queries: tickers.map((ticker) => ({
      ...pricesQueryOptions(ticker, since ?? ''),
      enabled: since !== null,
    })),
    combine: (results) => ({
      data: results.map((r) => r.data),
      isPending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error ?? null,
      retry: () => {
        for (const r of results) if (r.isError) void r.refetch();
      },
    }),
  });
}
