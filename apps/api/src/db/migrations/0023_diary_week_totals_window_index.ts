// The analysis reads a window of weeks of one user's totals (issue 22, decision 0012). On
// PostgreSQL the primary key (user_id, week, category_id, n) finds those rows but `ms` lies in the
// table, whose rows for one user are scattered over as many pages as rows (every user's current
// week is written side by side): a year of the heavy diary's totals (2,934 rows) read 1,049 pages.
// This index carries every column the read needs, so it is an index-only scan of a few pages.
// SQLite has had its covering index since 0016. Down drops it.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index diary_week_totals_window_idx on diary_week_totals (user_id, week) include (category_id, n, ms)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.schema.dropIndex('diary_week_totals_window_idx').execute();
}
