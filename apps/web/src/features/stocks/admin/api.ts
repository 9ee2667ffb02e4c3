// The stock administration calls (issue 26) as TanStack Query hooks: the catalogue's paged list, one
// stock with its ETag, creating and editing stocks, price records, the holiday table. Keys sit under
// the stocks prefix, and every write invalidates that whole prefix: a stock's name, a day's bar or a
// holiday changes the watchlists' cards, the stock page and its chart as well.
import {
  ExchangeList,
  MarketHoliday,
  type MarketHolidayCreate,
  MarketHolidayList,
  PriceRecord,
  type PriceRecordCreateInput,
  PriceRecordList,
  Stock,
  type StockCreateInput,
  StockPage,
  type StockUpdateInput,
} from '@staff/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Versioned } from '../../../lib/api-client';
import { fetchPageOrLast } from '../../../lib/fetch-page-or-last';
import { STOCKS_API, stockKeys } from '../api';
import { type CatalogueParams, catalogueQuery } from './catalogue-params';

export const stockAdminKeys = {
  all: [...stockKeys.all, 'admin'] as const,
  exchanges: () => [...stockAdminKeys.all, 'exchanges'] as const,
  catalogue: (params: CatalogueParams) => [...stockAdminKeys.all, 'catalogue', params] as const,
  tickers: (search: string) => [...stockAdminKeys.all, 'tickers', search] as const,
  stock: (ticker: string) => [...stockAdminKeys.all, 'stock', ticker] as const,
  prices: (ticker: string, since: string) => [...stockAdminKeys.all, 'prices', ticker, since] as const,
  holidays: (year: number) => [...stockAdminKeys.all, 'holidays', year] as const,
};

const stockPath = (ticker: string) => `${STOCKS_API}stocks/${encodeURIComponent(ticker)}/`;

/** Everything the stocks screens show may have changed. */
function useInvalidateStocks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: stockKeys.all });
}

export function useExchanges() {
  return useQuery({
    queryKey: stockAdminKeys.exchanges(),
    queryFn: ({ signal }) => api.get(`${STOCKS_API}exchanges/`, { schema: ExchangeList, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

// --- The catalogue

export type CataloguePage = StockPage & { page: number };

function getCataloguePage(params: CatalogueParams, signal?: AbortSignal) {
  return api.get(`${STOCKS_API}catalogue/?${catalogueQuery(params, { omitDefaults: false })}`, {
    schema: StockPage,
    signal,
  });
}

export function useCatalogue(params: CatalogueParams) {
  return useQuery({
    queryKey: stockAdminKeys.catalogue(params),
    queryFn: ({ signal }): Promise<CataloguePage> => fetchPageOrLast(getCataloguePage, params, signal),
    // Keep showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Stocks, active or not, whose ticker or name matches: the price screen's ticker picker. */
export function useTickerSearch(search: string) {
  const q = search.trim();
  return useQuery({
    queryKey: stockAdminKeys.tickers(q),
    queryFn: ({ signal }) =>
      api.get(`${STOCKS_API}catalogue/?${new URLSearchParams({ search: q, page_size: '20' })}`, {
        schema: StockPage,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** One stock with the ETag its edit sends back as If-Match. */
export function stockQueryOptions(ticker: string) {
  return queryOptions({
    queryKey: stockAdminKeys.stock(ticker),
    queryFn: ({ signal }): Promise<Versioned<Stock>> =>
      api.requestVersioned(stockPath(ticker), { schema: Stock, signal }),
  });
}

/** Read afresh each time a form opens (never from a kept copy), so the form starts from the stored version. */
export function useVersionedStock(ticker: string | null) {
  return useQuery({ ...stockQueryOptions(ticker ?? ''), enabled: ticker !== null, gcTime: 0 });
}

export function useCreateStock() {
  const invalidate = useInvalidateStocks();
  return useMutation({
    mutationFn: (body: StockCreateInput) => api.post(`${STOCKS_API}stocks/`, body, { schema: Stock }),
    onSuccess: invalidate,
  });
}

export interface StockUpdateRequest {
  ticker: string;
  body: StockUpdateInput;
  /** The ETag the form was filled from; null sends no If-Match. */
  etag: string | null;
}

export function useUpdateStock() {
  const invalidate = useInvalidateStocks();
  return useMutation({
    mutationFn: ({ ticker, body, etag }: StockUpdateRequest) =>
      api.patch(stockPath(ticker), body, {
        schema: Stock,
        ...(etag ? { headers: { 'If-Match': etag } } : {}),
      }),
    onSuccess: invalidate,
  });
}

// --- Price records

export function usePriceRecords(ticker: string | null, since: string) {
  return useQuery({
    queryKey: stockAdminKeys.prices(ticker ?? '', since),
    queryFn: ({ signal }) =>
      api.get(`${STOCKS_API}prices/?${new URLSearchParams({ ticker: ticker ?? '', since })}`, {
        schema: PriceRecordList,
        signal,
      }),
    enabled: ticker !== null,
  });
}

export function useCreatePriceRecord() {
  const invalidate = useInvalidateStocks();
  return useMutation({
    mutationFn: (body: PriceRecordCreateInput) =>
      api.post(`${STOCKS_API}prices/`, body, { schema: PriceRecord }),
    onSuccess: invalidate,
  });
}

// --- Holidays

export function useHolidays(year: number) {
  return useQuery({
    queryKey: stockAdminKeys.holidays(year),
    queryFn: ({ signal }) =>
      api.get(`${STOCKS_API}holidays/?year=${year}`, { schema: MarketHolidayList, signal }),
  });
}

export function useAddHoliday() {
  const invalidate = useInvalidateStocks();
  return useMutation({
    mutationFn: (body: MarketHolidayCreate) =>
      api.post(`${STOCKS_API}holidays/`, body, { schema: MarketHoliday }),
    onSuccess: invalidate,
  });
}

export function useRemoveHoliday() {
  const invalidate = useInvalidateStocks();
  return useMutation({
    mutationFn: (date: string) => api.delete(`${STOCKS_API}holidays/${date}/`),
    onSuccess: invalidate,
  });
}
