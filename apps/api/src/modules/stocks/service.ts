// The stocks module's service: one part per sub-area (catalogue, snapshots and prices, watchlists,
// the holiday calendar, the live stream, the prices' status), built together from what app.ts hands in.
import type { MarketDataMode } from '@staff/contracts';
import type { Db } from '../../db/index';
import { createCalendarService } from './calendar/service';
import { createCatalogueService } from './catalogue/service';
import { createLiveStreamService, type FindSignIn } from './live-stream/service';
import { createSnapshotsService } from './snapshots/service';
import { createStatusService } from './status/service';
import { createWatchlistsService } from './watchlists/service';

export interface StocksDeps {
  db: Db;
  now: () => Date;
  /** Signs live-stream tickets (a key derived from it): the server's JWT secret. */
  secret: string;
  /** Accounts' read of a user and sign-in, which the live stream re-checks while open. */
  findSignIn: FindSignIn;
  /** MARKET_DATA: whether the prices are generated ('demo') or the providers' ('live'). */
  marketData: MarketDataMode;
}

export function createStocksService(deps: StocksDeps) {
  return {
    catalogue: createCatalogueService(deps),
    snapshots: createSnapshotsService(deps),
    watchlists: createWatchlistsService(deps),
    calendar: createCalendarService(deps),
    liveStream: createLiveStreamService(deps),
    status: createStatusService(deps),
  };
}

export type StocksService = ReturnType<typeof createStocksService>;
