// Stock watchlists: exchanges, stocks (with a folded search column), daily bars, intraday quotes,
// watchlists and their items, and the per-year market holiday table, seeded with the years the
// exchanges have announced (plus a provisional next year; see docs/decisions/0009-stocks.md).
import type { Kysely } from 'kysely';
import { addIdColumn, instantType } from '../dialect';

// Migrations are frozen history: the holiday list below is this migration's own copy, as
// modules/stocks/holidays.ts had it when the migration shipped (02eea4f). Do not import the live
// list and do not edit this one: a correction to a shipped year is a new migration or the
// administrator's POST /api/stocks/holidays/.
interface HolidaySeed {
  date: string;
  name: string;
  kind: 'holiday' | 'compensation' | 'swap' | 'provisional';
  source: string;
}

const TET = 'Tết Nguyên đán';
const HUNG = 'Giỗ Tổ Hùng Vương';
const NATIONAL = 'Quốc khánh (ngày thứ hai)';
const HOSE_2026 = 'https://cafef.vn (HOSE 2026 calendar, 2025-12-09)';

const HOLIDAY_SEED: HolidaySeed[] = [
  // 2024
  ...['2024-02-08', '2024-02-09', '2024-02-12', '2024-02-13', '2024-02-14'].map((date) => ({
    date,
    name: TET,
    kind: 'holiday' as const,
    source: 'HOSE 2024 calendar',
  })),
  { date: '2024-04-18', name: HUNG, kind: 'holiday', source: 'HOSE 2024 calendar' },
  { date: '2024-04-29', name: 'Nghỉ hoán đổi (30/4)', kind: 'swap', source: 'HOSE 2024 calendar' },
  { date: '2024-09-03', name: NATIONAL, kind: 'holiday', source: 'HOSE 2024 calendar' },
  // 2025
  ...['2025-01-27', '2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31'].map((date) => ({
    date,
    name: TET,
    kind: 'holiday' as const,
    source: 'HOSE 2025 calendar',
  })),
  { date: '2025-04-07', name: HUNG, kind: 'holiday', source: 'HOSE 2025 calendar' },
  { date: '2025-05-02', name: 'Nghỉ hoán đổi (30/4)', kind: 'swap', source: 'UBCK 3193/UBCK-PTTT' },
  { date: '2025-09-01', name: NATIONAL, kind: 'holiday', source: 'HOSE 2025 calendar' },
  // 2026 (HOSE's official list: 12 non-trading weekdays with the fixed ones)
  ...['2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20'].map((date) => ({
    date,
    name: TET,
    kind: 'holiday' as const,
    source: HOSE_2026,
  })),
  { date: '2026-04-27', name: `${HUNG} (nghỉ bù)`, kind: 'compensation', source: HOSE_2026 },
  { date: '2026-08-31', name: 'Quốc khánh (nghỉ hoán đổi)', kind: 'swap', source: HOSE_2026 },
  { date: '2026-09-01', name: NATIONAL, kind: 'holiday', source: HOSE_2026 },
  // 2027: provisional until HOSE's notice (Tết mùng 1 = Sat 2027-02-06)
  ...['2027-02-05', '2027-02-08', '2027-02-09', '2027-02-10', '2027-02-11'].map((date) => ({
    date,
    name: `${TET} (dự kiến)`,
    kind: 'provisional' as const,
    source: 'computed; replace with the HOSE notice',
  })),
  { date: '2027-04-16', name: `${HUNG} (dự kiến)`, kind: 'provisional', source: 'computed' },
  {
    date: '2027-05-03',
    name: 'Quốc tế Lao động (nghỉ bù, dự kiến)',
    kind: 'provisional',
    source: 'computed',
  },
  { date: '2027-09-03', name: `${NATIONAL} (dự kiến)`, kind: 'provisional', source: 'computed' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);

  await addIdColumn(db, db.schema.createTable('stock_exchanges'))
    .addColumn('code', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('board', 'varchar(50)', (c) => c.notNull())
    .execute();

  await addIdColumn(db, db.schema.createTable('stocks'))
    .addColumn('ticker', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('exchange_id', 'integer', (c) => c.notNull().references('stock_exchanges.id'))
    .addColumn('lot_size', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('sector', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    // Where the listing came from: demo, vci, manual. The demo jobs quote only demo stocks.
    .addColumn('source', 'varchar(20)', (c) => c.notNull().defaultTo('manual'))
    // Ticker and name folded (accents removed, lower case) for accent-insensitive search.
    .addColumn('search', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();

  // One row per stock and trading day; the primary key is the range index every snapshot reads.
  await db.schema
    .createTable('stock_daily_bars')
    .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('open', 'double precision', (c) => c.notNull())
    .addColumn('high', 'double precision', (c) => c.notNull())
    .addColumn('low', 'double precision', (c) => c.notNull())
    .addColumn('close', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('average', 'double precision')
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_daily_bars_pk', ['stock_id', 'date'])
    .execute();

  // Intraday quotes: the price and accumulated volume at as_of, with the session's running
  // open/high/low when the source gives them. The id is the live stream's cursor.
  await addIdColumn(db, db.schema.createTable('stock_quotes'))
    .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id').onDelete('cascade'))
    .addColumn('trading_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('volume', 'bigint', (c) => c.notNull())
    .addColumn('open', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('low', 'double precision')
    .addColumn('as_of', instant, (c) => c.notNull())
    .addColumn('as_of_ms', 'bigint', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_quotes_stock_time_idx')
    .on('stock_quotes')
    .columns(['stock_id', 'as_of_ms'])
    .execute();

  await addIdColumn(db, db.schema.createTable('watchlists'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // Lower-cased name: a user cannot have "Bank" and "bank".
    .addColumn('name_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', instant, (c) => c.notNull())
    .addUniqueConstraint('watchlists_user_name_unique', ['user_id', 'name_key'])
    .execute();

  await addIdColumn(db, db.schema.createTable('watchlist_items'))
    .addColumn('watchlist_id', 'integer', (c) => c.notNull().references('watchlists.id').onDelete('cascade'))
    .addColumn('stock_id', 'integer', (c) => c.notNull().references('stocks.id').onDelete('cascade'))
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_price', 'double precision')
    .addColumn('added_at', instant, (c) => c.notNull())
    .addUniqueConstraint('watchlist_items_list_stock_unique', ['watchlist_id', 'stock_id'])
    .execute();

  await db.schema
    .createTable('market_holidays')
    .addColumn('date', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('source', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', instant, (c) => c.notNull())
    .execute();

  // biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
  const q = db as Kysely<any>;
  const createdAt = new Date().toISOString();
  await q
    .insertInto('stock_exchanges')
    .values([
      { code: 'HOSE', name: 'Sở Giao dịch Chứng khoán TP. Hồ Chí Minh', board: 'HSX' },
      { code: 'HNX', name: 'Sở Giao dịch Chứng khoán Hà Nội', board: 'HNX' },
      { code: 'UPCOM', name: 'Thị trường UPCoM (Hà Nội)', board: 'UPCOM' },
    ])
    .execute();
  await q
    .insertInto('market_holidays')
    .values(HOLIDAY_SEED.map((h) => ({ ...h, created_at: createdAt })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'market_holidays',
    'watchlist_items',
    'watchlists',
    'stock_quotes',
    'stock_daily_bars',
    'stocks',
    'stock_exchanges',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
