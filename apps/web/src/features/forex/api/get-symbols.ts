// GET /api/forex/symbols/: every symbol with prices.
import { ForexSymbolList } from '@staff/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forexKeys, SYMBOLS_PATH } from './forex-keys';

export function fetchSymbols(signal?: AbortSignal) {
  return api.get(SYMBOLS_PATH, { schema: ForexSymbolList, signal });
}

export function symbolsQueryOptions() {
  return queryOptions({
    queryKey: forexKeys.symbols(),
    queryFn: ({ signal }) => fetchSymbols(signal),
    staleTime: 60_000,
  });
}

export function useSymbols() {
  return useQuery(symbolsQueryOptions());
}
