// The forex jobs and the demo provider against real databases: the demo history on a fresh
// install (realistic levels, source 'demo', once only), the demo ticker, the live jobs storing the
// recorded responses idempotently, SJC falling back to PNJ, the Vietcombank back-fill, the CSV import.
// vitest: shares the cores (it starts processes, but times and measures none of them).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ForexLatest, ForexSeries } from '@staff/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketDataJobContext } from '../../market-data/types';
import { createTestApp, type TestApp, testDatabases } from '../../test/harness';
import { caller, makeUser, type TestUser } from '../../test/users';
import { DEMO_SERIES, demoForexJob, demoHistory, seedDemoForex } from './demo';
import { importForexCsv } from './import';
import { forexJobs, forexSeeders, goldJob, phuQuyJob, vcbBackfillJob, vcbBoardJob } from './jobs';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => fs.readFileSync(path.join(here, 'fixtures', name), 'utf8');
const quietLog = { info() {}, warn() {}, error() {} };

describe('demo history', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it("covers five years daily, a month every 3 hours and a day every 5 minutes, ending at today's level", () => {
    const sjc = demoHistory(DEMO_SERIES[0] as (typeof DEMO_SERIES)[number], now);
    const times = sjc.map((p) => p.time.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    expect(now.getTime() - (times[0] as number)).toBeGreaterThan(4.99 * 365 * 86_400_000);
    expect(times.filter((t) => t >= now.getTime() - 86_400_000)).toHaveLength(289);
    expect(sjc.at(-1)).toMatchObject({
      symbol: 'SJC',
      last: 152_000_000,
      bid: 149_000_000,
      ask: 152_000_000,
    });
    // Five years back gold was far cheaper, but still tens of millions per lượng.
    expect(sjc[0]?.last).toBeGreaterThan(20_000_000);
    expect(sjc[0]?.last).toBeLessThan(120_000_000);
    const usd = demoHistory(DEMO_SERIES.find((s) => s.symbol === 'USD') as (typeof DEMO_SERIES)[number], now);
    for (const p of usd) {
      expect(p.last).toBeGreaterThan(18_000);
      expect(p.last).toBeLessThan(34_000);
      expect(p.bid as number).toBeLessThan(p.last);
      expect(p.ask as number).toBeGreaterThan(p.last);
    }
  });

  it('draws the same history every time', () => {
    const series = DEMO_SERIES[5] as (typeof DEMO_SERIES)[number];
    expect(demoHistory(series, now)).toEqual(demoHistory(series, now));
  });

  it('seeds only with MARKET_DATA=demo', () => {
    expect(forexSeeders({ marketData: 'live', marketDataPollSeconds: 300 })).toHaveLength(0);
    expect(forexSeeders({ marketData: 'demo', marketDataPollSeconds: 300 })).toHaveLength(1);
    expect(forexJobs({ marketData: 'demo', marketDataPollSeconds: 60 }).map((j) => j.name)).toEqual([
      'forex-demo',
    ]);
    const live = forexJobs({ marketData: 'live', marketDataPollSeconds: 60 });
    expect(live.map((j) => j.name)).toEqual([
      'forex-vcb-board',
      'forex-vcb-backfill',
      'forex-gold',
      'forex-phuquy',
    ]);
    // Vietcombank's board: never more than one request every 5 minutes.
    expect(live[0]?.intervalMs).toBe(300_000);
  });
});

