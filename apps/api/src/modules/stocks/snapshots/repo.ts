// Queries of the prices: daily bars (stock_daily_bars) and intraday quotes (stock_quotes). Portable
// Kysely only; dates are 'YYYY-MM-DD' text compared as text, instants are ISO text / timestamptz
// plus epoch milliseconds for ordering.
import { type Selectable, sql } from 'kysely';
import { toIso } from '../../../db/dialect';
import type { Db } from '../../../db/index';
import type { StockDailyBarsTable, StockQuotesTable } from '../../../db/schema';
import type { BarRow, QuoteRow } from './snapshot';
import { createSnapshotRowsRepo } from './snapshot-rows';

/** A quote to store: the row but its id, and `as_of`, which is written from `as_of_ms`. */
export type QuoteInsert = Omit<Selectable<StockQuotesTable>, 'id' | 'as_of'>;

/** A bar to store: the whole row. */
export type BarInsert = Selectable<StockDailyBarsTable>;

/** What a quote says of the price, read by the snapshots and sent by the live stream. */
const QUOTE_PRICE_COLUMNS = [
  'q.price',
  'q.volume',
  'q.open',
  'q.high',
  'q.low',
  'q.as_of_ms',
  'q.source',
] as const;

/** Rows per multi-row INSERT: under SQLite's 32 766 and PostgreSQL's 65 535 parameters. */
const BATCH = 2000;

/**
 * Runs a write and the refresh of the stocks' snapshot rows (snapshot-rows.ts) in one transaction:
 * the caller's, when it is in one, else a transaction of their own. A reader never sees the prices
 * without their rows or the other way round.
 */
function inTransaction<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** Daily bars: the history snapshots and price records are read from. */
export function createBarsRepo(db: Db) {
  return {
    /** Bars of the stocks from a date on, ordered by stock and date. */
    async barsSince(stockIds: number[], from: string): Promise<(BarRow & { stock_id: number })[]> {
      if (stockIds.length === 0) return [];
      return db
        .selectFrom('stock_daily_bars')
        .select(['stock_id', 'date', 'open', 'high', 'low', 'close', 'volume', 'average'])
        .where('stock_id', 'in', stockIds)
        .where('date', '>=', from)
        .orderBy('stock_id')
        .orderBy('date')
        .execute();
    },

    async barsOf(stockId: number, since: string) {
      return db
        .selectFrom('stock_daily_bars')
        .select(['date', 'open', 'high', 'low', 'close', 'volume', 'average', 'source'])
        .where('stock_id', '=', stockId)
        .where('date', '>=', since)
        .orderBy('date')
        .execute();
    },

    /** Inserts bars, replacing any of the same stock and date; refreshes the stocks' snapshot rows. */
    async upsertBars(rows: BarInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await inTransaction(db, async (trx) => {
        await upsertBarRows(trx, rows);
        await createSnapshotRowsRepo(trx).refreshBars(rows.map((r) => r.stock_id));
      });
    },

    /**
     * Bulk insert of new bars (the demo seed, the benches' loaders): numbers and dates we generated
     * ourselves, written as literals so a hundred thousand rows cost a few statements instead of a
     * query builder pass. Refreshes the stocks' snapshot rows.
     */
    async insertBarsBulk(rows: BarInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await inTransaction(db, async (trx) => {
        await insertBarLiterals(trx, rows);
        await createSnapshotRowsRepo(trx).refreshBars(rows.map((r) => r.stock_id));
      });
    },
  };
}

async function upsertBarRows(db: Db, rows: BarInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('stock_daily_bars')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.columns(['stock_id', 'date']).doUpdateSet((eb) => ({
          open: eb.ref('excluded.open'),
          high: eb.ref('excluded.high'),
          low: eb.ref('excluded.low'),
          close: eb.ref('excluded.close'),
          volume: eb.ref('excluded.volume'),
          average: eb.ref('excluded.average'),
          source: eb.ref('excluded.source'),
        })),
      )
      .execute();
  }
}

