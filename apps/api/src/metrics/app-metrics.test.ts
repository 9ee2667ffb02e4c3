// The metrics each part reports, read from the registry after real requests on both databases: the
// HTTP histogram's labels (the route's pattern, one fixed value for every unmatched path, so the
// series stay bounded whatever clients send), the in-flight count back at zero, the answer cache's
// hits and misses, the sign-in throttle, the market-data job runs, the database's query times and
// pool, and the open live streams. The cluster's one scrape is in cluster-metrics.test.ts.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../db/index';
import { createMarketDataScheduler } from '../market-data/scheduler';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';
import { caller, makeUser } from '../test/users';
import { type AppMetrics, createAppMetrics } from './app-metrics';
import { UNMATCHED_ROUTE } from './http-metrics';

/** A metric's samples (for a histogram, those named `sample`, e.g. its _count), as `labels → value`. */
async function samples(metrics: AppMetrics, name: string, sample = name): Promise<Map<string, number>> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return new Map(
    values
      .filter((v) => ((v as { metricName?: string }).metricName ?? name) === sample)
      .map((v) => [
        Object.entries(v.labels)
          .filter(([label]) => label !== 'le')
          .map(([label, value]) => `${label}=${value}`)
          .sort()
          .join(','),
        v.value,
      ]),
  );
}

