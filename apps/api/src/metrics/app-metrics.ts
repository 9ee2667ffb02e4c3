// What the server measures about itself (issue 23, docs/metrics.md), in Prometheus' text format
// through prom-client. One registry per process, made only when METRICS_PORT is set (main.ts): with
// metrics off, nothing here is loaded and no layer does any work for it. The layers below the
// modules (http/, db/, market-data/) and the modules receive this object, or nothing, from main.ts
// and app.ts, and only read its type: prom-client is loaded by this file alone.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The server-sent event streams, by kind (`sse_streams_open`). */
export type StreamKind = 'stocks_live' | 'cashflow_table';
const STREAM_KINDS: readonly StreamKind[] = ['stocks_live', 'cashflow_table'];

/** How a market-data job's run ended (`market_data_job_runs_total`). */
export type JobOutcome = 'success' | 'failure' | 'timeout' | 'cancelled';
const JOB_OUTCOMES: readonly JobOutcome[] = ['success', 'failure', 'timeout', 'cancelled'];

/** The sign-in tiers that refuse (`auth_sign_in_throttled_total`); see http/rate-limit.ts. */
const SIGN_IN_TIERS = ['signin-ip', 'signin-pair', 'signin-fail-ip'];

/** A database connection pool's state, read at each scrape. */
export interface PoolStats {
  /** The most connections the pool opens. */
  max: number;
  /** Connections open. */
  total: number;
  /** Open connections no query holds. */
  idle: number;
  /** Queries (or transactions) waiting for a connection. */
  waiting: number;
}

/** What db/ reports: each query's time, and its pool's state. */
export interface DbMetrics {
  /** A query ran (or failed) in this many seconds; `kind` is its Kysely node's (SelectQueryNode…). */
  observeQuery(kind: string, seconds: number): void;
  /** How to read the pool's state when scraped. */
  watchPool(read: () => PoolStats): void;
}

/** Kysely's node kinds → the `operation` label. */
const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'merge',
  RawNode: 'raw',
};

/** The `operation` label of a query from its Kysely node kind (a bounded set). */
export function operationOf(kind: string): string {
  return OPERATIONS[kind] ?? 'other';
}

/** Latency buckets (seconds): the API answers in milliseconds; slow exports take seconds. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

export interface AppMetricsOptions {
  /** prom-client's default process and Node metrics (event-loop lag, heap, GC, CPU…); tests leave them out. */
  defaultMetrics?: boolean;
}

export function createAppMetrics(options: AppMetricsOptions = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  /** Requests received and not yet answered or abandoned, counted by the HTTP hooks (http-metrics.ts). */
  const inFlight = { count: 0 };
  let readPool: (() => PoolStats) | null = null;

  const httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer’s last byte, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests received and not yet answered (open event streams included)',
    registers,
    collect() {
      this.set(inFlight.count);
    },
  });
  const dbQueryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time a database query took, by operation (select, insert, update, delete, raw, other)',
    labelNames: ['operation'] as const,
    buckets: DB_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections open, by state (in_use, idle); SQLite has one connection per process',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!readPool) return;
      const pool = readPool();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections the database pool opens',
    registers,
    collect() {
      if (readPool) this.set(readPool().max);
    },
  });
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries or transactions waiting for a database connection',
    registers,
    collect() {
      if (readPool) this.set(readPool().waiting);
    },
  });
  const sseStreamsOpen = new Gauge({
    name: 'sse_streams_open',
    help: 'Server-sent event streams open, by kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const answerCacheHits = new Counter({
    name: 'answer_cache_hits_total',
    help: 'Requests answered from the answers kept ready (decision 0021)',
    registers,
  });
  const answerCacheMisses = new Counter({
    name: 'answer_cache_misses_total',
    help: 'Requests whose answer was not kept ready: computed, or waited for the same computation',
    registers,
  });
  const marketDataJobRuns = new Counter({
    name: 'market_data_job_runs_total',
    help: 'Market-data job runs in this process, by job and outcome (success, failure, timeout, cancelled)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const signInThrottled = new Counter({
    name: 'auth_sign_in_throttled_total',
    help: 'Sign-in attempts refused with 429 by a rate-limit tier, by tier',
    labelNames: ['tier'] as const,
    registers,
  });
  // Every label value known in advance is shown from the start at zero, so a rate or an alert
  // over it has a series to read before the first event.
  for (const kind of STREAM_KINDS) sseStreamsOpen.set({ kind }, 0);
  for (const tier of SIGN_IN_TIERS) signInThrottled.inc({ tier }, 0);

  const db: DbMetrics = {
    observeQuery(kind, seconds) {
      dbQueryDuration.observe({ operation: operationOf(kind) }, seconds);
    },
    watchPool(read) {
      readPool = read;
    },
  };

  return {
    registry,
    inFlight,
    httpRequestDuration,
    db,
    sseStreamsOpen,
    answerCacheHits,
    answerCacheMisses,
    marketDataJobRuns,
    signInThrottled,
    /** Shows a job's series at zero before its first run (the scheduler calls it for its jobs). */
    knowJobs(names: readonly string[]) {
      for (const job of names) for (const outcome of JOB_OUTCOMES) marketDataJobRuns.inc({ job, outcome }, 0);
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
