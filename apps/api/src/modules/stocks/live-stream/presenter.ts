// Decides how a quote leaves the server on the live stream: a LiveQuoteEvent with an ISO instant.
import type { LiveQuoteEvent } from '@staff/contracts';

export function presentLiveQuote(q: {
  ticker: string;
  price: number;
  volume: number | string | bigint;
  as_of_ms: number | string | bigint;
  source: string;
  open: number | null;
  high: number | null;
  low: number | null;
}): LiveQuoteEvent {
  return {
    ticker: q.ticker,
    price: q.price,
    volume: Number(q.volume),
    as_of: new Date(Number(q.as_of_ms)).toISOString(),
    source: q.source,
    open: q.open,
    high: q.high,
    low: q.low,
  };
}