describe.each(testDatabases())('metrics (%s)', (kind) => {
  let t: TestApp;
  let metrics: AppMetrics;
  beforeAll(async () => {
    metrics = createAppMetrics({ defaultMetrics: false });
    t = await createTestApp(kind, {}, { metrics });
  });
  afterAll(() => t.close());

  it('labels a request with its route’s pattern, never its URL, and every unmatched path alike', async () => {
    for (const id of [1, 22, 333]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/users/users/${id}/?x=${id}` })).statusCode).toBe(
        401,
      );
    }
    for (const url of [
      '/api/no-such-thing/',
      '/api/no/such/thing/42',
      '/media/nothing.png',
      '/any-page?q=1',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    await t.app.inject({ method: 'DELETE', url: '/api/nothing/' });
    const counts = await samples(
      metrics,
      'http_request_duration_seconds',
      'http_request_duration_seconds_count',
    );
    expect(counts.get('method=GET,route=/api/users/users/:id/,status_code=401')).toBe(3);
    expect(counts.get(`method=GET,route=${UNMATCHED_ROUTE},status_code=404`)).toBe(4);
    expect(counts.get(`method=DELETE,route=${UNMATCHED_ROUTE},status_code=404`)).toBe(1);
    // No series names a URL: only patterns and the fixed value.
    for (const key of counts.keys()) expect(key).not.toMatch(/\/\d|nothing|no-such|any-page|\?/);
    // Every request answered: none left counted as in flight.
    expect((await samples(metrics, 'http_requests_in_flight')).get('')).toBe(0);
  });

  it('counts the kept answers’ hits and misses', async () => {
    const user = await makeUser(t, 'admin');
    const call = caller(t);
    const before = {
      hits: (await samples(metrics, 'answer_cache_hits_total')).get('') as number,
      misses: (await samples(metrics, 'answer_cache_misses_total')).get('') as number,
    };
    for (let i = 0; i < 3; i++)
      expect((await call(user, 'GET', '/api/cashflow/sessions/')).statusCode).toBe(200);
    expect((await samples(metrics, 'answer_cache_misses_total')).get('')).toBe(before.misses + 1);
    expect((await samples(metrics, 'answer_cache_hits_total')).get('')).toBe(before.hits + 2);
  });

  it('counts sign-ins refused by a throttling tier, by tier', async () => {
    const user = await makeUser(t);
    const tries = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/token/',
        payload: { email: user.email, password: 'wrong-1' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await tries()).statusCode);
    // The pair tier lets 5 wrong passwords through, then refuses.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const throttled = await samples(metrics, 'auth_sign_in_throttled_total');
    expect(throttled.get('tier=signin-pair')).toBe(2);
    expect(throttled.get('tier=signin-ip')).toBe(0);
  });

  it('counts market-data job runs by job and outcome', async () => {
    const jobs = [
      { name: 'metrics-ok', intervalMs: 60_000, run: async () => {} },
      {
        name: 'metrics-broken',
        intervalMs: 60_000,
        run: async () => {
          throw new Error('the source answered 500');
        },
      },
      {
        name: 'metrics-hangs',
        intervalMs: 60_000,
        // Never settles by itself: the run's timeout aborts it.
        run: () => new Promise<void>(() => {}),
      },
    ];
    const log = { info() {}, warn() {}, error() {} };
    const scheduler = createMarketDataScheduler({ db: t.db, jobs, log, metrics, runTimeoutMs: 50 });
    const runs = await samples(metrics, 'market_data_job_runs_total');
    // Every job's outcomes are shown at zero before its first run.
    expect(runs.get('job=metrics-ok,outcome=failure')).toBe(0);
    await scheduler.tick();
    const after = await samples(metrics, 'market_data_job_runs_total');
    expect(after.get('job=metrics-ok,outcome=success')).toBe(1);
    expect(after.get('job=metrics-ok,outcome=failure')).toBe(0);
    expect(after.get('job=metrics-broken,outcome=failure')).toBe(1);
    expect(after.get('job=metrics-hangs,outcome=timeout')).toBe(1);
    expect(after.get('job=metrics-hangs,outcome=success')).toBe(0);
    await scheduler.stop();
  });

  it('times the database’s queries by operation and reads its pool', async () => {
    const own = createAppMetrics({ defaultMetrics: false });
    const db: Db = createDb({ ...t.config, metrics: own.db });
    try {
      await db.selectFrom('users').select('id').limit(1).execute();
      await db.selectFrom('users').select('id').limit(1).execute();
      await db.updateTable('users').set({ first_name: 'Ann' }).where('id', '=', -1).execute();
      const counts = await samples(own, 'db_query_duration_seconds', 'db_query_duration_seconds_count');
      expect(counts.get('operation=select')).toBe(2);
      expect(counts.get('operation=update')).toBe(1);
      const max = (await samples(own, 'db_pool_max_connections')).get('');
      expect(max).toBe(kind === 'sqlite' ? 1 : 10);
      // Between queries no connection is in use; the pool keeps what it opened idle.
      const pool = await samples(own, 'db_pool_connections');
      expect(pool.get('state=in_use')).toBe(0);
      expect(pool.get('state=idle')).toBeGreaterThanOrEqual(1);
      expect((await samples(own, 'db_pool_waiting')).get('')).toBe(0);
      // A transaction holds a connection while it runs.
      await db.transaction().execute(async (tx) => {
        await tx.selectFrom('users').select('id').limit(1).execute();
        expect((await samples(own, 'db_pool_connections')).get('state=in_use')).toBe(1);
      });
    } finally {
      await db.destroy();
    }
  });

  it('counts the live-quote streams open', { timeout: 15_000 }, async () => {
    const user = await makeUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async () => (await samples(metrics, 'sse_streams_open')).get('kind=stocks_live');
    expect(await open()).toBe(0);
    const streams = [];
    for (let i = 0; i < 2; i++) {
      const issued = await fetch(`${base}/api/stocks/stream-ticket/`, {
        method: 'POST',
        headers: user.headers,
      });
      const { ticket } = (await issued.json()) as { ticket: string };
      const abort = new AbortController();
      const res = await fetch(`${base}/api/stocks/stream/?tickers=VNM&ticket=${ticket}`, {
        signal: abort.signal,
      });
      expect(res.status).toBe(200);
      // Its first bytes: the stream is open.
      await (res.body as ReadableStream<Uint8Array>).getReader().read();
      streams.push(abort);
    }
    expect(await open()).toBe(2);
    // A client that goes away closes its stream; the count follows.
    streams.pop()?.abort();
    await vi.waitFor(async () => expect(await open()).toBe(1), { timeout: 5_000, interval: 20 });
    streams.pop()?.abort();
    await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 5_000, interval: 20 });
  });

  it('counts the CashFlow table streams open, apart from the quotes', { timeout: 15_000 }, async () => {
    const host = await makeUser(t, 'admin');
    // Listening since the quotes' test (this file's app is one).
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const count = async () => await samples(metrics, 'sse_streams_open');
    const created = await fetch(`${base}/api/cashflow/tables/`, {
      method: 'POST',
      headers: { ...host.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ players: [{ name: 'An', dice_sum: 7 }] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const abort = new AbortController();
    const res = await fetch(`${base}/api/cashflow/tables/${id}/stream/`, {
      headers: host.headers,
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    expect((await count()).get('kind=cashflow_table')).toBe(1);
    expect((await count()).get('kind=stocks_live')).toBe(0);
    abort.abort();
    await vi.waitFor(async () => expect((await count()).get('kind=cashflow_table')).toBe(0), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