async function insertBarLiterals(db: Db, rows: BarInsert[]): Promise<void> {
  const num = (n: number) => {
    if (!Number.isFinite(n)) throw new Error(`insertBarsBulk: ${n} is not a finite number`);
    return String(n);
  };
  const text = (v: string) => {
    if (!/^[\w-]+$/.test(v)) throw new Error(`insertBarsBulk: unexpected text ${v}`);
    return `'${v}'`;
  };
  for (let i = 0; i < rows.length; i += 5000) {
    const values = rows
      .slice(i, i + 5000)
      .map(
        (r) =>
          `(${num(r.stock_id)},${text(r.date)},${num(r.open)},${num(r.high)},${num(r.low)},${num(r.close)},${num(r.volume)},${r.average === null ? 'null' : num(r.average)},${text(r.source)})`,
      )
      .join(',');
    await sql
      .raw(
        `insert into stock_daily_bars (stock_id, date, open, high, low, close, volume, average, source) values ${values}`,
      )
      .execute(db);
  }
}

/** Intraday quotes: the latest price of a session, and what the live stream sends. */
export function createQuotesRepo(db: Db) {
  return {
    /**
     * Each stock's latest quote (of one trading date, when given). One index probe per stock:
     * the newest quote id comes from a correlated ORDER BY … LIMIT 1 on (stock_id, as_of_ms).
     */
    async latestQuotes(
      stockIds: number[],
      tradingDate?: string,
    ): Promise<(QuoteRow & { stock_id: number; id: number; source: string })[]> {
      if (stockIds.length === 0) return [];
      const latest = await db
        .selectFrom('stocks as s')
        .select((eb) =>
          eb
            .selectFrom('stock_quotes as q')
            .select('q.id')
            .whereRef('q.stock_id', '=', 's.id')
            .orderBy('q.as_of_ms', 'desc')
            .orderBy('q.id', 'desc')
            .limit(1)
            .as('quote_id'),
        )
        .where('s.id', 'in', stockIds)
        .execute();
      const ids = latest.map((r) => r.quote_id).filter((id): id is number => id !== null && id !== undefined);
      if (ids.length === 0) return [];
      let query = db
        .selectFrom('stock_quotes as q')
        .select(['q.id', 'q.stock_id', 'q.trading_date', ...QUOTE_PRICE_COLUMNS])
        .where('q.id', 'in', ids);
      if (tradingDate) query = query.where('q.trading_date', '=', tradingDate);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, as_of_ms: Number(r.as_of_ms), volume: Number(r.volume) }));
    },

    /** Quotes written after a row id, for the live stream. */
    quotesAfter(stockIds: number[], afterId: number, limit: number) {
      return db
        .selectFrom('stock_quotes as q')
        .innerJoin('stocks as s', 's.id', 'q.stock_id')
        .select(['q.id', 's.ticker', ...QUOTE_PRICE_COLUMNS])
        .where('q.stock_id', 'in', stockIds)
        .where('q.id', '>', afterId)
        .orderBy('q.id')
        .limit(limit)
        .execute();
    },

    async maxQuoteId(): Promise<number> {
      const row = await db
        .selectFrom('stock_quotes')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      return Number(row?.m ?? 0);
    },

    /** Stores quotes and refreshes the stocks' snapshot rows (their latest quote). */
    async insertQuotes(rows: QuoteInsert[]): Promise<void> {
      if (rows.length === 0) return;
      await inTransaction(db, async (trx) => {
        for (let i = 0; i < rows.length; i += BATCH) {
          await trx
            .insertInto('stock_quotes')
            .values(rows.slice(i, i + BATCH).map((r) => ({ ...r, as_of: toIso(new Date(r.as_of_ms)) })))
            .execute();
        }
        await createSnapshotRowsRepo(trx).refreshQuotes(
          rows.map((r) => r.stock_id),
          (ids) => createQuotesRepo(trx).latestQuotes(ids),
        );
      });
    },

    /** Drops intraday quotes older than the cutoff (the daily bars keep the history), and them from the snapshot rows. */
    async pruneQuotes(beforeMs: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const result = await trx
          .deleteFrom('stock_quotes')
          .where('as_of_ms', '<', beforeMs)
          .executeTakeFirst();
        await createSnapshotRowsRepo(trx).clearQuotesBefore(beforeMs);
        return Number(result.numDeletedRows);
      });
    },
  };
}
