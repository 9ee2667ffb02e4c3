// The primary of `npm start`'s server (decision 0020): WEB_CONCURRENCY worker processes, each the
// whole app (main.ts), on the one port; node:cluster's primary accepts the connections and hands
// them to the workers in turn. serve.ts is the entry that calls runCluster.
// - One worker starts first; the others only once it listens. By then it has migrated the database,
//   created the first administrator and seeded the market data, so no two workers race on those
//   (the later ones find them done). The JWT secret file was created by the primary before any fork.
// - A worker that ends while the server runs is replaced. One that keeps ending soon after its start
//   is replaced after a growing wait (restartDelayMs), never in a spin. If the first worker cannot
//   start at all (the port is taken, the database refuses), the primary exits with its code: nothing
//   was ever served, and a supervisor should see the failure.
// - SIGTERM or SIGINT: every worker gets the signal and drains as a single process does (in-flight
//   requests finish, the database closes); the primary exits once all have ended: 0, or 1 when a
//   worker did not end cleanly. Nothing is replaced meanwhile.
// - The market-data jobs run in every worker but each once per database (their leases); the hourly
//   token sweep runs in every worker (a cheap DELETE that finds nothing the second time).
// - A worker's broadcast (cluster-broadcast.ts: a CashFlow table's bell on SQLite) is passed on to
//   every other live worker.
// - A connection the primary has handed to a worker that dies before taking it is closed by the
//   primary at once (closeConnectionsHandedTo), so its client sees the close and retries instead of
//   waiting for its own timeout: Node's cluster keeps its copy open until the worker's receipt.
import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import { isBroadcast } from './cluster-broadcast';

/** A worker that had listened and ran this long before it ended was healthy: replaced at once. */
export const STABLE_AFTER_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 30_000;

/** The wait before replacing a worker that ended soon after its start `quickExits` times in a row. */
export function restartDelayMs(quickExits: number): number {
  if (quickExits <= 0) return 0;
  return Math.min(FIRST_RESTART_DELAY_MS * 2 ** Math.min(quickExits - 1, 30), MAX_RESTART_DELAY_MS);
}

/** What node:cluster's primary sends a worker with a connection, and the receipt it waits for. */
interface ClusterMessage {
  cmd?: string;
  act?: string;
  seq?: number;
  ack?: number;
}

/**
 * Node's round-robin primary accepts each connection, sends its handle to a worker and closes its
 * own copy only once the worker's receipt (`ack`) comes back; if the worker dies first, the receipt
 * never comes, the primary's copy stays open, and the client waits on a connection nobody will
 * answer or close (decision 0020). This keeps the handles sent to `worker` until their receipts
 * and closes the unreceipted ones when it exits: the client sees the connection close at once.
 * It reads the cluster module's own messages (`NODE_CLUSTER`, `newconn`, `ack`), unchanged since
 * Node 0.12; cluster.test.ts holds the behaviour, so a Node that changed them fails there.
 */
export function closeConnectionsHandedTo(worker: Worker): void {
  const child = worker.process as Worker['process'] & {
    send(message: unknown, handle?: unknown, ...rest: unknown[]): boolean;
  };
  const unreceipted = new Map<number, { close(): void }>();
  const send = child.send.bind(child);
  child.send = (message: unknown, handle?: unknown, ...rest: unknown[]) => {
    const m = message as ClusterMessage | null;
    if (m?.cmd === 'NODE_CLUSTER' && m.act === 'newconn' && typeof m.seq === 'number' && handle)
      unreceipted.set(m.seq, handle as { close(): void });
    return send(message, handle, ...rest);
  };
  child.on('internalMessage', (message: ClusterMessage | null) => {
    if (message?.cmd === 'NODE_CLUSTER' && typeof message.ack === 'number') unreceipted.delete(message.ack);
  });
  worker.once('exit', () => {
    for (const handle of unreceipted.values()) handle.close();
    unreceipted.clear();
  });
}

type Level = 'info' | 'warn' | 'error';
const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

export interface ClusterOptions {
  /** How many workers (WEB_CONCURRENCY, at least 2 here; 1 runs main.ts without a primary). */
  workers: number;
  /** The worker's module: main.js next to serve.js (main.ts under tsx). */
  workerScript: string;
  /** LOG_LEVEL: the primary's lines are JSON like the workers' (pino's fields), on stdout. */
  logLevel: string;
  port: number;
  host: string;
}

