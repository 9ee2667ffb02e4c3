// Decides how the stocks module's rows leave the server: stocks with their exchange, watchlists
// with their items, quotes and daily bars with ISO instants and numeric volumes.
import type {
  ExchangeCode,
  RealtimeQuote,
  Snapshot,
  Stock,
  Watchlist,
  WatchlistItem,
  WatchlistListItem,
} from '@staff/contracts';
import { toBool, toDate } from '../../db/dialect';
import type { StockRow } from './repo';

export function presentStock(r: StockRow): Stock {
  return {
    id: r.id,
    ticker: r.ticker,
    name: r.name,
    exchange_id: r.exchange_id,
    exchange: { id: r.exchange_id, code: r.exchange_code, name: r.exchange_name, board: r.exchange_board },
    lot_size: r.lot_size,
    sector: r.sector,
    is_active: r.is_active,
  };
}

/** An item of the list of lists: the stock's ticker, name and exchange, without a snapshot. */
export function presentWatchlistListItem(r: {
  id: number;
  note: string;
  target_price: number | null;
  added_at: string | Date;
  ticker: string;
  name: string;
  exchange_code: string;
}): WatchlistListItem {
  return {
    id: r.id,
    stock: { ticker: r.ticker, name: r.name, exchange: r.exchange_code as ExchangeCode },
    note: r.note,
    target_price: r.target_price,
    added_at: toDate(r.added_at).toISOString(),
  };
}

/** An item of one list, with its stock's snapshot (null when there is none). */
export function presentWatchlistItem(
  r: { id: number; note: string; target_price: number | null; added_at: string | Date },
  stock: StockRow,
  snapshot: Snapshot | null,
): WatchlistItem {
  return {
    id: r.id,
    stock: { ticker: stock.ticker, name: stock.name, exchange: stock.exchange_code },
    note: r.note,
    target_price: r.target_price,
    added_at: toDate(r.added_at).toISOString(),
    snapshot,
  };
}

/** A list with its items: the list of lists' items, or one list's items with snapshots. */
export function presentWatchlist<I>(
  list: { id: number; name: string; is_default: number | boolean },
  items: I[],
): Omit<Watchlist, 'items'> & { items: I[] } {
  return {
    id: list.id,
    name: list.name,
    is_default: toBool(list.is_default),
    item_count: items.length,
    items,
  };
}

export function presentRealtimeQuote(
  stock: StockRow,
  q: { price: number; volume: number; as_of_ms: number; source: string },
): RealtimeQuote {
  return {
    ticker: stock.ticker,
    price: q.price,
    volume: q.volume,
    as_of: new Date(q.as_of_ms).toISOString(),
    source: q.source,
  };
}

/** A daily bar as a price record; the volume column may come back as a bigint string. */
export function presentPriceRecord<B extends { volume: number | string | bigint }>(
  ticker: string,
  bar: B,
): Omit<B, 'volume'> & { ticker: string; volume: number } {
  return { ticker, ...bar, volume: Number(bar.volume) };
}
