// The forex and gold board's tables and the market-data job leases.
// Points keep their instant as epoch milliseconds (bigint) so bucket arithmetic
// for downsampling is plain integer maths that both databases compute alike.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forex_prices')
    .addColumn('symbol', 'varchar(40)', (c) => c.notNull())
    .addColumn('time_ms', 'bigint', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('last', 'double precision', (c) => c.notNull())
    .addColumn('bid', 'double precision')
    .addColumn('ask', 'double precision')
    // One point per symbol, instant and source; also the index every range query walks.
    .addPrimaryKeyConstraint('forex_prices_pk', ['symbol', 'time_ms', 'source'])
    .execute();

  // Per symbol: the newest point and when a source last delivered it, for the stale notice.
  await db.schema
    .createTable('forex_symbols')
    .addColumn('symbol', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_time_ms', 'bigint', (c) => c.notNull())
    .addColumn('arrived_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('stale_after_ms', 'bigint', (c) => c.notNull())
    // 1 once any non-demo point exists: from then on the demo points are hidden.
    .addColumn('has_live', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // One row per market-data job: whoever holds an unexpired lease runs the job.
  await db.schema
    .createTable('market_data_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('lease_until_ms', 'bigint', (c) => c.notNull())
    .addColumn('next_run_ms', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('market_data_leases').execute();
  await db.schema.dropTable('forex_symbols').execute();
  await db.schema.dropTable('forex_prices').execute();
}
