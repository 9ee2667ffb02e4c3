// The live provider's jobs against recorded responses (fixtures/), on SQLite and PostgreSQL: the
// VCI listing, the VCI price board during a session (and nothing outside one), KBS daily bars.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketDataJob } from '../../market-data/types';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser } from '../../test/users';
import { marketInstant } from './calendar/calendar';
import { stocksJobs } from './index';
import { expectSnapshotRowsConsistent } from './test-kit';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const silent = { info() {}, warn() {}, error() {} };

function answering(routes: Record<string, string>) {
  const calls: string[] = [];
  const doFetch = (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const match = Object.entries(routes).find(([part]) => url.includes(part));
    return match
      ? new Response(fs.readFileSync(path.join(dir, match[1]), 'utf8'), { status: 200 })
      : new Response('{}', { status: 404 });
  }) as typeof fetch;
  return { doFetch, calls };
}

describe.each(testDatabases())('live provider jobs (%s)', (kind) => {
  let t: TestApp;
  let jobs: Record<string, MarketDataJob>;
  const run = (name: string, now: Date, doFetch: typeof fetch) =>
    (jobs[name] as MarketDataJob).run({
      db: t.db,
      now,
      log: silent,
      signal: new AbortController().signal,
      fetch: doFetch,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    jobs = Object.fromEntries(stocksJobs({ marketData: 'live' }).map((j) => [j.name, j]));
  });
  afterAll(() => t.close());

  it('adds the listed stocks of HOSE, HNX and UPCOM from VCI', async () => {
    const { doFetch, calls } = answering({ '/price/symbols/getAll': 'vci-symbols-getall.json' });
    await run('stocks-vci-listings', new Date(), doFetch);
    expect(calls).toEqual(['https://trading.vietcap.com.vn/api/price/symbols/getAll']);
    const rows = await t.db
      .selectFrom('stocks as s')
      .innerJoin('stock_exchanges as e', 'e.id', 's.exchange_id')
      .select(['s.ticker', 'e.code', 's.source'])
      .orderBy('s.ticker')
      .execute();
    expect(rows).toEqual([
      { ticker: 'SHS', code: 'HNX', source: 'vci' },
      { ticker: 'VNM', code: 'HOSE', source: 'vci' },
      { ticker: 'YTC', code: 'UPCOM', source: 'vci' },
    ]);
  });

  it('polls the board for watched tickers only during a session and stores the quotes', async () => {
    const call = caller(t);
    const manager = await makeUser(t, 'manager');
    const exchanges = (await call(manager, 'GET', '/api/stocks/exchanges/')).json() as { id: number }[];
    for (const ticker of ['ACB', 'VCB']) {
      await call(manager, 'POST', '/api/stocks/stocks/', {
        ticker,
        name: ticker,
        exchange_id: exchanges[0]?.id,
      });
    }
    const list = (await call(manager, 'POST', '/api/stocks/watchlists/', { name: 'Banks' })).json();
    for (const ticker of ['ACB', 'VCB'])
      await call(manager, 'POST', `/api/stocks/watchlists/${list.id}/add_item/`, { ticker });

    const job = jobs['stocks-vci-intraday'] as MarketDataJob;
    const inSession = marketInstant('2025-04-11', '14:44');
    expect(job.isDue?.(inSession)).toBe(true);
    expect(job.isDue?.(marketInstant('2025-04-11', '20:00'))).toBe(false);

    // Lunch break: no request at all.
    const idle = answering({ getList: 'vci-price-board.json' });
    await run('stocks-vci-intraday', marketInstant('2025-04-11', '12:00'), idle.doFetch);
    expect(idle.calls).toEqual([]);

    const board = answering({ getList: 'vci-price-board.json' });
    await run('stocks-vci-intraday', inSession, board.doFetch);
    expect(board.calls).toEqual(['https://trading.vietcap.com.vn/api/price/symbols/getList']);
    const quotes = await t.db
      .selectFrom('stock_quotes as q')
      .innerJoin('stocks as s', 's.id', 'q.stock_id')
      .select([
        's.ticker',
        'q.price',
        'q.volume',
        'q.high',
        'q.low',
        'q.open',
        'q.trading_date',
        'q.source',
        'q.as_of_ms',
      ])
      .orderBy('s.ticker')
      .execute();
    expect(quotes.map((q) => ({ ...q, volume: Number(q.volume), as_of_ms: Number(q.as_of_ms) }))).toEqual([
      {
        ticker: 'ACB',
        price: 24_850,
        volume: 18_234_500,
        high: 24_900,
        low: 23_400,
        open: 23_500,
        trading_date: '2025-04-11',
        source: 'vci',
        as_of_ms: Date.parse('2025-04-11T07:45:02.000Z'),
      },
      {
        ticker: 'VCB',
        price: 58_200,
        volume: 3_120_400,
        high: 58_500,
        low: 57_600,
        open: 57_800,
        trading_date: '2025-04-11',
        source: 'vci',
        as_of_ms: Date.parse('2025-04-11T07:45:02.000Z'),
      },
    ]);
    // The same board again adds nothing: nothing traded since.
    await run('stocks-vci-intraday', inSession, board.doFetch);
    const count = await t.db
      .selectFrom('stock_quotes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('reads KBS daily bars for watched tickers after the close, with the average price', async () => {
    const { doFetch, calls } = answering({ '/data_day': 'kbs-data-day.json' });
    await run('stocks-kbs-daily', marketInstant('2026-04-17', '15:30'), doFetch);
    expect(calls.map((c) => c.replace(/\?.*/, ''))).toEqual([
      'https://kbbuddywts.kbsec.com.vn/iis-server/investment/stocks/ACB/data_day',
      'https://kbbuddywts.kbsec.com.vn/iis-server/investment/stocks/VCB/data_day',
    ]);
    const bars = await t.db
      .selectFrom('stock_daily_bars as b')
      .innerJoin('stocks as s', 's.id', 'b.stock_id')
      .select(['s.ticker', 'b.date', 'b.close', 'b.average', 'b.source'])
      .where('s.ticker', '=', 'ACB')
      .execute();
    expect(bars).toEqual([
      { ticker: 'ACB', date: '2026-04-17', close: 32_250, average: 32_335.88, source: 'kbs' },
    ]);
    // A broken answer fails the run with the parser's error (the scheduler backs off).
    const broken = answering({ '/data_day': 'broken-kbs-data-day.json' });
    await expect(
      run('stocks-kbs-daily', marketInstant('2026-04-17', '15:30'), broken.doFetch),
    ).rejects.toThrow(/bad time/);
  });

  it('prunes intraday quotes older than the retention, keeping recent ones', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('stock_quotes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBe(2); // the two quotes of 2025-04-11
    const { doFetch } = answering({});
    await run('stocks-prune-quotes', marketInstant('2025-04-20', '10:00'), doFetch); // 9 days later
    expect(await count()).toBe(2);
    await run('stocks-prune-quotes', marketInstant('2025-04-22', '10:00'), doFetch); // 11 days later
    expect(await count()).toBe(0);
  });

  it("keeps every stock's snapshot row equal to a recomputation after the jobs' quotes, bars and pruning", async () => {
    await expectSnapshotRowsConsistent(t.db, [
      marketInstant('2025-04-11', '14:44'),
      marketInstant('2026-04-17', '15:30'),
      marketInstant('2026-04-20', '10:00'),
    ]);
  });
});
