// The demo provider on a fresh database (SQLite and PostgreSQL): the real listings with the VN30,
// years of bars that respect the calendar, the bands and the tick grid, today's moving quotes,
// and the catch-up of missed sessions.
import { PRICE_BANDS, type Snapshot } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser } from '../../test/users';
import { createMarketCalendar, marketInstant, weekdayOf } from './calendar/calendar';
import { createCalendarRepo } from './calendar/repo';
import { DEMO_YEARS, fillDemoBars, prng, seedStocksDemo, writeDemoQuotes } from './providers/demo';
import { DEMO_LISTINGS } from './providers/demo-listings';
import { tickSize } from './snapshots/snapshot';
import { expectSnapshotRowsConsistent, setMarketClock } from './test-kit';

const VN30 = [
  'ACB',
  'BCM',
  'BID',
  'BVH',
  'CTG',
  'FPT',
  'GAS',
  'GVR',
  'HDB',
  'HPG',
  'LPB',
  'MBB',
  'MSN',
  'MWG',
  'PLX',
];

describe.each(testDatabases())('demo provider (%s)', (kind) => {
  let t: TestApp;
  const now = marketInstant('2026-11-20', '10:32'); // Friday, in the morning session

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('seeds the listings, years of bars and today’s session in one go', { timeout: 60_000 }, async () => {
    const started = performance.now();
    const result = await seedStocksDemo(t.db, now);
    const ms = performance.now() - started;
    console.info(
      `demo seed on ${kind}: ${result.stocks} stocks, ${result.bars} bars, ${result.quotes} quotes in ${Math.round(ms)} ms`,
    );
    expect(result.stocks).toBe(DEMO_LISTINGS.length);
    expect(result.stocks).toBeGreaterThanOrEqual(100);
    const tickers = new Set(
      (await t.db.selectFrom('stocks').select('ticker').execute()).map((r) => r.ticker),
    );
    for (const v of VN30) expect(tickers.has(v), v).toBe(true);
    const byExchange = await t.db
      .selectFrom('stocks as s')
      .innerJoin('stock_exchanges as e', 'e.id', 's.exchange_id')
      .select(['e.code', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('e.code')
      .execute();
    for (const row of byExchange) expect(Number(row.n), row.code).toBeGreaterThanOrEqual(20);
    // About 250 sessions a year for each stock.
    expect(result.bars / result.stocks).toBeGreaterThan(DEMO_YEARS * 240);
    expect(result.bars / result.stocks).toBeLessThan(DEMO_YEARS * 255);
    // 09:00 to 10:30 every five minutes = 19 quotes per stock.
    expect(result.quotes).toBe(19 * result.stocks);
  });

  it('writes bars only on trading days, on the tick grid, inside the daily band', async () => {
    const cal = await createCalendarRepo(t.db).calendar();
    for (const ticker of ['VNM', 'SHS', 'ACV', 'IDI']) {
      const rows = await t.db
        .selectFrom('stock_daily_bars as b')
        .innerJoin('stocks as s', 's.id', 'b.stock_id')
        .innerJoin('stock_exchanges as e', 'e.id', 's.exchange_id')
        .select(['b.date', 'b.open', 'b.high', 'b.low', 'b.close', 'b.volume', 'b.source', 'e.code'])
        .where('s.ticker', '=', ticker)
        .orderBy('b.date')
        .execute();
      expect(rows.at(-1)?.date).toBe('2026-11-19'); // Thursday: today's bar comes after the close
      const band = PRICE_BANDS[rows[0]?.code as keyof typeof PRICE_BANDS];
      for (let i = 0; i < rows.length; i++) {
        const b = rows[i] as (typeof rows)[number];
        expect(cal.isTradingDay(b.date), `${ticker} ${b.date}`).toBe(true);
        expect(b.source).toBe('demo');
        expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close));
        expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
        expect(Number(b.volume)).toBeGreaterThan(0);
        expect(b.close % tickSize(b.code as 'HOSE', b.close)).toBe(0);
        if (i > 0) {
          const ref = (rows[i - 1] as (typeof rows)[number]).close;
          expect(Math.abs(b.close / ref - 1), `${ticker} ${b.date}`).toBeLessThanOrEqual(band + 1e-9);
        }
      }
      expect(rows.some((b) => b.date === '2026-02-16' || weekdayOf(b.date) === 6)).toBe(false);
    }
  });

  it('shows the seeded stocks live through the API, and catches up sessions it missed', {
    timeout: 30_000,
  }, async () => {
    setMarketClock(t, '2026-11-20', '10:33');
    const user = await makeUser(t);
    const call = caller(t);
    const snap = (await call(user, 'GET', '/api/stocks/snapshots/?tickers=VNM,FPT,ACV')).json() as Snapshot[];
    expect(snap.map((s) => s.ticker)).toEqual(['VNM', 'FPT', 'ACV']);
    for (const s of snap) {
      expect(s.live_as_of).toBe(marketInstant('2026-11-20', '10:30').toISOString());
      expect(s.current_price).toBeGreaterThanOrEqual(s.floor as number);
      expect(s.current_price).toBeLessThanOrEqual(s.ceiling as number);
      expect(s.week_open).not.toBeNull();
    }
    const vnmPrice = snap[0]?.current_price;
    const cal = createMarketCalendar(await createCalendarRepo(t.db).holidayDates());
    // A later minute moves prices, still within the band.
    const written = await writeDemoQuotes(t.db, cal, marketInstant('2026-11-20', '14:59'), prng(7));
    expect(written).toBe(DEMO_LISTINGS.length);
    // After the close the day's bar is made from the session's quotes; Monday's catch-up adds it once.
    expect(await fillDemoBars(t.db, cal, marketInstant('2026-11-20', '15:10'))).toBe(DEMO_LISTINGS.length);
    expect(await fillDemoBars(t.db, cal, marketInstant('2026-11-23', '08:00'))).toBe(0);
    const bar = await t.db
      .selectFrom('stock_daily_bars as b')
      .innerJoin('stocks as s', 's.id', 'b.stock_id')
      .select(['b.close', 'b.open'])
      .where('s.ticker', '=', 'VNM')
      .where('b.date', '=', '2026-11-20')
      .executeTakeFirstOrThrow();
    expect(typeof vnmPrice).toBe('number');
    const quotes = await t.db
      .selectFrom('stock_quotes as q')
      .innerJoin('stocks as s', 's.id', 'q.stock_id')
      .select(['q.price', 'q.open'])
      .where('s.ticker', '=', 'VNM')
      .orderBy('q.as_of_ms', 'desc')
      .execute();
    expect(bar.close).toBe(quotes[0]?.price);
    expect(bar.open).toBe(quotes.at(-1)?.price);
    // Two missed days later, both are filled with synthetic bars.
    expect(await fillDemoBars(t.db, cal, marketInstant('2026-11-24', '16:00'))).toBe(
      2 * DEMO_LISTINGS.length,
    );
    // A second seed on an existing install adds nothing new.
    expect(await seedStocksDemo(t.db, marketInstant('2026-11-24', '16:05'))).toEqual({
      stocks: 0,
      bars: 0,
      quotes: 0,
    });
  });

  it("keeps every stock's snapshot row equal to a recomputation from its bars and quotes", {
    timeout: 60_000,
  }, async () => {
    await expectSnapshotRowsConsistent(t.db, [
      ...['08:30', '10:33', '15:10'].map((time) => marketInstant('2026-11-20', time)),
      ...['08:00', '16:00'].map((time) => marketInstant('2026-11-24', time)),
    ]);
  });
});
