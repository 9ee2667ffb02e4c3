// The snapshot rows (stock_snapshots) are derived data: after prices written by every writer (the
// API's price records, replacing a day and out of date order, on a weekend and a holiday, after
// the session shown; quotes out of time order; the demo jobs and seed; the quote pruning; the
// benches' bulk loader), each row equals a recomputation from the stored bars and quotes, and the
// snapshots and realtime quotes read through the rows equal the full computation at every instant
// of the weeks around the data, on SQLite and PostgreSQL.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/index';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness';
import { caller, makeUser, type TestUser } from '../../../test/users';
import { createMarketCalendar, type MarketCalendar, marketInstant } from '../calendar/calendar';
import { HOLIDAY_SEED } from '../calendar/holidays';
import { createCatalogueRepo } from '../catalogue/repo';
import { pruneQuotesJob } from '../jobs';
import { fillDemoBars, seedStocksDemo, writeDemoQuotes } from '../providers/demo';
import { expectSnapshotRowsConsistent, instantsAround, setMarketClock, writeQuote } from '../test-kit';
import { createSnapshotRowsRepo, rowCovers } from './snapshot-rows';

const silent = { info() {}, warn() {}, error() {} };

/** The benches' stock generator (plain JavaScript), which fills the tables straight through the bars repository. */
const BENCH_STOCKS = fileURLToPath(new URL('../../../../../../bench/generators/stocks.mjs', import.meta.url));
interface BenchStocks {
  listings(count: number): unknown[];
  tradingDays(cal: MarketCalendar, until: string, years: number): string[];
  insertStocksWithBars(
    trx: Db,
    options: { list: unknown[]; days: string[]; exchangeIds: Record<string, number>; createdAt: string },
  ): Promise<{ created: { id: number; ticker: string }[]; bars: number }>;
}

