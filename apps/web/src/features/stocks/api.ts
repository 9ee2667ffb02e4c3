// The stocks calls (spec section 7, Stocks) as TanStack Query hooks; keys start with stockKeys.all.
// Every answer is read with its contracts schema (snapshots with the spec's field aliases, which the
// contracts describe); a failed call or an answer that does not match rejects, and the screen shows it.
import {
  type AddItemInput,
  type ExchangeCode,
  type Snapshot,
  SnapshotAnswer,
  SnapshotListAnswer,
  Stock,
  StockList,
  type WatchlistCreateInput,
  WatchlistDetail,
  WatchlistItem,
  type WatchlistItemUpdateInput,
  WatchlistList,
} from '@staff/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';

export const STOCKS_API = '/api/stocks/';
const WATCHLISTS = `${STOCKS_API}watchlists/`;

export const stockKeys = {
  all: ['stocks'] as const,
  watchlists: () => [...stockKeys.all, 'watchlists'] as const,
  cards: (id: number) => [...stockKeys.watchlists(), id, 'cards'] as const,
  search: (q: string) => [...stockKeys.all, 'search', q] as const,
  stock: (ticker: string) => [...stockKeys.all, 'stock', ticker] as const,
  snapshot: (ticker: string) => [...stockKeys.all, 'snapshot', ticker] as const,
  prices: (ticker: string, since: string) => [...stockKeys.all, 'prices', ticker, since] as const,
};

export function fetchWatchlists(signal?: AbortSignal) {
  return api.get(WATCHLISTS, { schema: WatchlistList, signal });
}

export function fetchWatchlist(id: number, signal?: AbortSignal) {
  return api.get(`${WATCHLISTS}${id}/`, { schema: WatchlistDetail, signal });
}

/** The answer, or null when the server has no such thing (404); any other failure rejects. */
async function unlessNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /stocks/snapshots/?tickers=…: the snapshots of the known tickers (unknown ones are left out). */
export async function fetchSnapshots(tickers: string[], signal?: AbortSignal): Promise<Snapshot[]> {
  if (tickers.length === 0) return [];
  return api.get(`${STOCKS_API}snapshots/?tickers=${encodeURIComponent(tickers.join(','))}`, {
    schema: SnapshotListAnswer,
    signal,
  });
}

/** GET /stocks/snapshots/{ticker}/: null for a ticker the server does not know. */
export function fetchSnapshot(ticker: string, signal?: AbortSignal): Promise<Snapshot | null> {
  return unlessNotFound(
    api.get(`${STOCKS_API}snapshots/${encodeURIComponent(ticker)}/`, { schema: SnapshotAnswer, signal }),
  );
}

/** What a card shows of its item: the id the edit is sent to, the note and the target with its side. */
export type CardItemFields = Pick<WatchlistItem, 'id' | 'note' | 'target_price' | 'target_direction'>;

export interface CardItem {
  ticker: string;
  name: string;
  exchange: ExchangeCode;
  snapshot: Snapshot | null;
}

/** A card of a watchlist: the stock and its snapshot, with the item's note and target. */
export interface WatchlistCard extends CardItem {
  item: CardItemFields;
}

/**
 * A list's cards: the list detail for its tickers, then the batch snapshot; when the batch answers
 * nothing, the snapshots embedded in the detail, and one request per ticker for any still missing.
 */
export async function fetchCards(
  id: number,
  signal?: AbortSignal,
): Promise<{ name: string; cards: WatchlistCard[] }> {
  const detail = await fetchWatchlist(id, signal);
  const tickers = detail.items.map((i) => i.stock.ticker);
  const batch = new Map((await fetchSnapshots(tickers, signal)).map((s) => [s.ticker, s]));
  if (batch.size === 0 && tickers.length > 0) {
    for (const item of detail.items) if (item.snapshot) batch.set(item.stock.ticker, item.snapshot);
    const missing = tickers.filter((t) => !batch.has(t));
    const singles = await Promise.all(missing.map((t) => fetchSnapshot(t, signal)));
    for (const s of singles) if (s) batch.set(s.ticker, s);
  }
  return {
    name: detail.name,
    cards: detail.items.map((i) => ({
      ...i.stock,
      snapshot: batch.get(i.stock.ticker) ?? null,
      item: { id: i.id, note: i.note, target_price: i.target_price, target_direction: i.target_direction },
    })),
  };
}

export function useWatchlists() {
  return useQuery({ queryKey: stockKeys.watchlists(), queryFn: ({ signal }) => fetchWatchlists(signal) });
}

export function useCards(id: number | null) {
  return useQuery({
    queryKey: stockKeys.cards(id ?? 0),
    queryFn: ({ signal }) => fetchCards(id as number, signal),
    enabled: id !== null,
  });
}

export function searchStocks(q: string, signal?: AbortSignal) {
  return api.get(`${STOCKS_API}stocks/?q=${encodeURIComponent(q)}&limit=10`, { schema: StockList, signal });
}

export function useStockSearch(q: string) {
  return useQuery({
    queryKey: stockKeys.search(q),
    queryFn: ({ signal }) => searchStocks(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 60_000,
  });
}

export function useCreateWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WatchlistCreateInput) => api.post(WATCHLISTS, body, { schema: WatchlistDetail }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.watchlists() }),
  });
}

/** PATCH /stocks/watchlists/{id}/ with a new name, or is_default: true to make it the default. */
export function useUpdateWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; is_default?: true }) =>
      api.patch(`${WATCHLISTS}${id}/`, body, { schema: WatchlistDetail }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.watchlists() }),
  });
}

/** DELETE /stocks/watchlists/{id}/: the server hands the default to the oldest remaining list. */
export function useDeleteWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${WATCHLISTS}${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.watchlists() }),
  });
}

/** PATCH /stocks/watchlists/{id}/items/{item_id}/: an item's note and/or target price (issue 26). */
export function useUpdateItem(listId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, ...body }: { itemId: number } & WatchlistItemUpdateInput) =>
      api.patch(`${WATCHLISTS}${listId as number}/items/${itemId}/`, body, { schema: WatchlistItem }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.watchlists() }),
  });
}

export function addItem(id: number, body: AddItemInput) {
  return api.post(`${WATCHLISTS}${id}/add_item/`, body, { schema: WatchlistItem });
}

export function removeItem(id: number, ticker: string) {
  return api.post(`${WATCHLISTS}${id}/remove_item/`, { ticker });
}

export function useRemoveItem(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticker: string) => removeItem(id as number, ticker),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.watchlists() }),
  });
}

/**
 * GET /stocks/stocks/{ticker}/, falling back to GET /stocks/stocks/?ticker= (spec section 7) when
 * the first answers 404; null when neither finds it.
 */
export async function fetchStock(ticker: string, signal?: AbortSignal): Promise<Stock | null> {
  const stock = await unlessNotFound(
    api.get(`${STOCKS_API}stocks/${encodeURIComponent(ticker)}/`, { schema: Stock, signal }),
  );
  if (stock) return stock;
  const list = await api.get(`${STOCKS_API}stocks/?ticker=${encodeURIComponent(ticker)}`, {
    schema: StockList,
    signal,
  });
  return list[0] ?? null;
}

export function useStock(ticker: string) {
  return useQuery({ queryKey: stockKeys.stock(ticker), queryFn: ({ signal }) => fetchStock(ticker, signal) });
}

export function useSnapshot(ticker: string) {
  return useQuery(
    queryOptions({
      queryKey: stockKeys.snapshot(ticker),
      queryFn: ({ signal }) => fetchSnapshot(ticker, signal),
    }),
  );
}
