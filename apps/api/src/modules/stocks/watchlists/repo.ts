// Queries of the watchlists and their items. Every read of a user's lists has the owner in its
// where; the writes take a list the service has already found to be the user's.
import type { TargetDirection } from '@staff/contracts';
import { sql } from 'kysely';
import { dbBool, toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';

/** The lists themselves: names, the default, ownership. */
export function createWatchlistsRepo(db: Db) {
  return {
    listsOf(userId: number) {
      return db
        .selectFrom('watchlists')
        .select(['id', 'name', 'is_default'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** The list when it is the user's. */
    findOwn(userId: number, id: number) {
      return db
        .selectFrom('watchlists')
        .select(['id', 'name', 'is_default'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    nameKeysOf(userId: number) {
      return db.selectFrom('watchlists').select(['id', 'name_key']).where('user_id', '=', userId).execute();
    },

    /** Another of the user's lists already under this name (case-folded). */
    async nameTaken(userId: number, nameKey: string, exceptId: number): Promise<boolean> {
      const clash = await db
        .selectFrom('watchlists')
        .select('id')
        .where('user_id', '=', userId)
        .where('name_key', '=', nameKey)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return clash !== undefined;
    },

    async insertList(values: {
      userId: number;
      name: string;
      nameKey: string;
      isDefault: boolean;
      now: Date;
    }) {
      const row = await db
        .insertInto('watchlists')
        .values({
          user_id: values.userId,
          name: values.name,
          name_key: values.nameKey,
          is_default: dbBool(values.isDefault),
          created_at: toIso(values.now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async rename(id: number, name: string, nameKey: string): Promise<void> {
      await db.updateTable('watchlists').set({ name, name_key: nameKey }).where('id', '=', id).execute();
    },

    async clearDefault(userId: number): Promise<void> {
      await db.updateTable('watchlists').set({ is_default: 0 }).where('user_id', '=', userId).execute();
    },

    async markDefault(id: number): Promise<void> {
      await db.updateTable('watchlists').set({ is_default: 1 }).where('id', '=', id).execute();
    },

    oldestOf(userId: number) {
      return db
        .selectFrom('watchlists')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirst();
    },

    async deleteList(id: number): Promise<void> {
      await db.deleteFrom('watchlists').where('id', '=', id).execute();
    },
  };
}

/** The lists' items, and the stocks anyone watches. */
export function createWatchlistItemsRepo(db: Db) {
  return {
    /** Every item of the user's lists in one query, with its stock's ticker, name and exchange. */
    itemsOfUser(userId: number) {
      return db
        .selectFrom('watchlist_items as i')
        .innerJoin('watchlists as w', 'w.id', 'i.watchlist_id')
        .innerJoin('stocks as s', 's.id', 'i.stock_id')
        .innerJoin('stock_exchanges as e', 'e.id', 's.exchange_id')
        .select([
          'i.id',
          'i.watchlist_id',
          'i.note',
          'i.target_price',
          'i.target_direction',
          'i.added_at',
          's.ticker',
          's.name',
          'e.code as exchange_code',
        ])
        .where('w.user_id', '=', userId)
        .orderBy('i.id')
        .execute();
    },

    /** A list's items in the order they were added, or the one item `itemId` when given. */
    itemsOfList(listId: number, itemId?: number) {
      let query = db
        .selectFrom('watchlist_items as i')
        .innerJoin('stocks as s', 's.id', 'i.stock_id')
        .select(['i.id', 'i.note', 'i.target_price', 'i.target_direction', 'i.added_at', 's.ticker'])
        .where('i.watchlist_id', '=', listId);
      if (itemId !== undefined) query = query.where('i.id', '=', itemId);
      return query.orderBy('i.id').execute();
    },
    /** The item when it is in this list and the list is the user's. */
    findOwnItem(userId: number, listId: number, itemId: number) {
      return db
        .selectFrom('watchlist_items as i')
        .innerJoin('watchlists as w', 'w.id', 'i.watchlist_id')
        .innerJoin('stocks as s', 's.id', 'i.stock_id')
        .select(['i.id', 'i.target_price', 'i.target_direction', 's.ticker'])
        .where('i.id', '=', itemId)
        .where('i.watchlist_id', '=', listId)
        .where('w.user_id', '=', userId)
        .executeTakeFirst();
    },

    async hasItem(listId: number, stockId: number): Promise<boolean> {
      const row = await db
        .selectFrom('watchlist_items')
        .select('id')
        .where('watchlist_id', '=', listId)
        .where('stock_id', '=', stockId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The new item's id. */
    async insertItem(values: {
      listId: number;
      stockId: number;
      note: string;
      targetPrice: number | null;
      targetDirection: TargetDirection | null;
      now: Date;
    }): Promise<number> {
      const row = await db
        .insertInto('watchlist_items')
        .values({
          watchlist_id: values.listId,
          stock_id: values.stockId,
          note: values.note,
          target_price: values.targetPrice,
          target_direction: values.targetDirection,
          added_at: toIso(values.now),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /**
     * Writes an item's note and/or target in one statement; the number of items changed (0 when it
     * is no longer in the list). A target written with `side` takes that side, unless it is the
     * target already there with a side, which it keeps: saving the same target again (with a new
     * note) must not move a crossed target to the other side of the price.
     */
    async updateItem(
      listId: number,
      itemId: number,
      change: { note?: string; target?: { price: number | null; side: TargetDirection | null } },
    ): Promise<number> {
      const { note, target } = change;
      const result = await db
        .updateTable('watchlist_items')
        .set((eb) => ({
          ...(note !== undefined ? { note } : {}),
          ...(target !== undefined
            ? {
                target_price: target.price,
                target_direction:
                  target.price === null
                    ? null
                    : eb
                        .case()
                        .when(
                          eb.and([
                            eb('target_price', '=', target.price),
                            eb('target_direction', 'is not', null),
                          ]),
                        )
                        .then(eb.ref('target_direction'))
                        .else(target.side)
                        .end(),
              }
            : {}),
        }))
        .where('id', '=', itemId)
        .where('watchlist_id', '=', listId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The number of items removed (0 or 1). */
    async deleteItem(listId: number, stockId: number): Promise<number> {
      const result = await db
        .deleteFrom('watchlist_items')
        .where('watchlist_id', '=', listId)
        .where('stock_id', '=', stockId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Tickers on anyone's watchlist (what the live provider polls). */
    async watchedStocks(): Promise<{ id: number; ticker: string }[]> {
      return db
        .selectFrom('stocks as s')
        .select(['s.id', 's.ticker'])
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('watchlist_items as i')
              .select(sql.lit(1).as('one'))
              .whereRef('i.stock_id', '=', 's.id'),
          ),
        )
        .orderBy('s.ticker')
        .execute();
    },
  };
}