describe.each(testDatabases())('forex jobs (%s)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let staff: TestUser;
  const NOW = new Date('2040-02-10T05:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.advance((NOW.getTime() - t.clock.now().getTime()) / 1000);
    call = caller(t);
    staff = await makeUser(t);
  });
  afterAll(() => t.close());

  const ctx = (fetchFn: typeof fetch, now = NOW): MarketDataJobContext => ({
    db: t.db,
    now,
    log: quietLog,
    signal: new AbortController().signal,
    fetch: fetchFn,
  });
  const get = async <T>(url: string) => {
    const res = await call(staff, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it('fills a fresh database with demo history once, fast, then the ticker adds points', async () => {
    const started = performance.now();
    const inserted = await seedDemoForex(t.db, NOW, quietLog, 300_000);
    const ms = performance.now() - started;
    expect(inserted).toBeGreaterThan(50_000);
    expect(ms).toBeLessThan(15_000); // generous on a shared machine; the bench measures it
    expect(await seedDemoForex(t.db, NOW, quietLog, 300_000)).toBe(0);
    const { symbols } = await get<{ symbols: string[] }>('/api/forex/symbols/');
    expect(symbols).toHaveLength(DEMO_SERIES.length);
    expect(symbols).toEqual(expect.arrayContaining(['SJC', 'BPQ', 'VPQ', 'USD', 'EUR', 'KRW', 'THB']));
    const year = await get<ForexSeries>('/api/forex/yearly/?symbol=SJC');
    expect(year.data.length).toBeGreaterThan(360);
    expect(year.data.length).toBeLessThanOrEqual(366);
    const day = await get<ForexSeries>('/api/forex/daily/?symbol=USD');
    expect(day.data.length).toBeGreaterThan(280);
    const latest = await get<ForexLatest>('/api/forex/latest/?symbol=SJC');
    expect(latest).toMatchObject({ source: 'demo', demo: true, stale: false, data: { last: 152_000_000 } });

    // Ten minutes on (within the access token's life): two more 5-minute points.
    const later = new Date(NOW.getTime() + 10 * 60_000);
    await demoForexJob(300_000).run(ctx(fetch, later));
    t.clock.advance(10 * 60);
    const after = await get<ForexSeries>('/api/forex/daily/?symbol=USD');
    expect(after.data.at(-1)?.time).toBe(later.toISOString());
  });

  it('stores the live sources idempotently; real points hide the demo ones', async () => {
    const answers: Record<string, string> = {
      'pXML.aspx': fixture('vcb-board-2026-06-13.xml.txt').replace(
        '6/13/2026 2:45:53 PM',
        '2/10/2040 11:45:00 AM',
      ),
      'sjc.com.vn': fixture('sjc-2026-04-01.json.txt').replace('13:29 01/04/2026', '11:30 10/02/2040'),
      'be.phuquy': fixture('phuquy-board.json.txt').replaceAll('2026-04-21', '2040-02-10'),
      phuquygroup: fixture('phuquy-silver.html.txt'),
    };
    const fakeFetch = (async (url: string) => {
      const key = Object.keys(answers).find((k) => url.includes(k));
      return key ? new Response(answers[key]) : new Response('', { status: 404 });
    }) as unknown as typeof fetch;
    for (let i = 0; i < 2; i++) {
      await vcbBoardJob(300_000).run(ctx(fakeFetch));
      await goldJob(300_000).run(ctx(fakeFetch));
      await phuQuyJob(300_000).run(ctx(fakeFetch));
    }
    const usd = await get<ForexLatest>('/api/forex/latest/?symbol=USD');
    expect(usd).toMatchObject({
      source: 'vcb',
      demo: false,
      data: { last: 26_267, bid: 26_122, ask: 26_412, time: '2040-02-10T04:45:00.000Z' },
    });
    const sjc = await get<ForexLatest>('/api/forex/latest/?symbol=SJC');
    expect(sjc).toMatchObject({
      source: 'sjc',
      data: { last: 176_700_000, time: '2040-02-10T04:30:00.000Z' },
    });
    expect((await get<ForexLatest>('/api/forex/latest/?symbol=VPQ')).source).toBe('phuquy');
    expect((await get<ForexLatest>('/api/forex/latest/?symbol=BPQ')).data.last).toBe(2_314_000);
    // Once real USD points exist, the chart shows only those: one point, stored once.
    const day = await get<ForexSeries>('/api/forex/daily/?symbol=USD');
    expect(day.data).toEqual([{ time: '2040-02-10T04:45:00.000Z', last: 26_267 }]);
    expect((await get<{ symbols: string[] }>('/api/forex/symbols/')).symbols).toContain('Vàng nhẫn SJC');
  });

  it('takes the SJC price from PNJ when SJC refuses', async () => {
    const fakeFetch = (async (url: string) =>
      url.includes('pnj.io')
        ? new Response(
            fixture('pnj-gold-2026-06-27.json.txt').replace('27/06/2026 09:44:29', '10/02/2040 12:00:00'),
          )
        : new Response('<html>Just a moment...</html>', { status: 403 })) as unknown as typeof fetch;
    await goldJob(300_000).run(ctx(fakeFetch, new Date('2040-02-10T05:01:00Z')));
    const sjc = await get<ForexLatest>('/api/forex/latest/?symbol=SJC');
    expect(sjc).toMatchObject({
      source: 'pnj',
      data: { last: 148_500_000, time: '2040-02-10T05:00:00.000Z' },
    });
    const bothDown = (async () => new Response('', { status: 403 })) as unknown as typeof fetch;
    await expect(goldJob(300_000).run(ctx(bothDown))).rejects.toThrow(/pnj: HTTP 403/);
  });

  it('back-fills Vietcombank history a few dates per run, walking back from the oldest point', async () => {
    const asked: string[] = [];
    const fakeFetch = (async (url: string) => {
      const date = new URL(url).searchParams.get('date') as string;
      asked.push(date);
      return new Response(
        fixture('vcb-rates-2025-12-09.json.txt').replace('2025-12-09T08:16:30', `${date}T23:00:00`),
      );
    }) as unknown as typeof fetch;
    await vcbBackfillJob().run(ctx(fakeFetch));
    expect(asked).toEqual([
      '2040-02-09',
      '2040-02-08',
      '2040-02-07',
      '2040-02-06',
      '2040-02-05',
      '2040-02-04',
      '2040-02-03',
    ]);
    await vcbBackfillJob().run(ctx(fakeFetch));
    expect(asked.slice(7, 9)).toEqual(['2040-02-02', '2040-02-01']);
    const month = await get<ForexSeries>('/api/forex/monthly/?symbol=EUR');
    expect(month.data).toHaveLength(14);
    expect(month.data[0]).toEqual({ time: '2040-01-27T16:00:00.000Z', last: (30_197.27 + 31_471.27) / 2 });
  });

  it('imports a CSV file, reporting every bad row by line and storing nothing then', async () => {
    const bad = [
      'symbol,time,last,bid,ask',
      'USD,2040-01-02T09:00:00+07:00,25000,24900,25100',
      'USD,yesterday,25000,,',
      ',2040-01-03,abc,-,x',
      'USD,2041-01-01,25000,,',
      'USD,2040-02-30,25000,,',
    ].join('\n');
    const failed = await importForexCsv(t.db, bad, NOW);
    expect(failed.inserted).toBe(0);
    expect(failed.errors).toEqual([
      'Line 3: time "yesterday" is not an ISO-8601 instant with a zone or a date YYYY-MM-DD.',
      `Line 4: symbol is empty; last "abc" is not a number (use digits and '.'); ask "x" is not a number.`,
      'Line 5: time "2041-01-01" is in the future.',
      'Line 6: time "2040-02-30" is not an ISO-8601 instant with a zone or a date YYYY-MM-DD.',
    ]);
    expect((await importForexCsv(t.db, 'sym,when\nUSD,2040-01-01', NOW)).errors).toEqual([
      'Line 1: missing column(s) symbol, time, last; unknown column(s) sym, when (expected symbol,time,last[,bid,ask,source]).',
    ]);
    expect((await importForexCsv(t.db, '', NOW)).errors[0]).toMatch(/empty/);

    const good = [
      'time,symbol,last,bid,ask',
      '2040-02-01,XAU,100,0,-',
      '2040-02-02,XAU,110,105,115',
      '"2040-02-03T10:00:00Z",XAU,90,,',
    ].join('\n');
    expect(await importForexCsv(t.db, good, NOW)).toEqual({ rows: 3, inserted: 3, errors: [] });
    expect((await importForexCsv(t.db, good, NOW)).inserted).toBe(0);
    const month = await get<ForexSeries>('/api/forex/monthly/?symbol=XAU');
    expect(month.data).toEqual([
      { time: '2040-01-31T17:00:00.000Z', last: 100 },
      { time: '2040-02-01T17:00:00.000Z', last: 110 },
      { time: '2040-02-03T10:00:00.000Z', last: 90 },
    ]);
    const latest = await get<ForexLatest>('/api/forex/latest/?symbol=XAU');
    expect(latest).toMatchObject({ source: 'import', data: { last: 90, bid: null, ask: null } });
  });
});

describe('manage import-forex', () => {
  it('imports a file into the configured database and explains bad rows', async () => {
    const run = promisify(execFile);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forex-import-'));
    try {
      const file = path.join(dir, 'history.csv');
      fs.writeFileSync(file, 'symbol,time,last\nUSD,2024-01-02,24300\nUSD,2024-01-03,24350\n');
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
      const repoRoot = path.resolve(here, '../../../../..');
      const args = ['--import', 'tsx', 'apps/api/src/manage.ts', 'import-forex', file];
      const ok = await run(process.execPath, args, { cwd: repoRoot, env });
      expect(ok.stdout).toBe(`Imported 2 new point(s) from 2 row(s) of ${file}\n`);
      fs.writeFileSync(file, 'symbol,time,last\nUSD,2024-01-02,24.300,00\n');
      const failed = await run(process.execPath, args, { cwd: repoRoot, env }).catch(
        (e) => e as { code: number; stderr: string },
      );
      expect((failed as { code: number }).code).toBe(1);
      expect((failed as { stderr: string }).stderr).toContain('Line 2: expected 3 values, found 4');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
