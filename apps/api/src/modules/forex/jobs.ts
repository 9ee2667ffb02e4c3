// The forex board's market-data jobs and start-up seeding, chosen by MARKET_DATA:
// demo → the demo ticker (and demo history on a fresh install); live → Vietcombank's board and
// back-fill, gold (SJC, falling back to PNJ) and Phú Quý (BPQ, VPQ).
import type { Config } from '../../config';
import type { MarketDataJob, MarketDataJobContext, MarketDataSeeder } from '../../market-data/types';
import { demoForexJob, seedDemoForex } from './demo';
import { fetchPhuQuy } from './providers/phuquy';
import { fetchPnj } from './providers/pnj';
import type { ForexQuote } from './providers/quote';
import { fetchSjc } from './providers/sjc';
import { fetchVcbBoard, fetchVcbDate, VCB_XML_MIN_INTERVAL_MS } from './providers/vietcombank';
import { oldestPointMs, storeForexPoints } from './repo';

type ForexConfig = Pick<Config, 'marketData' | 'marketDataPollSeconds'>;

const DAY = 24 * 3600_000;
/** How far back Vietcombank's history is filled, and how many dates one run asks for. */
export const VCB_BACKFILL_DAYS = 400;
export const VCB_BACKFILL_DATES_PER_RUN = 7;

/** A symbol is stale after three missed polls, and never sooner than an hour. */
const staleAfter = (intervalMs: number) => Math.max(3 * intervalMs, 3600_000);

async function store(ctx: MarketDataJobContext, source: string, quotes: ForexQuote[], intervalMs: number) {
  return storeForexPoints(ctx.db, quotes, {
    source,
    arrivedAt: ctx.now,
    staleAfterMs: staleAfter(intervalMs),
  });
}

/** YYYY-MM-DD of an instant in Vietnam. */
function ictDate(ms: number): string {
  return new Date(ms + 7 * 3600_000).toISOString().slice(0, 10);
}

export function vcbBoardJob(pollMs: number): MarketDataJob {
  const intervalMs = Math.max(pollMs, VCB_XML_MIN_INTERVAL_MS);
  return {
    name: 'forex-vcb-board',
    intervalMs,
    async run(ctx) {
      await store(ctx, 'vcb', await fetchVcbBoard(ctx.fetch, ctx.signal), intervalMs);
    },
  };
}

/** Walks back from the oldest Vietcombank point a few dates per run until VCB_BACKFILL_DAYS. */
export function vcbBackfillJob(intervalMs = 10 * 60_000): MarketDataJob {
  return {
    name: 'forex-vcb-backfill',
    intervalMs,
    async run(ctx) {
      const nowMs = ctx.now.getTime();
      const oldest = (await oldestPointMs(ctx.db, 'USD', 'vcb')) ?? nowMs;
      const limit = nowMs - VCB_BACKFILL_DAYS * DAY;
      for (let i = 1; i <= VCB_BACKFILL_DATES_PER_RUN; i++) {
        const day = oldest - i * DAY;
        if (day < limit) break;
        const quotes = await fetchVcbDate(ctx.fetch, ctx.signal, ictDate(day));
        // The day's close keeps the board's staleness as it is: history says nothing about today.
        await storeForexPoints(ctx.db, quotes, {
          source: 'vcb',
          arrivedAt: ctx.now,
          staleAfterMs: staleAfter(intervalMs),
        });
      }
    },
  };
}

/** SJC's own prices; when SJC refuses (it answers 403 outside Vietnam), PNJ's SJC bar price. */
export function goldJob(intervalMs: number): MarketDataJob {
  return {
    name: 'forex-gold',
    intervalMs,
    async run(ctx) {
      try {
        await store(ctx, 'sjc', await fetchSjc(ctx.fetch, ctx.signal), intervalMs);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        ctx.log.warn({ err }, 'SJC failed; using PNJ for the SJC price');
        await store(ctx, 'pnj', await fetchPnj(ctx.fetch, ctx.signal), intervalMs);
      }
    },
  };
}

export function phuQuyJob(intervalMs: number): MarketDataJob {
  return {
    name: 'forex-phuquy',
    intervalMs,
    async run(ctx) {
      await store(ctx, 'phuquy', await fetchPhuQuy(ctx.fetch, ctx.signal, ctx.now), intervalMs);
    },
  };
}

export function forexJobs(config: ForexConfig): MarketDataJob[] {
  const pollMs = config.marketDataPollSeconds * 1000;
  if (config.marketData === 'demo') return [demoForexJob(pollMs)];
  return [vcbBoardJob(pollMs), vcbBackfillJob(), goldJob(pollMs), phuQuyJob(pollMs)];
}

export function forexSeeders(config: ForexConfig): MarketDataSeeder[] {
  if (config.marketData !== 'demo') return [];
  const pollMs = config.marketDataPollSeconds * 1000;
  return [async ({ db, now, log }) => void (await seedDemoForex(db, now, log, pollMs))];
}
