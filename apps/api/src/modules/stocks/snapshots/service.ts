// Snapshots, realtime quotes and price records: what the recorded prices (daily bars, intraday
// quotes) say about a ticker. Unknown tickers are left out of batch answers and 404 alone.
import {
  type PriceRecord,
  type PriceRecordCreate,
  type RealtimeQuote,
  type Snapshot,
  STOCK_MESSAGES,
} from '@staff/contracts';
import type { Db } from '../../../db/index';
import { fieldError, notFound } from '../../../http/errors';
import { addDays, marketDate } from '../calendar/calendar';
import { createCatalogueRepo } from '../catalogue/repo';
import { presentPriceRecord, presentRealtimeQuote } from './presenter';
import { createBarsRepo } from './repo';
import { createSnapshotReader } from './snapshot-reader';
import { createSnapshotRowsRepo, quoteOfRow } from './snapshot-rows';

/** Default window of GET /stocks/prices/ without `since`. */
export const PRICE_LIST_DEFAULT_DAYS = 365;
export const PRICE_LIST_MAX_ROWS = 5000;

export interface SnapshotsDeps {
  db: Db;
  now: () => Date;
}

export function createSnapshotsService({ db, now }: SnapshotsDeps) {
  const catalogue = createCatalogueRepo(db);
  const barsRepo = createBarsRepo(db);
  const snapshotRows = createSnapshotRowsRepo(db);
  const snapshotsOf = createSnapshotReader(db, now);

  return {
    async snapshots(tickers: string[]): Promise<Snapshot[]> {
      return snapshotsOf(await catalogue.findByTickersInOrder(tickers));
    },

    async snapshot(ticker: string): Promise<Snapshot> {
      const s = await catalogue.findByTicker(ticker);
      if (!s) throw notFound();
      return (await snapshotsOf([s]))[0] as Snapshot;
    },

    async realtime(tickers: string[]): Promise<RealtimeQuote[]> {
      const stocks = await catalogue.findByTickersInOrder(tickers);
      // Each stock's latest quote is its snapshot row's.
      const rows = await snapshotRows.rowsOf(stocks.map((s) => s.id));
      return stocks.flatMap((s) => {
        const q = quoteOfRow(rows.get(s.id));
        return q ? [presentRealtimeQuote(s, q)] : [];
      });
    },

    async createPriceRecord(body: PriceRecordCreate): Promise<PriceRecord> {
      const stock = await catalogue.findByTicker(body.ticker);
      if (!stock) throw fieldError('ticker', STOCK_MESSAGES.unknownTicker(body.ticker));
      const bar = {
        stock_id: stock.id,
        date: body.date,
        open: body.open,
        high: body.high,
        low: body.low,
        close: body.close,
        volume: body.volume,
        average: body.average ?? null,
        source: 'manual',
      };
      await barsRepo.upsertBars([bar]);
      const { stock_id: _, ...rest } = bar;
      return { ticker: stock.ticker, ...rest };
    },

    async listPrices(ticker: string, since: string | undefined): Promise<PriceRecord[]> {
      const stock = await catalogue.findByTicker(ticker);
      if (!stock) throw notFound();
      const from = since ?? addDays(marketDate(now()), -PRICE_LIST_DEFAULT_DAYS);
      const rows = await barsRepo.barsOf(stock.id, from);
      return rows.slice(-PRICE_LIST_MAX_ROWS).map((r) => presentPriceRecord(stock.ticker, r));
    },
  };
}

export type SnapshotsService = ReturnType<typeof createSnapshotsService>;
