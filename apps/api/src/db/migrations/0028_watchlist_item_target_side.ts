// A watchlist item's target remembers which side of the price it was set on (issue 26): 'above'
// (waiting for a rise to it) or 'below' (for a fall to it), so a card can say when the price has
// crossed it. Null: no target, or no side (no price known when it was set, or set at the price).
//
// Existing targets are given the side they are on now, against each stock's latest known price in
// its snapshot row (migration 0014): the latest quote when it is from the latest bar's day or
// later, else the latest bar's close. A stock with no price keeps null: never marked crossed until
// its target is set again. This migration's own copy of the rule (a migration imports nothing
// outside db/): a target above the price is 'above', below it 'below', at it null. Down drops the
// column.
import type { Kysely } from 'kysely';

interface LatestPriceRow {
  stock_id: number;
  last_date: string | null;
  last_close: number | null;
  quote_trading_date: string | null;
  quote_price: number | null;
}

function latestPrice(row: LatestPriceRow | undefined): number | null {
  if (!row) return null;
  const quoteIsNewest =
    row.quote_price !== null &&
    row.quote_trading_date !== null &&
    (row.last_date === null || row.quote_trading_date >= row.last_date);
  return quoteIsNewest ? Number(row.quote_price) : row.last_close === null ? null : Number(row.last_close);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('watchlist_items').addColumn('target_direction', 'varchar(5)').execute();

  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
  const q = db as Kysely<any>;
  const items: { id: number; stock_id: number; target_price: number }[] = await q
    .selectFrom('watchlist_items')
    .select(['id', 'stock_id', 'target_price'])
    .where('target_price', 'is not', null)
    .orderBy('id')
    .execute();
  if (items.length === 0) return;
  const rows: LatestPriceRow[] = await q
    .selectFrom('stock_snapshots')
    .select(['stock_id', 'last_date', 'last_close', 'quote_trading_date', 'quote_price'])
    .where('stock_id', 'in', [...new Set(items.map((i) => i.stock_id))])
    .execute();
  const byStock = new Map(rows.map((r) => [r.stock_id, r]));
  for (const item of items) {
    const price = latestPrice(byStock.get(item.stock_id));
    const target = Number(item.target_price);
    const side = price === null ? null : target > price ? 'above' : target < price ? 'below' : null;
    if (side === null) continue;
    await q
      .updateTable('watchlist_items')
      .set({ target_direction: side })
      .where('id', '=', item.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('watchlist_items').dropColumn('target_direction').execute();
}
