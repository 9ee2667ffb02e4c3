// The all-time leaderboard's roll-up (issue 17): wins per user or guest over every game, kept in
// the finalize transaction beside the monthly rows, so "range=all" reads the first 100 rows of an
// index in rank order instead of grouping every month's rows of every winner. Filled here from the
// monthly wins, which already hold every stored game's winner.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cashflow_alltime_wins')
    // 'u:<user id>' or 'g:<guest name>', as in cashflow_monthly_wins.
    .addColumn('winner_key', 'varchar(160)', (c) => c.primaryKey())
    // A deleted user's wins leave the board with them, as they do from the monthly rows.
    .addColumn('winner_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('winner_guest_name', 'varchar(150)')
    .addColumn('wins', 'integer', (c) => c.notNull())
    // The latest win's end: of two equal counts, the one reached first ranks first.
    .addColumn('last_end_ms', 'bigint', (c) => c.notNull())
    .execute();
  // The board in rank order, users and guests apart, read from the front of the index.
  await db.schema
    .createIndex('cashflow_alltime_wins_user_rank_idx')
    .on('cashflow_alltime_wins')
    .columns(['wins desc', 'last_end_ms', 'winner_user_id'])
    .where(sql.ref('winner_user_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('cashflow_alltime_wins_guest_rank_idx')
    .on('cashflow_alltime_wins')
    .columns(['wins desc', 'last_end_ms', 'winner_guest_name'])
    .where(sql.ref('winner_guest_name'), 'is not', null)
    .execute();
  // Deleting a user removes their row without a table scan.
  await db.schema
    .createIndex('cashflow_alltime_wins_user_idx')
    .on('cashflow_alltime_wins')
    .column('winner_user_id')
    .execute();
  await sql`
    insert into cashflow_alltime_wins (winner_key, winner_user_id, winner_guest_name, wins, last_end_ms)
    select winner_key, max(winner_user_id), max(winner_guest_name), sum(wins), max(last_end_ms)
    from cashflow_monthly_wins
    group by winner_key
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashflow_alltime_wins').execute();
}
