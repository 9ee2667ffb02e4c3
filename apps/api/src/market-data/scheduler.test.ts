// The scheduler on SQLite and PostgreSQL with a hand-driven clock and timer (no sleeping): a poll
// runs once per interval however often it is looked at, never twice across two schedulers on one
// database, a failing job backs off exponentially (capped) without stopping the others, and a run
// that hangs is aborted through its signal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../test/harness';
import {
  backoffMs,
  createMarketDataScheduler,
  type SchedulerTimer,
  startMarketDataScheduler,
} from './scheduler';
import type { MarketDataJob, MarketDataJobContext, MarketDataLogger } from './types';

const MIN = 60_000;

function manualClock(start = Date.parse('2040-03-01T00:00:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms), ms: () => t };
}

/** Timers fire only when the test says so. */
function manualTimer(clock: ReturnType<typeof manualClock>) {
  let nextId = 1;
  const pending = new Map<number, { at: number; ms: number; callback: () => void }>();
  const timer: SchedulerTimer = {
    setTimeout(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: clock.ms() + ms, ms, callback });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timer,
    pending: () => pending.size,
    /** The delays of the timers waiting, e.g. [10000] for one tick timer. */
    delays: () => [...pending.values()].map((p) => p.ms),
    /** Fires every timer due at the current clock time. */
    fireDue() {
      for (const [id, task] of [...pending]) {
        if (task.at <= clock.ms()) {
          pending.delete(id);
          task.callback();
        }
      }
    },
  };
}

function recordingLog() {
  const errors: { obj: Record<string, unknown>; msg?: string }[] = [];
  const log: MarketDataLogger = {
    info() {},
    warn() {},
    error(obj, msg) {
      errors.push({ obj: obj as Record<string, unknown>, msg });
    },
  };
  return { log, errors };
}

function countingJob(name: string, intervalMs: number, run?: (ctx: MarketDataJobContext) => Promise<void>) {
  const runs: Date[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const job: MarketDataJob = {
    name,
    intervalMs,
    async run(ctx) {
      runs.push(ctx.now);
      for (const w of waiting.filter((w) => runs.length >= w.count)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
      await run?.(ctx);
    },
  };
  /** Resolves when the job has been started `count` times in all. */
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      if (runs.length >= count) resolve();
      else waiting.push({ count, resolve });
    });
  return { job, runs, started };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('backoffMs', () => {
  it('doubles the interval per failure up to the cap, never below the interval', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => backoffMs(5 * MIN, f, 60 * MIN))).toEqual([
      10 * MIN,
      20 * MIN,
      40 * MIN,
      60 * MIN,
      60 * MIN,
      60 * MIN,
    ]);
    expect(backoffMs(2 * 3600_000, 3, 60 * MIN)).toBe(2 * 3600_000);
  });
});

