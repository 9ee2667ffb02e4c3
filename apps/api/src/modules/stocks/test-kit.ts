// The stocks module's own test helpers: a clock at a known market instant, an intraday quote
// written as the price board's job writes one, and the check of the snapshot rows against a
// recomputation from the bars and quotes.
// Users and callers come from the one test kit (src/test/users.ts).
// Test-only; nothing in the app imports it.
import { expect } from 'vitest';
import type { Db } from '../../db/index';
import type { TestApp } from '../../test/harness';
import { addDays, marketDate, marketInstant } from './calendar/calendar';
import { createCalendarRepo } from './calendar/repo';
import { createCatalogueRepo } from './catalogue/repo';
import { createBarsRepo, createQuotesRepo } from './snapshots/repo';
import { createSnapshotsService } from './snapshots/service';
import { barsNeededFrom, computeSnapshot } from './snapshots/snapshot';

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

// --- The snapshot rows (stock_snapshots) against a recomputation from the bars and quotes.

const sortDates = <T extends { date: string }>(list: T[]) =>
  [...list].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

/**
 * What each stock's snapshot row must hold, recomputed here from every stored bar and quote (not
 * from the refresh's queries): the latest bar and the one before, the first bars on or after the
 * Monday and the first of the latest bar's month, the latest quote (newest as_of_ms, then id).
 */
