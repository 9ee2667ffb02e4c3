// The catalogue's rules: search and lookup of stocks, the exchanges, and creating a stock by hand
// (its ticker unique, its exchange one of the three).
import {
  type Exchange,
  invalidPk,
  STOCK_MESSAGES,
  type Stock,
  type StockCreate,
  type StockSearchQuery,
} from '@staff/contracts';
import { isUniqueViolation } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { fieldError, notFound } from '../../../http/errors';
import { presentStock } from './presenter';
import { createCatalogueRepo, type StockRow } from './repo';

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

    async getStock(ticker: string): Promise<Stock> {
      const s = await repo.findByTicker(ticker);
      if (!s) throw notFound();
      return presentStock(s);
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
