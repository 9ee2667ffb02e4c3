// A snapshot row per stock (issue 17, decision 0024): the few daily bars and the latest intraday
// quote a stock's snapshot can need, so the snapshots of 50 tickers (and a watchlist's items) read
// 50 rows instead of ~1,500 bars and 50 latest-quote probes. Kept from here on by every writer of
// bars and quotes in its transaction (modules/stocks/snapshots/snapshot-rows.ts); filled here from
// the stored bars and quotes, with this migration's own copy of that computation as it is on
// 2026-11-26 (a migration imports nothing outside db/).
import type { ColumnDataType, Kysely } from 'kysely';

const DAY_MS = 86_400_000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday of the (Monday-first) week containing the date. */
function weekStart(date: string): string {
  return addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
}

function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | string;
  average: number | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const bar = (prefix: string): Array<[string, ColumnDataType]> => [
    [`${prefix}_date`, 'varchar(10)'],
    [`${prefix}_open`, 'double precision'],
    [`${prefix}_high`, 'double precision'],
    [`${prefix}_low`, 'double precision'],
    [`${prefix}_close`, 'double precision'],
    [`${prefix}_volume`, 'bigint'],
    [`${prefix}_average`, 'double precision'],
  ];
  const columns: Array<[string, ColumnDataType]> = [
    ...bar('last'),
    ...bar('prev'),
    ['week_first_date', 'varchar(10)'],
    ['week_first_open', 'double precision'],
    ['month_first_date', 'varchar(10)'],
    ['month_first_open', 'double precision'],
    ['quote_id', 'integer'],
    ['quote_trading_date', 'varchar(10)'],
    ['quote_price', 'double precision'],
    ['quote_volume', 'bigint'],
    ['quote_open', 'double precision'],
    ['quote_high', 'double precision'],
    ['quote_low', 'double precision'],
    ['quote_as_of_ms', 'bigint'],
    ['quote_source', 'varchar(20)'],
  ];
  let table = db.schema
    .createTable('stock_snapshots')
    .addColumn('stock_id', 'integer', (c) => c.primaryKey().references('stocks.id').onDelete('cascade'));
  for (const [name, type] of columns) table = table.addColumn(name, type);
  await table.execute();

  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
  const q = db as Kysely<any>;
  const stocks: Array<{ id: number }> = await q.selectFrom('stocks').select('id').orderBy('id').execute();
  for (const { id } of stocks) {
    const row: Record<string, unknown> = { stock_id: id };
    const [last, prev]: Bar[] = await q
      .selectFrom('stock_daily_bars')
      .select(['date', 'open', 'high', 'low', 'close', 'volume', 'average'])
      .where('stock_id', '=', id)
      .orderBy('date', 'desc')
      .limit(2)
      .execute();
    const quote = await q
      .selectFrom('stock_quotes')
      .select(['id', 'trading_date', 'price', 'volume', 'open', 'high', 'low', 'as_of_ms', 'source'])
      .where('stock_id', '=', id)
      .orderBy('as_of_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last && !quote) continue;
    for (const [prefix, b] of [
      ['last', last],
      ['prev', prev],
    ] as const) {
      if (!b) continue;
      row[`${prefix}_date`] = b.date;
      row[`${prefix}_open`] = b.open;
      row[`${prefix}_high`] = b.high;
      row[`${prefix}_low`] = b.low;
      row[`${prefix}_close`] = b.close;
      row[`${prefix}_volume`] = Number(b.volume);
      row[`${prefix}_average`] = b.average;
    }
    if (last) {
      for (const [prefix, from] of [
        ['week_first', weekStart(last.date)],
        ['month_first', monthStart(last.date)],
      ] as const) {
        const first = await q
          .selectFrom('stock_daily_bars')
          .select(['date', 'open'])
          .where('stock_id', '=', id)
          .where('date', '>=', from)
          .orderBy('date')
          .limit(1)
          .executeTakeFirstOrThrow();
        row[`${prefix}_date`] = first.date;
        row[`${prefix}_open`] = first.open;
      }
    }
    if (quote) {
      for (const key of ['id', 'trading_date', 'price', 'open', 'high', 'low', 'source'] as const)
        row[`quote_${key}`] = quote[key];
      row.quote_volume = Number(quote.volume);
      row.quote_as_of_ms = Number(quote.as_of_ms);
    }
    await q.insertInto('stock_snapshots').values(row).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_snapshots').execute();
}
