// Decides how the board's stored prices leave the server: instants as ISO-8601, the staleness the
// service worked out, the stale limit in seconds.
import type { ForexLatest, ForexRange, ForexSeries } from '@staff/contracts';
import type { StoredPoint, SymbolInfo } from './repo';

export function presentSeries(
  info: SymbolInfo,
  range: ForexRange,
  bucketMs: number,
  points: { timeMs: number; last: number }[],
): ForexSeries {
  return {
    symbol: info.symbol,
    range,
    bucket_seconds: bucketMs / 1000,
    data: points.map((p) => ({ time: new Date(p.timeMs).toISOString(), last: p.last })),
  };
}

export function presentLatest(info: SymbolInfo, point: StoredPoint, stale: boolean): ForexLatest {
  return {
    symbol: info.symbol,
    data: {
      last: point.last,
      bid: point.bid,
      ask: point.ask,
      time: new Date(point.timeMs).toISOString(),
    },
    source: point.source,
    demo: point.source === 'demo',
    arrived_at: new Date(info.arrivedAtMs).toISOString(),
    stale,
    stale_after_seconds: Math.round(info.staleAfterMs / 1000),
  };
}
