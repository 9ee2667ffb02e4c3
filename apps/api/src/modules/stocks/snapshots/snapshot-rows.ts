// The snapshot row of each stock (stock_snapshots, migration 0014, decision 0024): the few daily
// bars and the latest intraday quote a snapshot can need, kept by every writer of bars and quotes
// in its own transaction, so a snapshot of 50 tickers reads 50 rows instead of ~1,500 bars and 50
// quote probes. The row holds only facts of the stored prices, nothing of the calendar or the
// clock: which session is current, the week's and month's first trading day, liveness and the
// holiday flag are still worked out at read time by computeSnapshot, from the reduced bars below.
//
// The bars kept, with L the stock's latest bar:
//   last   L itself;
//   prev   the latest bar before L;
//   week   the first bar on or after the Monday of L's week (date and open);
//   month  the first bar on or after the first of L's month (date and open).
// computeSnapshot at a session date S reads the bar of S, the latest bar before S and the first
// bar in [F, S] for the week's and month's first trading day F. When S >= L those are all among
// the four above (rowCovers() checks the one case that is not: a bar on a closed day between the
// period's start and F); when S < L (bars stored after the session shown) the reader falls back
// to the full computation from the bars.
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../../db/index';
import type { StockSnapshotsTable } from '../../../db/schema';
import { type MarketCalendar, monthStart, weekStart } from '../calendar/calendar';
import type { BarRow, QuoteRow } from './snapshot';

export type SnapshotRow = Selectable<StockSnapshotsTable>;

/** The latest quote as the row holds it: what a snapshot reads and what the realtime answer sends. */
export type RowQuote = QuoteRow & { id: number; source: string };

/** Rows per multi-row upsert (20 columns: well under either database's parameter limit). */
const BATCH = 500;

/** True when the row's bars are all computeSnapshot can read at session date `sessionDate`. */
export function rowCovers(row: SnapshotRow | undefined, cal: MarketCalendar, sessionDate: string): boolean {
  const last = row?.last_date ?? null;
  if (last === null) return true; // no bars at all
  if (sessionDate < last) return false;
  const periodCovered = (first: string | null, storedFirst: string | null) =>
    first === null || first > last || (storedFirst !== null && storedFirst >= first);
  return (
    periodCovered(cal.firstTradingDayOfWeek(sessionDate), row?.week_first_date ?? null) &&
    periodCovered(cal.firstTradingDayOfMonth(sessionDate), row?.month_first_date ?? null)
  );
}

