// Decides how prices leave the server: quotes with ISO instants, daily bars with numeric volumes.
import type { RealtimeQuote } from '@staff/contracts';
import type { StockRow } from '../catalogue/repo';

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
