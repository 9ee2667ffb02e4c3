// Queries of the forex board. Points are stored idempotently (one per symbol, instant and
// source); ranges are downsampled in SQL to the last point of each bucket. Instants are epoch
// milliseconds computed in TypeScript and passed as parameters, so both databases agree.
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { preparedOnPostgres } from '../../db/prepared';
import type { ForexQuote } from './providers/quote';

export interface StoreOptions {
  source: string;
  /** When the points arrived (the poll's instant). */
  arrivedAt: Date;
  /** After this long without a new arrival the symbol counts as stale. */
  staleAfterMs: number;
}

/** Rows per INSERT: 6 parameters each, 12,000 a statement, below both databases' limits. */
const BATCH = 2000;
/** Vietnam's offset, so day buckets start at midnight in Hà Nội rather than in London. */
export const ICT_OFFSET_MS = 7 * 3600_000;

/** Inserts points, skipping those already stored, and records the arrival per symbol. */
export async function storeForexPoints(
  db: Db,
  points: readonly ForexQuote[],
  options: StoreOptions,
): Promise<number> {
  if (points.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let inserted = 0;
    for (let i = 0; i < points.length; i += BATCH) {
      const rows = points.slice(i, i + BATCH).map((p) => ({
        symbol: p.symbol,
        time_ms: p.time.getTime(),
        source: options.source,
        last: p.last,
        bid: p.bid,
        ask: p.ask,
      }));
      const result = await trx
        .insertInto('forex_prices')
        .values(rows)
        .onConflict((oc) => oc.columns(['symbol', 'time_ms', 'source']).doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }

    const newest = new Map<string, number>();
    for (const p of points) newest.set(p.symbol, Math.max(newest.get(p.symbol) ?? 0, p.time.getTime()));
    const existing = await trx
      .selectFrom('forex_symbols')
      .select(['symbol', 'last_time_ms', 'source', 'has_live'])
      .where('symbol', 'in', [...newest.keys()])
      .execute();
    const bySymbol = new Map(existing.map((r) => [r.symbol, r]));
    const live = options.source !== 'demo';
    for (const [symbol, lastTime] of newest) {
      const before = bySymbol.get(symbol);
      // Demo points say nothing about a symbol real sources deliver.
      if (!live && Number(before?.has_live ?? 0) === 1) continue;
      const newer = !before || lastTime >= Number(before.last_time_ms);
      const values = {
        source: newer ? options.source : (before?.source ?? options.source),
        last_time_ms: newer ? lastTime : Number(before?.last_time_ms),
        arrived_at_ms: options.arrivedAt.getTime(),
        stale_after_ms: options.staleAfterMs,
        has_live: live || Number(before?.has_live ?? 0) === 1 ? 1 : 0,
      };
      await trx
        .insertInto('forex_symbols')
        .values({ symbol, ...values })
        .onConflict((oc) => oc.column('symbol').doUpdateSet(values))
        .execute();
    }
    return inserted;
  });
}

export interface SymbolInfo {
  symbol: string;
  source: string;
  lastTimeMs: number;
  arrivedAtMs: number;
  staleAfterMs: number;
  hasLive: boolean;
}

export async function listSymbols(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('forex_symbols').select('symbol').orderBy('symbol').execute();
  return rows.map((r) => r.symbol);
}

export async function findSymbol(db: Db, symbol: string): Promise<SymbolInfo | null> {
  const row = await db
    .selectFrom('forex_symbols')
    .selectAll()
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  if (!row) return null;
  return {
    symbol: row.symbol,
    source: row.source,
    lastTimeMs: Number(row.last_time_ms),
    arrivedAtMs: Number(row.arrived_at_ms),
    staleAfterMs: Number(row.stale_after_ms),
    hasLive: Number(row.has_live) === 1,
  };
}

export interface StoredPoint {
  timeMs: number;
  last: number;
  bid: number | null;
  ask: number | null;
  source: string;
}

/** The newest point; demo points are left out once real ones exist. */
export async function latestPoint(db: Db, info: SymbolInfo): Promise<StoredPoint | null> {
  let query = db
    .selectFrom('forex_prices')
    .select(['time_ms', 'last', 'bid', 'ask', 'source'])
    .where('symbol', '=', info.symbol);
  if (info.hasLive) query = query.where('source', '<>', 'demo');
  const row = await query.orderBy('time_ms', 'desc').orderBy('source').limit(1).executeTakeFirst();
  if (!row) return null;
  return { timeMs: Number(row.time_ms), last: row.last, bid: row.bid, ask: row.ask, source: row.source };
}