export function runCluster(options: ClusterOptions): void {
  const threshold = LEVELS[options.logLevel] ?? LEVELS.info;
  const host = hostname();
  const log = (level: Level, fields: Record<string, unknown>, msg: string) => {
    const value = LEVELS[level] as number;
    if (value < (threshold as number)) return;
    const line = { level: value, time: Date.now(), pid: process.pid, hostname: host, role: 'primary' };
    process.stdout.write(`${JSON.stringify({ ...line, ...fields, msg })}\n`);
  };

  // Workers run the worker script with this process's Node options (under tsx in development).
  cluster.setupPrimary({ exec: options.workerScript });

  interface Slot {
    worker: Worker | undefined;
    startedAt: number;
    listening: boolean;
    /** Ends soon after a start, in a row; reset by a worker that ran STABLE_AFTER_MS. */
    quickExits: number;
    restart: ReturnType<typeof setTimeout> | undefined;
  }
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({
    worker: undefined,
    startedAt: 0,
    listening: false,
    quickExits: 0,
    restart: undefined,
  }));
  /** Some worker has listened: the server is up, and a worker that ends is replaced. */
  let up = false;
  let announced = false;
  let stopping: NodeJS.Signals | null = null;
  let exitCode = 0;

  const live = () => slots.filter((slot) => slot.worker !== undefined).length;
  const exitWhenAllEnded = () => {
    if (live() === 0) process.exit(exitCode);
  };

  const fork = (index: number) => {
    const slot = slots[index] as Slot;
    slot.restart = undefined;
    const worker = cluster.fork();
    closeConnectionsHandedTo(worker);
    Object.assign(slot, { worker, startedAt: Date.now(), listening: false });
    worker.once('listening', () => {
      slot.listening = true;
      if (!up) {
        up = true;
        for (let other = 1; other < slots.length; other++) fork(other);
      }
      if (!announced && slots.every((s) => s.listening)) {
        announced = true;
        const workers = slots.map((s) => s.worker?.process.pid);
        log(
          'info',
          { workers },
          `serving http://${options.host}:${options.port} with ${slots.length} workers`,
        );
      }
    });
    worker.once('exit', (code, signal) => ended(index, worker, code, signal));
    // A worker's broadcast (cluster-broadcast.ts) goes on to every other live worker, as it is.
    worker.on('message', (message: unknown) => {
      if (!isBroadcast(message)) return;
      for (const other of slots)
        if (other.worker && other.worker !== worker && other.worker.isConnected())
          other.worker.send(message, undefined, () => {});
    });
  };

  const ended = (index: number, worker: Worker, code: number | null, signal: string | null) => {
    const slot = slots[index] as Slot;
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    const pid = worker.process.pid;
    if (stopping) {
      // A worker still loading when the signal came ends by it, having served nothing.
      if (code !== 0 && signal !== stopping) {
        exitCode = 1;
        log('error', { worker: pid, code, signal }, 'a worker did not end cleanly');
      }
      exitWhenAllEnded();
      return;
    }
    if (!up) {
      log('error', { worker: pid, code, signal }, 'the first worker could not start; stopping');
      exitCode = code || 1;
      stop('SIGTERM');
      return;
    }
    const ranMs = Date.now() - slot.startedAt;
    slot.quickExits = slot.listening && ranMs >= STABLE_AFTER_MS ? 0 : slot.quickExits + 1;
    const restartInMs = restartDelayMs(slot.quickExits);
    log('error', { worker: pid, code, signal, ranMs, restartInMs }, 'a worker ended; replacing it');
    slot.restart = setTimeout(() => fork(index), restartInMs);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    log('info', { signal, workers: live() }, 'shutting down: every worker finishes its requests');
    for (const slot of slots) {
      clearTimeout(slot.restart);
      slot.restart = undefined;
      slot.worker?.process.kill(signal);
    }
    exitWhenAllEnded();
  };

  // A terminal's Ctrl-C reaches the workers too (one process group); they ignore the repeat.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  fork(0);
}
