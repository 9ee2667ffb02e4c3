// The stocks module's rules: search and listing, snapshots, watchlists with ownership (another
// user's list is 404), price records and the holiday table. The live stream's tickets and rules
// are in live-stream.ts.
import {
  type AddItem,
  type Exchange,
  invalidPk,
  type MarketHoliday,
  type MarketHolidayCreate,
  type PriceRecord,
  type PriceRecordCreate,
  type RealtimeQuote,
  type Snapshot,
  STOCK_MESSAGES,
  type Stock,
  type StockCreate,
  type StockSearchQuery,
  type Watchlist,
  type WatchlistCreate,
  type WatchlistDetail,
  type WatchlistItem,
  type WatchlistListItem,
} from '@staff/contracts';
import { dbBool, lockRowForUpdate, toBool, toIso } from '../../db/dialect';
import type { Db } from '../../db/index';
import { fieldError, notFound } from '../../http/errors';
import { addDays, isWeekend, marketDate } from './calendar';
import {
  presentPriceRecord,
  presentRealtimeQuote,
  presentStock,
  presentWatchlist,
  presentWatchlistItem,
  presentWatchlistListItem,
} from './presenter';
import { createStocksRepo, type StockRow } from './repo';
import { type BarRow, barsNeededFrom, computeSnapshot } from './snapshot';

export interface StocksDeps {
  db: Db;
  now: () => Date;
}

export interface StocksViewer {
  id: number;
  role: string;
}

/** Default window of GET /stocks/prices/ without `since`. */
export const PRICE_LIST_DEFAULT_DAYS = 365;
export const PRICE_LIST_MAX_ROWS = 5000;

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test(err instanceof Error ? err.message : String(err));

