// The stocks module's own test helpers: a clock at a known market instant, and an intraday quote
// written as the price board's job writes one.
// Users and callers come from the one test kit (src/test/users.ts).
// Test-only; nothing in the app imports it.
import type { Db } from '../../db/index';
import type { TestApp } from '../../test/harness';
import { marketDate, marketInstant } from './calendar/calendar';
import { createQuotesRepo } from './snapshots/repo';

/** Moves the app's clock to a market-local date and time (before signing anyone in). */
export function setMarketClock(t: TestApp, date: string, time: string): void {
  t.clock.advance((marketInstant(date, time).getTime() - t.clock.now().getTime()) / 1000);
}

/**
 * Stores one intraday quote of a stock at `at` through the module's repository, on the given
 * connection (another process's, for the live stream); open, high and low are the price unless given.
 */
export function writeQuote(
  db: Db,
  quote: {
    stockId: number;
    at: Date;
    price: number;
    volume: number;
    open?: number;
    high?: number;
    low?: number;
    source?: string;
  },
): Promise<void> {
  const { stockId, at, price } = quote;
  return createQuotesRepo(db).insertQuotes([
    {
      stock_id: stockId,
      trading_date: marketDate(at),
      price,
      volume: quote.volume,
      open: quote.open ?? price,
      high: quote.high ?? price,
      low: quote.low ?? price,
      as_of_ms: at.getTime(),
      source: quote.source ?? 'vci',
    },
  ]);
}
