// Computes the snapshots of a set of stocks at the clock's instant. Shared by the snapshot routes
// and a watchlist's items. Each stock's snapshot row (snapshot-rows.ts) holds the bars and the
// latest quote the snapshot needs, so a batch reads the calendar and one row per stock; a stock
// whose row does not cover the session shown (bars stored after it, or a bar on a closed day at
// the start of the period) is computed from its bars and latest quote as before.
import type { Snapshot } from '@staff/contracts';
import type { Db } from '../../../db/index';
import { createCalendarRepo } from '../calendar/repo';
import type { StockRow } from '../catalogue/repo';
import { createBarsRepo, createQuotesRepo } from './repo';
import { type BarRow, barsNeededFrom, computeSnapshot, type QuoteRow } from './snapshot';
import { barsOfRow, createSnapshotRowsRepo, quoteOfRow, rowCovers } from './snapshot-rows';

/** Snapshots of stocks, in the given order. */
export function createSnapshotReader(db: Db, now: () => Date) {
  const barsRepo = createBarsRepo(db);
  const quotesRepo = createQuotesRepo(db);
  const calendar = createCalendarRepo(db);
  const snapshotRows = createSnapshotRowsRepo(db);
  return async function snapshotsOf(stocks: StockRow[]): Promise<Snapshot[]> {
    if (stocks.length === 0) return [];
    const at = now();
    const ids = stocks.map((s) => s.id);
    const [cal, rows] = await Promise.all([calendar.calendar(), snapshotRows.rowsOf(ids)]);
    const sessionDate = cal.sessionDate(at);
    const from = barsNeededFrom(cal, at);

    const barsBy = new Map<number, BarRow[]>();
    const quoteBy = new Map<number, QuoteRow>();
    const uncovered: number[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!rowCovers(row, cal, sessionDate)) {
        uncovered.push(id);
        continue;
      }
      // The same window the full computation reads: a bar older than it counts as no bar.
      barsBy.set(
        id,
        barsOfRow(row).filter((b) => b.date >= from),
      );
      const quote = quoteOfRow(row);
      if (quote && quote.trading_date === sessionDate) quoteBy.set(id, quote);
    }
    if (uncovered.length > 0) {
      const [bars, quotes] = await Promise.all([
        barsRepo.barsSince(uncovered, from),
        quotesRepo.latestQuotes(uncovered, sessionDate),
      ]);
      for (const b of bars) {
        const list = barsBy.get(b.stock_id) ?? [];
        list.push({ ...b, volume: Number(b.volume) });
        barsBy.set(b.stock_id, list);
      }
      for (const q of quotes) quoteBy.set(q.stock_id, q);
    }
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
