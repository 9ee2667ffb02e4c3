// Decides how watchlists leave the server: with their items, each naming its stock (and, for one
// list, carrying the stock's snapshot).
import type {
  ExchangeCode,
  Snapshot,
  TargetDirection,
  Watchlist,
  WatchlistItem,
  WatchlistListItem,
} from '@staff/contracts';
import { toBool, toDate } from '../../../db/dialect';
import type { StockRow } from '../catalogue/repo';

/** An item of the list of lists: the stock's ticker, name and exchange, without a snapshot. */
export function presentWatchlistListItem(r: {
  id: number;
  note: string;
  target_price: number | null;
  target_direction: TargetDirection | null;
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
    target_direction: r.target_direction,
    added_at: toDate(r.added_at).toISOString(),
  };
}

/** An item of one list, with its stock's snapshot (null when there is none). */
export function presentWatchlistItem(
  r: {
    id: number;
    note: string;
    target_price: number | null;
    target_direction: TargetDirection | null;
    added_at: string | Date;
  },
  stock: StockRow,
  snapshot: Snapshot | null,
): WatchlistItem {
  return {
    id: r.id,
    stock: { ticker: stock.ticker, name: stock.name, exchange: stock.exchange_code },
    note: r.note,
    target_price: r.target_price,
    target_direction: r.target_direction,
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
