// The forex calls on SQLite and PostgreSQL: symbols, each range's window and downsampling (the
// last point of each bucket, bucket edges), the latest quote with staleness, roles and bad input.
import type { ForexLatest, ForexSeries } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { storeForexPoints } from './repo';
import { createForexService } from './service';

/** "Now": 2040-01-15 12:00 UTC = 19:00 in Vietnam. */
const NOW = Date.parse('2040-01-15T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Midnight in Vietnam on the day of NOW (17:00 UTC the day before). */
const ICT_MIDNIGHT = Date.parse('2040-01-14T17:00:00Z');

const at = (ms: number) => new Date(ms);
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(testDatabases())('forex API (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let staff: TestUser;

  const point = (
    symbol: string,
    ms: number,
    last: number,
    bid: number | null = null,
    ask: number | null = null,
  ) => ({
    symbol,
    time: at(ms),
    last,
    bid,
    ask,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.advance((NOW - t.clock.now().getTime()) / 1000);
    call = caller(t);
    staff = await makeUser(t, 'staff');
    const arrived = { arrivedAt: at(NOW - 10 * MIN), staleAfterMs: HOUR };
    // USD from Vietcombank: 5-minute bucket edges in the last day.
    await storeForexPoints(
      t.db,
      [
        point('USD', NOW - DAY - MIN, 26_000), // before the daily window
        point('USD', NOW - DAY, 26_010), // exactly at the window start: in
        point('USD', NOW - 2 * HOUR, 26_100), // 17:00 ICT: opens a bucket
        point('USD', NOW - 2 * HOUR + 4 * MIN, 26_110),
        point('USD', NOW - 2 * HOUR + 5 * MIN - 1, 26_120), // last of the 17:00 bucket
        point('USD', NOW - 2 * HOUR + 5 * MIN, 26_130), // opens 17:05
        point('USD', NOW - 30 * MIN, 26_200, 26_150, 26_250),
        point('USD', NOW + MIN, 27_000), // in the future: never shown
      ],
      { source: 'vcb', ...arrived },
    );
    // SJC: day buckets start at midnight in Vietnam; the yearly range keeps each day's last.
    await storeForexPoints(
      t.db,
      [
        point('SJC', ICT_MIDNIGHT - 1, 150_000_000), // 23:59:59.999 yesterday (ICT)
        point('SJC', ICT_MIDNIGHT - 6 * HOUR, 149_000_000), // earlier the same day
        point('SJC', ICT_MIDNIGHT, 151_000_000, 148_000_000, 151_000_000), // midnight: today
        point('SJC', ICT_MIDNIGHT + 3 * HOUR, 152_000_000, 149_000_000, 152_000_000),
        point('SJC', NOW - 400 * DAY, 80_000_000), // older than a year
        point('SJC', NOW - 200 * DAY, 120_000_000),
      ],
      { source: 'sjc', arrivedAt: at(NOW - 2 * HOUR), staleAfterMs: HOUR },
    );
    // Demo points are hidden once real ones exist, and shown for a symbol that has only those.
    await storeForexPoints(t.db, [point('SJC', NOW - 5 * MIN, 1)], { source: 'demo', ...arrived });
    await storeForexPoints(t.db, [point('EUR', NOW - HOUR, 30_000, 29_900, 30_100)], {
      source: 'demo',
      ...arrived,
    });
  });
  afterAll(() => t.close());

  const get = async (url: string, user: TestUser | null = staff) => call(user, 'GET', url);
  const series = async (range: string, symbol: string) => {
    const res = await get(`/api/forex/${range}/?symbol=${encodeURIComponent(symbol)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ForexSeries;
  };

  it('lists every symbol that has prices', async () => {
    const res = await get('/api/forex/symbols/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ symbols: ['EUR', 'SJC', 'USD'] });
  });

  it('daily: the last 24 hours, the last point of each 5-minute bucket, edges included', async () => {
    const s = await series('daily', 'USD');
    expect(s.bucket_seconds).toBe(300);
    expect(s.data).toEqual([
      { time: iso(NOW - DAY), last: 26_010 },
      { time: iso(NOW - 2 * HOUR + 5 * MIN - 1), last: 26_120 },
      { time: iso(NOW - 2 * HOUR + 5 * MIN), last: 26_130 },
      { time: iso(NOW - 30 * MIN), last: 26_200 },
    ]);
  });

  it('monthly: 3-hour buckets over 30 days', async () => {
    const s = await series('monthly', 'USD');
    expect(s.bucket_seconds).toBe(3 * 3600);
    // Buckets run 15:00–18:00 and 18:00–21:00 in Vietnam: yesterday's 18:59 and 19:00 share one,
    // and today's 17:00–17:05 points fold into the 15:00 one.
    expect(s.data).toEqual([
      { time: iso(NOW - DAY), last: 26_010 },
      { time: iso(NOW - 2 * HOUR + 5 * MIN), last: 26_130 },
      { time: iso(NOW - 30 * MIN), last: 26_200 },
    ]);
  });

  it('yearly: day buckets from midnight in Vietnam, the year only, demo points hidden', async () => {
    const s = await series('yearly', 'SJC');
    expect(s.bucket_seconds).toBe(86_400);
    expect(s.data).toEqual([
      { time: iso(NOW - 200 * DAY), last: 120_000_000 },
      { time: iso(ICT_MIDNIGHT - 1), last: 150_000_000 },
      { time: iso(ICT_MIDNIGHT + 3 * HOUR), last: 152_000_000 },
    ]);
  });

  it('keeps answers to a few hundred points however dense the data', async () => {
    const dense = Array.from({ length: 2 * 24 * 60 }, (_, i) => point('GBP', NOW - i * MIN, 35_000 + i));
    await storeForexPoints(t.db, dense, { source: 'vcb', arrivedAt: at(NOW), staleAfterMs: HOUR });
    const day = await series('daily', 'GBP');
    expect(day.data.length).toBeLessThanOrEqual(289);
    expect(day.data.length).toBeGreaterThan(280);
    // Each bucket's last minute: NOW is on a 5-minute boundary, so it opens a bucket of its own.
    expect(day.data.at(-1)).toEqual({ time: iso(NOW), last: 35_000 });
    expect(day.data.at(-2)).toEqual({ time: iso(NOW - MIN), last: 35_001 });
    const times = day.data.map((p) => Date.parse(p.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('latest: last, bid, ask and time of the newest point, with source and staleness', async () => {
    const usd = await get('/api/forex/latest/?symbol=USD');
    expect(usd.statusCode).toBe(200);
    expect(usd.json()).toEqual({
      symbol: 'USD',
      data: { last: 27_000, bid: null, ask: null, time: iso(NOW + MIN) },
      source: 'vcb',
      demo: false,
      arrived_at: iso(NOW - 10 * MIN),
      stale: false,
      stale_after_seconds: 3600,
    } satisfies ForexLatest);
    const sjc = (await get('/api/forex/latest/?symbol=SJC')).json() as ForexLatest;
    expect(sjc).toMatchObject({ source: 'sjc', demo: false, stale: true });
    expect(sjc.data).toEqual({
      last: 152_000_000,
      bid: 149_000_000,
      ask: 152_000_000,
      time: iso(ICT_MIDNIGHT + 3 * HOUR),
    });
    const eur = (await get('/api/forex/latest/?symbol=EUR')).json() as ForexLatest;
    expect(eur).toMatchObject({
      source: 'demo',
      demo: true,
      data: { last: 30_000, bid: 29_900, ask: 30_100 },
    });
  });

  it('stores a point once per symbol, instant and source', async () => {
    const again = await storeForexPoints(t.db, [point('USD', NOW - 30 * MIN, 99_999)], {
      source: 'vcb',
      arrivedAt: at(NOW),
      staleAfterMs: HOUR,
    });
    expect(again).toBe(0);
    const s = await series('daily', 'USD');
    expect(s.data.at(-1)).toEqual({ time: iso(NOW - 30 * MIN), last: 26_200 });
  });

  it('answers 404 with a detail for an unknown symbol or range, 400 without a symbol', async () => {
    const unknownSymbol = await get('/api/forex/monthly/?symbol=XAU');
    expect(unknownSymbol.statusCode).toBe(404);
    expect(unknownSymbol.json().detail).toBe('Unknown symbol "XAU".');
    const unknownRange = await get('/api/forex/weekly/?symbol=USD');
    expect(unknownRange.statusCode).toBe(404);
    expect(unknownRange.json().detail).toMatch(/Unknown range "weekly"/);
    expect((await get('/api/forex/latest/?symbol=XAU')).statusCode).toBe(404);
    for (const url of ['/api/forex/daily/', '/api/forex/latest/', '/api/forex/yearly/?symbol=']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json())).toEqual(['symbol']);
    }
  });

  it('opens every call to admin, manager and staff only', async () => {
    const urls = ['/api/forex/symbols/', '/api/forex/daily/?symbol=USD', '/api/forex/latest/?symbol=USD'];
    for (const role of ['admin', 'manager', 'staff', 'ndf'] as const) {
      const user = await makeUser(t, role);
      for (const url of urls) {
        expect((await get(url, user)).statusCode, `${role} ${url}`).toBe(role === 'ndf' ? 403 : 200);
      }
    }
    for (const url of urls) expect((await get(url, null)).statusCode).toBe(401);
  });

  it('answers a kept series exactly as a fresh one while the clock moves points in and out', async () => {
    const fresh = createForexService({ db: t.db, now: t.clock.now });
    const start = t.clock.now().getTime();
    try {
      // The daily window's first point leaves 1 ms after NOW and the future point enters at
      // NOW + 1 min; a day later everything but that point has left.
      for (const step of [0, 1, 30_000, 29_999, 1, 1, MIN, 2 * HOUR, DAY]) {
        t.clock.advance(step / 1000);
        const reader = await makeUser(t, 'staff'); // signed in now: a day outlives any access token
        for (const range of ['daily', 'monthly', 'yearly'] as const) {
          for (const symbol of ['USD', 'SJC']) {
            const kept = await get(`/api/forex/${range}/?symbol=${symbol}`, reader);
            expect(kept.json(), `${range} ${symbol} at +${t.clock.now().getTime() - NOW} ms`).toEqual(
              await fresh.series(range, symbol),
            );
          }
        }
      }
    } finally {
      t.clock.advance((start - t.clock.now().getTime()) / 1000);
    }
  });
});
