// The board's rules: which window and bucket each range reads, and when a symbol is stale.
import type { ForexLatest, ForexRange, ForexSeries } from '@staff/contracts';
import { FOREX_RANGES } from '@staff/contracts';
import type { Db } from '../../db/index';
import { notFound } from '../../http/errors';
import { presentLatest, presentSeries } from './presenter';
import {
  downsampledPoints,
  findSymbol,
  firstPointAfter,
  latestPoint,
  listSymbols,
  type SymbolInfo,
} from './repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** daily = the last 24 hours, monthly = 30 days, yearly = 365 days; at most ~365 buckets each. */
export const RANGE_WINDOWS: Record<ForexRange, { windowMs: number; bucketMs: number }> = {
  daily: { windowMs: DAY, bucketMs: 5 * MINUTE },
  monthly: { windowMs: 30 * DAY, bucketMs: 3 * HOUR },
  yearly: { windowMs: 365 * DAY, bucketMs: DAY },
};

export function isForexRange(value: string): value is ForexRange {
  return (FOREX_RANGES as readonly string[]).includes(value);
}

export interface ForexDeps {
  db: Db;
  now: () => Date;
}

export function createForexService(deps: ForexDeps) {
  const { db, now } = deps;

  async function symbolOrNotFound(symbol: string): Promise<SymbolInfo> {
    const info = await findSymbol(db, symbol);
    if (!info) throw notFound(`Unknown symbol "${symbol}".`);
    return info;
  }

  return {
    async symbols(): Promise<{ symbols: string[] }> {
      return { symbols: await listSymbols(db) };
    },

    /**
     * The series of the window ending now. `keepUntil`, when given, learns when it could change
     * without a write: when its first point leaves the window, or the first stored point after now
     * enters it (the buckets are aligned to midnight, so nothing else moves).
     */
    async series(range: string, symbol: string, keepUntil?: (epochMs: number) => void): Promise<ForexSeries> {
      if (!isForexRange(range)) {
        throw notFound(`Unknown range "${range}": use ${FOREX_RANGES.join(', ')}.`);
      }
      const info = await symbolOrNotFound(symbol);
      const { windowMs, bucketMs } = RANGE_WINDOWS[range];
      const to = now().getTime();
      const points = await downsampledPoints(db, info, to - windowMs, to, bucketMs);
      if (keepUntil) {
        const first = points[0];
        if (first) keepUntil(first.timeMs + windowMs + 1);
        const next = await firstPointAfter(db, info, to);
        if (next !== null) keepUntil(next);
      }
      return presentSeries(info, range, bucketMs, points);
    },

    async latest(symbol: string): Promise<ForexLatest> {
      const info = await symbolOrNotFound(symbol);
      const point = await latestPoint(db, info);
      if (!point) throw notFound(`No prices for "${symbol}" yet.`);
      return presentLatest(info, point, now().getTime() - info.arrivedAtMs > info.staleAfterMs);
    },
  };
}

export type ForexService = ReturnType<typeof createForexService>;
