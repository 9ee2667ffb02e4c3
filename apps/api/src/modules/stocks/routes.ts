// HTTP for the stock watchlists (spec section 7, Stocks) plus the holiday table and the live quote
// stream: each sub-area registers its own routes with the part of the service and the guards it
// needs. Roles are checked in onRequest, before the query or body is validated: a stranger gets
// 401, never a 400.
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { AnswerCache } from '../../http/answer-cache';
import { registerCalendarRoutes } from './calendar/routes';
import { registerCatalogueRoutes } from './catalogue/routes';
import { type LiveStreamRouteDeps, registerLiveStreamRoutes } from './live-stream/routes';
import type { StocksService } from './service';
import { registerSnapshotsRoutes } from './snapshots/routes';
import { registerStatusRoutes } from './status/routes';
import { registerWatchlistsRoutes } from './watchlists/routes';

export interface StocksRouteDeps {
  stocks: StocksService;
  /** MODULE_ROLES.stocks (admin, manager, staff): reading, one's own watchlists, the live stream. */
  staff: onRequestAsyncHookHandler;
  /** MODULE_ROLES.stocksAdmin (admin, manager): the catalogue's list, creating and editing stocks, price records. */
  editors: onRequestAsyncHookHandler;
  /** MODULE_ROLES.stockHolidays (admin): editing the holiday table. */
  admins: onRequestAsyncHookHandler;
  /** How often an open stream looks for new quotes (default 1 s). */
  streamPollMs?: number;
  /** Answers kept ready, keyed by the data's versions (decision 0021). */
  answers: AnswerCache;
  /** Counts the open live streams (sse_streams_open) when metrics are on. */
  metrics?: LiveStreamRouteDeps['metrics'];
}

export function registerStocksRoutes(app: FastifyInstance, deps: StocksRouteDeps): void {
  const { stocks, staff, editors, admins, answers } = deps;
  registerCatalogueRoutes(app, { catalogue: stocks.catalogue, staff, editors });
  registerSnapshotsRoutes(app, { snapshots: stocks.snapshots, staff, editors, answers });
  registerWatchlistsRoutes(app, { watchlists: stocks.watchlists, staff, answers });
  registerCalendarRoutes(app, { calendar: stocks.calendar, staff, admins });
  registerStatusRoutes(app, { status: stocks.status, staff });
  registerLiveStreamRoutes(app, {
    liveStream: stocks.liveStream,
    staff,
    streamPollMs: deps.streamPollMs,
    metrics: deps.metrics,
  });
}
