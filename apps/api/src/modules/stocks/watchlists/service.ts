// Watchlists: a user's own lists (another user's list is 404), their items, and the one default.
// The list of lists carries every list's items from one query, without snapshots; one list's
// items carry their snapshots. Creating, moving or deleting a default takes the user's row lock
// first, so a user has one default however requests race.
import {
  type AddItem,
  STOCK_MESSAGES,
  type TargetDirection,
  targetSide,
  type Watchlist,
  type WatchlistCreate,
  type WatchlistDetail,
  type WatchlistItem,
  type WatchlistItemUpdate,
  type WatchlistListItem,
} from '@staff/contracts';
import { isUniqueViolation, lockRowForUpdate, toBool } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import { fieldError, notFound } from '../../../http/errors';
import { createCatalogueRepo, type StockRow } from '../catalogue/repo';
import { createSnapshotReader } from '../snapshots/snapshot-reader';
import { presentWatchlist, presentWatchlistItem, presentWatchlistListItem } from './presenter';
import { createWatchlistItemsRepo, createWatchlistsRepo } from './repo';

export interface WatchlistsDeps {
  db: Db;
  now: () => Date;
}

export interface StocksViewer {
  id: number;
  role: string;
}

export function createWatchlistsService({ db, now }: WatchlistsDeps) {
  const repo = createWatchlistsRepo(db);
  const itemsRepo = createWatchlistItemsRepo(db);
  const catalogue = createCatalogueRepo(db);
  const snapshotsOf = createSnapshotReader(db, now);

  async function ownList(viewer: StocksViewer, id: number) {
    const row = await repo.findOwn(viewer.id, id);
    if (!row) throw notFound();
    return row;
  }

  /** Every item of the viewer's lists, grouped by list. */
  async function itemsOfLists(viewer: StocksViewer): Promise<Map<number, WatchlistListItem[]>> {
    const byList = new Map<number, WatchlistListItem[]>();
    for (const r of await itemsRepo.itemsOfUser(viewer.id)) {
      const items = byList.get(r.watchlist_id) ?? [];
      items.push(presentWatchlistListItem(r));
      byList.set(r.watchlist_id, items);
    }
    return byList;
  }

  /** A list's items with their snapshots, or the one item `itemId` when given. */
  async function itemsOf(listId: number, itemId?: number): Promise<WatchlistItem[]> {
    const rows = await itemsRepo.itemsOfList(listId, itemId);
    const stocks = await catalogue.findByTickersInOrder(rows.map((r) => r.ticker));
    const snapshots = new Map((await snapshotsOf(stocks)).map((s) => [s.ticker, s]));
    const byTicker = new Map(stocks.map((s) => [s.ticker, s]));
    return rows.map((r) => {
      return presentWatchlistItem(r, byTicker.get(r.ticker) as StockRow, snapshots.get(r.ticker) ?? null);
    });
  }

  /** The item as the list detail shows it. */
  async function itemOf(listId: number, itemId: number): Promise<WatchlistItem> {
    const [item] = await itemsOf(listId, itemId);
    if (!item) throw notFound();
    return item;
  }

  /** The price a target is set against: the stock's current price as its card shows it now. */
  async function currentPrice(stock: StockRow): Promise<number | null> {
    const [snapshot] = await snapshotsOf([stock]);
    return snapshot?.current_price ?? null;
  }

  async function getWatchlist(viewer: StocksViewer, id: number): Promise<WatchlistDetail> {
    const list = await ownList(viewer, id);
    return presentWatchlist(list, await itemsOf(id));
  }

  return {
    async listWatchlists(viewer: StocksViewer): Promise<Watchlist[]> {
      const rows = await repo.listsOf(viewer.id);
      const items = rows.length > 0 ? await itemsOfLists(viewer) : new Map<number, WatchlistListItem[]>();
      return rows.map((r) => presentWatchlist(r, items.get(r.id) ?? []));
    },

    getWatchlist,

    async createWatchlist(viewer: StocksViewer, body: WatchlistCreate): Promise<WatchlistDetail> {
      const nameKey = body.name.toLowerCase();
      const id = await db.transaction().execute(async (trx) => {
        const lists = createWatchlistsRepo(trx);
        // One default per user: concurrent creates (and default moves) of one user take turns on
        // the user's row, so two first lists cannot both become the default.
        await lockRowForUpdate(trx, 'users', viewer.id);
        const existing = await lists.nameKeysOf(viewer.id);
        if (existing.some((r) => r.name_key === nameKey)) throw fieldError('name', STOCK_MESSAGES.nameTaken);
        // The first list is the default; a later one only when asked, taking it from the others.
        const isDefault = existing.length === 0 || body.is_default;
        if (isDefault && existing.length > 0) await lists.clearDefault(viewer.id);
        try {
          return await lists.insertList({
            userId: viewer.id,
            name: body.name,
            nameKey,
            isDefault,
            now: now(),
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw fieldError('name', STOCK_MESSAGES.nameTaken);
          throw err;
        }
      });
      return getWatchlist(viewer, id);
    },

    async updateWatchlist(
      viewer: StocksViewer,
      id: number,
      body: { name?: string | undefined; is_default?: boolean | undefined },
    ): Promise<WatchlistDetail> {
      await ownList(viewer, id);
      await db.transaction().execute(async (trx) => {
        const lists = createWatchlistsRepo(trx);
        if (body.name !== undefined) {
          const nameKey = body.name.toLowerCase();
          if (await lists.nameTaken(viewer.id, nameKey, id))
            throw fieldError('name', STOCK_MESSAGES.nameTaken);
          await lists.rename(id, body.name, nameKey);
        }
        if (body.is_default === true) {
          await lockRowForUpdate(trx, 'users', viewer.id);
          await lists.clearDefault(viewer.id);
          await lists.markDefault(id);
        }
      });
      return getWatchlist(viewer, id);
    },

    async deleteWatchlist(viewer: StocksViewer, id: number): Promise<void> {
      const list = await ownList(viewer, id);
      await db.transaction().execute(async (trx) => {
        const lists = createWatchlistsRepo(trx);
        await lockRowForUpdate(trx, 'users', viewer.id);
        await lists.deleteList(id);
        if (toBool(list.is_default)) {
          // The oldest remaining list takes over as the default.
          const next = await lists.oldestOf(viewer.id);
          if (next) await lists.markDefault(next.id);
        }
      });
    },

    async addItem(viewer: StocksViewer, id: number, body: AddItem): Promise<WatchlistItem> {
      await ownList(viewer, id);
      const stock = await catalogue.findByTicker(body.ticker);
      if (!stock) throw fieldError('ticker', STOCK_MESSAGES.unknownTicker(body.ticker));
      if (await itemsRepo.hasItem(id, stock.id))
        throw fieldError('ticker', STOCK_MESSAGES.duplicateTicker(body.ticker));
      const targetPrice = body.target_price ?? null;
      // The target remembers its side of the price it is set at (issue 26's crossing rule).
      const targetDirection =
        targetPrice === null ? null : targetSide(targetPrice, await currentPrice(stock));
      let itemId: number;
      try {
        itemId = await itemsRepo.insertItem({
          listId: id,
          stockId: stock.id,
          note: body.note,
          targetPrice,
          targetDirection,
          now: now(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw fieldError('ticker', STOCK_MESSAGES.duplicateTicker(body.ticker));
        throw err;
      }
      return itemOf(id, itemId);
    },

    /**
     * Changes an item's note and/or target (issue 26). A new target takes its side of the stock's
     * price now; the same target sent again keeps the side it has (the repo's updateItem). Another
     * user's list, or an item of another list, is 404.
     */
    async updateItem(
      viewer: StocksViewer,
      listId: number,
      itemId: number,
      body: WatchlistItemUpdate,
    ): Promise<WatchlistItem> {
      const item = await itemsRepo.findOwnItem(viewer.id, listId, itemId);
      if (!item) throw notFound();
      let target: { price: number | null; side: TargetDirection | null } | undefined;
      if (body.target_price === null) target = { price: null, side: null };
      else if (body.target_price !== undefined) {
        const stock = (await catalogue.findByTicker(item.ticker)) as StockRow;
        target = { price: body.target_price, side: targetSide(body.target_price, await currentPrice(stock)) };
      }
      const changed = await itemsRepo.updateItem(listId, itemId, {
        ...(body.note !== undefined ? { note: body.note } : {}),
        ...(target ? { target } : {}),
      });
      // Removed from the list since it was found.
      if (changed === 0) throw notFound();
      return itemOf(listId, itemId);
    },

    async removeItem(viewer: StocksViewer, id: number, ticker: string): Promise<void> {
      await ownList(viewer, id);
      const stock = await catalogue.findByTicker(ticker);
      const removed = stock ? await itemsRepo.deleteItem(id, stock.id) : 0;
      if (removed === 0) throw fieldError('ticker', STOCK_MESSAGES.notInList(ticker));
    },
  };
}

export type WatchlistsService = ReturnType<typeof createWatchlistsService>;