describe.each(testDatabases())('market-data scheduler (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A scheduler's options for one job on the test's clock and timer, ticking every 10 s. */
  const timerDriven = (
    job: MarketDataJob,
    clock: ReturnType<typeof manualClock>,
    timers: ReturnType<typeof manualTimer>,
  ) => ({
    db: t.db,
    jobs: [job],
    log: recordingLog().log,
    now: clock.now,
    timer: timers.timer,
    tickMs: 10_000,
  });

  it('runs a job once per interval however often it ticks', async () => {
    const clock = manualClock();
    const { job, runs } = countingJob('once-per-interval', 5 * MIN);
    const s = createMarketDataScheduler({ db: t.db, jobs: [job], log: recordingLog().log, now: clock.now });
    await s.tick();
    await s.tick();
    clock.advance(4 * MIN);
    await s.tick();
    expect(runs).toHaveLength(1);
    clock.advance(MIN);
    await s.tick();
    await s.tick();
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2040-03-01T00:00:00.000Z',
      '2040-03-01T00:05:00.000Z',
    ]);
    const lease = await t.db
      .selectFrom('market_data_leases')
      .selectAll()
      .where('name', '=', job.name)
      .executeTakeFirstOrThrow();
    expect(Number(lease.next_run_ms)).toBe(clock.ms() + 5 * MIN);
    expect(Number(lease.lease_until_ms)).toBe(0);
  });

  it('never runs the same poll twice with two schedulers on one database', async () => {
    const clock = manualClock(Date.parse('2040-04-01T00:00:00Z'));
    const gate = deferred();
    const { job, runs, started } = countingJob('shared-poll', 5 * MIN, () => gate.promise);
    // The lease lasts as long as a run may (10 minutes here), so the job is held past its interval.
    const common = { db: t.db, jobs: [job], now: clock.now, runTimeoutMs: 10 * MIN };
    const a = createMarketDataScheduler({ ...common, log: recordingLog().log, owner: 'a' });
    const b = createMarketDataScheduler({ ...common, log: recordingLog().log, owner: 'b' });
    // Both look at the same moment: one claims the lease.
    const ticks = [a.tick(), b.tick()];
    await started(1);
    expect(runs).toHaveLength(1);
    // While it runs, even past its interval, the other process keeps off.
    clock.advance(6 * MIN);
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    gate.resolve();
    await Promise.all(ticks);
    // Done: due again one interval after it finished, for whichever looks first.
    await Promise.all([a.tick(), b.tick()]);
    expect(runs).toHaveLength(1);
    clock.advance(5 * MIN);
    await Promise.all([b.tick(), a.tick()]);
    expect(runs).toHaveLength(2);
  });

  it('lets another process take a job whose holder died mid-run once the lease runs out', async () => {
    const clock = manualClock(Date.parse('2040-04-15T00:00:00Z'));
    // Process a claims the job and never finishes (as if it crashed; its timers never fire).
    const stuck = countingJob('crashed-holder', 5 * MIN, () => new Promise(() => {}));
    const a = createMarketDataScheduler({
      db: t.db,
      jobs: [stuck.job],
      log: recordingLog().log,
      now: clock.now,
      timer: manualTimer(clock).timer,
      runTimeoutMs: MIN,
      owner: 'crashed',
    });
    void a.tick();
    await stuck.started(1);
    const survivor = countingJob('crashed-holder', 5 * MIN);
    const b = createMarketDataScheduler({
      db: t.db,
      jobs: [survivor.job],
      log: recordingLog().log,
      now: clock.now,
      runTimeoutMs: MIN,
      owner: 'survivor',
    });
    // The lease lasts the run timeout plus a tick (65 s): until then b keeps off.
    clock.advance(MIN);
    await b.tick();
    expect(survivor.runs).toHaveLength(0);
    clock.advance(5_000);
    await b.tick();
    expect(survivor.runs).toHaveLength(1);
  });

  it('backs a failing job off exponentially while the others keep their interval', async () => {
    const clock = manualClock(Date.parse('2040-05-01T00:00:00Z'));
    const { log, errors } = recordingLog();
    const broken = countingJob('broken-source', 5 * MIN, async () => {
      throw new Error('sjc: HTTP 403');
    });
    const healthy = countingJob('healthy-source', 5 * MIN);
    const s = createMarketDataScheduler({
      db: t.db,
      jobs: [broken.job, healthy.job],
      log,
      now: clock.now,
      maxBackoffMs: 30 * MIN,
    });
    const brokenRunsAt: number[] = [];
    for (let minute = 0; minute <= 120; minute += 5) {
      const before = broken.runs.length;
      await s.tick();
      if (broken.runs.length > before) brokenRunsAt.push(minute);
      clock.advance(5 * MIN);
    }
    // Retries after 10, 20, 30 (cap), 30, 30 minutes.
    expect(brokenRunsAt).toEqual([0, 10, 30, 60, 90, 120]);
    expect(healthy.runs).toHaveLength(25);
    expect(errors).toHaveLength(6);
    expect(errors[0]?.obj).toMatchObject({ job: 'broken-source', failures: 1, retryInMs: 10 * MIN });
    const lease = await t.db
      .selectFrom('market_data_leases')
      .selectAll()
      .where('name', '=', 'broken-source')
      .executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ failures: 6, last_error: 'sjc: HTTP 403' });
  });

  it('aborts a run that hangs, counts it as failed and resets the back-off after a success', async () => {
    const clock = manualClock(Date.parse('2040-06-01T00:00:00Z'));
    const timers = manualTimer(clock);
    const { log, errors } = recordingLog();
    let signal: AbortSignal | null = null;
    let hang = true;
    const { job, runs, started } = countingJob('hanging-source', 5 * MIN, (ctx) => {
      signal = ctx.signal;
      return hang ? new Promise(() => {}) : Promise.resolve();
    });
    const s = createMarketDataScheduler({
      db: t.db,
      jobs: [job],
      log,
      now: clock.now,
      timer: timers.timer,
      runTimeoutMs: MIN,
    });
    const tick = s.tick();
    await started(1);
    clock.advance(MIN);
    timers.fireDue();
    await tick;
    expect((signal as AbortSignal | null)?.aborted).toBe(true);
    expect(errors[0]?.obj).toMatchObject({ job: 'hanging-source', failures: 1 });
    expect(String((errors[0]?.obj.err as Error | undefined)?.message)).toMatch(/timed out after 60000 ms/);
    hang = false;
    clock.advance(10 * MIN);
    await s.tick();
    expect(runs).toHaveLength(2);
    const lease = await t.db
      .selectFrom('market_data_leases')
      .selectAll()
      .where('name', '=', job.name)
      .executeTakeFirstOrThrow();
    expect(lease).toMatchObject({ failures: 0, last_error: null });
  });

  it('skips a job whose gate says it is not due, and runs it once it is', async () => {
    const clock = manualClock(Date.parse('2040-07-01T00:00:00Z'));
    let open = false;
    const { job, runs } = countingJob('gated', MIN);
    job.isDue = () => open;
    const s = createMarketDataScheduler({ db: t.db, jobs: [job], log: recordingLog().log, now: clock.now });
    await s.tick();
    expect(runs).toHaveLength(0);
    open = true;
    await s.tick();
    expect(runs).toHaveLength(1);
  });

  it('starts at once, ticks on its timer, and stops cleanly', async () => {
    const clock = manualClock(Date.parse('2040-08-01T00:00:00Z'));
    const timers = manualTimer(clock);
    const { job, runs } = countingJob('timer-driven', MIN);
    const s = createMarketDataScheduler({ ...timerDriven(job, clock, timers), runTimeoutMs: 30_000 });
    // After each look: the run is over once its lease is released (next run set), and only the
    // next tick is waiting.
    const expectIdleAfter = async (count: number) => {
      await s.idle();
      expect(runs).toHaveLength(count);
      expect(timers.delays()).toEqual([10_000]);
      const lease = await t.db
        .selectFrom('market_data_leases')
        .select(['lease_until_ms', 'next_run_ms'])
        .where('name', '=', job.name)
        .executeTakeFirstOrThrow();
      expect(Number(lease.lease_until_ms)).toBe(0);
      expect(Number(lease.next_run_ms)).toBe(clock.ms() + MIN);
    };
    s.start();
    await expectIdleAfter(1);
    // A tick before the interval is up looks, finds nothing due and waits another tick.
    clock.advance(10_000);
    timers.fireDue();
    await s.idle();
    expect(runs).toHaveLength(1);
    expect(timers.delays()).toEqual([10_000]);
    clock.advance(MIN - 10_000);
    timers.fireDue();
    await expectIdleAfter(2);
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2040-08-01T00:00:00.000Z',
      '2040-08-01T00:01:00.000Z',
    ]);
    await s.stop();
    expect(timers.pending()).toBe(0);
  });

  it('startMarketDataScheduler looks at once and its stop function ends the ticking', async () => {
    const clock = manualClock(Date.parse('2040-09-01T00:00:00Z'));
    const timers = manualTimer(clock);
    const { job, started } = countingJob('started-at-boot', MIN);
    const stop = startMarketDataScheduler(timerDriven(job, clock, timers));
    await started(1);
    await stop();
    expect(timers.pending()).toBe(0);
    const lease = await t.db
      .selectFrom('market_data_leases')
      .select('lease_until_ms')
      .where('name', '=', job.name)
      .executeTakeFirstOrThrow();
    expect(Number(lease.lease_until_ms)).toBe(0);
  });
});
