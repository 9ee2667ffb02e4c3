// Finished CashFlow games and their per-player results. A session is named by
// its submitter and the browser's _pending_ts (unique together), so a resend
// finds the stored game instead of writing a copy (decision 0010). Monthly
// roll-ups (games and wins per calendar month in Asia/Ho_Chi_Minh), kept in
// the same transaction as each game, let the leaderboard sum a few rows per
// month instead of scanning every game.
import type { Kysely } from 'kysely';
import { addIdColumn, instantType } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  const instant = instantType(db);

  await addIdColumn(db, db.schema.createTable('cashflow_sessions'))
    // Null once the submitter's account is deleted: the game stays in the history.
    .addColumn('submitted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('pending_ts', 'bigint', (c) => c.notNull())
    .addColumn('start_time', instant, (c) => c.notNull())
    .addColumn('end_time', instant, (c) => c.notNull())
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('win_type', 'varchar(30)', (c) => c.notNull())
    .addColumn('num_players', 'integer', (c) => c.notNull())
    .addColumn('winner_index', 'integer', (c) => c.notNull())
    .addColumn('winner_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('winner_guest_name', 'varchar(150)')
    .addColumn('created_at', instant, (c) => c.notNull())
    .addUniqueConstraint('cashflow_sessions_submitter_pending_unique', ['submitted_by', 'pending_ts'])
    .execute();
  // The hall: newest first, one page walked off the end of the index.
  await db.schema
    .createIndex('cashflow_sessions_start_idx')
    .on('cashflow_sessions')
    .columns(['start_ms', 'id'])
    .execute();
  // Deleting a user sets winner_user_id to null without a table scan.
  await db.schema
    .createIndex('cashflow_sessions_winner_user_idx')
    .on('cashflow_sessions')
    .column('winner_user_id')
    .execute();

  await addIdColumn(db, db.schema.createTable('cashflow_results'))
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('cashflow_sessions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('guest_name', 'varchar(150)')
    // The player's name when the game was stored; shown once the user is deleted.
    .addColumn('display_name', 'varchar(320)', (c) => c.notNull())
    .addColumn('career', 'varchar(100)', (c) => c.notNull())
    .addColumn('salary', 'double precision', (c) => c.notNull())
    .addColumn('expenses', 'double precision', (c) => c.notNull())
    .addColumn('passive_income', 'double precision', (c) => c.notNull())
    .addColumn('cash_on_hand_end', 'double precision', (c) => c.notNull())
    .addColumn('escaped_ratrace', 'boolean', (c) => c.notNull())
    .addColumn('is_winner', 'boolean', (c) => c.notNull())
    .addUniqueConstraint('cashflow_results_session_position_unique', ['session_id', 'position'])
    .execute();
  // Deleting a user sets their results' user_id to null without a table scan.
  await db.schema.createIndex('cashflow_results_user_idx').on('cashflow_results').column('user_id').execute();

  // period: year * 100 + month of the game's end in Asia/Ho_Chi_Minh (202602 = February 2026).
  await db.schema
    .createTable('cashflow_monthly_totals')
    .addColumn('period', 'integer', (c) => c.primaryKey())
    .addColumn('games', 'integer', (c) => c.notNull())
    .addColumn('duration_seconds', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cashflow_monthly_wins')
    .addColumn('period', 'integer', (c) => c.notNull())
    // 'u:<user id>' or 'g:<guest name>': one key column, since NULLs never conflict in a unique index.
    .addColumn('winner_key', 'varchar(160)', (c) => c.notNull())
    // A deleted user's wins leave the board with them (the games stay counted in the totals).
    .addColumn('winner_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('winner_guest_name', 'varchar(150)')
    .addColumn('wins', 'integer', (c) => c.notNull())
    .addColumn('last_end_ms', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cashflow_monthly_wins_pk', ['period', 'winner_key'])
    .execute();
  // Wins per user or guest over a range of months, from the index alone.
  await db.schema
    .createIndex('cashflow_monthly_wins_user_idx')
    .on('cashflow_monthly_wins')
    .columns(['winner_user_id', 'period', 'wins', 'last_end_ms'])
    .execute();
  await db.schema
    .createIndex('cashflow_monthly_wins_guest_idx')
    .on('cashflow_monthly_wins')
    .columns(['winner_guest_name', 'period', 'wins', 'last_end_ms'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cashflow_monthly_wins').execute();
  await db.schema.dropTable('cashflow_monthly_totals').execute();
  await db.schema.dropTable('cashflow_results').execute();
  await db.schema.dropTable('cashflow_sessions').execute();
}