describe.each(testDatabases())('snapshot rows (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let manager: TestUser;
  const ids: Record<string, number> = {};

  const record = async (ticker: string, date: string, base: number, average?: number) => {
    const res = await call(manager, 'POST', '/api/stocks/prices/', {
      ticker,
      date,
      open: base,
      high: base + 500,
      low: base - 500,
      close: base + 100,
      volume: 1_000 + Math.round(base / 100),
      ...(average ? { average } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const check = () => expectSnapshotRowsConsistent(t.db, instantsAround('2026-04-22', '2026-05-12'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    call = caller(t);
    setMarketClock(t, '2026-05-06', '10:00');
    manager = await makeUser(t, 'manager');
    const exchanges = (await call(manager, 'GET', '/api/stocks/exchanges/')).json() as {
      id: number;
      code: string;
    }[];
    const exchange = Object.fromEntries(exchanges.map((e) => [e.code, e.id]));
    for (const [ticker, code] of [
      ['ZAA', 'HOSE'],
      ['ZBB', 'UPCOM'],
      ['ZCC', 'HNX'],
      ['ZDD', 'HOSE'],
      ['ZEE', 'HNX'],
    ] as const) {
      const res = await call(manager, 'POST', '/api/stocks/stocks/', {
        ticker,
        name: `Công ty ${ticker}`,
        exchange_id: exchange[code],
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[ticker] = res.json().id;
    }
  });
  afterAll(() => t.close());

  it('price records through the API, in any order, replacing a day, on closed days and ahead of the session', async () => {
    // ZAA: the trading days of late April and early May, written newest first.
    for (const date of ['2026-05-05', '2026-05-04', '2026-04-29', '2026-04-28', '2026-04-24', '2026-04-23'])
      await record('ZAA', date, 60_000 + Number(date.slice(8)) * 100);
    await record('ZAA', '2026-05-04', 61_234); // replaces the day's bar
    // ZBB (UPCOM, with averages): a bar on the 30/4 holiday and on a Saturday, before Monday's.
    await record('ZBB', '2026-04-28', 20_000, 20_050);
    await record('ZBB', '2026-04-30', 20_500, 20_550);
    await record('ZBB', '2026-05-02', 20_700, 20_750);
    await record('ZBB', '2026-05-04', 21_000, 21_050);
    // ZCC: one bar a year back (outside any snapshot's window), then one ahead of the session shown.
    await record('ZCC', '2025-05-05', 9_000);
    await check();
    await record('ZCC', '2026-05-08', 9_500);
    await record('ZCC', '2026-05-06', 9_400);
    await check();
  });

  it('quotes written out of time order and at the same instant, then pruned', async () => {
    const at = (date: string, time: string) => marketInstant(date, time);
    await writeQuote(t.db, {
      stockId: ids.ZAA as number,
      at: at('2026-05-06', '10:00'),
      price: 61_500,
      volume: 500,
    });
    await writeQuote(t.db, {
      stockId: ids.ZAA as number,
      at: at('2026-05-06', '09:30'),
      price: 61_000,
      volume: 300,
    });
    await writeQuote(t.db, {
      stockId: ids.ZBB as number,
      at: at('2026-05-05', '14:00'),
      price: 21_200,
      volume: 900,
    });
    // Two quotes at one instant: the later written is the latest.
    await writeQuote(t.db, {
      stockId: ids.ZBB as number,
      at: at('2026-05-06', '09:15'),
      price: 21_100,
      volume: 100,
    });
    await writeQuote(t.db, {
      stockId: ids.ZBB as number,
      at: at('2026-05-06', '09:15'),
      price: 21_150,
      volume: 150,
    });
    // ZEE has quotes and no bars.
    await writeQuote(t.db, {
      stockId: ids.ZEE as number,
      at: at('2026-04-24', '11:00'),
      price: 5_000,
      volume: 10,
    });
    await check();

    // Pruning as of 2026-05-06 10:00 drops ZEE's only quote (older than the retention) and keeps
    // the others' latest.
    await pruneQuotesJob.run({
      db: t.db,
      now: at('2026-05-06', '10:00'),
      log: silent,
      signal: new AbortController().signal,
      fetch,
    });
    const zee = (await createSnapshotRowsRepo(t.db).rowsOf([ids.ZEE as number])).get(ids.ZEE as number);
    expect(zee?.quote_id ?? null).toBeNull();
    await check();
  });

  it("the benches' bulk loader and the demo seed, bars and quotes jobs", { timeout: 60_000 }, async () => {
    const { insertStocksWithBars, listings, tradingDays } = (await import(BENCH_STOCKS)) as BenchStocks;
    const cal = createMarketCalendar(HOLIDAY_SEED.map((h) => h.date));
    const exchangeIds = await createCatalogueRepo(t.db).exchangeIds();
    await t.db.transaction().execute((trx) =>
      insertStocksWithBars(trx, {
        list: listings(3),
        days: tradingDays(cal, '2026-04-29', 0.2),
        exchangeIds,
        createdAt: new Date().toISOString(),
      }),
    );
    await check();
    // The demo's catch-up of missed sessions (through 2026-05-05) and a morning of its quotes.
    expect(await fillDemoBars(t.db, cal, marketInstant('2026-05-06', '10:30'))).toBeGreaterThan(0);
    const morning = ['09:05', '09:40', '10:20'].map((time) => marketInstant('2026-05-06', time));
    expect(await writeDemoQuotes(t.db, cal, morning)).toBeGreaterThan(0);
    // The seed on an existing install: the sessions missed since (the 6th, from its quotes).
    await seedStocksDemo(t.db, marketInstant('2026-05-07', '08:00'));
    await check();
  });

  it('answers the same through the API as the recomputation', async () => {
    const res = await call(manager, 'GET', '/api/stocks/snapshots/?tickers=ZAA,ZBB,ZCC,ZDD,ZEE');
    expect(res.statusCode).toBe(200);
    const tickers = res.json().map((s: { ticker: string }) => s.ticker);
    expect(tickers).toEqual(['ZAA', 'ZBB', 'ZCC', 'ZDD', 'ZEE']);
    await check();
  });

  it('covers the session from the row only when the row holds every bar the snapshot reads', async () => {
    const cal = createMarketCalendar(HOLIDAY_SEED.map((h) => h.date));
    const rows = await createSnapshotRowsRepo(t.db).rowsOf([
      ids.ZAA as number,
      ids.ZBB as number,
      ids.ZCC as number,
    ]);
    // ZAA's latest bar is 2026-05-05: the 5th and the days after are covered, not the 4th.
    expect(rowCovers(rows.get(ids.ZAA as number), cal, '2026-05-05')).toBe(true);
    expect(rowCovers(rows.get(ids.ZAA as number), cal, '2026-05-11')).toBe(true);
    expect(rowCovers(rows.get(ids.ZAA as number), cal, '2026-05-04')).toBe(false);
    // ZBB's month starts with a Saturday bar before the month's first trading day (the 4th).
    expect(rowCovers(rows.get(ids.ZBB as number), cal, '2026-05-04')).toBe(false);
    // ZCC's bar of the 8th is ahead of the 6th's session.
    expect(rowCovers(rows.get(ids.ZCC as number), cal, '2026-05-06')).toBe(false);
    // ZDD has no prices at all.
    expect(rowCovers(undefined, cal, '2026-05-06')).toBe(true);
  });
});