export function createStocksService(deps: StocksDeps) {
  const { db, now } = deps;
  const repo = createStocksRepo(db);

  /** Snapshots of stocks in the given order. */
  async function snapshotsOf(stocks: StockRow[]): Promise<Snapshot[]> {
    if (stocks.length === 0) return [];
    const at = now();
    const cal = await repo.calendar();
    const ids = stocks.map((s) => s.id);
    const [bars, quotes] = await Promise.all([
      repo.barsSince(ids, barsNeededFrom(cal, at)),
      repo.latestQuotes(ids, cal.sessionDate(at)),
    ]);
    const barsBy = new Map<number, BarRow[]>();
    for (const b of bars) {
      const list = barsBy.get(b.stock_id) ?? [];
      list.push({ ...b, volume: Number(b.volume) });
      barsBy.set(b.stock_id, list);
    }
    const quoteBy = new Map(quotes.map((q) => [q.stock_id, q]));
    return stocks.map((s) =>
      computeSnapshot(
        {
          ticker: s.ticker,
          name: s.name,
          exchange: s.exchange_code,
          bars: barsBy.get(s.id) ?? [],
          quote: quoteBy.get(s.id) ?? null,
        },
        cal,
        at,
      ),
    );
  }

  async function stocksInOrder(tickers: string[]): Promise<StockRow[]> {
    const found = new Map((await repo.findByTickers(tickers)).map((s) => [s.ticker, s]));
    return tickers.flatMap((t) => {
      const s = found.get(t);
      return s ? [s] : [];
    });
  }

  async function ownList(viewer: StocksViewer, id: number) {
    const row = await db
      .selectFrom('watchlists')
      .select(['id', 'name', 'is_default'])
      .where('id', '=', id)
      .where('user_id', '=', viewer.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** Every item of the viewer's lists in one query (ownership in the where), grouped by list. */
  async function itemsOfLists(viewer: StocksViewer): Promise<Map<number, WatchlistListItem[]>> {
    const rows = await db
      .selectFrom('watchlist_items as i')
      .innerJoin('watchlists as w', 'w.id', 'i.watchlist_id')
      .innerJoin('stocks as s', 's.id', 'i.stock_id')
      .innerJoin('stock_exchanges as e', 'e.id', 's.exchange_id')
      .select([
        'i.id',
        'i.watchlist_id',
        'i.note',
        'i.target_price',
        'i.added_at',
        's.ticker',
        's.name',
        'e.code as exchange_code',
      ])
      .where('w.user_id', '=', viewer.id)
      .orderBy('i.id')
      .execute();
    const byList = new Map<number, WatchlistListItem[]>();
    for (const r of rows) {
      const items = byList.get(r.watchlist_id) ?? [];
      items.push(presentWatchlistListItem(r));
      byList.set(r.watchlist_id, items);
    }
    return byList;
  }

  async function itemsOf(listId: number): Promise<WatchlistItem[]> {
    const rows = await db
      .selectFrom('watchlist_items as i')
      .innerJoin('stocks as s', 's.id', 'i.stock_id')
      .select(['i.id', 'i.note', 'i.target_price', 'i.added_at', 's.ticker'])
      .where('i.watchlist_id', '=', listId)
      .orderBy('i.id')
      .execute();
    const stocks = await stocksInOrder(rows.map((r) => r.ticker));
    const snapshots = new Map((await snapshotsOf(stocks)).map((s) => [s.ticker, s]));
    const byTicker = new Map(stocks.map((s) => [s.ticker, s]));
    return rows.map((r) => {
      return presentWatchlistItem(r, byTicker.get(r.ticker) as StockRow, snapshots.get(r.ticker) ?? null);
    });
  }

  return {
    repo,

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
      const exchange = await db
        .selectFrom('stock_exchanges')
        .select('id')
        .where('id', '=', body.exchange_id)
        .executeTakeFirst();
      if (!exchange) throw fieldError('exchange_id', invalidPk(body.exchange_id));
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

    async snapshots(tickers: string[]): Promise<Snapshot[]> {
      return snapshotsOf(await stocksInOrder(tickers));
    },

    async snapshot(ticker: string): Promise<Snapshot> {
      const s = await repo.findByTicker(ticker);
      if (!s) throw notFound();
      return (await snapshotsOf([s]))[0] as Snapshot;
    },

    async realtime(tickers: string[]): Promise<RealtimeQuote[]> {
      const stocks = await stocksInOrder(tickers);
      const quotes = new Map((await repo.latestQuotes(stocks.map((s) => s.id))).map((q) => [q.stock_id, q]));
      return stocks.flatMap((s) => {
        const q = quotes.get(s.id);
        return q ? [presentRealtimeQuote(s, q)] : [];
      });
    },

    // --- watchlists

    async listWatchlists(viewer: StocksViewer): Promise<Watchlist[]> {
      const rows = await db
        .selectFrom('watchlists')
        .select(['id', 'name', 'is_default'])
        .where('user_id', '=', viewer.id)
        .orderBy('id')
        .execute();
      const items = rows.length > 0 ? await itemsOfLists(viewer) : new Map<number, WatchlistListItem[]>();
      return rows.map((r) => {
        return presentWatchlist(r, items.get(r.id) ?? []);
      });
    },

    async getWatchlist(viewer: StocksViewer, id: number): Promise<WatchlistDetail> {
      const list = await ownList(viewer, id);
      const items = await itemsOf(id);
      return presentWatchlist(list, items);
    },

    async createWatchlist(viewer: StocksViewer, body: WatchlistCreate): Promise<WatchlistDetail> {
      const nameKey = body.name.toLowerCase();
      const id = await db.transaction().execute(async (trx) => {
        // One default per user: concurrent creates (and default moves) of one user take turns on
        // the user's row, so two first lists cannot both become the default.
        await lockRowForUpdate(trx, 'users', viewer.id);
        const existing = await trx
          .selectFrom('watchlists')
          .select(['id', 'name_key'])
          .where('user_id', '=', viewer.id)
          .execute();
        if (existing.some((r) => r.name_key === nameKey)) throw fieldError('name', STOCK_MESSAGES.nameTaken);
        // The first list is the default; a later one only when asked, taking it from the others.
        const isDefault = existing.length === 0 || body.is_default;
        if (isDefault && existing.length > 0) {
          await trx
            .updateTable('watchlists')
            .set({ is_default: 0 })
            .where('user_id', '=', viewer.id)
            .execute();
        }
        try {
          const row = await trx
            .insertInto('watchlists')
            .values({
              user_id: viewer.id,
              name: body.name,
              name_key: nameKey,
              is_default: dbBool(isDefault),
              created_at: toIso(now()),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        } catch (err) {
          if (isUniqueViolation(err)) throw fieldError('name', STOCK_MESSAGES.nameTaken);
          throw err;
        }
      });
      return this.getWatchlist(viewer, id);
    },

    async updateWatchlist(
      viewer: StocksViewer,
      id: number,
      body: { name?: string | undefined; is_default?: boolean | undefined },
    ): Promise<WatchlistDetail> {
      await ownList(viewer, id);
      await db.transaction().execute(async (trx) => {
        if (body.name !== undefined) {
          const nameKey = body.name.toLowerCase();
          const clash = await trx
            .selectFrom('watchlists')
            .select('id')
            .where('user_id', '=', viewer.id)
            .where('name_key', '=', nameKey)
            .where('id', '!=', id)
            .executeTakeFirst();
          if (clash) throw fieldError('name', STOCK_MESSAGES.nameTaken);
          await trx
            .updateTable('watchlists')
            .set({ name: body.name, name_key: nameKey })
            .where('id', '=', id)
            .execute();
        }
        if (body.is_default === true) {
          await lockRowForUpdate(trx, 'users', viewer.id);
          await trx
            .updateTable('watchlists')
            .set({ is_default: 0 })
            .where('user_id', '=', viewer.id)
            .execute();
          await trx.updateTable('watchlists').set({ is_default: 1 }).where('id', '=', id).execute();
        }
      });
      return this.getWatchlist(viewer, id);
    },

    async deleteWatchlist(viewer: StocksViewer, id: number): Promise<void> {
      const list = await ownList(viewer, id);
      await db.transaction().execute(async (trx) => {
        await lockRowForUpdate(trx, 'users', viewer.id);
        await trx.deleteFrom('watchlists').where('id', '=', id).execute();
        if (toBool(list.is_default)) {
          // The oldest remaining list takes over as the default.
          const next = await trx
            .selectFrom('watchlists')
            .select('id')
            .where('user_id', '=', viewer.id)
            .orderBy('id')
            .executeTakeFirst();
          if (next)
            await trx.updateTable('watchlists').set({ is_default: 1 }).where('id', '=', next.id).execute();
        }
      });
    },

    async addItem(viewer: StocksViewer, id: number, body: AddItem): Promise<WatchlistItem> {
      await ownList(viewer, id);
      const stock = await repo.findByTicker(body.ticker);
      if (!stock) throw fieldError('ticker', STOCK_MESSAGES.unknownTicker(body.ticker));
      const dup = await db
        .selectFrom('watchlist_items')
        .select('id')
        .where('watchlist_id', '=', id)
        .where('stock_id', '=', stock.id)
        .executeTakeFirst();
      if (dup) throw fieldError('ticker', STOCK_MESSAGES.duplicateTicker(body.ticker));
      try {
        await db
          .insertInto('watchlist_items')
          .values({
            watchlist_id: id,
            stock_id: stock.id,
            note: body.note,
            target_price: body.target_price ?? null,
            added_at: toIso(now()),
          })
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('ticker', STOCK_MESSAGES.duplicateTicker(body.ticker));
        throw err;
      }
      const items = await itemsOf(id);
      return items.find((i) => i.stock.ticker === body.ticker) as WatchlistItem;
    },

    async removeItem(viewer: StocksViewer, id: number, ticker: string): Promise<void> {
      await ownList(viewer, id);
      const stock = await repo.findByTicker(ticker);
      const result = stock
        ? await db
            .deleteFrom('watchlist_items')
            .where('watchlist_id', '=', id)
            .where('stock_id', '=', stock.id)
            .executeTakeFirst()
        : null;
      if (!result || Number(result.numDeletedRows) === 0)
        throw fieldError('ticker', STOCK_MESSAGES.notInList(ticker));
    },

    // --- price records (daily bars)

    async createPriceRecord(body: PriceRecordCreate): Promise<PriceRecord> {
      const stock = await repo.findByTicker(body.ticker);
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
      await repo.upsertBars([bar]);
      const { stock_id: _, ...rest } = bar;
      return { ticker: stock.ticker, ...rest };
    },

    async listPrices(ticker: string, since: string | undefined): Promise<PriceRecord[]> {
      const stock = await repo.findByTicker(ticker);
      if (!stock) throw notFound();
      const from = since ?? addDays(marketDate(now()), -PRICE_LIST_DEFAULT_DAYS);
      const rows = await repo.barsOf(stock.id, from);
      return rows.slice(-PRICE_LIST_MAX_ROWS).map((r) => presentPriceRecord(stock.ticker, r));
    },

    // --- holidays

    async listHolidays(year: number | undefined): Promise<MarketHoliday[]> {
      let q = db.selectFrom('market_holidays').select(['date', 'name', 'kind', 'source']).orderBy('date');
      if (year !== undefined) q = q.where('date', '>=', `${year}-01-01`).where('date', '<=', `${year}-12-31`);
      return (await q.execute()) as MarketHoliday[];
    },

    async addHoliday(body: MarketHolidayCreate): Promise<MarketHoliday> {
      if (isWeekend(body.date)) throw fieldError('date', STOCK_MESSAGES.notAWeekday);
      const exists = await db
        .selectFrom('market_holidays')
        .select('date')
        .where('date', '=', body.date)
        .executeTakeFirst();
      if (exists) throw fieldError('date', STOCK_MESSAGES.holidayExists);
      await db
        .insertInto('market_holidays')
        .values({ ...body, created_at: toIso(now()) })
        .execute();
      return body;
    },

    async deleteHoliday(date: string): Promise<void> {
      const result = await db.deleteFrom('market_holidays').where('date', '=', date).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
    },
  };
}

export type StocksService = ReturnType<typeof createStocksService>;
