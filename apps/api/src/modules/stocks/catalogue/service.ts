// The catalogue's rules: search and lookup of stocks, the exchanges, creating a stock by hand (its
// ticker unique, its exchange one of the three), and the administrators' list and edits (issue 26).
import {
  type Exchange,
  invalidPk,
  STOCK_ADMIN_MESSAGES,
  STOCK_MESSAGES,
  type Stock,
  type StockCatalogueQuery,
  type StockCreate,
  type StockSearchQuery,
  type StockUpdate,
} from '@staff/contracts';
import { isUniqueViolation } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { fieldError, notFound } from '../../../http/errors';
import { ifMatchAllows, preconditionFailed, strongEtag } from '../../../http/etag';
import { pageWindow, refusePastLastPage } from '../../../http/pages';
import { presentStock } from './presenter';
import { createCatalogueRepo, type StockRow } from './repo';

/** A stock with the ETag of its stored row, for the edit form's If-Match. */
export interface StockVersion {
  stock: Stock;
  etag: string;
}

/** A strong validator of what an edit can change, and of the stock it belongs to. */
export function stockEtag(s: StockRow): string {
  return strongEtag([s.id, s.ticker, s.name, s.exchange_id, s.lot_size, s.sector, s.is_active]);
}

const versionOf = (s: StockRow): StockVersion => ({ stock: presentStock(s), etag: stockEtag(s) });

export interface CatalogueDeps {
  db: Db;
  now: () => Date;
}

export function createCatalogueService({ db, now }: CatalogueDeps) {
  const repo = createCatalogueRepo(db);
  return {
    async listExchanges(): Promise<Exchange[]> {
      return (await repo.listExchanges()) as Exchange[];
    },

    async searchStocks(query: StockSearchQuery): Promise<Stock[]> {
      if (query.ticker) {
        const s = await repo.findByTicker(query.ticker.toUpperCase());
        return s ? [presentStock(s)] : [];
      }
      const rows = query.q ? await repo.search(query.q, query.limit) : await repo.listActive(query.limit);
      return rows.map(presentStock);
    },

    async getStock(ticker: string): Promise<StockVersion> {
      const s = await repo.findByTicker(ticker);
      if (!s) throw notFound();
      return versionOf(s);
    },

    /** Every stock, active or not, a page at a time (the administrators' list). */
    async listCatalogue(query: StockCatalogueQuery): Promise<{ count: number; results: Stock[] }> {
      const { count, rows } = await repo.listPage(
        { search: query.search, exchange: query.exchange, isActive: query.is_active },
        pageWindow(query),
      );
      refusePastLastPage(rows.length, query);
      return { count, results: rows.map(presentStock) };
    },

    /**
     * An edit from the administrators' form: the lock, the If-Match check, the exchange's check and
     * the write in one transaction. The stock's kept answers (snapshots, watchlists) move with the
     * `stocks` table's version, bumped by its trigger in this transaction (decision 0021).
     */
    async updateStock(
      ticker: string,
      body: StockUpdate,
      options: { ifMatch?: string | undefined } = {},
    ): Promise<StockVersion> {
      return db.transaction().execute(async (tx) => {
        const txRepo = createCatalogueRepo(tx);
        const found = await txRepo.findByTicker(ticker);
        if (!found || !(await txRepo.lockStock(found.id))) throw notFound();
        // Read again under the lock: another edit may have committed in between.
        const current = (await txRepo.findByTicker(ticker)) as StockRow;
        if (!ifMatchAllows(options.ifMatch, stockEtag(current))) {
          throw preconditionFailed(STOCK_ADMIN_MESSAGES.changedSinceRead);
        }
        if (body.exchange_id !== undefined && !(await txRepo.hasExchange(body.exchange_id)))
          throw fieldError('exchange_id', invalidPk(body.exchange_id));
        await txRepo.updateStock(current.id, current.ticker, body);
        return versionOf((await txRepo.findByTicker(ticker)) as StockRow);
      });
    },

    async createStock(body: StockCreate): Promise<Stock> {
      if (!(await repo.hasExchange(body.exchange_id)))
        throw fieldError('exchange_id', invalidPk(body.exchange_id));
      if (await repo.findByTicker(body.ticker))
        throw fieldError('ticker', STOCK_MESSAGES.tickerTaken(body.ticker));
      try {
        await repo.insertStock({ ...body, source: 'manual', now: now() });
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('ticker', STOCK_MESSAGES.tickerTaken(body.ticker));
        throw err;
      }
      return presentStock((await repo.findByTicker(body.ticker)) as StockRow);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