export async function recomputedSnapshotRows(db: Db): Promise<Record<number, Record<string, unknown>>> {
  const bars = await db.selectFrom('stock_daily_bars').selectAll().execute();
  const quotes = await db.selectFrom('stock_quotes').selectAll().execute();
  const out: Record<number, Record<string, unknown>> = {};
  const rowOf = (id: number) => {
    out[id] ??= { stock_id: id };
    return out[id] as Record<string, unknown>;
  };
  const byStock = new Map<number, typeof bars>();
  for (const b of bars) byStock.set(b.stock_id, [...(byStock.get(b.stock_id) ?? []), b]);
  for (const [id, list] of byStock) {
    const sorted = sortDates(list);
    const row = rowOf(id);
    const last = sorted.at(-1) as (typeof sorted)[number];
    const prev = sorted.at(-2);
    for (const [prefix, b] of [
      ['last', last],
      ['prev', prev],
    ] as const) {
      row[`${prefix}_date`] = b?.date ?? null;
      for (const k of ['open', 'high', 'low', 'close', 'average'] as const)
        row[`${prefix}_${k}`] = b?.[k] ?? null;
      row[`${prefix}_volume`] = b ? Number(b.volume) : null;
    }
    const monday = new Date(`${last.date}T00:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const week = sorted.find((b) => b.date >= monday.toISOString().slice(0, 10));
    const month = sorted.find((b) => b.date >= `${last.date.slice(0, 8)}01`);
    row.week_first_date = week?.date ?? null;
    row.week_first_open = week?.open ?? null;
    row.month_first_date = month?.date ?? null;
    row.month_first_open = month?.open ?? null;
  }
  const latest = new Map<number, (typeof quotes)[number]>();
  for (const q of quotes) {
    const best = latest.get(q.stock_id);
    const key = (x: typeof q) => [Number(x.as_of_ms), Number(x.id)] as const;
    if (!best || key(q)[0] > key(best)[0] || (key(q)[0] === key(best)[0] && key(q)[1] > key(best)[1]))
      latest.set(q.stock_id, q);
  }
  for (const [id, q] of latest) {
    const row = rowOf(id);
    row.quote_id = Number(q.id);
    row.quote_trading_date = q.trading_date;
    row.quote_price = q.price;
    row.quote_volume = Number(q.volume);
    row.quote_open = q.open;
    row.quote_high = q.high;
    row.quote_low = q.low;
    row.quote_as_of_ms = Number(q.as_of_ms);
    row.quote_source = q.source;
  }
  // A stock with bars and no quote, or a quote and no bars, has the other half null.
  const empty = (prefix: string, keys: string[]) =>
    Object.fromEntries(keys.map((k) => [`${prefix}_${k}`, null]));
  const barKeys = ['date', 'open', 'high', 'low', 'close', 'volume', 'average'];
  for (const row of Object.values(out)) {
    if (!('last_date' in row))
      Object.assign(row, empty('last', barKeys), empty('prev', barKeys), {
        week_first_date: null,
        week_first_open: null,
        month_first_date: null,
        month_first_open: null,
      });
    if (!('quote_id' in row))
      Object.assign(
        row,
        empty('quote', [
          'id',
          'trading_date',
          'price',
          'volume',
          'open',
          'high',
          'low',
          'as_of_ms',
          'source',
        ]),
      );
  }
  return out;
}

/** The stored snapshot rows that say anything (a row whose quotes were all pruned and has no bars says nothing). */
export async function storedSnapshotRows(db: Db): Promise<Record<number, Record<string, unknown>>> {
  const rows = await db.selectFrom('stock_snapshots').selectAll().execute();
  const out: Record<number, Record<string, unknown>> = {};
  for (const r of rows) {
    if (r.last_date === null && r.quote_id === null) continue;
    out[r.stock_id] = {
      ...r,
      last_volume: r.last_volume === null ? null : Number(r.last_volume),
      prev_volume: r.prev_volume === null ? null : Number(r.prev_volume),
      quote_id: r.quote_id === null ? null : Number(r.quote_id),
      quote_volume: r.quote_volume === null ? null : Number(r.quote_volume),
      quote_as_of_ms: r.quote_as_of_ms === null ? null : Number(r.quote_as_of_ms),
    };
  }
  return out;
}

/**
 * Every stock's snapshot as the service answers it (through the rows) equals the computation from
 * its bars and latest quote as the reader did it before the rows (decision 0009), at each instant;
 * and its realtime quote is its latest quote.
 */
export async function expectSnapshotsMatchRecomputation(db: Db, instants: Date[]): Promise<void> {
  const stocks = await createCatalogueRepo(db).findByTickersInOrder(
    (await db.selectFrom('stocks').select('ticker').orderBy('ticker').execute()).map((s) => s.ticker),
  );
  const ids = stocks.map((s) => s.id);
  const cal = await createCalendarRepo(db).calendar();
  for (const at of instants) {
    const service = createSnapshotsService({ db, now: () => at });
    const answered = await service.snapshots(stocks.map((s) => s.ticker));
    const [bars, quotes] = await Promise.all([
      createBarsRepo(db).barsSince(ids, barsNeededFrom(cal, at)),
      createQuotesRepo(db).latestQuotes(ids, cal.sessionDate(at)),
    ]);
    const expected = stocks.map((s) =>
      computeSnapshot(
        {
          ticker: s.ticker,
          name: s.name,
          exchange: s.exchange_code,
          bars: bars.filter((b) => b.stock_id === s.id).map((b) => ({ ...b, volume: Number(b.volume) })),
          quote: quotes.find((q) => q.stock_id === s.id) ?? null,
        },
        cal,
        at,
      ),
    );
    expect({ at: at.toISOString(), snapshots: answered }).toEqual({
      at: at.toISOString(),
      snapshots: expected,
    });
  }
  const latest = await createQuotesRepo(db).latestQuotes(ids);
  const realtime = await createSnapshotsService({ db, now: () => new Date() }).realtime(
    stocks.map((s) => s.ticker),
  );
  expect(realtime).toEqual(
    stocks.flatMap((s) => {
      const q = latest.find((x) => x.stock_id === s.id);
      return q
        ? [
            {
              ticker: s.ticker,
              price: q.price,
              volume: q.volume,
              as_of: new Date(q.as_of_ms).toISOString(),
              source: q.source,
            },
          ]
        : [];
    }),
  );
}

/** The rows equal the recomputation, and the answers read through them equal the full computation. */
export async function expectSnapshotRowsConsistent(db: Db, instants: Date[]): Promise<void> {
  expect(await storedSnapshotRows(db)).toEqual(await recomputedSnapshotRows(db));
  await expectSnapshotsMatchRecomputation(db, instants);
}

/** Instants around a span of market dates: before the bell, in the session and after the close of each. */
export function instantsAround(from: string, to: string): Date[] {
  const out: Date[] = [];
  for (let d = from; d <= to; d = addDays(d, 1))
    for (const time of ['08:30', '09:00', '10:15', '16:00']) out.push(marketInstant(d, time));
  return out;
}
