// The market-data module's one shape, shared by the forex and the stocks providers: a provider is a
// real fetcher plus a real parser of one source's format; the scheduler runs jobs built on providers.
import type { Db } from '../db/index';

/** What a job may log; Fastify's and pino's loggers both fit. */
export interface MarketDataLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MarketDataJobContext {
  db: Db;
  now: Date;
  log: MarketDataLogger;
  /** Aborted when the server shuts down or the run times out. */
  signal: AbortSignal;
  /** The fetch to use (tests pass one that answers with recorded responses). */
  fetch: typeof fetch;
}

/**
 * One periodic piece of work, e.g. "poll the Vietcombank board" or "poll intraday quotes".
 * The scheduler runs each job at most once per interval across every API process sharing the
 * database (a lease row per job name), isolates its failures and backs it off while it fails.
 */
export interface MarketDataJob {
  /** Unique; also the lease key. */
  name: string;
  /** The normal interval between runs, in milliseconds. */
  intervalMs: number;
  /** Optional gate: false skips this tick (e.g. outside trading sessions). */
  isDue?(now: Date): boolean;
  run(ctx: MarketDataJobContext): Promise<void>;
}

/** Raised by parsers when a response does not have the source's format; the message says what broke. */
export class ProviderFormatError extends Error {
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
    this.name = 'ProviderFormatError';
  }
}

/** One-off work at start-up before the scheduler runs (e.g. demo history on a fresh install). */
export type MarketDataSeeder = (ctx: { db: Db; now: Date; log: MarketDataLogger }) => Promise<void>;