/** The row's bars in ascending date order, one per date (what computeSnapshot reads when covered). */
export function barsOfRow(row: SnapshotRow | undefined): BarRow[] {
  if (!row || row.last_date === null) return [];
  const byDate = new Map<string, BarRow>();
  const partial = (date: string | null, open: number | null) => {
    // A first-of-period bar is read only for its open; it is the same bar as a full one of its date.
    if (date !== null && open !== null && !byDate.has(date))
      byDate.set(date, { date, open, high: open, low: open, close: open, volume: 0, average: null });
  };
  const full = (
    date: string | null,
    b: {
      open: number | null;
      high: number | null;
      low: number | null;
      close: number | null;
      volume: number | string | null;
      average: number | null;
    },
  ) => {
    if (date === null) return;
    byDate.set(date, {
      date,
      open: b.open as number,
      high: b.high as number,
      low: b.low as number,
      close: b.close as number,
      volume: Number(b.volume),
      average: b.average,
    });
  };
  full(row.prev_date, {
    open: row.prev_open,
    high: row.prev_high,
    low: row.prev_low,
    close: row.prev_close,
    volume: row.prev_volume,
    average: row.prev_average,
  });
  full(row.last_date, {
    open: row.last_open,
    high: row.last_high,
    low: row.last_low,
    close: row.last_close,
    volume: row.last_volume,
    average: row.last_average,
  });
  partial(row.week_first_date, row.week_first_open);
  partial(row.month_first_date, row.month_first_open);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The row's latest quote, if the stock has one. */
export function quoteOfRow(row: SnapshotRow | undefined): RowQuote | null {
  if (!row || row.quote_id === null) return null;
  return {
    id: Number(row.quote_id),
    trading_date: row.quote_trading_date as string,
    price: row.quote_price as number,
    volume: Number(row.quote_volume),
    open: row.quote_open,
    high: row.quote_high,
    low: row.quote_low,
    as_of_ms: Number(row.quote_as_of_ms),
    source: row.quote_source as string,
  };
}

const BAR_COLUMNS = ['date', 'open', 'high', 'low', 'close', 'volume', 'average'] as const;
const QUOTE_SET = [
  'quote_id',
  'quote_trading_date',
  'quote_price',
  'quote_volume',
  'quote_open',
  'quote_high',
  'quote_low',
  'quote_as_of_ms',
  'quote_source',
] as const;
const BAR_SET = [
  'last_date',
  'last_open',
  'last_high',
  'last_low',
  'last_close',
  'last_volume',
  'last_average',
  'prev_date',
  'prev_open',
  'prev_high',
  'prev_low',
  'prev_close',
  'prev_volume',
  'prev_average',
  'week_first_date',
  'week_first_open',
  'month_first_date',
  'month_first_open',
] as const;

type BarFacts = Pick<SnapshotRow, (typeof BAR_SET)[number]>;
type QuoteFacts = Pick<SnapshotRow, (typeof QUOTE_SET)[number]>;

const NO_QUOTE: QuoteFacts = {
  quote_id: null,
  quote_trading_date: null,
  quote_price: null,
  quote_volume: null,
  quote_open: null,
  quote_high: null,
  quote_low: null,
  quote_as_of_ms: null,
  quote_source: null,
};

/**
 * The rows: read by the snapshots and realtime quotes, refreshed by the bars' and quotes' writers.
 * The refreshes recompute from the stored bars and quotes (not from what was just written), so a
 * late or out-of-order write leaves the same row a recomputation would; call them on the writer's
 * transaction.
 */
export function createSnapshotRowsRepo(db: Db) {
  async function upsert(
    rows: Array<{ stock_id: number } & Partial<SnapshotRow>>,
    set: readonly (keyof SnapshotRow)[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await db
        .insertInto('stock_snapshots')
        .values(rows.slice(i, i + BATCH))
        .onConflict((oc) =>
          oc
            .column('stock_id')
            // biome-ignore lint/suspicious/noExplicitAny: each column takes its own excluded value
            .doUpdateSet(Object.fromEntries(set.map((c) => [c, sql<any>`excluded.${sql.ref(c)}`]))),
        )
        .execute();
    }
  }

  async function barFacts(stockId: number): Promise<BarFacts | null> {
    const [last, prev] = await db
      .selectFrom('stock_daily_bars')
      .select(BAR_COLUMNS)
      .where('stock_id', '=', stockId)
      .orderBy('date', 'desc')
      .limit(2)
      .execute();
    if (!last) return null;
    const firstFrom = (from: string) =>
      db
        .selectFrom('stock_daily_bars')
        .select(['date', 'open'])
        .where('stock_id', '=', stockId)
        .where('date', '>=', from)
        .orderBy('date')
        .limit(1)
        .executeTakeFirstOrThrow();
    const week = await firstFrom(weekStart(last.date));
    const month = await firstFrom(monthStart(last.date));
    return {
      last_date: last.date,
      last_open: last.open,
      last_high: last.high,
      last_low: last.low,
      last_close: last.close,
      last_volume: Number(last.volume),
      last_average: last.average,
      prev_date: prev?.date ?? null,
      prev_open: prev?.open ?? null,
      prev_high: prev?.high ?? null,
      prev_low: prev?.low ?? null,
      prev_close: prev?.close ?? null,
      prev_volume: prev ? Number(prev.volume) : null,
      prev_average: prev?.average ?? null,
      week_first_date: week.date,
      week_first_open: week.open,
      month_first_date: month.date,
      month_first_open: month.open,
    };
  }

  return {
    /** The rows of these stocks (a stock without bars or quotes may have none). */
    async rowsOf(stockIds: number[]): Promise<Map<number, SnapshotRow>> {
      if (stockIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('stock_snapshots')
        .selectAll()
        .where('stock_id', 'in', stockIds)
        .execute();
      return new Map(rows.map((r) => [r.stock_id, r]));
    },

    /** Recomputes the bar columns of these stocks from their bars (after bars were written). */
    async refreshBars(stockIds: Iterable<number>): Promise<void> {
      const rows: Array<{ stock_id: number } & BarFacts> = [];
      for (const id of new Set(stockIds)) {
        const facts = await barFacts(id);
        if (facts) rows.push({ stock_id: id, ...facts });
      }
      await upsert(rows, BAR_SET);
    },

    /**
     * Recomputes the quote columns of these stocks from their latest quote, found as the quotes
     * repository finds it (newest as_of_ms, then newest id). `latest` is that repository's query.
     */
    async refreshQuotes(
      stockIds: Iterable<number>,
      latest: (ids: number[]) => Promise<Array<RowQuote & { stock_id: number }>>,
    ): Promise<void> {
      const ids = [...new Set(stockIds)];
      if (ids.length === 0) return;
      const found = new Map((await latest(ids)).map((q) => [q.stock_id, q]));
      const rows = ids.map((id): { stock_id: number } & QuoteFacts => {
        const q = found.get(id);
        return q
          ? {
              stock_id: id,
              quote_id: q.id,
              quote_trading_date: q.trading_date,
              quote_price: q.price,
              quote_volume: q.volume,
              quote_open: q.open,
              quote_high: q.high,
              quote_low: q.low,
              quote_as_of_ms: q.as_of_ms,
              quote_source: q.source,
            }
          : { stock_id: id, ...NO_QUOTE };
      });
      await upsert(rows, QUOTE_SET);
    },

    /**
     * After the quotes older than `beforeMs` were deleted: a stock whose latest quote was older had
     * all of its quotes deleted, so it has none now; any other stock kept its latest.
     */
    async clearQuotesBefore(beforeMs: number): Promise<void> {
      await db.updateTable('stock_snapshots').set(NO_QUOTE).where('quote_as_of_ms', '<', beforeMs).execute();
    },
  };
}

export type SnapshotRowsRepo = ReturnType<typeof createSnapshotRowsRepo>;
