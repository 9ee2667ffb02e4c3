// Runs the market-data jobs. Several API processes may share one database, so a job runs only
// where its lease row was claimed: one conditional UPDATE per job and tick decides, atomically on
// both databases, who runs it and when it is next due. A failing job logs, backs off exponentially
// (capped) and leaves the others alone; each run is aborted after a timeout.

import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/index';
import type { AppMetrics, JobOutcome } from '../metrics/app-metrics';
import type { MarketDataJob, MarketDataLogger } from './types';

/** The timer the scheduler uses; tests pass a manual one and move time themselves. */
export interface SchedulerTimer {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface MarketDataSchedulerOptions {
  db: Db;
  jobs: readonly MarketDataJob[];
  log: MarketDataLogger;
  fetch?: typeof fetch;
  now?: () => Date;
  timer?: SchedulerTimer;
  /** How often due jobs are looked for (default 5 s). */
  tickMs?: number;
  /** A run is aborted and counted as failed after this long (default 60 s). */
  runTimeoutMs?: number;
  /** Longest back-off after failures (default 1 h, or the job's interval when that is longer). */
  maxBackoffMs?: number;
  /** This process's name on the leases (default host-pid-random). */
  owner?: string;
  /** Counts each run by job and outcome (market_data_job_runs_total) when metrics are on. */
  metrics?: Pick<AppMetrics, 'marketDataJobRuns' | 'knowJobs'> | undefined;
}

export interface MarketDataScheduler {
  /** Claims and starts every due job, and resolves when the runs it started have finished. */
  tick(): Promise<void>;
  start(): void;
  /**
   * Resolves once the look for due jobs under way (started by start() or the tick timer) and every
   * run started so far have finished, leases written back. Lets callers wait on the scheduler
   * instead of polling it.
   */
  idle(): Promise<void>;
  /** Stops ticking, aborts running jobs, waits for them and releases this process's leases. */
  stop(): Promise<void>;
}

const realTimer: SchedulerTimer = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The wait before the next try after `failures` failures in a row: interval × 2^failures, capped. */
export function backoffMs(intervalMs: number, failures: number, maxBackoffMs: number): number {
  const cap = Math.max(maxBackoffMs, intervalMs);
  return Math.min(intervalMs * 2 ** Math.min(failures, 30), cap);
}

export function createMarketDataScheduler(options: MarketDataSchedulerOptions): MarketDataScheduler {
  const { db, jobs, log } = options;
  const now = options.now ?? (() => new Date());
  const timer = options.timer ?? realTimer;
  const doFetch = options.fetch ?? globalThis.fetch;
  const tickMs = options.tickMs ?? 5_000;
  const runTimeoutMs = options.runTimeoutMs ?? 60_000;
  const maxBackoff = options.maxBackoffMs ?? 3_600_000;
  const owner = options.owner ?? `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two market-data jobs are named ${job.name}`);
    names.add(job.name);
  }
  const { metrics } = options;
  metrics?.knowJobs([...names]);

  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let handle: unknown = null;
  let stopped = false;
  /** The timer-driven look in progress, up to scheduling the next one. */
  let looking: Promise<void> = Promise.resolve();

  /** Takes the job's lease if it is due and nobody holds it; true when this process may run it. */
  async function claim(job: MarketDataJob, at: number): Promise<boolean> {
    await db
      .insertInto('market_data_leases')
      .values({ name: job.name, owner: '', lease_until_ms: 0, next_run_ms: 0, failures: 0, last_error: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    // The lease outlives the run's timeout, so a crashed holder frees the job soon after.
    const result = await db
      .updateTable('market_data_leases')
      .set({ owner, lease_until_ms: at + runTimeoutMs + tickMs })
      .where('name', '=', job.name)
      .where('next_run_ms', '<=', at)
      .where('lease_until_ms', '<=', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function finish(job: MarketDataJob, error: unknown): Promise<void> {
    const at = now().getTime();
    if (error !== null && stopped) {
      // Cut short by shutdown: not the source's fault, so free the lease without a back-off.
      await db
        .updateTable('market_data_leases')
        .set({ lease_until_ms: 0 })
        .where('name', '=', job.name)
        .where('owner', '=', owner)
        .execute();
      return;
    }
    if (error === null) {
      await db
        .updateTable('market_data_leases')
        .set({ lease_until_ms: 0, next_run_ms: at + job.intervalMs, failures: 0, last_error: null })
        .where('name', '=', job.name)
        .where('owner', '=', owner)
        .execute();
      return;
    }
    const row = await db
      .selectFrom('market_data_leases')
      .select('failures')
      .where('name', '=', job.name)
      .executeTakeFirst();
    const failures = Number(row?.failures ?? 0) + 1;
    const wait = backoffMs(job.intervalMs, failures, maxBackoff);
    const message = error instanceof Error ? error.message : String(error);
    await db
      .updateTable('market_data_leases')
      .set({ lease_until_ms: 0, next_run_ms: at + wait, failures, last_error: message.slice(0, 1000) })
      .where('name', '=', job.name)
      .where('owner', '=', owner)
      .execute();
    log.error({ job: job.name, failures, retryInMs: wait, err: error }, 'market-data job failed');
  }

  async function runJob(job: MarketDataJob, startedAt: Date): Promise<void> {
    const controller = new AbortController();
    const timeout = timer.setTimeout(
      () => controller.abort(new Error(`${job.name} timed out after ${runTimeoutMs} ms`)),
      runTimeoutMs,
    );
    // A job that ignores its signal still stops counting as running when the signal fires.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => {});
    const entry = { controller, done: Promise.resolve() };
    running.set(job.name, entry);
    let error: unknown = null;
    let outcome: JobOutcome = 'success';
    try {
      await Promise.race([
        job.run({ db, now: startedAt, log, signal: controller.signal, fetch: doFetch }),
        aborted,
      ]);
    } catch (err) {
      error = err ?? new Error('failed');
      outcome = stopped ? 'cancelled' : controller.signal.aborted ? 'timeout' : 'failure';
    } finally {
      timer.clearTimeout(timeout);
    }
    metrics?.marketDataJobRuns.inc({ job: job.name, outcome });
    try {
      await finish(job, error);
    } catch (err) {
      log.error({ job: job.name, err }, 'market-data lease update failed');
    } finally {
      running.delete(job.name);
    }
  }

  /** Claims due jobs and starts them; returns the runs started. */
  async function startDue(): Promise<Promise<void>[]> {
    const started: Promise<void>[] = [];
    for (const job of jobs) {
      if (stopped || running.has(job.name)) continue;
      const at = now();
      try {
        if (job.isDue && !job.isDue(at)) continue;
        if (!(await claim(job, at.getTime()))) continue;
      } catch (err) {
        log.error({ job: job.name, err }, 'market-data lease claim failed');
        continue;
      }
      const done = runJob(job, at);
      const entry = running.get(job.name);
      if (entry) entry.done = done;
      started.push(done);
    }
    return started;
  }

  /** Starts due jobs, then waits a tick for the next look. */
  function look(): void {
    looking = startDue()
      .then(() => {})
      .catch((err) => log.error({ err }, 'market-data tick failed'))
      .finally(schedule);
  }

  function schedule(): void {
    if (stopped) return;
    handle = timer.setTimeout(() => {
      handle = null;
      look();
    }, tickMs);
  }

  return {
    async tick() {
      await Promise.all(await startDue());
    },
    start() {
      stopped = false;
      // The first look happens at once, not a tick later.
      look();
    },
    async idle() {
      // A look may start runs and a run may end while we wait: settle until neither is under way.
      for (;;) {
        const current = looking;
        await current;
        const runs = [...running.values()];
        if (runs.length === 0 && looking === current) return;
        await Promise.allSettled(runs.map((r) => r.done));
      }
    },
    async stop() {
      stopped = true;
      if (handle !== null) timer.clearTimeout(handle);
      handle = null;
      const runs = [...running.values()];
      for (const run of runs) run.controller.abort(new Error('the server is shutting down'));
      await Promise.allSettled(runs.map((r) => r.done));
    },
  };
}

/** Starts the scheduler; the returned function stops it. */
export function startMarketDataScheduler(options: MarketDataSchedulerOptions): () => Promise<void> {
  const scheduler = createMarketDataScheduler(options);
  scheduler.start();
  return () => scheduler.stop();
}