/**
 * The last point of each bucket in [fromMs, toMs], in time order. Bucket k covers
 * [k·width − offset, (k+1)·width − offset), clipped to the window: `bucketMs` wide and aligned to
 * midnight in Vietnam; a point exactly on a boundary opens the next bucket. The database numbers the
 * buckets itself (a recursive CTE from the first to the last k) and finds each bucket's last point
 * with one backward step on the (symbol, time_ms) index, so the cost follows the number of buckets
 * (a few hundred), not the number of points in the window. The statement's text is the same for
 * every window (issue 22: the bounds used to be a VALUES list of a few hundred rows, built and bound
 * on every request): SQLite keeps it prepared, and PostgreSQL prepares it once per connection.
 */
export async function downsampledPoints(
  db: Db,
  info: SymbolInfo,
  fromMs: number,
  toMs: number,
  bucketMs: number,
): Promise<{ timeMs: number; last: number }[]> {
  const first = Math.floor((fromMs + ICT_OFFSET_MS) / bucketMs);
  const last = Math.floor((toMs + ICT_OFFSET_MS) / bucketMs);
  if (last < first) return [];
  const liveOnly = (alias: string) =>
    info.hasLive ? sql`and ${sql.ref(`${alias}.source`)} <> 'demo'` : sql``;
  const bound = (edge: unknown) => sql`cast(${edge} as bigint)`;
  const startOf = sql`k.n * ${bound(bucketMs)} - ${bound(ICT_OFFSET_MS)}`;
  const endOf = sql`(k.n + 1) * ${bound(bucketMs)} - ${bound(ICT_OFFSET_MS)}`;
  const statement = sql<{ time_ms: number | string; last: number }>`
    with recursive k(n) as (
      select ${bound(first)}
      union all
      select k.n + 1 from k where k.n < ${bound(last)}
    ), b(s, e) as (
      select
        case when ${startOf} > ${bound(fromMs)} then ${startOf} else ${bound(fromMs)} end,
        case when ${endOf} < ${bound(toMs + 1)} then ${endOf} else ${bound(toMs + 1)} end
      from k
    )
    select p.time_ms, p.last
    from b
    inner join forex_prices p on p.symbol = ${info.symbol} ${liveOnly('p')} and p.time_ms = (
      select q.time_ms from forex_prices q
      where q.symbol = ${info.symbol} and q.time_ms >= b.s and q.time_ms < b.e ${liveOnly('q')}
      order by q.time_ms desc
      limit 1
    )
    order by p.time_ms, p.source
  `;
  const result = await db.executeQuery(preparedOnPostgres(statement.compile(db)));
  const points: { timeMs: number; last: number }[] = [];
  for (const row of result.rows) {
    const timeMs = Number(row.time_ms);
    // Two sources with a point at the same instant: keep one.
    if (points.at(-1)?.timeMs === timeMs) continue;
    points.push({ timeMs, last: Number(row.last) });
  }
  return points;
}

/** The first stored instant of a symbol after `afterMs` (from a source the series reads), or null. */
export async function firstPointAfter(db: Db, info: SymbolInfo, afterMs: number): Promise<number | null> {
  let query = db
    .selectFrom('forex_prices')
    .select('time_ms')
    .where('symbol', '=', info.symbol)
    .where('time_ms', '>', afterMs);
  if (info.hasLive) query = query.where('source', '<>', 'demo');
  const row = await query.orderBy('time_ms').limit(1).executeTakeFirst();
  return row ? Number(row.time_ms) : null;
}

/** The oldest stored instant of a symbol from one source, for back-filling further into the past. */
export async function oldestPointMs(db: Db, symbol: string, source: string): Promise<number | null> {
  const row = await db
    .selectFrom('forex_prices')
    .select((eb) => eb.fn.min('time_ms').as('t'))
    .where('symbol', '=', symbol)
    .where('source', '=', source)
    .executeTakeFirst();
  return row?.t == null ? null : Number(row.t);
}

/** The newest point of a symbol from one source (the demo ticker walks on from it). */
export async function newestPointOf(
  db: Db,
  symbol: string,
  source: string,
): Promise<{ timeMs: number; last: number } | null> {
  const row = await db
    .selectFrom('forex_prices')
    .select(['time_ms', 'last'])
    .where('symbol', '=', symbol)
    .where('source', '=', source)
    .orderBy('time_ms', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { timeMs: Number(row.time_ms), last: row.last } : null;
}

export async function hasAnyForexPoint(db: Db): Promise<boolean> {
  const row = await db.selectFrom('forex_prices').select('symbol').limit(1).executeTakeFirst();
  return row !== undefined;
}
