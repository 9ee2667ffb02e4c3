// Loads what snapshots are computed from (the calendar, the bars, the session's latest quotes) for
// a set of stocks, and computes them. Shared by the snapshot routes and a watchlist's items.
import type { Snapshot } from '@staff/contracts';
import type { Db } from '../../../db/index';
import { createCalendarRepo } from '../calendar/repo';
import type { StockRow } from '../catalogue/repo';
import { createBarsRepo, createQuotesRepo } from './repo';
import { type BarRow, barsNeededFrom, computeSnapshot } from './snapshot';

/** Snapshots of stocks, in the given order. */
export function createSnapshotReader(db: Db, now: () => Date) {
  const barsRepo = createBarsRepo(db);
  const quotesRepo = createQuotesRepo(db);
  const calendar = createCalendarRepo(db);
  return async function snapshotsOf(stocks: StockRow[]): Promise<Snapshot[]> {
    if (stocks.length === 0) return [];
    const at = now();
    const cal = await calendar.calendar();
    const ids = stocks.map((s) => s.id);
    const [bars, quotes] = await Promise.all([
      barsRepo.barsSince(ids, barsNeededFrom(cal, at)),
      quotesRepo.latestQuotes(ids, cal.sessionDate(at)),
    ]);
    const barsBy = new Map<number, BarRow[]>();
    for (const b of bars) {
      const list = barsBy.get(b.stock_id) ?? [];
      list.push({ ...b, volume: Number(b.volume) });
      barsBy.set(b.stock_id, list);
    }
    const quoteBy = new Map(quotes.map((q) => [q.stock_id, q]));
    return stocks.map((s) =>
      computeSnapshot(
        {
          ticker: s.ticker,
          name: s.name,
          exchange: s.exchange_code,
          bars: barsBy.get(s.id) ?? [],
          quote: quoteBy.get(s.id) ?? null,
        },
        cal,
        at,
      ),
    );
  };
}
