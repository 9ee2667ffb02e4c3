// Queries of the catalogue: the exchanges and the listed stocks (each read with its exchange).
import { type ExchangeCode, foldForSearch } from '@staff/contracts';
import type { Selectable } from 'kysely';
import { dbBool, lockRowForUpdate, toBool, toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import type { StocksTable } from '../../../db/schema';
import { tickersByCommonName } from './common-names';

/** A stock's own columns as the module reads them: `is_active` a boolean, the derived ones left out. */
type StockColumns = Omit<Selectable<StocksTable>, 'is_active' | 'search' | 'created_at'> & {
  is_active: boolean;
};

/** A stock with its exchange. */
export interface StockRow extends StockColumns {
  exchange_code: ExchangeCode;
  exchange_name: string;
  exchange_board: string;
}

/** The folded text a stock is searched by (kept in `stocks.search` by every writer). */
export const stockSearchText = (ticker: string, name: string) => foldForSearch(`${ticker} ${name}`);

const STOCK_COLUMNS = [
  's.id',
  's.ticker',
  's.name',
  's.exchange_id',
  's.lot_size',
  's.sector',
  's.is_active',
  's.source',
  'e.code as exchange_code',
  'e.name as exchange_name',
  'e.board as exchange_board',
] as const;

function stocksWithExchanges(db: Db) {
  return db.selectFrom('stocks as s').innerJoin('stock_exchanges as e', 'e.id', 's.exchange_id');
}

function stockQuery(db: Db) {
  return stocksWithExchanges(db).select(STOCK_COLUMNS);
}

type RawStock = Omit<StockRow, 'is_active' | 'exchange_code'> & {
  is_active: number | boolean;
  exchange_code: string;
};

/** The administrators' list's filters (GET /api/stocks/catalogue/). */
export interface CatalogueFilters {
  search?: string | undefined;
  exchange?: ExchangeCode | undefined;
  isActive?: boolean | undefined;
}

/** A stock's editable columns (the ticker is its key and never changes). */
export interface StockChanges {
  name?: string;
  exchange_id?: number;
  lot_size?: number;
  sector?: string;
  is_active?: boolean;
}

/** The administrators' list: every stock, active or not, matching the filters. */
function catalogueMatching(db: Db, filters: CatalogueFilters) {
  let q = stocksWithExchanges(db);
  const cleaned = (filters.search ?? '').replace(/[%_\\]/g, '');
  const folded = foldForSearch(cleaned);
  if (folded) {
    const upper = cleaned.toUpperCase().trim();
    q = q.where((eb) => eb.or([eb('s.ticker', 'like', `${upper}%`), eb('s.search', 'like', `%${folded}%`)]));
  }
  if (filters.exchange) q = q.where('e.code', '=', filters.exchange);
  if (filters.isActive !== undefined) q = q.where('s.is_active', '=', dbBool(filters.isActive));
  return q;
}

const toStock = (r: RawStock): StockRow => ({
  ...r,
  is_active: toBool(r.is_active),
  exchange_code: r.exchange_code as ExchangeCode,
});

export function createCatalogueRepo(db: Db) {
  async function findByTickers(tickers: string[]): Promise<StockRow[]> {
    if (tickers.length === 0) return [];
    const rows = await stockQuery(db).where('s.ticker', 'in', tickers).execute();
    return rows.map(toStock);
  }

  return {
    listExchanges() {
      return db.selectFrom('stock_exchanges').select(['id', 'code', 'name', 'board']).orderBy('id').execute();
    },

    async exchangeIds(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('stock_exchanges').select(['id', 'code']).execute();
      return Object.fromEntries(rows.map((r) => [r.code, r.id]));
    },

    async hasExchange(id: number): Promise<boolean> {
      const row = await db.selectFrom('stock_exchanges').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Ticker prefix, folded name, or a common name ('Vietcombank', common-names.ts) match; ranked
     * exact ticker, ticker prefix, then names; then ticker.
     */
    async search(q: string, limit: number): Promise<StockRow[]> {
      const cleaned = q.replace(/[%_\\]/g, '');
      const upper = cleaned.toUpperCase().trim();
      const folded = foldForSearch(cleaned);
      if (!folded) return [];
      const byCommonName = tickersByCommonName(cleaned);
      const rows = await stockQuery(db)
        .where('s.is_active', '=', 1)
        .where((eb) =>
          eb.or([
            eb('s.ticker', 'like', `${upper}%`),
            eb('s.search', 'like', `%${folded}%`),
            ...(byCommonName.length > 0 ? [eb('s.ticker', 'in', byCommonName)] : []),
          ]),
        )
        .orderBy((eb) =>
          eb
            .case()
            .when('s.ticker', '=', upper)
            .then(0)
            .when('s.ticker', 'like', `${upper}%`)
            .then(1)
            .else(2)
            .end(),
        )
        .orderBy('s.ticker')
        .limit(limit)
        .execute();
      return rows.map(toStock);
    },

    async listActive(limit: number): Promise<StockRow[]> {
      const rows = await stockQuery(db)
        .where('s.is_active', '=', 1)
        .orderBy('s.ticker')
        .limit(limit)
        .execute();
      return rows.map(toStock);
    },

    async findByTicker(ticker: string): Promise<StockRow | undefined> {
      const row = await stockQuery(db).where('s.ticker', '=', ticker).executeTakeFirst();
      return row ? toStock(row) : undefined;
    },

    findByTickers,

    /** The known stocks of the tickers, in the tickers' order (unknown ones left out). */
    async findByTickersInOrder(tickers: string[]): Promise<StockRow[]> {
      const found = new Map((await findByTickers(tickers)).map((s) => [s.ticker, s]));
      return tickers.flatMap((t) => {
        const s = found.get(t);
        return s ? [s] : [];
      });
    },

    /**
     * One page of every stock, active or not, by ticker, and the total, both cut and counted in the
     * database: a ticker prefix or the folded name matches the search.
     */
    async listPage(filters: CatalogueFilters, page: { offset: number; limit: number }) {
      const matching = () => catalogueMatching(db, filters);
      const rowsQuery = matching()
        .select(STOCK_COLUMNS)
        .orderBy('s.ticker')
        .offset(page.offset)
        .limit(page.limit);
      const countQuery = matching().select((eb) => eb.fn.countAll<number>().as('n'));
      const [rows, total] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
      return { count: Number(total.n), rows: rows.map(toStock) };
    },

    /** Locks the stock's row for an edit (in the caller's transaction); true when it exists. */
    lockStock(id: number): Promise<boolean> {
      return lockRowForUpdate(db, 'stocks', id);
    },

    /** Writes the changed columns, and the search text when the name changed. */
    async updateStock(id: number, ticker: string, changes: StockChanges): Promise<void> {
      const values = {
        ...(changes.name !== undefined
          ? { name: changes.name, search: stockSearchText(ticker, changes.name) }
          : {}),
        ...(changes.exchange_id !== undefined ? { exchange_id: changes.exchange_id } : {}),
        ...(changes.lot_size !== undefined ? { lot_size: changes.lot_size } : {}),
        ...(changes.sector !== undefined ? { sector: changes.sector } : {}),
        ...(changes.is_active !== undefined ? { is_active: dbBool(changes.is_active) } : {}),
      };
      if (Object.keys(values).length === 0) return;
      await db.updateTable('stocks').set(values).where('id', '=', id).execute();
    },

    async insertStock(values: Omit<StockColumns, 'id'> & { now: Date }): Promise<number> {
      const row = await db
        .insertInto('stocks')
        .values({
          ticker: values.ticker,
          name: values.name,
          exchange_id: values.exchange_id,
          lot_size: values.lot_size,
          sector: values.sector,
          is_active: dbBool(values.is_active),
          source: values.source,
          search: stockSearchText(values.ticker, values.name),
          created_at: toIso(values.now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
