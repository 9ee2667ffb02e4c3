// The stocks module's market-data jobs and seeders, which main.ts schedules: the provider's
// (demo or live) and the pruning of old intraday quotes.
import type { MarketDataJob, MarketDataSeeder } from '../../market-data/types';
import { demoJobs, seedStocksDemo } from './providers/demo';
import { liveJobs } from './providers/live';
import { createQuotesRepo } from './snapshots/repo';

/** Intraday quotes are kept this long; the daily bars hold the history. */
export const QUOTE_RETENTION_DAYS = 10;

/** Deletes intraday quotes past the retention, in both modes. */
export const pruneQuotesJob: MarketDataJob = {
  name: 'stocks-prune-quotes',
  intervalMs: 6 * 3600_000,
  async run(ctx) {
    const removed = await createQuotesRepo(ctx.db).pruneQuotes(
      ctx.now.getTime() - QUOTE_RETENTION_DAYS * 86_400_000,
    );
    if (removed > 0) ctx.log.info({ removed }, 'stocks: old intraday quotes pruned');
  },
};

interface StocksConfig {
  marketData?: 'demo' | 'live';
}

/** 'demo' (default): synthetic quotes for the demo listings; 'live': VCI and KBS. */
export function stocksJobs(config: StocksConfig): MarketDataJob[] {
  return [...(config.marketData === 'live' ? liveJobs() : demoJobs()), pruneQuotesJob];
}

/** In demo mode: the listings and years of bars on a fresh install, the missed sessions on a later start. */
export function stocksSeeders(config: StocksConfig): MarketDataSeeder[] {
  if (config.marketData === 'live') return [];
  return [
    async ({ db, now, log }) => {
      const started = Date.now();
      const result = await seedStocksDemo(db, now);
      if (result.stocks || result.bars || result.quotes) {
        log.info({ ...result, ms: Date.now() - started }, 'stocks: demo market seeded');
      }
    },
  ];
}
